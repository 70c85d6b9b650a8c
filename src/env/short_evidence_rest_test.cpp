// The rule audit (docs/rules.md, env): the rendezvous, value, name, platform and interface-syntax
// rules that had only their positive test, each fed the evidence it needs one step short (no
// finding), beside the positive case whose claim stays within what the value shows.
#include <gtest/gtest.h>

#include "env/audit_test_util.hpp"

namespace dd::env {
namespace {

using test::audit_of;
using test::audit_with;
using test::find_id;
using test::has;
using test::ids;
using test::Scenario;

TEST(EnvShort, MasterAddrMissingNeedsSeveralRanksAndNoTfConfig) {
  // one step short: one process, or the count not said
  auto one = audit_with({{"WORLD_SIZE", "1"}});
  EXPECT_EQ(find_id(one, "env.master-addr.missing"), nullptr) << ids(one);
  auto none = audit_with({{"RANK", "1"}});
  EXPECT_EQ(find_id(none, "env.master-addr.missing"), nullptr) << ids(none);
  // a TensorFlow job: its cluster is in TF_CONFIG, MASTER_ADDR is not read
  auto tf = audit_with({{"WORLD_SIZE", "2"},
                        {"TF_CONFIG", R"({"cluster":{"worker":["a:1","b:1"]},"task":{"type":"worker","index":0}})"}});
  EXPECT_EQ(find_id(tf, "env.master-addr.missing"), nullptr) << ids(tf);
  auto two = audit_with({{"WORLD_SIZE", "2"}});
  const auto* f = find_id(two, "env.master-addr.missing");
  ASSERT_NE(f, nullptr) << ids(two);
  EXPECT_EQ(f->severity, core::Severity::warning);  // a launcher may still set it later
  EXPECT_TRUE(has(f->title, "MASTER_ADDR is unset")) << f->title;
}

TEST(EnvShort, MasterPortInvalidNeedsAValueOutsideOneTo65535) {
  for (const char* ok : {"1", "29500", "65535"}) {
    auto fs = audit_with({{"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", ok}});
    EXPECT_EQ(find_id(fs, "env.master-port.invalid"), nullptr) << ok << ": " << ids(fs);
  }
  for (const char* bad : {"0", "65536", "port"}) {
    auto fs = audit_with({{"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", bad}});
    const auto* f = find_id(fs, "env.master-port.invalid");
    ASSERT_NE(f, nullptr) << bad << ": " << ids(fs);
    EXPECT_EQ(f->fix.env.at("MASTER_PORT"), "29500");
  }
}

TEST(EnvShort, IntInvalidNeedsAValueThatIsNoNonNegativeInteger) {
  // one step short: rank 0 and a plain value of a PyTorch integer are what they say
  auto zero = audit_with({{"RANK", "0"}, {"WORLD_SIZE", "2"}, {"MASTER_ADDR", "127.0.0.1"}});
  EXPECT_EQ(find_id(zero, "env.int.invalid"), nullptr) << ids(zero);
  auto plain = audit_with({{"TORCH_NCCL_ASYNC_ERROR_HANDLING", "3"}});
  EXPECT_EQ(find_id(plain, "env.int.invalid"), nullptr) << ids(plain);
  auto negative = audit_with({{"RANK", "-1"}});
  const auto* r = find_id(negative, "env.int.invalid");
  ASSERT_NE(r, nullptr) << ids(negative);
  EXPECT_TRUE(has(r->title, "RANK must be a non-negative decimal integer")) << r->title;
  auto word = audit_with({{"TORCH_NCCL_ASYNC_ERROR_HANDLING", "abort"}});
  ASSERT_NE(find_id(word, "env.int.invalid"), nullptr) << ids(word);
}

TEST(EnvShort, IntNotANumberNeedsNoDigitWhereNcclReadsOne) {
  // one step short: a number NCCL's strtoll reads as written
  auto four = audit_with({{"NCCL_NSOCKS_PERTHREAD", "4"}});
  EXPECT_EQ(find_id(four, "env.int.not-a-number"), nullptr) << ids(four);
  auto word = audit_with({{"NCCL_NSOCKS_PERTHREAD", "four"}});
  const auto* f = find_id(word, "env.int.not-a-number");
  ASSERT_NE(f, nullptr) << ids(word);
  EXPECT_TRUE(has(f->title, "NCCL silently reads it as 0")) << f->title;  // what strtoll gives, nothing more
}

TEST(EnvShort, BoolInvalidNeedsAValueTheReaderDoesNotTakeAsABoolean) {
  // one step short: NCCL's 0 and 1; PyTorch's own words for true and false
  for (const char* v : {"0", "1"}) {
    auto fs = audit_with({{"NCCL_P2P_DISABLE", v}});
    EXPECT_EQ(find_id(fs, "env.bool.invalid"), nullptr) << v << ": " << ids(fs);
  }
  for (const char* v : {"yes", "False", "t"}) {
    auto fs = audit_with({{"TORCH_NCCL_BLOCKING_WAIT", v}});
    EXPECT_EQ(find_id(fs, "env.bool.invalid"), nullptr) << v << ": " << ids(fs);
  }
  auto nccl = audit_with({{"NCCL_P2P_DISABLE", "true"}});
  const auto* n = find_id(nccl, "env.bool.invalid");
  ASSERT_NE(n, nullptr) << ids(nccl);
  EXPECT_EQ(n->severity, core::Severity::warning);  // NCCL runs, with the number it reads
  EXPECT_TRUE(has(n->title, "as the number 0")) << n->title;
  auto torch = audit_with({{"TORCH_NCCL_BLOCKING_WAIT", "maybe"}});
  const auto* t = find_id(torch, "env.bool.invalid");
  ASSERT_NE(t, nullptr) << ids(torch);
  EXPECT_EQ(t->severity, core::Severity::error);
}

TEST(EnvShort, DistributedDebugInvalidNeedsAValueTorchRejectsCaseAside) {
  for (const char* v : {"DETAIL", "detail", "Off"}) {
    auto fs = audit_with({{"TORCH_DISTRIBUTED_DEBUG", v}});
    EXPECT_EQ(find_id(fs, "env.torch.distributed-debug-invalid"), nullptr) << v << ": " << ids(fs);
  }
  auto fs = audit_with({{"TORCH_DISTRIBUTED_DEBUG", "VERBOSE"}});
  const auto* f = find_id(fs, "env.torch.distributed-debug-invalid");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->severity, core::Severity::error);
}

TEST(EnvShort, UnknownNameNeedsANameOfAWatchedFamilyThatNothingReads) {
  // one step short: a name NCCL reads, and a name of no family the audit knows
  auto known = audit_with({{"NCCL_SOCKET_IFNAME", "eth0"}});
  EXPECT_EQ(find_id(known, "env.unknown-name"), nullptr) << ids(known);
  auto foreign = audit_with({{"MY_TRAINING_SETTING", "1"}});
  EXPECT_EQ(find_id(foreign, "env.unknown-name"), nullptr) << ids(foreign);
  // a known misspelling: the right name; a warning (not an error) when the right one is set too
  auto typo = audit_with({{"GLOO_IFNAME", "eth0"}});
  const auto* t = find_id(typo, "env.unknown-name");
  ASSERT_NE(t, nullptr) << ids(typo);
  EXPECT_EQ(t->severity, core::Severity::error);
  EXPECT_EQ(t->fix.env.at("GLOO_SOCKET_IFNAME"), "eth0");
  auto both = audit_with({{"GLOO_IFNAME", "eth0"}, {"GLOO_SOCKET_IFNAME", "eth0"}});
  const auto* b = find_id(both, "env.unknown-name");
  ASSERT_NE(b, nullptr) << ids(both);
  EXPECT_EQ(b->severity, core::Severity::warning);
  // no close match: NCCL ignores it; a warning that names no replacement
  auto made_up = audit_with({{"NCCL_QQQ_ZZZ", "1"}});
  const auto* m = find_id(made_up, "env.unknown-name");
  ASSERT_NE(m, nullptr) << ids(made_up);
  EXPECT_EQ(m->severity, core::Severity::warning);
  EXPECT_FALSE(has(m->title, "did you mean")) << m->title;
}

TEST(EnvShort, WindowsNoNcclNeedsWindowsAndIsAnErrorOnlyWithNcclSettings) {
  // one step short: the same NCCL settings on Linux
  auto linux_env = audit_of(Scenario({{"NCCL_DEBUG", "INFO"}}, false, Platform::linux_os));
  EXPECT_EQ(find_id(linux_env, "env.windows.no-nccl"), nullptr) << ids(linux_env);
  auto plain = audit_of(Scenario({{"WORLD_SIZE", "2"}}, false, Platform::windows));
  const auto* w = find_id(plain, "env.windows.no-nccl");
  ASSERT_NE(w, nullptr) << ids(plain);
  EXPECT_EQ(w->severity, core::Severity::warning);  // nothing asks for NCCL yet
  auto nccl = audit_of(Scenario({{"NCCL_DEBUG", "INFO"}}, false, Platform::windows));
  const auto* n = find_id(nccl, "env.windows.no-nccl");
  ASSERT_NE(n, nullptr) << ids(nccl);
  EXPECT_EQ(n->severity, core::Severity::error);
}

TEST(EnvShort, IfnameSyntaxNeedsNcclSyntaxOrAListWhereOneNameIsRead) {
  // one step short: Gloo's list of exact names, TensorPipe's one name
  auto gloo = audit_with({{"GLOO_SOCKET_IFNAME", "eth0,eth1"}});
  EXPECT_EQ(find_id(gloo, "env.gloo.ifname-syntax"), nullptr) << ids(gloo);
  auto tp = audit_with({{"TP_SOCKET_IFNAME", "eth0"}});
  EXPECT_EQ(find_id(tp, "env.tensorpipe.ifname-syntax"), nullptr) << ids(tp);
  auto caret = audit_with({{"GLOO_SOCKET_IFNAME", "^docker0"}});
  const auto* g = find_id(caret, "env.gloo.ifname-syntax");
  ASSERT_NE(g, nullptr) << ids(caret);
  EXPECT_EQ(g->severity, core::Severity::error);
  EXPECT_TRUE(g->fix.env.empty());  // no exact name to write for an exclusion: none is guessed
  auto list = audit_with({{"TP_SOCKET_IFNAME", "eth0,eth1"}});
  const auto* t = find_id(list, "env.tensorpipe.ifname-syntax");
  ASSERT_NE(t, nullptr) << ids(list);
  EXPECT_EQ(t->severity, core::Severity::warning);
  EXPECT_TRUE(t->fix.env.empty());
}

}  // namespace
}  // namespace dd::env
