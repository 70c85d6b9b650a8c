// The rule audit (docs/rules.md, preflight): each preflight rule is fed the evidence it
// needs one step short and must not claim its cause; where useful a positive twin with the full
// evidence shows that the same facts do make the rule fire, so the short half can fail.
#include <gtest/gtest.h>

#include <algorithm>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/analysis/reach_matrix.hpp"
#include "cluster/preflight.hpp"
#include "cluster/preflight_report.hpp"
#include "cluster/render_text.hpp"
#include "report/html_report.hpp"

namespace dd::cluster {
namespace {

using testing::get;
using testing::has;
using testing::input_of;
using testing::node;
using testing::unreachable_eth0;

void healthy(ProbeResult&) {}

// n nodes, each with eth0 198.18.1.(r+1), NCCL and Gloo on it.
std::vector<NodeFacts> eth0_nodes(int n) {
  std::vector<NodeFacts> out;
  for (int r = 0; r < n; ++r)
    out.push_back(node(r, {{"eth0", "198.18.1." + std::to_string(r + 1), "physical"}}, "eth0", "eth0"));
  return out;
}

Analysis run(const std::vector<NodeFacts>& nodes, const std::function<void(ProbeResult&)>& shape = healthy) {
  return analyze(input_of(nodes, testing::probe_matrix(nodes, shape)));
}

ProbeResult job_probe(int from, int to, const std::string& addr, bool ok) {
  ProbeResult p;
  p.from = from;
  p.target = ProbeTarget{to, addr, 29500, "", "MASTER_PORT", true};
  p.ok = p.bulk_ok = ok;
  if (!ok) {
    p.stage = "connect";
    p.error = "connect: timeout";
  }
  return p;
}

// ---- reachability ----

TEST(PreflightShort, EphemeralPortsBlockedNeedsAJobPortThatAnswered) {
  auto nodes = eth0_nodes(2);
  auto to_zero_dead = [](ProbeResult& p) {
    if (p.target.to == 0) unreachable_eth0(p);
  };
  auto ps = testing::probe_matrix(nodes, to_zero_dead);
  // one step short: no job port was probed, or its probe failed too: nothing says node0 accepts
  // the job's own ports, so it is no route, not a firewall that lets only the job's ports in
  auto none = analyze(input_of(nodes, ps));
  EXPECT_FALSE(has(none, "preflight.reach.ephemeral-ports-blocked"));
  EXPECT_TRUE(has(none, "preflight.reach.no-route"));
  auto failed = ps;
  failed.push_back(job_probe(1, 0, "198.18.1.1", false));
  auto f = analyze(input_of(nodes, failed));
  EXPECT_FALSE(has(f, "preflight.reach.ephemeral-ports-blocked"));
  EXPECT_TRUE(has(f, "preflight.reach.no-route"));
  // the full evidence: MASTER_PORT answered where no candidate address did
  auto answered = ps;
  answered.push_back(job_probe(1, 0, "198.18.1.1", true));
  auto a = analyze(input_of(nodes, answered));
  ASSERT_TRUE(has(a, "preflight.reach.ephemeral-ports-blocked"));
  EXPECT_EQ(get(a, "preflight.reach.ephemeral-ports-blocked").hosts, std::vector<std::string>{"node0"});
  EXPECT_FALSE(has(a, "preflight.reach.no-route"));
}

TEST(PreflightShort, SlowNeedsTheBestRoundTripAboveTheThresholdOnHalfANodesPairs) {
  // exactly at the threshold is not above it
  auto at = run(eth0_nodes(2), [](ProbeResult& p) { p.rtt_us = k_slow_rtt_us; });
  EXPECT_FALSE(has(at, "preflight.reach.slow"));
  // one slow address of a pair whose other address answers fast: the pair's best round trip is fast
  std::vector<NodeFacts> two;
  for (int r = 0; r < 2; ++r)
    two.push_back(node(r,
                       {{"eth0", "198.18.1." + std::to_string(r + 1), "physical"},
                        {"eth1", "198.18.2." + std::to_string(r + 1), "physical"}},
                       "eth0", "eth0"));
  auto best = run(two, [](ProbeResult& p) {
    if (p.target.iface == "eth1") p.rtt_us = 400'000;
  });
  EXPECT_FALSE(has(best, "preflight.reach.slow"));
  // one slow pair among four nodes: each node touches 6 pairs, 2 of them slow (under half)
  auto nodes = eth0_nodes(4);
  auto one_pair = run(nodes, [](ProbeResult& p) {
    if ((p.from == 0 && p.target.to == 1) || (p.from == 1 && p.target.to == 0)) p.rtt_us = 400'000;
  });
  EXPECT_FALSE(has(one_pair, "preflight.reach.slow"));
  // the full evidence: every pair touching node3 is slow
  auto node3 = run(nodes, [](ProbeResult& p) {
    if (p.from == 3 || p.target.to == 3) p.rtt_us = 400'000;
  });
  EXPECT_TRUE(has(node3, "preflight.reach.slow"));
}

TEST(PreflightShort, APairWithNoCandidateProbeIsNotTestedNeverUnreachable) {
  // node0's candidate listener failed to bind (or node0 offered no candidate address at all): no
  // address of node0 was tried from node1 or node2. Their MASTER_PORT probes answered. The old
  // analysis read "no candidate echo" as "no echo passed" and said node0 accepts only the job's
  // ports (or cannot be reached on any of its addresses).
  for (bool offered : {true, false}) {
    auto nodes = eth0_nodes(3);
    if (offered) {
      nodes[0].listeners.front().ok = false;
      nodes[0].listeners.front().error = "bind: Address already in use";
    } else {
      nodes[0].listeners.clear();
    }
    std::vector<ProbeResult> ps;
    for (auto& p : testing::probe_matrix(nodes, healthy))
      if (p.target.to != 0) ps.push_back(p);
    ps.push_back(job_probe(1, 0, "198.18.1.1", true));
    ps.push_back(job_probe(2, 0, "198.18.1.1", true));
    auto in = input_of(nodes, ps);
    auto a = analyze(in);
    SCOPED_TRACE(offered ? "listener failed" : "no candidate address");
    EXPECT_FALSE(has(a, "preflight.reach.no-route"));
    EXPECT_FALSE(has(a, "preflight.reach.ephemeral-ports-blocked"));
    ASSERT_TRUE(has(a, "preflight.reach.not-tested"));
    const auto& f = get(a, "preflight.reach.not-tested");
    EXPECT_EQ(f.severity, core::Severity::warning);
    EXPECT_EQ(f.hosts, std::vector<std::string>{"node0"});
    EXPECT_EQ(f.ranks, (std::vector<int>{1, 2}));
    EXPECT_NE(f.title.find("not tested"), std::string::npos) << f.title;
    ASSERT_FALSE(f.evidence.empty());
    EXPECT_NE(f.evidence.front().find(offered ? "bind: Address already in use" : "offered no candidate address"),
              std::string::npos)
        << f.evidence.front();
    EXPECT_NE(f.fix.text.find("run preflight again"), std::string::npos) << f.fix.text;
    // no finding says an untried address cannot be reached, and none of them is an error
    for (const auto& g : a.findings) {
      EXPECT_EQ(g.title.find("cannot"), std::string::npos) << g.id << ": " << g.title;
      EXPECT_NE(g.severity, core::Severity::error) << g.id << ": " << g.title;
    }
    EXPECT_EQ(a.reason.find("reach each other"), std::string::npos) << a.reason;
    // the matrix cell of each untested pair is "not tested" in the text, the JSON and the HTML
    std::map<int, NodeFacts> by_rank;
    for (const auto& n : in.nodes) by_rank[n.rank] = n;
    auto out = rank0_outcome(in, a, by_rank, {}, /*every_probe=*/true);
    ASSERT_TRUE(out.rank0.has_value());
    auto m = reach_matrix(in);
    for (int from : {1, 2}) EXPECT_EQ(m.at(from, 0).state, CellState::not_probed);
    for (const auto& c : out.json["reachability"]) {
      if (c["to"] == 0) {
        EXPECT_EQ(c["state"], "not-probed") << c.dump();
      }
    }
    std::string matrix = render_matrix(*out.rank0);
    EXPECT_NE(matrix.find("    1  -.\n"), std::string::npos) << matrix;  // row 1: blank under rank 0
    EXPECT_NE(matrix.find("blank: not tested"), std::string::npos) << matrix;
    std::string html = report::render_html_report(report_outcome(out));
    EXPECT_NE(html.find("not tested: no address of it was tried"), std::string::npos);
  }
}

// ---- nodes that never came or left ----

TEST(PreflightShort, NodeMissingNeedsTheRendezvousToListTheRank) {
  auto nodes = eth0_nodes(2);
  // one step short: WORLD is 3 and two nodes joined, but the rendezvous listed no rank as missing
  auto in = input_of(nodes, testing::probe_matrix(nodes, healthy));
  in.world = 3;
  EXPECT_FALSE(has(analyze(in), "preflight.node.missing"));
  // a rank that joined and was lost midway is lost, not missing
  auto lost = input_of(nodes, testing::probe_matrix(nodes, healthy));
  lost.lost[1] = "recv: peer closed";
  auto l = analyze(lost);
  EXPECT_FALSE(has(l, "preflight.node.missing"));
  EXPECT_TRUE(has(l, "preflight.node.lost"));
  // the full evidence
  in.missing = {2};
  auto a = analyze(in);
  ASSERT_TRUE(has(a, "preflight.node.missing"));
  EXPECT_EQ(get(a, "preflight.node.missing").ranks, std::vector<int>{2});
}

TEST(PreflightShort, NodeLostNeedsTheRendezvousToHaveLostItsConnection) {
  // one step short: nothing answers on node2, but its rendezvous connection stands: no route, not a dead node
  auto nodes = eth0_nodes(3);
  auto a = run(nodes, [](ProbeResult& p) {
    if (p.target.to == 2) unreachable_eth0(p);
  });
  EXPECT_FALSE(has(a, "preflight.node.lost"));
  EXPECT_TRUE(has(a, "preflight.reach.no-route"));
}

// ---- comparisons ----

TEST(PreflightShort, AddressDuplicateNeedsOneRoutableAddressOnTwoNodes) {
  auto nodes = eth0_nodes(2);
  // one step short: one node with the same address on two links; link-local and loopback
  // addresses present on every node (they are per host by design)
  nodes[0].entries.push_back(testing::v4("eth0.5", "198.18.1.1"));
  for (auto& n : nodes) {
    n.entries.push_back(testing::v4("eth1", "169.254.3.3"));
    n.entries.push_back(os::AddressEntry{"eth0", "eth0", os::Family::inet6, "fe80::1", 64, 2, true, true, false});
  }
  EXPECT_FALSE(has(run(nodes), "preflight.address.duplicate"));
  // the full evidence, on a docker bridge NCCL does not use: a warning about a virtual interface
  for (auto& n : nodes) {
    n.entries.push_back(testing::v4("docker0", "198.19.255.1"));
    n.ifaces["docker0"] = IfaceFacts{netif::Kind::docker, 1500, -1, true, false, 9};
  }
  auto a = run(nodes);
  ASSERT_TRUE(has(a, "preflight.address.duplicate"));
  EXPECT_EQ(get(a, "preflight.address.duplicate").severity, core::Severity::warning);
  EXPECT_EQ(get(a, "preflight.address.duplicate").label, core::Label::virtual_interface);
  // one step short of the virtual-interface cause: the same address on two physical NICs is an
  // address conflict; nothing says a virtual interface was copied
  auto physical = eth0_nodes(2);
  for (auto& n : physical) {
    n.entries.push_back(testing::v4("eth1", "198.18.7.7"));
    n.ifaces["eth1"] = IfaceFacts{netif::Kind::physical, 1500, 10000, true, false, 3};
  }
  auto p = run(physical);
  ASSERT_TRUE(has(p, "preflight.address.duplicate"));
  EXPECT_NE(get(p, "preflight.address.duplicate").label, core::Label::virtual_interface);
}

TEST(PreflightShort, ClockSkewNeedsMoreThanTwoSecondsOutsideTheJoinWindow) {
  auto nodes = eth0_nodes(2);
  auto in = input_of(nodes, testing::probe_matrix(nodes, healthy));
  // one step short: exactly 2 s either way; and a member clock 4 s ahead of the accept, read
  // during a join that took 4.7 s (the interval allows an in-sync clock)
  for (std::int64_t skew :
       {std::int64_t{2'000'000}, std::int64_t{-2'000'000}, clock_skew_us(104'000'000, 100'000'000, 104'700'000)}) {
    in.clock_skew_us[1] = skew;
    EXPECT_FALSE(has(analyze(in), "preflight.clock.skew")) << skew;
  }
  in.clock_skew_us[1] = 2'000'001;
  EXPECT_TRUE(has(analyze(in), "preflight.clock.skew"));
}

TEST(PreflightShort, MtuDiffersNeedsDifferentKnownMtusOnTheLinksNcclUses) {
  auto nodes = eth0_nodes(2);
  // one step short: a jumbo link NCCL does not use, and an MTU node1 could not read (0)
  nodes[1].entries.push_back(testing::v4("eth1", "198.18.2.2"));
  nodes[1].ifaces["eth1"] = IfaceFacts{netif::Kind::physical, 9000, 10000, true, false, 3};
  EXPECT_FALSE(has(run(nodes), "preflight.mtu.differs"));
  nodes[1].ifaces["eth0"].mtu = 0;
  EXPECT_FALSE(has(run(nodes), "preflight.mtu.differs"));
  nodes[1].ifaces["eth0"].mtu = 9000;
  EXPECT_TRUE(has(run(nodes), "preflight.mtu.differs"));
}

TEST(PreflightShort, NcclVersionMismatchIsAnErrorOnlyWithTwoVersionsFound) {
  auto nodes = eth0_nodes(2);
  // one step short: no library found anywhere, or the same version everywhere
  EXPECT_FALSE(has(run(nodes), "preflight.nccl.version-mismatch"));
  for (auto& n : nodes) n.nccl_version = "2.28.9";
  EXPECT_FALSE(has(run(nodes), "preflight.nccl.version-mismatch"));
  // a library found on one node only: said as such, a warning, no version mismatch claimed
  nodes[1].nccl_version.clear();
  auto some = run(nodes);
  ASSERT_TRUE(has(some, "preflight.nccl.version-mismatch"));
  EXPECT_EQ(get(some, "preflight.nccl.version-mismatch").severity, core::Severity::warning);
  EXPECT_EQ(get(some, "preflight.nccl.version-mismatch").title.find("differ"), std::string::npos);
  nodes[1].nccl_version = "2.21.5";
  auto both = run(nodes);
  ASSERT_TRUE(has(both, "preflight.nccl.version-mismatch"));
  EXPECT_EQ(get(both, "preflight.nccl.version-mismatch").severity, core::Severity::error);
}

TEST(PreflightShort, SettingDiffersComparesWhatNcclReadsNotTheEnvironmentAlone) {
  auto nodes = eth0_nodes(2);
  // one step short: NCCL_IB_HCA in node1's environment only, while NCCL reads the same value on
  // both (node0's from /etc/nccl.conf)
  for (auto& n : nodes) n.nccl_config["NCCL_IB_HCA"] = "mlx5_0";
  nodes[1].env["NCCL_IB_HCA"] = "mlx5_0";
  auto same = run(nodes);
  EXPECT_FALSE(has(same, "preflight.setting.differs"));
  EXPECT_FALSE(has(same, "preflight.setting.partial"));
  nodes[1].nccl_config["NCCL_IB_HCA"] = "mlx5_1";
  EXPECT_TRUE(has(run(nodes), "preflight.setting.differs"));
  nodes[1].nccl_config.erase("NCCL_IB_HCA");
  EXPECT_TRUE(has(run(nodes), "preflight.setting.partial"));
}

// ---- MASTER_ADDR ----

TEST(PreflightShort, MasterAddrLoopbackOnMasterNeedsRankZerosOwnLookupToGiveLoopback) {
  auto nodes = eth0_nodes(2);
  for (auto& n : nodes) {
    n.env["MASTER_ADDR"] = "node0";
    n.master_addr_resolves = {"198.18.1.1"};
  }
  // one step short: rank 0 resolves it to its cluster address
  EXPECT_FALSE(has(run(nodes), "preflight.master-addr.loopback-on-master"));
  // loopback on another rank is that rank's wrong MASTER_ADDR, not rank 0's
  nodes[1].master_addr_resolves = {"127.0.1.1"};
  auto other = run(nodes);
  EXPECT_FALSE(has(other, "preflight.master-addr.loopback-on-master"));
  EXPECT_TRUE(has(other, "preflight.master-addr.wrong"));
  nodes[1].master_addr_resolves = {"198.18.1.1"};
  nodes[0].master_addr_resolves = {"127.0.1.1"};
  auto a = run(nodes);
  ASSERT_TRUE(has(a, "preflight.master-addr.loopback-on-master"));
  EXPECT_EQ(get(a, "preflight.master-addr.loopback-on-master").hosts, std::vector<std::string>{"node0"});
}

TEST(PreflightShort, MasterAddrUnresolvedNeedsTheNodesOwnLookupError) {
  auto nodes = eth0_nodes(2);
  // one step short: MASTER_ADDR unset on node1 (nothing to resolve), set and resolved on node0
  nodes[0].env["MASTER_ADDR"] = "node0";
  nodes[0].master_addr_resolves = {"198.18.1.1"};
  EXPECT_FALSE(has(run(nodes), "preflight.master-addr.unresolved"));
  nodes[1].env["MASTER_ADDR"] = "node0";
  nodes[1].master_addr_error = "getaddrinfo(node0): Name or service not known";
  auto a = run(nodes);
  ASSERT_TRUE(has(a, "preflight.master-addr.unresolved"));
  EXPECT_EQ(get(a, "preflight.master-addr.unresolved").hosts, std::vector<std::string>{"node1"});
}

// ---- interface choices ----

TEST(PreflightShort, NcclNoInterfaceNeedsTheModelToFindNone) {
  auto nodes = eth0_nodes(2);
  // one step short: NCCL picks an interface nobody reaches: that choice is the finding, not "none"
  nodes[1].entries.push_back(testing::v4("eth1", "198.18.9.2"));
  nodes[1].ifaces["eth1"] = IfaceFacts{netif::Kind::physical, 1500, 10000, true, false, 3};
  nodes[1].nccl_bootstrap = nccl::Endpoint{"eth1", "198.18.9.2", "eth1"};
  nodes[1].nccl_socket = {*nodes[1].nccl_bootstrap};
  auto wrong = run(nodes);
  EXPECT_FALSE(has(wrong, "preflight.nccl.no-interface"));
  EXPECT_TRUE(has(wrong, "preflight.nccl.unreachable-interface"));
  // a world of one: no peer, no peer rule
  auto alone = nodes[1];
  alone.rank = 0;
  alone.nccl_bootstrap.reset();
  alone.nccl_socket.clear();
  EXPECT_FALSE(has(analyze(input_of({alone}, {})), "preflight.nccl.no-interface"));
  nodes[1].nccl_bootstrap.reset();
  nodes[1].nccl_socket.clear();
  nodes[1].nccl_error = "NCCL_SOCKET_IFNAME=ib0 matches no interface";
  EXPECT_TRUE(has(run(nodes), "preflight.nccl.no-interface"));
}

TEST(PreflightShort, GlooNoInterfaceNeedsTheModelToFindNone) {
  auto nodes = eth0_nodes(2);
  // one step short: a lost node's facts say Gloo found nothing, but it is not live: no claim
  nodes[1].gloo.reset();
  nodes[1].gloo_error = "GLOO_SOCKET_IFNAME=ib0: no such interface";
  auto in = input_of(nodes, testing::probe_matrix(nodes, healthy));
  in.lost[1] = "recv: peer closed";
  EXPECT_FALSE(has(analyze(in), "preflight.gloo.no-interface"));
  auto alone = nodes[1];  // a world of one: no peer, no peer rule
  alone.rank = 0;
  EXPECT_FALSE(has(analyze(input_of({alone}, {})), "preflight.gloo.no-interface"));
  EXPECT_TRUE(has(run(nodes), "preflight.gloo.no-interface"));
}

TEST(PreflightShort, GlooLoopbackNeedsGlooSocketIfnameToNameLoopback) {
  auto nodes = eth0_nodes(2);
  // one step short: the loopback device came from the hostname (another cause), or
  // GLOO_SOCKET_IFNAME names a real interface
  nodes[1].gloo = nccl::Endpoint{"lo", "127.0.1.1", "lo"};
  nodes[1].gloo_loopback = true;
  auto hostname = run(nodes);
  EXPECT_FALSE(has(hostname, "preflight.gloo.loopback"));
  EXPECT_TRUE(has(hostname, "preflight.gloo.hostname-loopback"));
  auto named = eth0_nodes(2);
  named[1].gloo_source = "GLOO_SOCKET_IFNAME";
  EXPECT_FALSE(has(run(named), "preflight.gloo.loopback"));
  nodes[1].gloo_source = "GLOO_SOCKET_IFNAME";
  nodes[1].gloo = nccl::Endpoint{"lo", "127.0.0.1", "lo"};
  EXPECT_TRUE(has(run(nodes), "preflight.gloo.loopback"));
}

// ---- address families ----

void add_link_local(NodeFacts& n) {
  n.entries.push_back(os::AddressEntry{"eth0", "eth0", os::Family::inet6, "fe80::18:" + std::to_string(n.rank + 1), 64,
                                       2, true, true, false});
}

TEST(PreflightShort, Ipv6LinkLocalOnlyNeedsANodeWithNothingElseThePeersReach) {
  // one step short: every node has fe80:: beside a routable IPv4 address the peers reached, and
  // NCCL bootstraps on fe80:: on node1: a wrong choice (its own finding), not a stranded node
  auto nodes = eth0_nodes(2);
  for (auto& n : nodes) add_link_local(n);
  EXPECT_FALSE(has(run(nodes), "preflight.ipv6.link-local-only"));
  nodes[1].nccl_bootstrap = nccl::Endpoint{"eth0", "fe80::18:2%eth0", "eth0"};
  nodes[1].nccl_socket = {*nodes[1].nccl_bootstrap};
  auto choice = run(nodes);
  EXPECT_FALSE(has(choice, "preflight.ipv6.link-local-only"));
  EXPECT_TRUE(has(choice, "preflight.nccl.unreachable-interface"));
  // the full evidence: node1 has nothing but fe80:: (its IPv4 address gone)
  std::erase_if(nodes[1].entries, [](const os::AddressEntry& e) { return e.addr == "198.18.1.2"; });
  nodes[1].listeners.clear();
  nodes[1].gloo.reset();
  EXPECT_TRUE(has(analyze(input_of(nodes, {})), "preflight.ipv6.link-local-only"));
}

TEST(PreflightShort, FamilyMismatchNeedsOneFamilyOnlyOnEachSide) {
  auto nodes = eth0_nodes(2);
  // one step short: node1 has an IPv6 ULA beside its IPv4 address; or only fe80:: beside nothing
  // routable (no routable family at all: not "IPv6 only")
  nodes[1].entries.push_back(
      os::AddressEntry{"eth0", "eth0", os::Family::inet6, "fd00:18::2", 64, 0, true, true, false});
  EXPECT_FALSE(has(run(nodes), "preflight.family.mismatch"));
  auto ll = eth0_nodes(2);
  std::erase_if(ll[1].entries, [](const os::AddressEntry& e) { return e.addr == "198.18.1.2"; });
  add_link_local(ll[1]);
  EXPECT_FALSE(has(analyze(input_of(ll, {})), "preflight.family.mismatch"));
  std::erase_if(nodes[1].entries, [](const os::AddressEntry& e) { return e.addr == "198.18.1.2"; });
  EXPECT_TRUE(has(analyze(input_of(nodes, {})), "preflight.family.mismatch"));
}

// ---- TF_CONFIG ----

TEST(PreflightShort, TfConfigClusterDiffersNeedsTwoParsedClustersThatDiffer) {
  auto nodes = eth0_nodes(2);
  // one step short: the same cluster written in another key order and spacing, each with its own
  // task; and a TF_CONFIG node1 could not parse (its own finding says so), not a different cluster
  nodes[0].env["TF_CONFIG"] =
      R"({"cluster":{"worker":["a:1","b:1"],"chief":["c:1"]},"task":{"type":"worker","index":0}})";
  nodes[1].env["TF_CONFIG"] =
      R"({"task": {"index": 1, "type": "worker"}, "cluster": {"chief": ["c:1"], "worker": ["a:1", "b:1"]}})";
  EXPECT_FALSE(has(run(nodes), "preflight.tf-config.cluster-differs"));
  auto broken = nodes;
  broken[1].env["TF_CONFIG"] = R"({"cluster": {"worker": ["a:1")";
  EXPECT_FALSE(has(run(broken), "preflight.tf-config.cluster-differs"));
  nodes[1].env["TF_CONFIG"] =
      R"({"cluster":{"worker":["b:1","a:1"],"chief":["c:1"]},"task":{"type":"worker","index":1}})";
  EXPECT_TRUE(has(run(nodes), "preflight.tf-config.cluster-differs"));
}

TEST(PreflightShort, TfConfigDuplicateTaskNeedsTwoNodesNamingTheSameTask) {
  const std::string cluster = R"("cluster":{"worker":["a:1","b:1"]})";
  auto with_tasks = [&](const std::string& t0, const std::string& t1) {
    auto nodes = eth0_nodes(2);
    nodes[0].env["TF_CONFIG"] = "{" + cluster + t0 + "}";
    nodes[1].env["TF_CONFIG"] = "{" + cluster + t1 + "}";
    return run(nodes);
  };
  // one step short: different indexes; no task on either node (neither names a task); indexes
  // written as strings, which TensorFlow reads with int(): "0" and "1" are two tasks
  EXPECT_FALSE(has(with_tasks(R"(,"task":{"type":"worker","index":0})", R"(,"task":{"type":"worker","index":1})"),
                   "preflight.tf-config.duplicate-task"));
  EXPECT_FALSE(has(with_tasks("", ""), "preflight.tf-config.duplicate-task"));
  EXPECT_FALSE(has(with_tasks(R"(,"task":{"type":"worker"})", R"(,"task":{"type":"worker"})"),
                   "preflight.tf-config.duplicate-task"));
  EXPECT_FALSE(has(with_tasks(R"(,"task":{"type":"worker","index":"0"})", R"(,"task":{"type":"worker","index":"1"})"),
                   "preflight.tf-config.duplicate-task"));
  // the full evidence: both name worker 1 ("1" is int("1") to TensorFlow)
  auto a = with_tasks(R"(,"task":{"type":"worker","index":1})", R"(,"task":{"type":"worker","index":"1"})");
  ASSERT_TRUE(has(a, "preflight.tf-config.duplicate-task"));
  EXPECT_NE(get(a, "preflight.tf-config.duplicate-task").title.find("worker[1]"), std::string::npos);
}

// ---- a node that cannot join (src/cluster/preflight.cpp) ----

TEST(PreflightShort, LaunchEnvironmentOnlyWhenTheNodesOwnAuditNamesNoError) {
  auto facts = testing::eth0_node(1, 1500, true);
  core::Error problem{core::ErrorKind::usage, "TF_CONFIG: not valid JSON at byte 12"};
  // one step short: the node's own audit has an error that names the cause: it stands first,
  // with the launcher's problem as its evidence, and no second, vaguer finding is made
  auto tf = core::new_finding("tf-config.malformed", core::Label::tf_config, core::Severity::error,
                              "TF_CONFIG is not valid JSON");
  facts.node_findings = {tf};
  auto own = launch_problem_outcome(facts, problem);
  ASSERT_FALSE(own.findings.empty());
  EXPECT_EQ(own.findings.front().id, "tf-config.malformed");
  EXPECT_TRUE(std::none_of(own.findings.begin(), own.findings.end(),
                           [](const core::Finding& f) { return f.id == "preflight.launch.environment"; }));
  // a warning does not explain why the node cannot join: the launcher's problem becomes the finding
  facts.node_findings.front().severity = core::Severity::warning;
  auto warn = launch_problem_outcome(facts, problem);
  ASSERT_FALSE(warn.findings.empty());
  EXPECT_EQ(warn.findings.front().id, "preflight.launch.environment");
  EXPECT_EQ(warn.findings.front().label, core::Label::tf_config);
}

// A stranger applied preflight's own per-host fix (GLOO_SOCKET_IFNAME=evqe0 on one node, evqf0 on
// the other) and was then warned that the value differs across nodes.
TEST(PreflightShort, InterfaceNamesThatDifferPerNodeAreNoDifferenceToReport) {
  auto nodes = eth0_nodes(2);
  nodes[0].env["GLOO_SOCKET_IFNAME"] = "eth0";
  nodes[1].env["GLOO_SOCKET_IFNAME"] = "ens5";
  nodes[0].nccl_config["NCCL_SOCKET_IFNAME"] = "=eth0";
  nodes[1].nccl_config["NCCL_SOCKET_IFNAME"] = "=ens5";
  auto each = run(nodes);
  EXPECT_FALSE(has(each, "preflight.setting.differs"));
  nodes[1].env.erase("GLOO_SOCKET_IFNAME");  // unset on one node: still compared
  EXPECT_TRUE(has(run(nodes), "preflight.setting.partial"));
}

}  // namespace
}  // namespace dd::cluster
