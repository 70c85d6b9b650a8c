// Issue 28, the rule audit (docs/rules.md, env): the value rules (env/rules_values.cpp), the name
// rules (env/rules_names.cpp) and PyTorch's old aliases (env/rules_torch.cpp), each fed a value one
// step short of what it needs: a value the reader takes as meant is no finding, and the finding
// says what the reader (NCCL 2.28.9's strtoll, strcmp or strcasecmp; PyTorch's lookup order) does
// with the value as written.
#include <gtest/gtest.h>

#include "env/audit_test_util.hpp"

namespace dd::env {
namespace {

using test::audit_with;
using test::find_id;
using test::has;
using test::ids;

TEST(EnvShort, IntegerRulesNeedAValueStrtollReadsOtherwiseThanWritten) {
  // one step short of env.int.octal: a leading zero that strtoll reads as the same number
  auto seven = audit_with({{"NCCL_NSOCKS_PERTHREAD", "07"}});
  EXPECT_EQ(find_id(seven, "env.int.octal"), nullptr) << ids(seven);
  auto octal = audit_with({{"NCCL_NSOCKS_PERTHREAD", "010"}});
  const auto* o = find_id(octal, "env.int.octal");
  ASSERT_NE(o, nullptr) << ids(octal);
  EXPECT_TRUE(has(o->title, "octal 8")) << o->title;  // the number NCCL reads, not a guess
  EXPECT_EQ(o->fix.env.at("NCCL_NSOCKS_PERTHREAD"), "10");
  // one step short of env.int.trailing-garbage: only white space after the number
  auto spaced = audit_with({{"NCCL_NSOCKS_PERTHREAD", "4 "}});
  EXPECT_EQ(find_id(spaced, "env.int.trailing-garbage"), nullptr) << ids(spaced);
  auto garbage = audit_with({{"NCCL_NSOCKS_PERTHREAD", "4x"}});
  const auto* g = find_id(garbage, "env.int.trailing-garbage");
  ASSERT_NE(g, nullptr) << ids(garbage);
  EXPECT_TRUE(has(g->title, "NCCL reads only 4")) << g->title;
  // one step short of env.int.overflow: the largest 64-bit number still fits
  auto largest = audit_with({{"NCCL_BUFFSIZE", "9223372036854775807"}});
  EXPECT_EQ(find_id(largest, "env.int.overflow"), nullptr) << ids(largest);
  auto overflow = audit_with({{"NCCL_BUFFSIZE", "9223372036854775808"}});
  ASSERT_NE(find_id(overflow, "env.int.overflow"), nullptr) << ids(overflow);
  // one step short of env.int.out-of-range: the top of the range
  auto top = audit_with({{"NCCL_SOCKET_NTHREADS", "16"}});
  EXPECT_EQ(find_id(top, "env.int.out-of-range"), nullptr) << ids(top);
  auto above = audit_with({{"NCCL_SOCKET_NTHREADS", "17"}});
  const auto* r = find_id(above, "env.int.out-of-range");
  ASSERT_NE(r, nullptr) << ids(above);
  EXPECT_EQ(r->severity, core::Severity::warning);
}

TEST(EnvShort, EnumRulesFollowTheReadersOwnComparison) {
  // NCCL_DEBUG is compared with strcasecmp: "info" is INFO, no finding
  auto lower = audit_with({{"NCCL_DEBUG", "info"}});
  EXPECT_EQ(find_id(lower, "env.nccl.debug-invalid"), nullptr) << ids(lower);
  auto typo = audit_with({{"NCCL_DEBUG", "INF0"}});
  const auto* d = find_id(typo, "env.nccl.debug-invalid");
  ASSERT_NE(d, nullptr) << ids(typo);
  EXPECT_EQ(d->severity, core::Severity::warning);
  // NCCL_SOCKET_FAMILY is compared with strcmp: exactly AF_INET is no finding, "af_inet" is one
  auto exact = audit_with({{"NCCL_SOCKET_FAMILY", "AF_INET"}});
  EXPECT_EQ(find_id(exact, "env.nccl.socket-family-invalid"), nullptr) << ids(exact);
  auto lower_family = audit_with({{"NCCL_SOCKET_FAMILY", "af_inet"}});
  const auto* fam = find_id(lower_family, "env.nccl.socket-family-invalid");
  ASSERT_NE(fam, nullptr) << ids(lower_family);
  EXPECT_TRUE(has(fam->title, "no restriction")) << fam->title;  // what NCCL does with it, not a failure
  EXPECT_EQ(fam->fix.env.at("NCCL_SOCKET_FAMILY"), "AF_INET");
  // NCCL_P2P_LEVEL is compared with strcmp (ncclGetLevel): "NVL" and the old number 2 are levels,
  // "nvl" is none, and NCCL then chooses by itself
  for (const char* level : {"NVL", "2"}) {
    auto ok = audit_with({{"NCCL_P2P_LEVEL", level}});
    EXPECT_EQ(find_id(ok, "env.enum.invalid"), nullptr) << level << ": " << ids(ok);
  }
  auto lower_level = audit_with({{"NCCL_P2P_LEVEL", "nvl"}});
  const auto* lv = find_id(lower_level, "env.enum.invalid");
  ASSERT_NE(lv, nullptr) << ids(lower_level);
  EXPECT_EQ(lv->fix.env.at("NCCL_P2P_LEVEL"), "NVL");
  // env.enum.invalid: a listed choice is no finding; a word that is none is a warning, not an error
  auto group = audit_with({{"NCCL_LAUNCH_MODE", "GROUP"}});
  EXPECT_EQ(find_id(group, "env.enum.invalid"), nullptr) << ids(group);
  auto wrong = audit_with({{"NCCL_LAUNCH_MODE", "GROPU"}});
  const auto* e = find_id(wrong, "env.enum.invalid");
  ASSERT_NE(e, nullptr) << ids(wrong);
  EXPECT_EQ(e->severity, core::Severity::warning);
}

TEST(EnvShort, ListRulesNeedATokenNcclDoesNotKnow) {
  // per-function NCCL_ALGO entries and an inverted NCCL_DEBUG_SUBSYS parse: no finding
  auto algo = audit_with({{"NCCL_ALGO", "allreduce:tree;broadcast:ring"}});
  EXPECT_EQ(find_id(algo, "env.nccl.algo-invalid"), nullptr) << ids(algo);
  auto proto = audit_with({{"NCCL_PROTO", "^LL128"}});
  EXPECT_EQ(find_id(proto, "env.nccl.proto-invalid"), nullptr) << ids(proto);
  auto subsys = audit_with({{"NCCL_DEBUG_SUBSYS", "^COLL,net"}});
  EXPECT_EQ(find_id(subsys, "env.nccl.debug-subsys-invalid"), nullptr) << ids(subsys);
  // a token NCCL does not know: the error names NCCL's own parse message and the version it fails from
  auto bad_algo = audit_with({{"NCCL_ALGO", "Rign"}});
  const auto* a = find_id(bad_algo, "env.nccl.algo-invalid");
  ASSERT_NE(a, nullptr) << ids(bad_algo);
  EXPECT_TRUE(has(a->title, "NCCL 2.24+")) << a->title;
  EXPECT_EQ(a->fix.env.at("NCCL_ALGO"), "Ring");
  auto bad_subsys = audit_with({{"NCCL_DEBUG_SUBSYS", "INIT,NETWORK"}});
  const auto* s = find_id(bad_subsys, "env.nccl.debug-subsys-invalid");
  ASSERT_NE(s, nullptr) << ids(bad_subsys);
  EXPECT_EQ(s->severity, core::Severity::warning);  // a subsystem ignored, nothing fails
}

TEST(EnvShort, NameRulesNeedANameTheCatalogueMarksRetired) {
  // one step short: the names NCCL 2.28.9 reads
  auto current = audit_with({{"NCCL_MAX_NCHANNELS", "4"}, {"NCCL_NET_GDR_LEVEL", "PHB"}, {"NCCL_CHECK_POINTERS", "0"}});
  for (const char* id : {"env.deprecated-name", "env.renamed-name", "env.removed-name", "env.newer-version-name"})
    EXPECT_EQ(find_id(current, id), nullptr) << id << ": " << ids(current);
  // deprecated and still read: with the new name set too, the new one wins and no rename is proposed
  auto both = audit_with({{"NCCL_MAX_NRINGS", "2"}, {"NCCL_MAX_NCHANNELS", "4"}});
  const auto* dep = find_id(both, "env.deprecated-name");
  ASSERT_NE(dep, nullptr) << ids(both);
  EXPECT_EQ(dep->fix.env.count("NCCL_MAX_NCHANNELS"), 0u);
  EXPECT_TRUE(has(dep->fix.text, "NCCL_MAX_NCHANNELS is set and wins")) << dep->fix.text;
  // renamed: the old name is not read; the fix carries the value over
  auto renamed = audit_with({{"NCCL_IB_GDR_LEVEL", "PHB"}});
  const auto* ren = find_id(renamed, "env.renamed-name");
  ASSERT_NE(ren, nullptr) << ids(renamed);
  EXPECT_EQ(ren->fix.env.at("NCCL_NET_GDR_LEVEL"), "PHB");
  // removed: what was checked is 2.28.9's reader; the fix says so instead of "no effect" on any NCCL
  auto removed = audit_with({{"NCCL_LL_THRESHOLD", "0"}});
  const auto* rem = find_id(removed, "env.removed-name");
  ASSERT_NE(rem, nullptr) << ids(removed);
  EXPECT_TRUE(has(rem->title, "NCCL 2.28.9")) << rem->title;
  EXPECT_TRUE(has(rem->fix.text, "NCCL 2.28.9 does not read it (removed in NCCL 2.5)")) << rem->fix.text;
  // newer than 2.28.9: a note, nothing unset (a node with a newer NCCL reads it)
  auto newer = audit_with({{"NCCL_CHECK_MODE", "1"}});
  const auto* nv = find_id(newer, "env.newer-version-name");
  ASSERT_NE(nv, nullptr) << ids(newer);
  EXPECT_EQ(nv->severity, core::Severity::info);
  EXPECT_TRUE(nv->fix.env.empty());
}

TEST(EnvShort, TorchAliasRulesNeedTheOldName) {
  // one step short: only the TORCH_NCCL_ name
  auto now = audit_with({{"TORCH_NCCL_ASYNC_ERROR_HANDLING", "1"}});
  EXPECT_EQ(find_id(now, "env.torch.deprecated-alias"), nullptr) << ids(now);
  EXPECT_EQ(find_id(now, "env.torch.alias-conflict"), nullptr) << ids(now);
  // the old name alone: renamed, value kept
  auto old = audit_with({{"NCCL_ASYNC_ERROR_HANDLING", "1"}});
  const auto* dep = find_id(old, "env.torch.deprecated-alias");
  ASSERT_NE(dep, nullptr) << ids(old);
  EXPECT_EQ(dep->fix.env.at("TORCH_NCCL_ASYNC_ERROR_HANDLING"), "1");
  // both with the same value: a note; different values: the one PyTorch reads first is named
  auto same = audit_with({{"NCCL_ASYNC_ERROR_HANDLING", "1"}, {"TORCH_NCCL_ASYNC_ERROR_HANDLING", "1"}});
  const auto* s = find_id(same, "env.torch.alias-conflict");
  ASSERT_NE(s, nullptr) << ids(same);
  EXPECT_EQ(s->severity, core::Severity::info);
  auto differ = audit_with({{"NCCL_ASYNC_ERROR_HANDLING", "0"}, {"TORCH_NCCL_ASYNC_ERROR_HANDLING", "3"}});
  const auto* d = find_id(differ, "env.torch.alias-conflict");
  ASSERT_NE(d, nullptr) << ids(differ);
  EXPECT_TRUE(has(d->title, "PyTorch uses TORCH_NCCL_ASYNC_ERROR_HANDLING=3")) << d->title;
}

}  // namespace
}  // namespace dd::env
