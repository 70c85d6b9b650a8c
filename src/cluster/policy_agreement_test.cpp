// `check` and `preflight` follow one interface ranking policy (netif/preference.hpp): on every
// scenario fixture of the NCCL model tests and on a few layouts that mix kinds and speeds, the
// interface `check` recommends (netif::best_interface, as the NCCL judge calls it) is the one preflight's analysis
// chooses for that node when every peer reached all of its routable addresses.
#include <gtest/gtest.h>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_test_util.hpp"
#include "cluster/preflight.hpp"
#include "nccl/judge_test_util.hpp"
#include "netif/preference.hpp"

namespace dd::cluster {
namespace {

NodeFacts facts_of(const netif::Inventory& inv, int rank, const std::string& host) {
  NodeFacts f;
  f.rank = rank;
  f.host = host;
  f.model_version = "2.28.9";
  f.entries = inv.entries;
  for (const auto& i : inv.interfaces)
    f.ifaces[i.name] = IfaceFacts{i.kind, i.mtu, i.speed_mbps.value_or(-1), i.running, !i.master.empty(), i.ifindex};
  for (const auto& addr : candidate_addresses(inv.entries)) {
    Listener l;
    l.spec = ListenSpec{addr, 0, 0, iface_of(f, addr), "candidate"};
    l.port = 40000;
    l.ok = true;
    f.listeners.push_back(l);
  }
  return f;
}

// Rank 0 has the fixture; rank 1 a plain eth0; every probe in both directions succeeds.
std::optional<std::string> preflight_choice(const netif::Inventory& inv) {
  auto peer = nccl::testing::make_inventory("1:lo running [127.0.0.1/8]; 2:eth0 running [198.19.200.2/24]");
  AnalysisInput in;
  in.world = 2;
  in.nodes = {facts_of(inv, 0, "fixture"), facts_of(peer, 1, "peer")};
  in.probed = {0, 1};
  in.probes = testing::probe_matrix(in.nodes, [](ProbeResult&) {});
  auto a = analyze(in);
  auto it = a.recommendation.chosen.find("fixture");
  if (it == a.recommendation.chosen.end()) return std::nullopt;
  return it->second;
}

TEST(PolicyAgreement, CheckAndPreflightChooseTheSameInterfaceOnEveryFixture) {
  int compared = 0, with_choice = 0;
  for (const auto& [name, spec] : nccl::testing::scenario_legend()) {
    auto inv = nccl::testing::make_inventory(spec);
    auto check = netif::best_interface(inv);
    EXPECT_EQ(preflight_choice(inv), check) << "fixture " << name << ": " << spec;
    ++compared;
    with_choice += check.has_value();
  }
  EXPECT_GT(compared, 30);
  EXPECT_GT(with_choice, 20);  // the fixtures exercise real choices, not only "none"
}

struct Layout {
  std::string spec;
  std::map<std::string, netif::Kind> kinds;
  std::map<std::string, std::int64_t> speeds;
  std::set<std::string> enslaved;
  std::string expected;
};

TEST(PolicyAgreement, KindsAndSpeedsRankTheSame) {
  using K = netif::Kind;
  const std::vector<Layout> layouts = {
      // bridge vs veth vs vlan: the two policies used to disagree here
      {"1:lo running [127.0.0.1/8]; 2:veth0 running [198.18.2.1/24]; 3:br0 running [198.18.3.1/24]; "
       "4:eth0.100 running [198.18.4.1/24]",
       {{"veth0", K::veth}, {"br0", K::bridge}, {"eth0.100", K::vlan}},
       {},
       {},
       "eth0.100"},
      {"1:lo running [127.0.0.1/8]; 2:veth0 running [198.18.2.1/24]; 3:br0 running [198.18.3.1/24]",
       {{"veth0", K::veth}, {"br0", K::bridge}},
       {},
       {},
       "br0"},
      // an enslaved veth is a bridge port: never; an unenslaved one is a container's eth0
      {"1:lo running [127.0.0.1/8]; 2:veth1 running [198.18.2.1/24]; 3:veth2 running [198.18.3.1/24]",
       {{"veth1", K::veth}, {"veth2", K::veth}},
       {},
       {"veth1"},
       "veth2"},
      // faster wins within a class; IPoIB before everything
      {"1:lo running [127.0.0.1/8]; 2:eth0 running [198.18.2.1/24]; 3:eth1 running [198.18.3.1/24]",
       {},
       {{"eth0", 10000}, {"eth1", 100000}},
       {},
       "eth1"},
      {"1:lo running [127.0.0.1/8]; 2:eth0 running [198.18.2.1/24]; 3:ib0 running [198.18.3.1/24]",
       {},
       {{"eth0", 400000}, {"ib0", 100000}},
       {},
       "ib0"},
      // dummy and vpn are never recommended
      {"1:lo running [127.0.0.1/8]; 2:dummy0 running [198.18.2.1/24]; 3:wg0 running [198.18.3.1/24]",
       {{"dummy0", K::dummy}, {"wg0", K::vpn}},
       {},
       {},
       ""},
  };
  for (const auto& l : layouts) {
    auto inv = nccl::testing::make_inventory(l.spec, l.speeds);
    for (auto& i : inv.interfaces) {
      if (auto k = l.kinds.find(i.name); k != l.kinds.end()) i.kind = k->second;
      if (l.enslaved.count(i.name)) i.master = "br9";
    }
    auto check = netif::best_interface(inv);
    EXPECT_EQ(check.value_or(""), l.expected) << l.spec;
    EXPECT_EQ(preflight_choice(inv), check) << l.spec;
  }
}

}  // namespace
}  // namespace dd::cluster
