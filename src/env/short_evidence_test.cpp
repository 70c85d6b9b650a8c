// The rule audit (docs/rules.md, env): each rendezvous rule is fed the evidence it needs
// one step short and must not claim its cause; the positive twin asserts that the claim stays
// within what this process's environment and this host's resolver show.
#include <gtest/gtest.h>

#include "env/audit_test_util.hpp"

namespace dd::env {
namespace {

using test::audit_with;
using test::find_id;
using test::ids;

TEST(EnvShort, RankOutOfRangeNeedsTheIndexAtOrAboveTheCountAndNamesNoHangItCannotSee) {
  // one step short: the last rank of the job
  EXPECT_EQ(find_id(audit_with({{"RANK", "3"}, {"WORLD_SIZE", "4"}}), "env.rank.out-of-range"), nullptr);
  // a count that is not set: nothing to compare with
  EXPECT_EQ(find_id(audit_with({{"RANK", "4"}}), "env.rank.out-of-range"), nullptr);
  auto fs = audit_with({{"RANK", "4"}, {"WORLD_SIZE", "4"}});
  const auto* f = find_id(fs, "env.rank.out-of-range");
  ASSERT_NE(f, nullptr) << ids(fs);
  // what one process's environment shows: the two values; what happens next depends on the
  // launcher, so both candidates are named and neither is claimed
  EXPECT_EQ(f->title.find("forever"), std::string::npos) << f->title;
  EXPECT_NE(f->title.find("RANK=4"), std::string::npos) << f->title;
  EXPECT_NE(f->title.find("WORLD_SIZE=4"), std::string::npos) << f->title;
  EXPECT_NE(f->title.find("launcher rejects it, or"), std::string::npos) << f->title;
  EXPECT_EQ(find_id(audit_with({{"LOCAL_RANK", "7"}, {"LOCAL_WORLD_SIZE", "8"}}), "env.local-rank.out-of-range"),
            nullptr);
  auto local = audit_with({{"LOCAL_RANK", "8"}, {"LOCAL_WORLD_SIZE", "8"}});
  const auto* l = find_id(local, "env.local-rank.out-of-range");
  ASSERT_NE(l, nullptr) << ids(local);
  EXPECT_EQ(l->title.find("forever"), std::string::npos) << l->title;
  auto node = audit_with({{"NODE_RANK", "1"}, {"NNODES", "2"}});
  EXPECT_EQ(find_id(node, "env.node-rank.out-of-range"), nullptr) << ids(node);
}

TEST(EnvShort, MasterAddrLoopbackIsAnErrorOnlyWhenTheEnvironmentSaysSeveralNodes) {
  auto sev = [](std::map<std::string, std::string> vars) -> std::optional<core::Severity> {
    vars["MASTER_ADDR"] = "127.0.0.1";
    vars["MASTER_PORT"] = "29500";
    auto fs = audit_with(vars);
    const auto* f = find_id(fs, "env.master-addr.loopback");
    if (!f) return std::nullopt;
    return f->severity;
  };
  EXPECT_EQ(sev({{"NNODES", "1"}}), std::nullopt);           // one node: loopback is right
  EXPECT_EQ(sev({}), core::Severity::warning);               // node count unknown
  EXPECT_EQ(sev({{"NNODES", "2"}}), core::Severity::error);  // the job spans nodes
  auto fs = audit_with({{"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", "29500"}});
  const auto* f = find_id(fs, "env.master-addr.loopback");
  ASSERT_NE(f, nullptr);
  bool says_unknown = false;
  for (const auto& e : f->evidence) says_unknown |= e.find("node count is unknown") != std::string::npos;
  EXPECT_TRUE(says_unknown);
}

TEST(EnvShort, MasterAddrNotLocalNeedsThisProcessToBeTheMaster) {
  os::fake::FakeResolver resolver("node0");
  resolver.add("master", "198.18.9.9");
  // one step short: rank 1 resolving MASTER_ADDR to another host's address is what it should see
  auto member = audit_with({{"MASTER_ADDR", "master"}, {"MASTER_PORT", "29500"}, {"RANK", "1"}}, resolver);
  EXPECT_EQ(find_id(member, "env.master-addr.not-local"), nullptr) << ids(member);
  // no rank variable at all: which node this is, is unknown
  auto unknown = audit_with({{"MASTER_ADDR", "master"}, {"MASTER_PORT", "29500"}}, resolver);
  EXPECT_EQ(find_id(unknown, "env.master-addr.not-local"), nullptr) << ids(unknown);
  auto master = audit_with({{"MASTER_ADDR", "master"}, {"MASTER_PORT", "29500"}, {"RANK", "0"}}, resolver);
  const auto* f = find_id(master, "env.master-addr.not-local");
  ASSERT_NE(f, nullptr) << ids(master);
  bool resolved = false;
  for (const auto& e : f->evidence) resolved |= e.find("resolves to 198.18.9.9") != std::string::npos;
  EXPECT_TRUE(resolved);  // what it resolved to, here
}

TEST(EnvShort, MasterAddrUnresolvableSaysWhereTheLookupFailed) {
  os::fake::FakeResolver resolver("node0");
  resolver.add("master", "198.18.9.9");
  auto ok = audit_with({{"MASTER_ADDR", "master"}, {"MASTER_PORT", "29500"}}, resolver);
  EXPECT_EQ(find_id(ok, "env.master-addr.unresolvable"), nullptr) << ids(ok);
  auto fs = audit_with({{"MASTER_ADDR", "nosuchmaster"}, {"MASTER_PORT", "29500"}}, resolver);
  const auto* f = find_id(fs, "env.master-addr.unresolvable");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_NE(f->title.find("on this host"), std::string::npos) << f->title;  // one host's resolver, not every node's
}

}  // namespace
}  // namespace dd::env
