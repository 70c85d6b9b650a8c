// The ranks' shared job variables: read from fixture /proc trees (os::fake::MemoryFileTree, the
// reads the real watch makes), compared across the ranks of one watch and across merged nodes.
#include "watch/env_compare.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "os/fake/memory_file_tree.hpp"
#include "watch/meet.hpp"
#include "watch/merge.hpp"
#include "watch/process_info.hpp"

namespace dd::watch {
namespace {

// A rank process in the fixture tree; `env` is its whole environ (VAR=VALUE each), none: the file
// is not there, as /proc/PID/environ of another user's process cannot be read.
void add_process(os::fake::MemoryFileTree& t, int pid, std::optional<std::vector<std::string>> env) {
  std::string d = fmt::format("/proc/{}", pid);
  t.file(d + "/stat", fmt::format("{} (python3) S 1 {} 0 0 0 0 0 0 0 0 0 0 0 0 20 0 1 0", pid, pid));
  if (!env) return;
  std::string text;
  for (const auto& v : *env) text += v + std::string(1, '\0');
  t.file(d + "/environ", text);
}

// Each process read as watch reads it, one RankEnv per process as the session keeps them.
std::vector<RankEnv> read_ranks(const std::vector<std::pair<int, std::optional<std::vector<std::string>>>>& procs) {
  os::fake::MemoryFileTree t;
  for (const auto& [pid, env] : procs) add_process(t, pid, env);
  std::vector<RankEnv> out;
  for (const auto& [pid, env] : procs) {
    auto p = read_process(t, pid);
    EXPECT_TRUE(p.has_value());
    if (p) out.push_back({p->rank, p->pid, "node0", p->environ_readable, p->shared_env});
  }
  return out;
}

const std::vector<std::string> k_common = {"PATH=/usr/bin", "MASTER_ADDR=198.18.1.1", "MASTER_PORT=29500",
                                           "WORLD_SIZE=2", "HOME=/root"};

std::vector<std::string> env_of(std::vector<std::string> more) {
  auto v = k_common;
  v.insert(v.end(), more.begin(), more.end());
  return v;
}

TEST(EnvCompare, KeepsOnlyTheSharedJobVariables) {
  os::fake::MemoryFileTree t;
  add_process(t, 10,
              env_of({"RANK=1", "LOCAL_RANK=1", "NODE_RANK=1", "GROUP_RANK=1", "NCCL_SOCKET_IFNAME=eth0",
                      "GLOO_SOCKET_IFNAME=eth0", "TORCH_NCCL_ASYNC_ERROR_HANDLING=1", "NCCL_HOSTID=a",
                      "CUDA_VISIBLE_DEVICES=1", "NCCL_=x"}));
  auto p = read_process(t, 10);
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->environ_readable);
  EXPECT_EQ(p->rank, 1);
  std::map<std::string, std::string> want = {{"GLOO_SOCKET_IFNAME", "eth0"},
                                             {"MASTER_ADDR", "198.18.1.1"},
                                             {"MASTER_PORT", "29500"},
                                             {"NCCL_SOCKET_IFNAME", "eth0"},
                                             {"TORCH_NCCL_ASYNC_ERROR_HANDLING", "1"},
                                             {"WORLD_SIZE", "2"}};
  EXPECT_EQ(p->shared_env, want);
  add_process(t, 11, std::nullopt);
  auto q = read_process(t, 11);
  ASSERT_TRUE(q);
  EXPECT_FALSE(q->environ_readable);
  EXPECT_TRUE(q->shared_env.empty());
}

TEST(EnvCompare, OneEntryPerRankFollowingItsProcess) {
  auto proc = [](int pid, int ppid, std::optional<int> rank, bool readable, std::map<std::string, std::string> env) {
    ProcessInfo p;
    p.pid = pid;
    p.ppid = ppid;
    p.state = 'S';
    p.rank = rank;
    p.environ_readable = readable;
    p.shared_env = std::move(env);
    return p;
  };
  std::vector<RankEnv> envs;
  // A wrapper with RANK=0 that still has GLOO_SOCKET_IFNAME, its worker (same rank), rank 1, and
  // an unreadable process with an unreadable child.
  keep_rank_envs(
      envs,
      {proc(10, 1, 0, true, {{"GLOO_SOCKET_IFNAME", "eth0"}}), proc(11, 10, 0, true, {}), proc(20, 1, 1, true, {}),
       proc(30, 1, std::nullopt, false, {}), proc(31, 30, std::nullopt, false, {})},
      "node0");
  ASSERT_EQ(envs.size(), 3u);
  EXPECT_EQ(envs[0].pid, 10);
  EXPECT_EQ(envs[2].pid, 30);
  EXPECT_FALSE(envs[2].readable);
  // The wrapper execs the rank without the variable (same pid); pid 30 turns out readable, no rank.
  keep_rank_envs(envs, {proc(10, 1, 0, true, {}), proc(20, 1, 1, true, {}), proc(30, 1, std::nullopt, true, {})},
                 "node0");
  ASSERT_EQ(envs.size(), 2u);
  EXPECT_TRUE(envs[0].env.empty());
  EXPECT_FALSE(compare_rank_envs(envs));
}

TEST(EnvCompare, EqualEnvironmentsAreNoFinding) {
  auto ranks = read_ranks({{100, env_of({"RANK=0", "NCCL_SOCKET_IFNAME=eth0", "NCCL_DEBUG=INFO"})},
                           {200, env_of({"RANK=1", "NCCL_SOCKET_IFNAME=eth0", "NCCL_DEBUG=INFO"})}});
  EXPECT_FALSE(compare_rank_envs(ranks));
}

TEST(EnvCompare, OneRankWithoutTheInterfaceNamesBoth) {
  auto ranks = read_ranks({{100, env_of({"RANK=0", "NCCL_SOCKET_IFNAME=eth0"})}, {200, env_of({"RANK=1"})}});
  auto f = compare_rank_envs(ranks);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->id, "watch.env.differs-across-ranks");
  EXPECT_EQ(f->label, core::Label::interface_mismatch);
  EXPECT_EQ(f->severity, core::Severity::warning);
  EXPECT_EQ(f->title, "the ranks do not share NCCL_SOCKET_IFNAME: eth0 on rank 0; unset on rank 1");
  std::vector<std::string> evidence = {"rank 0 (pid 100, host node0): NCCL_SOCKET_IFNAME=eth0",
                                       "rank 1 (pid 200, host node0): NCCL_SOCKET_IFNAME unset"};
  EXPECT_EQ(f->evidence, evidence);
  EXPECT_EQ(f->ranks, (std::vector<int>{0, 1}));
  EXPECT_EQ(f->hosts, (std::vector<std::string>{"node0"}));
  // No finding says which interface the ranks talk over: the fix lists the ranks' values, says
  // they are no equal choices and how to find the shared network's interface, and exports none.
  EXPECT_TRUE(f->fix.env.empty());
  EXPECT_NE(f->fix.text.find("NCCL_SOCKET_IFNAME: now eth0 on rank 0, unset on rank 1; these are not equal choices"),
            std::string::npos)
      << f->fix.text;
  EXPECT_NE(f->fix.text.find("`ip route get ADDRESS`"), std::string::npos) << f->fix.text;
  EXPECT_EQ(f->fix.text.find(" or unset"), std::string::npos) << f->fix.text;
}

