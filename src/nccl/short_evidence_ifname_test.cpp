// Issue 28, the rule audit (docs/rules.md, nccl): the rules about how NCCL_SOCKET_IFNAME is
// written (nccl/judge_ifname.cpp), each fed a value one step short of the mistake it names; the
// positive twin asserts the claim stays within what NCCL 2.28.9's parser does with the value and
// where the value came from (the environment or a config file).
#include <gtest/gtest.h>

#include "nccl/judged.hpp"
#include "os/fake/memory_file_tree.hpp"

namespace dd::nccl {
namespace {

using testing::judge;
using testing::Judged;

const std::string k_ifname_eth = "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]";

bool ifname_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

Judged ifname(const std::string& value) { return judge(k_ifname_eth, {{"NCCL_SOCKET_IFNAME", value}}); }

TEST(NcclShort, OneCharIgnoredNeedsAValueOfOneCharacter) {
  // two characters are read: "et" is a prefix of eth0, no finding at all
  auto two = ifname("et");
  EXPECT_EQ(two.find("nccl.ifname.one-char-ignored"), nullptr) << two.ids();
  EXPECT_TRUE(two.findings.empty()) << two.ids();
  auto one = ifname("e");
  const auto* f = one.find("nccl.ifname.one-char-ignored");
  ASSERT_NE(f, nullptr) << one.ids();
  EXPECT_EQ(f->severity, core::Severity::warning);  // NCCL chooses by itself: nothing fails
}

TEST(NcclShort, EqualsBeforeCaretNeedsTheEqualsSignFirst) {
  // '^' then '=' is NCCL's order: an exact exclusion, no finding
  auto right = ifname("^=docker0");
  EXPECT_EQ(right.find("nccl.ifname.equals-before-caret"), nullptr) << right.ids();
  auto wrong = ifname("=^docker0");
  const auto* f = wrong.find("nccl.ifname.equals-before-caret");
  ASSERT_NE(f, nullptr) << wrong.ids();
  EXPECT_TRUE(ifname_has(f->title, "literally named '^docker0'")) << f->title;
}

TEST(NcclShort, ExactUnsupportedNeedsAnNcclOlderThan256) {
  // 2.5.6 added '=': the same value there is exact matching, no finding
  auto current = judge(k_ifname_eth, {{"NCCL_SOCKET_IFNAME", "=eth0"}}, "198.18.0.2", {}, nullptr, Version{2, 5, 6});
  EXPECT_EQ(current.find("nccl.ifname.exact-unsupported"), nullptr) << current.ids();
  auto old = judge(k_ifname_eth, {{"NCCL_SOCKET_IFNAME", "=eth0"}}, "198.18.0.2", {}, nullptr, Version{2, 5, 5});
  const auto* f = old.find("nccl.ifname.exact-unsupported");
  ASSERT_NE(f, nullptr) << old.ids();
  EXPECT_TRUE(ifname_has(f->title, "NCCL 2.5.5")) << f->title;  // the version the claim is about
}

TEST(NcclShort, CommentAndQuotesNameWhereTheValueCameFromNotAlwaysNcclConf) {
  // one step short: no '#' and no quote in the value
  auto plain = ifname("eth0");
  EXPECT_EQ(plain.find("nccl.ifname.inline-comment"), nullptr) << plain.ids();
  EXPECT_EQ(plain.find("nccl.ifname.quoted"), nullptr) << plain.ids();
  // from the environment: no nccl.conf is involved, and the title does not say one is
  auto env = ifname("eth0#data");
  const auto* c = env.find("nccl.ifname.inline-comment");
  ASSERT_NE(c, nullptr) << env.ids();
  EXPECT_FALSE(ifname_has(c->title, "nccl.conf")) << c->title;
  EXPECT_TRUE(ifname_has(c->title, "environment")) << c->title;
  EXPECT_EQ(c->fix.env.at("NCCL_SOCKET_IFNAME"), "eth0");
  auto quoted = ifname("'eth0'");
  const auto* q = quoted.find("nccl.ifname.quoted");
  ASSERT_NE(q, nullptr) << quoted.ids();
  EXPECT_FALSE(ifname_has(q->title, "config file")) << q->title;
  EXPECT_TRUE(ifname_has(q->title, "the environment")) << q->title;
  // from /etc/nccl.conf: the file is named
  os::fake::MemoryFileTree tree;
  tree.file("/etc/nccl.conf", "NCCL_SOCKET_IFNAME=\"eth0\"#data\n");
  auto file = judge(k_ifname_eth, {}, "198.18.0.2", {}, &tree);
  const auto* fc = file.find("nccl.ifname.inline-comment");
  ASSERT_NE(fc, nullptr) << file.ids();
  EXPECT_TRUE(ifname_has(fc->title, "nccl.conf (/etc/nccl.conf:1)")) << fc->title;
  const auto* fq = file.find("nccl.ifname.quoted");
  ASSERT_NE(fq, nullptr) << file.ids();
  EXPECT_TRUE(ifname_has(fq->title, "/etc/nccl.conf:1")) << fq->title;
}

TEST(NcclShort, TooManyNamesNeedsMoreThanSixteen) {
  // sixteen names are all parsed
  auto sixteen = ifname("x1,x2,x3,x4,x5,x6,x7,x8,x9,x10,x11,x12,x13,x14,x15,eth0");
  EXPECT_EQ(sixteen.find("nccl.ifname.too-many-names"), nullptr) << sixteen.ids();
  EXPECT_EQ(sixteen.find("nccl.ifname.matches-nothing"), nullptr) << sixteen.ids();
  auto seventeen = ifname("x1,x2,x3,x4,x5,x6,x7,x8,x9,x10,x11,x12,x13,x14,x15,x16,eth0");
  const auto* f = seventeen.find("nccl.ifname.too-many-names");
  ASSERT_NE(f, nullptr) << seventeen.ids();
  EXPECT_TRUE(ifname_has(f->title, "ignores eth0")) << f->title;  // the name dropped, by name
}

TEST(NcclShort, WrongCaseNeedsTheLowerCaseNameToMatchHere) {
  // an interface really named ETH0 matches as written
  auto upper =
      judge("1:lo running [127.0.0.1/8 ::1/128]; 2:ETH0 running [198.18.0.2/24]", {{"NCCL_SOCKET_IFNAME", "ETH0"}});
  EXPECT_EQ(upper.find("nccl.ifname.wrong-case"), nullptr) << upper.ids();
  // lower case matches nothing either: not a case mistake
  auto other = ifname("ENS9");
  EXPECT_EQ(other.find("nccl.ifname.wrong-case"), nullptr) << other.ids();
  auto wrong = ifname("ETH0");
  const auto* f = wrong.find("nccl.ifname.wrong-case");
  ASSERT_NE(f, nullptr) << wrong.ids();
  EXPECT_TRUE(ifname_has(f->title, "match nothing here")) << f->title;  // this host's names
  EXPECT_EQ(f->fix.env.at("NCCL_SOCKET_IFNAME"), "eth0");
}

}  // namespace
}  // namespace dd::nccl
