// The held-out clusters of 2026-12-06 (tests/data/stranger/clusters-2026-12-06e/REPORT.md) reduced
// to the facts rank 0 had, each with the step short of its claim: p2 (GLOO_SOCKET_IFNAME lists an
// interface no peer reaches: torch opens a Gloo device on each, so no OK while one is unreached),
// p4 (rank 0 rejected a join that said another world size: it says so, and the fix is that node's
// WORLD_SIZE), p3 (a node that joined and whose own probes reached a peer is not "down").
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"

namespace dd::cluster {
namespace {

using testing::eth0_node;
using testing::get;
using testing::has;
using testing::input_of;

bool has_text(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

void timed_out(ProbeResult& p) {
  p.ok = p.bulk_ok = false;
  p.stage = "connect";
  p.failure = "timeout";
  p.error = "connect: timeout";
}

// p2: two nodes, eth0 shared, eth1 each on its own bridge; GLOO_SOCKET_IFNAME=eth0,eth1 on both.
// `nccl_ifname` empty: NCCL unset (its NET/Socket devices are eth0 and eth1); else NCCL_SOCKET_IFNAME.
std::vector<NodeFacts> listed_gloo_nodes(const std::string& nccl_ifname, bool devices_known = true) {
  std::vector<NodeFacts> nodes;
  for (int r : {0, 1}) {
    const std::string a0 = fmt::format("198.18.224.1{}", r), a1 = fmt::format("198.18.225.1{}", r);
    auto n = testing::node(r, {{"eth0", a0, "veth"}, {"eth1", a1, "veth"}}, "eth0", "eth0");
    n.env["GLOO_SOCKET_IFNAME"] = "eth0,eth1";
    n.gloo_source = "GLOO_SOCKET_IFNAME";
    if (devices_known) n.gloo_devices = {{"eth0", a0, "eth0"}, {"eth1", a1, "eth1"}};
    if (nccl_ifname.empty())
      n.nccl_socket = {{"eth0", a0, "eth0"}, {"eth1", a1, "eth1"}};
    else
      n.nccl_config["NCCL_SOCKET_IFNAME"] = nccl_ifname;
    nodes.push_back(std::move(n));
  }
  return nodes;
}

Analysis analyze_listed(const std::vector<NodeFacts>& nodes, bool eth1_cut) {
  return analyze(input_of(nodes, testing::probe_matrix(nodes, [&](ProbeResult& p) {
                            if (eth1_cut && p.target.iface == "eth1") timed_out(p);
                          })));
}

bool checked(const Analysis& a, const std::string& start) {
  const auto& checks = a.recommendation.checks;
  return std::any_of(checks.begin(), checks.end(), [&](const std::string& c) { return c.rfind(start, 0) == 0; });
}

TEST(PreflightHeldOut06e, AListedGlooInterfaceNoPeerReachesIsNamedWithTheListCutToTheReachedOnes) {
  auto a = analyze_listed(listed_gloo_nodes(""), true);
  EXPECT_EQ(a.verdict, Verdict::hang);
  ASSERT_TRUE(has(a, "preflight.gloo.unreachable-listed-interface"));
  const auto& g = get(a, "preflight.gloo.unreachable-listed-interface");
  EXPECT_EQ(g.severity, core::Severity::error);
  EXPECT_EQ(g.hosts, (std::vector<std::string>{"node0", "node1"}));
  EXPECT_TRUE(has_text(g.title,
                       "GLOO_SOCKET_IFNAME=eth0,eth1 makes Gloo open a device on every listed interface and connect "
                       "every pair over each: it binds eth1's address too, which the other nodes cannot reach"))
      << g.title;
  EXPECT_TRUE(std::find(g.evidence.begin(), g.evidence.end(),
                        "node1: GLOO_SOCKET_IFNAME=eth0,eth1 -> Gloo devices eth0 198.18.224.11, eth1 198.18.225.11 "
                        "(one per entry)") != g.evidence.end())
      << ::testing::PrintToString(g.evidence);
  EXPECT_EQ(g.fix.env, (std::map<std::string, std::string>{{"GLOO_SOCKET_IFNAME", "eth0"}}));
  EXPECT_EQ(a.recommendation.env.at("GLOO_SOCKET_IFNAME"), "eth0");
  EXPECT_TRUE(checked(a, "GLOO_SOCKET_IFNAME=eth0: the listed interfaces whose Gloo device binds a reached address"));
  EXPECT_FALSE(checked(a, "Gloo's current device"));  // 06e p2 said "already uses an address every peer reached"
}

TEST(PreflightHeldOut06e, NcclsFixAloneLeavesTheListedGlooDeviceAndNoOk) {
  // 06e p2 after its printed fix: NCCL_SOCKET_IFNAME==eth0, GLOO_SOCKET_IFNAME=eth0,eth1 still set
  auto a = analyze_listed(listed_gloo_nodes("=eth0"), true);
  EXPECT_FALSE(has(a, "preflight.nccl.unreachable-interface"));
  EXPECT_TRUE(has(a, "preflight.gloo.unreachable-listed-interface"));
  EXPECT_EQ(a.verdict, Verdict::hang) << a.reason;
  EXPECT_EQ(a.findings.front().id, "preflight.gloo.unreachable-listed-interface");
}

TEST(PreflightHeldOut06e, EveryListedGlooDeviceReachedIsNoFinding) {
  // one step short: eth1 is reached too: every device works, and the check says devices
  auto a = analyze_listed(listed_gloo_nodes("=eth0"), false);
  EXPECT_FALSE(has(a, "preflight.gloo.unreachable-listed-interface"));
  EXPECT_EQ(a.verdict, Verdict::ok) << a.reason;
  EXPECT_TRUE(checked(a,
                      "Gloo's current devices (one per GLOO_SOCKET_IFNAME entry) already use addresses every "
                      "peer reached"));
  // an older node's facts carry the first device only: nothing is known about the others, nothing claimed
  auto b = analyze_listed(listed_gloo_nodes("=eth0", false), true);
  EXPECT_FALSE(has(b, "preflight.gloo.unreachable-listed-interface"));
}

AnalysisInput world_input(const std::vector<std::string>& drops) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true)};
  auto in = input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult&) {}));
  in.world = 3;
  in.missing = {2};
  in.rendezvous = "node0:29401";
  in.rendezvous_drops = drops;
  return in;
}