// w5b of clusters-2026-12-05: GLOO_SOCKET_IFNAME unset on rank 0, c2eth1 (an isolated NIC) on
// rank 1. The stall's watch.listen.unreached exports the interface the ranks' working
// connections use: that value, and only it, is the fix.
TEST(EnvCompare, InterfaceThatTheRanksTalkOverIsTheFixWhereAFindingShowsIt) {
  auto ranks = read_ranks({{100, env_of({"RANK=0"})}, {200, env_of({"RANK=1", "GLOO_SOCKET_IFNAME=c2eth1"})}});
  auto unreached = core::new_finding("watch.listen.unreached", core::Label::interface_mismatch, core::Severity::error,
                                     "nobody connects to rank 1's listening socket");
  unreached.fix.env["GLOO_SOCKET_IFNAME"] = "c2eth0";
  auto f = compare_rank_envs(ranks, {unreached});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"GLOO_SOCKET_IFNAME", "c2eth0"}}));
  EXPECT_NE(f->fix.text.find("GLOO_SOCKET_IFNAME=c2eth0 on every rank, the interface the ranks' working connections "
                             "use (watch.listen.unreached); now unset on rank 0, c2eth1 on rank 1"),
            std::string::npos)
      << f->fix.text;
  EXPECT_EQ(f->fix.text.find("c2eth1 on rank 1 or"), std::string::npos) << f->fix.text;
  // One step short: a finding that exports another variable is no evidence for this one.
  auto other = unreached;
  other.fix.env = {{"NCCL_SOCKET_IFNAME", "c2eth0"}};
  auto g = compare_rank_envs(ranks, {other});
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->fix.env.empty());
}

TEST(EnvCompare, TheValueMostRanksHaveIsTheFix) {
  auto ranks = read_ranks({{100, env_of({"RANK=0", "MASTER_PORT=29500"})},
                           {200, env_of({"RANK=1", "MASTER_PORT=29501"})},
                           {300, env_of({"RANK=2", "MASTER_PORT=29500"})}});
  auto f = compare_rank_envs(ranks);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->label, core::Label::config_typo);
  EXPECT_EQ(f->title, "the ranks do not share MASTER_PORT: 29500 on ranks 0, 2; 29501 on rank 1");
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_PORT", "29500"}}));
  EXPECT_EQ(f->evidence.size(), 3u);
  EXPECT_EQ(f->evidence[1], "rank 1 (pid 200, host node0): MASTER_PORT=29501");
}

