// The rule audit (docs/rules.md, nccl): the rules about the interface NCCL and Gloo pick here
// (nccl/judge_choice.cpp, judge_ifname.cpp, judge_gloo.cpp) that had only their positive test,
// each fed an inventory or a value one step short of what it needs (no finding), beside the
// positive case whose claim stays within what this host's interfaces and the value show.
#include <gtest/gtest.h>

#include <functional>

#include "core/strings.hpp"
#include "nccl/judged.hpp"
#include "os/fake/memory_file_tree.hpp"

namespace dd::nccl {
namespace {

using testing::judge;
using testing::Judged;

const std::string k_choice_eth = "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]";
const std::string k_two = "1:lo running [127.0.0.1/8]; 2:eth0 running [198.18.0.2/24]; 3:eth1 running [198.18.4.2/24]";

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

Judged ifname(const std::string& spec, const std::string& value) {
  return judge(spec, {{"NCCL_SOCKET_IFNAME", value}});
}

TEST(NcclShort, SelectsLoopbackNeedsTheValueToSelectLoopback) {
  auto eth = ifname(k_choice_eth, "eth0");
  EXPECT_EQ(eth.find("nccl.ifname.selects-loopback"), nullptr) << eth.ids();
  EXPECT_TRUE(eth.findings.empty()) << eth.ids();
  auto lo = ifname(k_choice_eth, "lo");
  const auto* f = lo.find("nccl.ifname.selects-loopback");
  ASSERT_NE(f, nullptr) << lo.ids();
  EXPECT_TRUE(has(f->title, "other nodes cannot reach this rank")) << f->title;  // ranks here still can
}

TEST(NcclShort, ExclusionPicksLoopbackNeedsAnExclusionThatLeavesLoopbackFirst) {
  const std::string docker =
      "1:lo running [127.0.0.1/8 ::1/128]; 2:docker0 running [198.18.1.1/24]; 3:eth0 running [198.18.0.2/24]";
  // one step short: the exclusion names lo too, so NCCL picks eth0
  auto both = ifname(docker, "^docker,lo");
  EXPECT_EQ(both.find("nccl.ifname.exclusion-picks-loopback"), nullptr) << both.ids();
  auto only = ifname(docker, "^docker");
  ASSERT_NE(only.find("nccl.ifname.exclusion-picks-loopback"), nullptr) << only.ids();
}

TEST(NcclShort, ExcludesEverythingNeedsTheExclusionToLeaveNoRunningInterface) {
  // one step short: eth0 is left
  auto lo = ifname(k_choice_eth, "^lo");
  EXPECT_EQ(lo.find("nccl.ifname.excludes-everything"), nullptr) << lo.ids();
  auto all = ifname(k_choice_eth, "^eth,lo");
  const auto* f = all.find("nccl.ifname.excludes-everything");
  ASSERT_NE(f, nullptr) << all.ids();
  EXPECT_TRUE(has(f->title, "'^eth,lo' excludes every running interface")) << f->title;
}

TEST(NcclShort, MatchesDownInterfaceNeedsTheOnlyMatchDownAndAnNcclThatSkipsIt) {
  const std::string down =
      "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 admin-down [198.18.0.2/24]; 3:eth1 running [198.18.4.2/24]";
  // one step short: the value matches a running interface
  auto up = judge(down, {{"NCCL_SOCKET_IFNAME", "=eth1"}}, "198.18.4.2");
  EXPECT_EQ(up.find("nccl.ifname.matches-down-interface"), nullptr) << up.ids();
  // one step short: NCCL before 2.28.3 does not skip a link that is not running
  auto old = judge(down, {{"NCCL_SOCKET_IFNAME", "=eth0"}}, "198.18.4.2", {}, nullptr, Version{2, 28, 2});
  EXPECT_EQ(old.find("nccl.ifname.matches-down-interface"), nullptr) << old.ids();
  auto now = judge(down, {{"NCCL_SOCKET_IFNAME", "=eth0"}}, "198.18.4.2");
  ASSERT_NE(now.find("nccl.ifname.matches-down-interface"), nullptr) << now.ids();
}

TEST(NcclShort, UnknownNameNeedsAnotherNameOfTheListToMatch) {
  auto one = ifname(k_choice_eth, "eth0");
  EXPECT_EQ(one.find("nccl.ifname.unknown-name"), nullptr) << one.ids();
  // no name matches: that is matches-nothing, an error, not this note
  auto none = ifname(k_choice_eth, "ens5");
  EXPECT_EQ(none.find("nccl.ifname.unknown-name"), nullptr) << none.ids();
  EXPECT_NE(none.find("nccl.ifname.matches-nothing"), nullptr) << none.ids();
  auto extra = ifname(k_choice_eth, "eth0,ens5");
  const auto* f = extra.find("nccl.ifname.unknown-name");
  ASSERT_NE(f, nullptr) << extra.ids();
  EXPECT_EQ(f->severity, core::Severity::info);  // NCCL uses eth0: nothing fails
  EXPECT_TRUE(has(f->title, "ens5")) << f->title;
}

TEST(NcclShort, WhitespaceNeedsASpaceInAName) {
  auto plain = ifname(k_choice_eth, "eth0");
  EXPECT_EQ(plain.find("nccl.ifname.whitespace"), nullptr) << plain.ids();
  auto spaced = ifname(k_choice_eth, "eth0 ");
  const auto* f = spaced.find("nccl.ifname.whitespace");
  ASSERT_NE(f, nullptr) << spaced.ids();
  EXPECT_EQ(f->fix.env.at("NCCL_SOCKET_IFNAME"), "eth0");
}

TEST(NcclShort, VirtualInterfaceNeedsARealDataInterfaceBesideIt) {
  // one step short: the veth is the only interface besides lo, so nothing better is there
  auto alone = judge("1:lo running [127.0.0.1/8]; 2:vethab12 running [198.18.2.1/24]", {}, "198.18.2.1");
  EXPECT_EQ(alone.find("nccl.bootstrap.virtual-interface"), nullptr) << alone.ids();
  const std::string both =
      "1:lo running [127.0.0.1/8]; 2:vethab12 running [198.18.2.1/24]; 3:eth0 running [198.18.0.2/24]";
  // one step short: NCCL_SOCKET_IFNAME steers NCCL to eth0
  auto steered = ifname(both, "eth0");
  EXPECT_EQ(steered.find("nccl.bootstrap.virtual-interface"), nullptr) << steered.ids();
  auto automatic = judge(both, {});
  const auto* f = automatic.find("nccl.bootstrap.virtual-interface");
  ASSERT_NE(f, nullptr) << automatic.ids();
  EXPECT_EQ(f->severity, core::Severity::warning);  // the veth may reach the peers: not an error
}

TEST(NcclShort, VpnAndLibvirtNeedNcclToPickThatLink) {
  const std::string vpn = "1:lo running [127.0.0.1/8]; 2:tun0 running [198.18.5.1/24]; 3:eth0 running [198.18.0.2/24]";
  auto steered = ifname(vpn, "eth0");
  EXPECT_EQ(steered.find("nccl.bootstrap.vpn-interface"), nullptr) << steered.ids();
  auto tunnel = ifname(vpn, "tun0");
  const auto* v = tunnel.find("nccl.bootstrap.vpn-interface");
  ASSERT_NE(v, nullptr) << tunnel.ids();
  EXPECT_EQ(v->severity, core::Severity::warning);
  const std::string virbr =
      "1:lo running [127.0.0.1/8]; 2:virbr0 running [192.168.122.1/24]; 3:eth0 running [198.18.0.2/24]";
  auto eth = ifname(virbr, "eth0");
  EXPECT_EQ(eth.find("nccl.bootstrap.libvirt-bridge"), nullptr) << eth.ids();
  auto bridge = ifname(virbr, "virbr0");
  ASSERT_NE(bridge.find("nccl.bootstrap.libvirt-bridge"), nullptr) << bridge.ids();
}

TEST(NcclShort, Ipv4LinkLocalNeedsTheChosenAddressIn169254) {
  auto routable = judge(k_choice_eth, {});
  EXPECT_EQ(routable.find("nccl.bootstrap.ipv4-link-local"), nullptr) << routable.ids();
  auto local = judge("1:lo running [127.0.0.1/8]; 2:eth0 running [169.254.3.4/16]", {}, "169.254.3.4");
  const auto* f = local.find("nccl.bootstrap.ipv4-link-local");
  ASSERT_NE(f, nullptr) << local.ids();
  EXPECT_EQ(f->severity, core::Severity::warning);  // the peers may share the link
}

TEST(NcclShort, SlowerThanAvailableNeedsBothSpeedsKnownAndTheOtherFaster) {
  const std::string two =
      "1:lo running [127.0.0.1/8]; 2:eno1 running [198.18.0.2/24]; 3:ens1f0 running [198.18.4.2/24]";
  // one step short: speeds not read, or the same
  auto unknown = judge(two, {});
  EXPECT_EQ(unknown.find("nccl.socket.slower-than-available"), nullptr) << unknown.ids();
  auto same = judge(two, {}, "198.18.0.2", {{"eno1", 100000}, {"ens1f0", 100000}});
  EXPECT_EQ(same.find("nccl.socket.slower-than-available"), nullptr) << same.ids();
  auto slower = judge(two, {}, "198.18.0.2", {{"eno1", 1000}, {"ens1f0", 100000}});
  ASSERT_NE(slower.find("nccl.socket.slower-than-available"), nullptr) << slower.ids();
}

TEST(NcclShort, FamilyNoAddressNeedsTheFamilyToLeaveNoAddress) {
  auto inet = judge(k_choice_eth, {{"NCCL_SOCKET_FAMILY", "AF_INET"}});
  EXPECT_EQ(inet.find("nccl.family.no-address"), nullptr) << inet.ids();
  auto inet6 = judge(k_choice_eth, {{"NCCL_SOCKET_FAMILY", "AF_INET6"}});
  ASSERT_NE(inet6.find("nccl.family.no-address"), nullptr) << inet6.ids();
}

TEST(NcclShort, GlooIfnameUnknownNeedsANameNoInterfaceHas) {
  auto eth = judge(k_choice_eth, {{"GLOO_SOCKET_IFNAME", "eth0"}});
  EXPECT_EQ(eth.find("gloo.ifname.unknown"), nullptr) << eth.ids();
  auto prefix = judge(k_choice_eth, {{"GLOO_SOCKET_IFNAME", "eth"}});  // Gloo takes exact names, not NCCL's prefixes
  ASSERT_NE(prefix.find("gloo.ifname.unknown"), nullptr) << prefix.ids();
}

TEST(NcclShort, GlooInterfaceMismatchNeedsNcclAndGlooOnDifferentLinks) {
  // one step short: Gloo steered to NCCL's link, or NCCL left on the host name's link
  auto same = judge(k_two, {{"NCCL_SOCKET_IFNAME", "=eth1"}, {"GLOO_SOCKET_IFNAME", "eth1"}});
  EXPECT_EQ(same.find("nccl.gloo.interface-mismatch"), nullptr) << same.ids();
  auto host = judge(k_two, {{"NCCL_SOCKET_IFNAME", "=eth0"}});
  EXPECT_EQ(host.find("nccl.gloo.interface-mismatch"), nullptr) << host.ids();
  auto apart = judge(k_two, {{"NCCL_SOCKET_IFNAME", "=eth1"}});
  const auto* f = apart.find("nccl.gloo.interface-mismatch");
  ASSERT_NE(f, nullptr) << apart.ids();
  EXPECT_EQ(f->severity, core::Severity::warning);  // two links that may both reach the peers
}

TEST(NcclShort, InterfaceNoneNeedsNoRunningInterfaceWithAnAddress) {
  // one step short: only lo runs: NCCL bootstraps there (nccl.bootstrap.loopback), it does not fail
  auto lo = judge("1:lo running [127.0.0.1/8]; 2:eth0 no-carrier [198.18.0.2/24]", {}, "198.18.0.2");
  EXPECT_EQ(lo.find("nccl.interface.none"), nullptr) << lo.ids();
  auto none = judge("1:lo admin-down [127.0.0.1/8]; 2:eth0 no-carrier [198.18.0.2/24]", {}, "198.18.0.2");
  const auto* f = none.find("nccl.interface.none");
  ASSERT_NE(f, nullptr) << none.ids();
  EXPECT_TRUE(has(core::join(f->evidence, "\n"), "eth0")) << core::join(f->evidence, "\n");  // what is down, named
}

TEST(NcclShort, DockerDefaultAndLinkLocalNeedThatAddressChosen) {
  // one step short of docker-default-address: a Docker bridge with another address is the bridge rule
  auto other =
      ifname("1:lo running [127.0.0.1/8]; 2:docker0 running [198.18.1.1/24]; 3:eth0 running [198.18.0.2/24]", "docker");
  EXPECT_EQ(other.find("nccl.bootstrap.docker-default-address"), nullptr) << other.ids();
  EXPECT_NE(other.find("nccl.bootstrap.docker-interface"), nullptr) << other.ids();
  auto dflt =
      ifname("1:lo running [127.0.0.1/8]; 2:docker0 running [172.17.0.1/16]; 3:eth0 running [198.18.0.2/24]", "docker");
  ASSERT_NE(dflt.find("nccl.bootstrap.docker-default-address"), nullptr) << dflt.ids();
  // one step short of ipv6-link-local: the same IPoIB port beside eth0, NCCL steered to eth0
  const std::string ipoib = "1:lo running [127.0.0.1/8]; 2:eth0 running [198.18.0.2/24]; 3:ib0 running [fe80::18:3/64]";
  auto steered = ifname(ipoib, "eth0");
  EXPECT_EQ(steered.find("nccl.bootstrap.ipv6-link-local"), nullptr) << steered.ids();
  auto automatic = judge(ipoib, {});
  ASSERT_NE(automatic.find("nccl.bootstrap.ipv6-link-local"), nullptr) << automatic.ids();
}

TEST(NcclShort, CommIdInvalidNeedsAValueNcclCannotParse) {
  auto ok = judge(k_two, {{"NCCL_COMM_ID", "[fd00:18::9]:29500"}});
  EXPECT_EQ(ok.find("nccl.comm-id.invalid"), nullptr) << ok.ids();
  auto open = judge(k_two, {{"NCCL_COMM_ID", "[198.18.0.9:29500"}});
  ASSERT_NE(open.find("nccl.comm-id.invalid"), nullptr) << open.ids();
}

TEST(NcclShort, GlooIpv6LinkLocalNeedsGlooOnAnFe80Address) {
  const std::string ipoib = "1:lo running [127.0.0.1/8]; 2:eth0 running [198.18.0.2/24]; 3:ib0 running [fe80::18:3/64]";
  auto eth = judge(ipoib, {{"GLOO_SOCKET_IFNAME", "eth0"}});
  EXPECT_EQ(eth.find("gloo.ipv6-link-local"), nullptr) << eth.ids();
  auto ib = judge(ipoib, {{"GLOO_SOCKET_IFNAME", "ib0"}});
  const auto* f = ib.find("gloo.ipv6-link-local");
  ASSERT_NE(f, nullptr) << ib.ids();
  EXPECT_EQ(f->severity, core::Severity::warning);  // peers on the same link can still connect
}

TEST(NcclShort, SocketIncludesLoopbackNeedsLoopbackBesideAnotherDevice) {
  const std::string eth_first = "1:eth0 running [198.18.0.2/24]; 2:lo running [127.0.0.1/8]";
  auto eth = ifname(eth_first, "eth0");
  EXPECT_EQ(eth.find("nccl.socket.includes-loopback"), nullptr) << eth.ids();
  auto both = ifname(eth_first, "eth0,lo");
  const auto* f = both.find("nccl.socket.includes-loopback");
  ASSERT_NE(f, nullptr) << both.ids();
  EXPECT_EQ(f->severity, core::Severity::warning);
}

TEST(NcclShort, CommIdRulesNeedAValueOrLinkNcclCannotBootstrapOnAsMeant) {
  auto comm = [](const std::string& spec, std::map<std::string, std::string> env) {
    auto j = judge(spec, std::move(env));
    std::vector<std::string> out;
    for (const auto& f : j.findings) {
      if (f.id.rfind("nccl.comm-id.", 0) == 0) out.push_back(f.id);
    }
    return out;
  };
  using Ids = std::vector<std::string>;
  // one step short of every comm-id rule: a numeric address with a port on a running link's subnet
  EXPECT_EQ(comm(k_two, {{"NCCL_COMM_ID", "198.18.0.9:29500"}}), Ids{});
  EXPECT_EQ(comm(k_two, {{"NCCL_COMM_ID", "x"}}), Ids{"nccl.comm-id.empty"});
  EXPECT_EQ(comm(k_two, {{"NCCL_COMM_ID", "198.19.7.7:29500"}}), Ids{"nccl.comm-id.no-subnet"});
  EXPECT_EQ(comm(k_two, {{"NCCL_COMM_ID", "127.0.0.1:29500"}}), Ids{"nccl.comm-id.loopback"});
  // the subnet's link not running: NCCL bootstraps there all the same (a warning, not "cannot")
  const std::string down =
      "1:lo running [127.0.0.1/8]; 2:eth0 running [198.18.0.2/24]; 3:eth1 no-carrier [198.18.4.2/24]";
  EXPECT_EQ(comm(down, {{"NCCL_COMM_ID", "198.18.4.9:29500"}}), Ids{"nccl.comm-id.down-interface"});
  // NCCL_SOCKET_IFNAME naming the same link as the COMM_ID's subnet: nothing overridden
  EXPECT_EQ(comm(k_two, {{"NCCL_COMM_ID", "198.18.0.9:29500"}, {"NCCL_SOCKET_IFNAME", "=eth0"}}), Ids{});
  EXPECT_EQ(comm(k_two, {{"NCCL_COMM_ID", "198.18.0.9:29500"}, {"NCCL_SOCKET_IFNAME", "=eth1"}}),
            Ids{"nccl.comm-id.overrides-ifname"});
}

TEST(NcclShort, ConfigFileRulesNeedWhatNcclKeepsVerbatimOrAFileItNamedAndCannotRead) {
  auto config = [](const std::string& text, std::map<std::string, std::string> env = {}) {
    os::fake::MemoryFileTree tree;
    tree.file("/etc/nccl.conf", text);
    return judge(k_choice_eth, std::move(env), "198.18.0.2", {}, &tree);
  };
  // one step short: plain KEY=VALUE lines, NCCL's own form
  auto plain = config("NCCL_DEBUG=INFO\nNCCL_IB_DISABLE=1\n");
  EXPECT_EQ(plain.find("nccl.conf.malformed-line"), nullptr) << plain.ids();
  EXPECT_EQ(plain.find("nccl.conf.verbatim-value"), nullptr) << plain.ids();
  auto exported = config("export NCCL_DEBUG=INFO\n");
  ASSERT_NE(exported.find("nccl.conf.malformed-line"), nullptr) << exported.ids();
  auto quoted = config("NCCL_DEBUG=\"INFO\"\n");
  ASSERT_NE(quoted.find("nccl.conf.verbatim-value"), nullptr) << quoted.ids();
  // the same quotes from the environment: no file keeps them, no file rule fires
  auto env = judge(k_choice_eth, {{"NCCL_DEBUG", "\"INFO\""}});
  EXPECT_EQ(env.find("nccl.conf.verbatim-value"), nullptr) << env.ids();
  // one step short of nccl.conf.unreadable: the file NCCL_CONF_FILE names is there
  auto named = config("NCCL_DEBUG=INFO\n", {{"NCCL_CONF_FILE", "/etc/nccl.conf"}});
  EXPECT_EQ(named.find("nccl.conf.unreadable"), nullptr) << named.ids();
  auto missing = config("NCCL_DEBUG=INFO\n", {{"NCCL_CONF_FILE", "/nope.conf"}});
  const auto* f = missing.find("nccl.conf.unreadable");
  ASSERT_NE(f, nullptr) << missing.ids();
  EXPECT_EQ(f->severity, core::Severity::warning);
}

// Gloo without GLOO_SOCKET_IFNAME takes the first address of the host name that bind() accepts;
// only when none is accepted does it fall back to 127.0.0.1.
Judged gloo_with(const std::function<void(os::fake::FakeResolver&)>& setup) {
  Judged j;
  j.inventory = testing::make_inventory(k_choice_eth, {});
  os::fake::FakeResolver resolver("node0");
  setup(resolver);
  os::Environment environment(std::map<std::string, std::string>{});
  os::fake::MemoryFileTree empty;
  j.config = load_config(environment, empty, "/root");
  j.prediction = predict(j.inventory.entries, j.config, k_default_version, resolver);
  j.gloo = predict_gloo(j.inventory.entries, environment, resolver);
  j.findings = judge_prediction(j.inventory, j.prediction, j.gloo, j.config, k_default_version);
  return j;
}

TEST(NcclShort, GlooHostnameUnresolvableNeedsNoAddressOfTheNameThatBindAccepts) {
  // one step short: the first address is stale (another machine's), the second binds here
  auto second =
      gloo_with([](auto& r) { r.add("node0", "198.18.7.7").add("node0", "198.18.0.2").bindable("198.18.0.2"); });
  EXPECT_EQ(second.find("gloo.hostname-unresolvable"), nullptr) << second.ids();
  EXPECT_EQ(second.find("gloo.hostname-loopback"), nullptr) << second.ids();
  ASSERT_TRUE(second.gloo.device.has_value());
  EXPECT_EQ(second.gloo.device->iface, "eth0");

  // the name resolves, but only to an address no interface here holds: Gloo falls back to loopback
  auto stale = gloo_with([](auto& r) { r.add("node0", "198.18.7.7"); });
  const auto* f = stale.find("gloo.hostname-unresolvable");
  ASSERT_NE(f, nullptr) << stale.ids();
  EXPECT_TRUE(has(f->title, "'node0' gives no bindable address")) << f->title;
  EXPECT_EQ(f->fix.env.at("GLOO_SOCKET_IFNAME"), "eth0");

  // the name does not resolve at all: the same fallback, the same finding
  auto none = gloo_with([](auto&) {});
  ASSERT_NE(none.find("gloo.hostname-unresolvable"), nullptr) << none.ids();
}

}  // namespace
}  // namespace dd::nccl