TEST(PreflightHeldOut06e, ARejectedJoinOfAnotherWorldSizeIsSaidWithThatNodesWorldSize) {
  // node2 retried its join until its deadline: rank 0 dropped it each time, with the same words
  const std::string drop = "rendezvous: dropped [::ffff:198.18.226.12]:41234: rank 2 says world 4 but rank 0 has 3";
  auto a = analyze(world_input({drop, drop, drop}));
  ASSERT_TRUE(has(a, "preflight.node.missing"));
  const auto& f = get(a, "preflight.node.missing");
  EXPECT_EQ(f.title,
            "rank 2 never joined the rendezvous at node0:29401: rank 0 rejected its join from 198.18.226.12, which "
            "said world 4 (rank 0 has 3)");
  EXPECT_EQ(f.evidence.front(), "rank 0 rejected the join from 198.18.226.12: rank 2 says world 4 but rank 0 has 3");
  EXPECT_EQ(std::count_if(f.evidence.begin(), f.evidence.end(),
                          [](const std::string& e) { return has_text(e, "rank 0 rejected the join"); }),
            1);
  EXPECT_TRUE(has_text(f.fix.text, "on the node at 198.18.226.12 (it joined as rank 2 with world 4)")) << f.fix.text;
  EXPECT_TRUE(has_text(f.fix.text, "\n  export WORLD_SIZE=3\n")) << f.fix.text;
  EXPECT_FALSE(has_text(f.fix.text, "start distdoctor preflight on rank 2")) << f.fix.text;
  EXPECT_EQ(a.reason, f.title);
}

TEST(PreflightHeldOut06e, NoWorldClaimLeavesTheMissingRankAsItWas) {
  // one step short: rank 0 dropped a join for another reason: only the missing rank is said
  auto a =
      analyze(world_input({"rendezvous: dropped [::ffff:198.18.226.12]:41234: wrong job token (its proof does "
                           "not match this job's token)"}));
  const auto& f = get(a, "preflight.node.missing");
  EXPECT_EQ(f.title, "rank 2 never joined the rendezvous at node0:29401");
  EXPECT_TRUE(has_text(f.fix.text, "start distdoctor preflight on rank 2")) << f.fix.text;
  EXPECT_FALSE(has_text(f.fix.text, "WORLD_SIZE")) << f.fix.text;
  // a claimed rank outside rank 0's world matches no missing rank: its own finding
  auto b = analyze(world_input({"rendezvous: dropped 198.18.226.13:41000: rank 3 says world 4 but rank 0 has 3"}));
  ASSERT_TRUE(has(b, "preflight.node.world-mismatch"));
  const auto& w = get(b, "preflight.node.world-mismatch");
  EXPECT_EQ(w.title, "rank 0 rejected a join from 198.18.226.13: it says rank 3 of world 4, rank 0 has world 3");
  EXPECT_TRUE(has_text(w.fix.text, "\n  export WORLD_SIZE=3\n")) << w.fix.text;
}

// p3: node2's connections into node1 time out (node1's input rule); node1 joined, and its own
// probes reached ranks 0 and 2: "node1 down" is no candidate.
TEST(PreflightHeldOut06e, ANodeWhoseOwnProbesReachedAPeerIsNotCalledDown) {
  std::vector<NodeFacts> nodes = {eth0_node(0, 1500, true), eth0_node(1, 1500, true), eth0_node(2, 1500, true)};
  auto cut = [](ProbeResult& p) {
    if (p.from == 2 && p.target.to == 1) timed_out(p);
  };
  auto a = analyze(input_of(nodes, testing::probe_matrix(nodes, cut)));
  ASSERT_TRUE(has(a, "preflight.reach.no-route"));
  const auto& f = get(a, "preflight.reach.no-route");
  EXPECT_TRUE(has_text(f.title, "connections from rank(s) 2 to node1 time out on every address")) << f.title;
  EXPECT_FALSE(has_text(f.title, "node1 down")) << f.title;
  EXPECT_TRUE(has_text(f.title, "or a link or switch port between them that drops")) << f.title;
  EXPECT_TRUE(std::find(f.evidence.begin(), f.evidence.end(),
                        "node1 is up: it joined the rendezvous and its own probes reached rank(s) 0,2") !=
              f.evidence.end())
      << ::testing::PrintToString(f.evidence);
  // one step short: node1's own probes reached nobody: "down" stays a candidate
  auto b = analyze(input_of(nodes, testing::probe_matrix(nodes, [&](ProbeResult& p) {
                              cut(p);
                              if (p.from == 1) timed_out(p);
                            })));
  bool down = false;
  for (const auto& g : b.findings)
    down = down || (g.id == "preflight.reach.no-route" && has_text(g.title, "node1 down"));
  EXPECT_TRUE(down);
}

}  // namespace
}  // namespace dd::cluster