TEST(EnvCompare, ALargeJobKeepsTheFindingShort) {
  std::vector<RankEnv> ranks;
  for (int r = 0; r < 100; ++r) {
    std::map<std::string, std::string> env;
    for (int v = 0; v < 6; ++v) env[fmt::format("NCCL_V{}", v)] = r % 2 ? "1" : "0";
    ranks.push_back({r, 1000 + r, "node0", true, env});
  }
  auto f = compare_rank_envs(ranks);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->title.find("the ranks do not share NCCL_V0, NCCL_V1, NCCL_V2, and 3 more: NCCL_V0 0 on ranks 0, 2, 4, "
                          "6, 8, 10, and 44 more; 1 on"),
            0u)
      << f->title;
  EXPECT_EQ(f->evidence.size(), 64u);
  EXPECT_EQ(f->evidence.back(), "... 537 more lines like these (every rank's values: rank_env[] in watch --json)");
  EXPECT_EQ(f->ranks.size(), 100u);
}

TEST(EnvCompare, AnUnreadableEnvironmentIsNoDifference) {
  auto ranks = read_ranks({{100, env_of({"RANK=0", "NCCL_SOCKET_IFNAME=eth0"})}, {200, std::nullopt}});
  EXPECT_FALSE(ranks[1].readable);
  EXPECT_FALSE(compare_rank_envs(ranks));
  // Beside a difference the readable ranks show, it is named and compared with nothing.
  auto more = read_ranks({{100, env_of({"RANK=0", "NCCL_SOCKET_IFNAME=eth0"})},
                          {200, std::nullopt},
                          {300, env_of({"RANK=2", "NCCL_SOCKET_IFNAME=eth1"})}});
  auto f = compare_rank_envs(more);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->evidence.back(), "pid 200 (host node0): environment not readable; not compared");
  EXPECT_EQ(f->ranks, (std::vector<int>{0, 2}));
}

TEST(EnvCompare, RankVariablesDifferByDesign) {
  auto ranks = read_ranks({{100, env_of({"RANK=0", "LOCAL_RANK=0", "NODE_RANK=0", "OMPI_COMM_WORLD_RANK=0"})},
                           {200, env_of({"RANK=1", "LOCAL_RANK=1", "NODE_RANK=1", "OMPI_COMM_WORLD_RANK=1"})}});
  EXPECT_FALSE(compare_rank_envs(ranks));
}

TEST(EnvCompare, TfConfigIsComparedWithoutItsTask) {
  auto tf = [](int index, const char* second) {
    return fmt::format(
        R"(TF_CONFIG={{"cluster": {{"worker": ["198.18.1.1:2222", "{}"]}}, "task": {{"type": "worker", "index": {}}}}})",
        second, index);
  };
  auto same = read_ranks(
      {{100, env_of({"RANK=0", tf(0, "198.18.1.2:2222")})}, {200, env_of({"RANK=1", tf(1, "198.18.1.2:2222")})}});
  EXPECT_FALSE(compare_rank_envs(same));
  auto other = read_ranks(
      {{100, env_of({"RANK=0", tf(0, "198.18.1.2:2222")})}, {200, env_of({"RANK=1", tf(1, "198.18.1.3:2222")})}});
  auto f = compare_rank_envs(other);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->label, core::Label::config_typo);
  EXPECT_TRUE(f->fix.env.empty());  // a TF_CONFIG carries each rank's own task: never one to export
  EXPECT_NE(f->fix.text.find("without its \"task\""), std::string::npos);
}

TEST(EnvCompare, MergedNodesAreComparedAcrossHosts) {
  // One rank per node: neither node's own view differs; the merged one does.
  NodeReport n0{0, "node0", 0, 0, {}, {}, {{0, 100, "node0", true, {{"GLOO_SOCKET_IFNAME", "eth0"}}}}};
  NodeReport n1{1, "node1", 0, 0, {}, {}, {{1, 200, "node1", true, {}}}};
  auto back = node_report_from_json(to_json(n1));
  ASSERT_TRUE(back);
  ASSERT_EQ(back->rank_envs.size(), 1u);
  EXPECT_EQ(back->rank_envs[0].rank, 1);
  EXPECT_EQ(back->rank_envs[0].host, "node1");
  auto out = merge_reports({n0, *back}, {});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].id, "watch.env.differs-across-ranks");
  EXPECT_EQ(out[0].hosts, (std::vector<std::string>{"node0", "node1"}));
  EXPECT_EQ(out[0].evidence, (std::vector<std::string>{"rank 0 (pid 100, host node0): GLOO_SOCKET_IFNAME=eth0",
                                                       "rank 1 (pid 200, host node1): GLOO_SOCKET_IFNAME unset"}));
  n1.rank_envs[0].env["GLOO_SOCKET_IFNAME"] = "eth0";
  EXPECT_TRUE(merge_reports({n0, n1}, {}).empty());
}

}  // namespace
}  // namespace dd::watch
