// The held-out clusters of 2026-12-06 (tests/data/stranger/clusters-2026-12-06f/REPORT.md) reduced
// to the facts rank 0 had, each with the step short of its claim: p3 (after node1's printed fix,
// MASTER_ADDR=<address> on node1 while rank 0's MASTER_ADDR is a name node1 cannot resolve: its
// MASTER_PORT probe of that name never connected, which is a name problem on node1, not a port
// that is blocked; the MASTER_ADDR comparison's fix is said where it is printed).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_context.hpp"
#include "cluster/analysis/analysis_test_util.hpp"

namespace dd::cluster {
namespace {

using testing::get;
using testing::has;
using testing::input_of;

bool has_text(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// p3: three nodes on eth0; MASTER_ADDR=node0 on ranks 0 and 2, the address on rank 1 (`own`);
// rank 1's MASTER_PORT probe of node0:29400 fails to resolve when `unresolved`, else times out.
AnalysisInput master_name_input(const std::string& own, bool unresolved) {
  std::vector<NodeFacts> nodes;
  for (int r : {0, 1, 2}) {
    auto n = testing::eth0_node(r, 1500, true);
    n.env["MASTER_ADDR"] = r == 1 ? own : "node0";
    n.master_addr_resolves = {"198.18.1.1"};
    nodes.push_back(std::move(n));
  }
  auto ps = testing::probe_matrix(nodes, [](ProbeResult&) {});
  for (int from : {1, 2}) {
    ProbeResult job;
    job.from = from;
    job.target = ProbeTarget{0, "node0", 29400, "", "MASTER_PORT", true};
    job.ok = job.bulk_ok = from != 1;
    job.resolved = "198.18.1.1";
    if (from == 1 && unresolved) {
      job.resolved.clear();
      job.stage = "resolve", job.failure = "unresolved";
      job.error = "getaddrinfo node0: unresolved - Temporary failure in name resolution";
    } else if (from == 1) {
      job.stage = "connect", job.failure = "timeout", job.error = "connect 198.18.1.1:29400: timeout";
    }
    ps.push_back(job);
  }
  return input_of(nodes, ps);
}

TEST(PreflightHeldOut06f, ANameThatDoesNotResolveOnTheProberIsNamedNotABlockedPort) {
  auto a = analyze(master_name_input("198.18.1.1", true));
  EXPECT_FALSE(has(a, "preflight.port.blocked"));
  ASSERT_TRUE(has(a, "preflight.port.name-unresolved"));
  const auto& f = get(a, "preflight.port.name-unresolved");
  EXPECT_EQ(f.label, core::Label::hostname_resolution);
  EXPECT_EQ(f.severity, core::Severity::warning);  // node1's job uses the address, not the name
  EXPECT_EQ(f.hosts, (std::vector<std::string>{"node1"}));
  EXPECT_EQ(f.title,
            "node0 does not resolve on node1: its probe of MASTER_PORT (node0:29400) never connected, so that port "
            "was not tested");
  EXPECT_TRUE(std::find(f.evidence.begin(), f.evidence.end(),
                        "node1's own MASTER_ADDR is 198.18.1.1: its job does not look up node0") != f.evidence.end())
      << ::testing::PrintToString(f.evidence);
  EXPECT_TRUE(has_text(f.fix.text, "add the line `198.18.1.1 node0` to /etc/hosts on node1")) << f.fix.text;
  EXPECT_TRUE(has_text(f.fix.text, "or use the address 198.18.1.1 in place of the name")) << f.fix.text;
  EXPECT_FALSE(has_text(f.fix.text, "firewall")) << f.fix.text;
  // every node's own MASTER_ADDR leads to rank 0's reached address: a note, not a differing setting
  EXPECT_FALSE(has(a, "preflight.setting.differs"));
  EXPECT_TRUE(has(a, "preflight.master-addr.mixed-forms"));
  EXPECT_EQ(a.recommendation.env.count("MASTER_ADDR"), 0u);
  EXPECT_NE(a.verdict, Verdict::hang);
}

TEST(PreflightHeldOut06f, AProbeThatResolvedAndTimedOutAtRankZerosAddressIsStillABlockedPort) {
  // one step short: the name resolved and the connect timed out at rank 0's address while its other
  // ports answered: that is the port, as before
  auto a = analyze(master_name_input("198.18.1.1", false));
  EXPECT_FALSE(has(a, "preflight.port.name-unresolved"));
  ASSERT_TRUE(has(a, "preflight.port.blocked"));
  EXPECT_TRUE(has_text(get(a, "preflight.port.blocked").title, "is blocked or closed")) << a.reason;
}

TEST(PreflightHeldOut06f, ANodeWhoseOwnMasterAddrIsTheUnresolvedNameHasOneFindingForIt) {
  // node1 uses the name itself and it fails there: check_master's finding says it, not a second one
  auto in = master_name_input("node0", true);
  for (auto& n : in.nodes)
    if (n.rank == 1) n.master_addr_resolves.clear(), n.master_addr_error = "getaddrinfo node0: unresolved";
  auto a = analyze(in);
  EXPECT_TRUE(has(a, "preflight.master-addr.unresolved"));
  EXPECT_FALSE(has(a, "preflight.port.name-unresolved"));
  EXPECT_FALSE(has(a, "preflight.port.blocked"));
}

// p3 after node1's printed advice: node1 writes the address, the others the name; each node
// resolves its own value to rank 0's address, which every peer reached, with one MASTER_PORT.
AnalysisInput mixed_forms_input() {
  auto in = master_name_input("198.18.1.1", false);
  for (auto& n : in.nodes) n.env["MASTER_PORT"] = "29400";
  in.probes.erase(std::remove_if(in.probes.begin(), in.probes.end(),
                                 [](const ProbeResult& p) { return p.target.what == "MASTER_PORT"; }),
                  in.probes.end());
  return in;
}

TEST(PreflightHeldOut06f, MasterAddrAsAddressAndAsNameReachingOneRendezvousIsANote) {
  auto a = analyze(mixed_forms_input());
  EXPECT_FALSE(has(a, "preflight.setting.differs"));
  ASSERT_TRUE(has(a, "preflight.master-addr.mixed-forms"));
  const auto& f = get(a, "preflight.master-addr.mixed-forms");
  EXPECT_EQ(f.severity, core::Severity::info);
  EXPECT_EQ(f.title,
            "MASTER_ADDR is written differently but leads every node to one rendezvous, 198.18.1.1:29400: node1 "
            "writes the address; node0, node2 write the name node0");
  EXPECT_TRUE(std::find(f.evidence.begin(), f.evidence.end(),
                        "MASTER_ADDR=node0 on node0, node2: resolves there to 198.18.1.1") != f.evidence.end())
      << ::testing::PrintToString(f.evidence);
  EXPECT_EQ(a.verdict, Verdict::ok) << a.reason;
}

TEST(PreflightHeldOut06f, MasterAddrValuesThatLeadToDifferentPlacesStillDiffer) {
  // one step short: node1's value resolves to another address (node1's own): the error stands
  auto in = mixed_forms_input();
  in.nodes[1].env["MASTER_ADDR"] = "198.18.1.2";
  in.nodes[1].master_addr_resolves = {"198.18.1.2"};
  auto a = analyze(in);
  EXPECT_FALSE(has(a, "preflight.master-addr.mixed-forms"));
  ASSERT_TRUE(has(a, "preflight.setting.differs"));
  EXPECT_EQ(get(a, "preflight.setting.differs").severity, core::Severity::error);
  EXPECT_EQ(a.verdict, Verdict::hang);
  // one step short: one address, but node2 meets at another MASTER_PORT
  auto b_in = mixed_forms_input();
  b_in.nodes[2].env["MASTER_PORT"] = "29410";
  auto b = analyze(b_in);
  EXPECT_FALSE(has(b, "preflight.master-addr.mixed-forms"));
  EXPECT_EQ(get(b, "preflight.setting.differs").severity, core::Severity::error);
  // one step short: one address, but no peer reached it (nothing says the rendezvous is there)
  auto c_in = mixed_forms_input();
  c_in.probes.clear();
  auto c = analyze(c_in);
  EXPECT_FALSE(has(c, "preflight.master-addr.mixed-forms"));
  EXPECT_EQ(get(c, "preflight.setting.differs").severity, core::Severity::error);
  // one step short: node1's value does not resolve there
  auto d_in = mixed_forms_input();
  d_in.nodes[1].env["MASTER_ADDR"] = "node0";
  d_in.nodes[1].master_addr_resolves.clear();
  d_in.nodes[1].master_addr_error = "getaddrinfo node0: unresolved";
  d_in.nodes[0].env["MASTER_ADDR"] = "198.18.1.1";
  auto d = analyze(d_in);
  EXPECT_FALSE(has(d, "preflight.master-addr.mixed-forms"));
  EXPECT_TRUE(has(d, "preflight.setting.differs"));
}

// p4 without a lost rank: node2 kept node1's address 198.18.1.2 beside or instead of its own; the
// nodes' names (what each hostname resolves to there) say node1 has .2 and node2 .3.
AnalysisInput conflict_input(bool names_known, bool keeps_own) {
  std::vector<NodeFacts> nodes;
  for (int r : {0, 1, 2}) nodes.push_back(testing::eth0_node(r, 1500, true));
  for (auto& e : nodes[2].entries)
    if (e.link == "eth0") e.addr = keeps_own ? "198.18.1.3" : "198.18.1.2";
  if (keeps_own)
    nodes[2].entries.push_back(
        os::AddressEntry{"eth0", "eth0", os::Family::inet, "198.18.1.2", 16, 0, true, true, false});
  if (names_known)
    for (auto& n : nodes) n.host_resolves = {"198.18.1." + std::to_string(n.rank + 1)};
  return input_of(nodes, testing::probe_matrix({nodes[0], nodes[1]}, [](ProbeResult&) {}));
}

TEST(PreflightHeldOut06f, TwoRanksAtOneAddressComeFirstWithTheNamesFixWithoutALostRank) {
  auto a = analyze(conflict_input(true, false));
  ASSERT_FALSE(a.findings.empty());
  const auto& f = a.findings.front();
  EXPECT_EQ(f.id, "preflight.address.duplicate") << a.reason;
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_EQ(a.verdict, Verdict::hang);
  EXPECT_EQ(a.reason, f.title);
  EXPECT_EQ(
      f.title,
      "rank 1 (node1) and rank 2 (node2) report the same address 198.18.1.2: connections to it reach either node");
  EXPECT_FALSE(has(a, "preflight.node.lost"));
  EXPECT_TRUE(has_text(f.fix.text, "node1 keeps 198.18.1.2 (its name resolves to it there)")) << f.fix.text;
  EXPECT_TRUE(
      has_text(f.fix.text, "on node2: `ip addr del 198.18.1.2/16 dev eth0; ip addr add 198.18.1.3/16 dev eth0`"))
      << f.fix.text;
  EXPECT_TRUE(std::find(f.evidence.begin(), f.evidence.end(), "node2's name resolves there to 198.18.1.3") !=
              f.evidence.end())
      << ::testing::PrintToString(f.evidence);
  // node2 also has its own address: only the copied one goes
  auto b = analyze(conflict_input(true, true));
  const auto& g = get(b, "preflight.address.duplicate");
  EXPECT_EQ(b.findings.front().id, "preflight.address.duplicate");
  EXPECT_TRUE(has_text(g.fix.text, "on node2: `ip addr del 198.18.1.2/16 dev eth0`")) << g.fix.text;
  EXPECT_FALSE(has_text(g.fix.text, "ip addr add")) << g.fix.text;
}

TEST(PreflightHeldOut06f, TwoRanksAtOneAddressWithoutTheirNamesGetNoCommandThatPicksANode) {
  // one step short: no node's name says which node the address belongs to: no `ip addr del` for
  // either, the steps that find out instead
  auto a = analyze(conflict_input(false, false));
  const auto& f = get(a, "preflight.address.duplicate");
  EXPECT_EQ(a.findings.front().id, "preflight.address.duplicate");
  EXPECT_FALSE(has_text(f.fix.text, "ip addr del")) << f.fix.text;
  EXPECT_TRUE(has_text(f.fix.text, "`ip -br addr`")) << f.fix.text;
  EXPECT_TRUE(has_text(f.fix.text, "`arping -D -c 2 -I eth0 198.18.1.2`")) << f.fix.text;
}

// p4: node2 kept node1's address; rank 0 lost node2's connection with a reset from that address.
AnalysisInput cloned_input(bool cloned) {
  std::vector<NodeFacts> nodes;
  for (int r : {0, 1, 2}) nodes.push_back(testing::eth0_node(r, 1500, true));
  if (cloned)
    for (auto& e : nodes[2].entries)
      if (e.link == "eth0") e.addr = "198.18.1.2";
  std::vector<NodeFacts> live = {nodes[0], nodes[1]};
  auto in = input_of(nodes, testing::probe_matrix(live, [](ProbeResult&) {}));
  in.lost[2] = fmt::format("recv [::ffff:{}]:54940: Connection reset by peer (ECONNRESET)",
                           cloned ? "198.18.1.2" : "198.18.1.3");
  return in;
}

TEST(PreflightHeldOut06f, TwoRanksAtOneAddressAreAFindingAndTheLostOneIsNotCalledDead) {
  auto a = analyze(cloned_input(true));
  EXPECT_FALSE(has(a, "preflight.node.lost"));
  ASSERT_TRUE(has(a, "preflight.address.duplicate"));
  const auto& f = get(a, "preflight.address.duplicate");
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_EQ(f.title,
            "rank 1 (node1) and rank 2 (node2) report the same address 198.18.1.2: connections to it reach "
            "either node");
  EXPECT_EQ(f.hosts, (std::vector<std::string>{"node1", "node2"}));
  EXPECT_TRUE(has_text(f.evidence.back(), "rank 2 is not known to have died")) << f.evidence.back();
  EXPECT_TRUE(has_text(f.evidence.back(), "Connection reset by peer")) << f.evidence.back();
  EXPECT_FALSE(has_text(f.title + f.fix.text, "died")) << f.fix.text;
  EXPECT_TRUE(has_text(f.fix.text, "`arping -D -c 2 -I eth0 198.18.1.2`")) << f.fix.text;
  EXPECT_TRUE(has_text(f.fix.text, "`ip -br addr`")) << f.fix.text;
  EXPECT_EQ(a.verdict, Verdict::hang);
  EXPECT_EQ(a.findings.front().id, "preflight.address.duplicate");
}

TEST(PreflightHeldOut06f, ALostRankWithItsOwnAddressIsStillLost) {
  // one step short: node2 has its own address: the reset came from it, as before
  auto a = analyze(cloned_input(false));
  EXPECT_FALSE(has(a, "preflight.address.duplicate"));
  ASSERT_TRUE(has(a, "preflight.node.lost"));
  EXPECT_EQ(get(a, "preflight.node.lost").title, "rank 2 (node2) died or disconnected midway");
}

// p2: node2's MASTER_PORT differs; rank 0 (MASTER_PORT=29400) serves 29401 and saw no join from rank 2.
TEST(PreflightHeldOut06f, AMissingRankIsGivenCandidatesWithWhereRankZerosPortCameFrom) {
  std::vector<NodeFacts> nodes = {testing::eth0_node(0, 1500, true), testing::eth0_node(1, 1500, true)};
  for (auto& n : nodes) n.env["MASTER_PORT"] = "29400";
  auto in = input_of(nodes, testing::probe_matrix(nodes, [](ProbeResult&) {}));
  in.world = 3;
  in.missing = {2};
  in.rendezvous = "198.18.1.1:29401";
  auto a = analyze(in);
  const auto& f = get(a, "preflight.node.missing");
  EXPECT_TRUE(has_text(f.fix.text, "when it was not started, start distdoctor preflight on rank 2")) << f.fix.text;
  EXPECT_TRUE(has_text(f.fix.text,
                       "its MASTER_ADDR and MASTER_PORT must give 198.18.1.1:29401 (rank 0's "
                       "MASTER_PORT=29400, plus 1)"))
      << f.fix.text;
  // one step short: rank 0's MASTER_PORT is not the rendezvous port - 1 (--rendezvous): no such note
  for (auto& n : in.nodes) n.env["MASTER_PORT"] = "29500";
  auto b = analyze(in);
  EXPECT_FALSE(has_text(get(b, "preflight.node.missing").fix.text, "rank 0's MASTER_PORT"));
}

// p1: every node's Gloo address is the same 198.19.103.1 (a copied bridge): no order between them.
TEST(PreflightHeldOut06f, EqualGlooAddressesHaveNoConnectingSide) {
  std::vector<NodeFacts> nodes;
  for (int r : {0, 1, 2}) {
    auto n = testing::eth0_node(r, 1500, true);
    n.gloo = nccl::Endpoint{"virbr0", "198.18.103.1", "virbr0"};
    nodes.push_back(std::move(n));
  }
  auto in = input_of(nodes, {});
  detail::Ctx c(in);
  EXPECT_FALSE(detail::gloo_sides(c, 0, {1, 2}).has_value());
  EXPECT_EQ(detail::gloo_direction(c, 0, {1, 2}), "");
  // one step short: rank 2's address is greater: it connects into rank 0, and the sentence says so
  in.nodes[2].gloo = nccl::Endpoint{"virbr0", "198.18.103.2", "virbr0"};
  detail::Ctx d(in);
  auto sides = detail::gloo_sides(d, 0, {2});
  ASSERT_TRUE(sides.has_value());
  EXPECT_EQ(sides->into, std::vector<int>{2});
  EXPECT_TRUE(has_text(detail::gloo_direction(d, 0, {2}), "rank(s) 2 connect into node0 (198.18.103.1)"));
}

}  // namespace
}  // namespace dd::cluster
