// Golden tests of preflight's text output (tests/data/golden_text/preflight_*.txt): the fix block,
// the reachability matrix and the node table, rendered from a real analysis of a 4-node world
// (rank 3 never joined; node2's eth0 is an MTU black hole from node1; node1 picks an isolated eth1).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/preflight.hpp"
#include "cluster/render_text.hpp"
#include "report/golden_text.hpp"
#include "report/json.hpp"

namespace dd::cluster {
namespace {

NodeFacts node(int rank, const std::vector<std::pair<std::string, std::string>>& links, const std::string& nccl) {
  NodeFacts f;
  f.rank = rank;
  f.host = "node" + std::to_string(rank);
  f.model_version = "2.28.9";
  f.nccl_version = "2.28.9";
  f.entries.push_back(os::AddressEntry{"lo", "lo", os::Family::inet, "127.0.0.1", 8, 0, true, true, true});
  f.ifaces["lo"] = IfaceFacts{netif::Kind::loopback, 65536, -1, true, false, 1};
  int ifindex = 2;
  for (const auto& [name, addr] : links) {
    f.entries.push_back(os::AddressEntry{name, name, os::Family::inet, addr, 24, 0, true, true, false});
    f.ifaces[name] = IfaceFacts{netif::Kind::physical, 1500, 25000, true, false, ifindex++};
    Listener l;
    l.spec = ListenSpec{addr, 0, 0, name, "candidate"};
    l.port = 41000 + rank;
    l.ok = true;
    f.listeners.push_back(l);
    if (name == nccl) f.nccl_bootstrap = nccl::Endpoint{name, addr, name};
  }
  if (f.nccl_bootstrap) f.nccl_socket = {*f.nccl_bootstrap};
  f.gloo = f.nccl_bootstrap;
  f.gloo_source = "hostname";
  return f;
}

AnalysisInput cluster_of_four() {
  AnalysisInput in;
  in.world = 4;
  in.rendezvous = "198.18.1.1:29401";
  in.rendezvous_port = 29401;
  in.nodes = {node(0, {{"eth0", "198.18.1.1"}}, "eth0"),
              node(1, {{"eth0", "198.18.1.2"}, {"eth1", "198.18.100.2"}}, "eth1"),
              node(2, {{"eth0", "198.18.1.3"}}, "eth0")};
  in.nodes[1].nccl_config["NCCL_SOCKET_IFNAME"] = "eth1";
  in.missing = {3};
  in.probed = {0, 1, 2};
  in.probes = testing::probe_matrix(in.nodes, [](ProbeResult& p) {
    if (p.target.iface == "eth1") {  // the isolated network answers nobody
      p.ok = p.bulk_ok = false;
      p.stage = "connect";
      p.failure = "timeout";
      p.error = "connect 198.18.100.2: timeout";
      p.bytes_acked = 0;
    } else if (p.from == 1 && p.target.to == 2) {  // echo passes, full-size segments vanish
      p.bulk_ok = false;
      p.stage = "bulk";
      p.failure = "timeout";
      p.error = "bulk: timeout after 12 KiB";
      p.bytes_acked = 12 * 1024;
    }
  });
  return in;
}

PreflightOutcome rank0_outcome() {
  AnalysisInput in = cluster_of_four();
  Analysis a = analyze(in);
  std::map<int, NodeFacts> nodes;
  for (const auto& n : in.nodes) nodes[n.rank] = n;
  return rank0_outcome(in, a, nodes, {});
}

TEST(PreflightText, Rank0ShowsFixMatrixNodeTableAndFindings) {
  auto out = rank0_outcome();
  std::string text = render_text(out, report::Style(false));
  report::testing::expect_golden("preflight_rank0", text);
  // the parts the golden file must keep, stated once more so a careless update shows
  EXPECT_NE(text.find("preflight: WILL HANG"), std::string::npos);
  EXPECT_NE(text.find("    export NCCL_SOCKET_IFNAME="), std::string::npos);
  EXPECT_NE(text.find("    1 .-M?"), std::string::npos) << text;     // row of rank 1: to rank 2 bulk lost
  EXPECT_NE(text.find("    3 \?\?\?-"), std::string::npos) << text;  // the missing rank
  EXPECT_NE(text.find("never joined"), std::string::npos);
}

TEST(PreflightText, NodeTableHasOneRowPerRankWhenARankWasLostMidway) {
  // clusters-2026-12-06f p4: rank 2's facts came, then its connection was lost: its row once,
  // the loss under it (not a second row for rank 2)
  AnalysisInput in = cluster_of_four();
  in.lost[2] = "recv [::ffff:198.18.1.3]:54940: Connection reset by peer (ECONNRESET)";
  Analysis a = analyze(in);
  std::map<int, NodeFacts> nodes;
  for (const auto& n : in.nodes) nodes[n.rank] = n;
  std::string text = render_text(rank0_outcome(in, a, nodes, {}), report::Style(false));
  auto table = text.substr(text.find("\nnodes\n"));
  table = table.substr(0, table.find("\n\n"));
  int rows_of_two = 0;
  for (std::size_t at = 0; (at = table.find("\n     2 ", at)) != std::string::npos; ++at) ++rows_of_two;
  EXPECT_EQ(rows_of_two, 1) << table;
  EXPECT_NE(table.find("     2 node2 "), std::string::npos) << table;
  EXPECT_NE(table.find("lost midway: recv [::ffff:198.18.1.3]:54940: Connection reset by peer"), std::string::npos)
      << table;
  // one step short: a rank lost before its facts came has only the loss: its own row, once
  in.nodes.pop_back();
  in.probes.clear();
  Analysis b = analyze(in);
  nodes.erase(2);
  std::string text_b = render_text(rank0_outcome(in, b, nodes, {}), report::Style(false));
  EXPECT_NE(text_b.find("     2                  lost: recv"), std::string::npos) << text_b;
}

TEST(PreflightText, MatrixMarksEveryCellKind) {
  auto out = rank0_outcome();
  ASSERT_TRUE(out.rank0.has_value());
  EXPECT_EQ(render_matrix(*out.rank0),
            "      0123  <- to rank (mod 10)\n"
            "    0 -x.?\n"
            "    1 .-M?\n"
            "    2 .x-?\n"
            "    3 \?\?\?-\n"
            "      . all addresses ok  x some failed  X none answered  M bulk lost (MTU)  s slow (best round "
            "trip above 100 ms)  ? absent\n");
}

// An empty recommendation value unsets the variable, in the fix block as everywhere.
TEST(PreflightText, FixBlockUnsetsAnEmptyValue) {
  auto out = rank0_outcome();
  out.fix.env = {{"NCCL_SOCKET_IFNAME", "=eth0"}, {"NCCL_COMM_ID", ""}};
  out.fix.per_host = {{"node1", {{"GLOO_SOCKET_IFNAME", "eth0"}}}};
  std::string text = render_text(out, report::Style(false));
  EXPECT_NE(text.find("  on every node:\n    unset NCCL_COMM_ID\n    export NCCL_SOCKET_IFNAME==eth0\n"
                      "  on node1:\n    export GLOO_SOCKET_IFNAME=eth0\n"),
            std::string::npos)
      << text;
}

TEST(PreflightText, MemberShowsRankZerosFindings) {
  PreflightOutcome out;
  out.rank = 1;
  out.world = 2;
  out.host = "node1";
  out.verdict = "WILL HANG";
  out.reason = "NCCL will use eth1 (physical), which the other nodes cannot reach";
  out.rank0_findings = {core::new_finding("preflight.nccl.unreachable-interface", core::Label::interface_mismatch,
                                          core::Severity::error, out.reason)};
  out.fix.env = {{"NCCL_SOCKET_IFNAME", "=eth0"}};
  report::testing::expect_golden("preflight_member", render_text(out, report::Style(false)));
}

// A member decodes rank 0's verdict message (findings, its host's share of the fix) into the typed
// outcome the text is drawn from; values of the wrong type are dropped, not trusted.
TEST(PreflightText, MemberOutcomeDecodesRankZerosVerdict) {
  auto a = analyze(cluster_of_four());
  nlohmann::json verdict = {{"verdict", "WILL HANG"},
                            {"reason", a.reason},
                            {"exit_code", 1},
                            {"findings", report::to_json(a.findings)},
                            {"recommendation",
                             {{"env", {{"NCCL_SOCKET_IFNAME", "=eth0"}, {"BAD", 3}}},
                              {"per_host", {{"node1", {{"GLOO_SOCKET_IFNAME", "eth0"}}}}}}}};
  PreflightOptions o;
  o.launch.world = 4;
  NodeFacts me;
  me.rank = 1;
  me.host = "node1";
  auto out = member_outcome(o, me, verdict);
  EXPECT_EQ(out.verdict, "WILL HANG");
  EXPECT_EQ(out.exit_code, 1);
  EXPECT_FALSE(out.rank0.has_value());
  ASSERT_EQ(out.rank0_findings.size(), a.findings.size());
  EXPECT_EQ(out.rank0_findings.front().id, a.findings.front().id);
  EXPECT_EQ(out.fix.env, (std::map<std::string, std::string>{{"NCCL_SOCKET_IFNAME", "=eth0"}}));
  EXPECT_EQ(out.fix.per_host.at("node1").at("GLOO_SOCKET_IFNAME"), "eth0");
  EXPECT_EQ(json_of(out)["findings"], report::to_json(a.findings));  // as rank 0 sent them
  std::string text = render_text(out, report::Style(false));
  EXPECT_NE(text.find("  rank 1 of 4 on node1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  on node1:\n    export GLOO_SOCKET_IFNAME=eth0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("findings (from rank 0)\n  error ["), std::string::npos) << text;
  EXPECT_EQ(text.find("reachability"), std::string::npos) << text;  // rank 0 prints the matrix
  // With a finding of its own (the token warning), rank 0's list still follows and
  // the count says where the verdict's findings are, not a bare "0 errors" under WILL HANG.
  out.findings.push_back(core::new_finding("preflight.token.guessable", core::Label::other, core::Severity::warning,
                                           "the job token is guessable"));
  text = render_text(out, report::Style(false));
  EXPECT_NE(text.find("findings (this node)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("findings (from rank 0)\n  error ["), std::string::npos) << text;
  EXPECT_NE(text.find(fmt::format("{} finding(s) at rank 0", a.findings.size())), std::string::npos) << text;
}

// The plan block of a sparse plan: coverage, seed, and what it cannot see, from the typed plan.
TEST(PreflightText, SparsePlanSaysWhatItCoversAndCannotSee) {
  auto out = rank0_outcome();
  PlanOptions po;
  po.full_mesh_max = 2;
  po.random_peers = 1;
  po.seed = 7;
  out.rank0->plan = make_peer_plan({0, 1, 2}, po);
  out.rank0->full_bulk = 512 * 1024;
  out.rank0->light_bulk = 6 * 1024;
  std::string plan = render_plan(*out.rank0);
  EXPECT_NE(plan.find("probe plan sparse: "), std::string::npos) << plan;
  EXPECT_NE(plan.find("full 512 KiB transfer on"), std::string::npos) << plan;
  EXPECT_NE(plan.find("6 KiB on the others"), std::string::npos) << plan;
  EXPECT_NE(plan.find("(seed 7)"), std::string::npos) << plan;
  EXPECT_NE(plan.find("--seed 7 repeats this plan"), std::string::npos) << plan;
  EXPECT_EQ(render_plan(Rank0View{}), "");
}

}  // namespace
}  // namespace dd::cluster
