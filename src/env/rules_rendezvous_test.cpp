// MASTER_ADDR rules with a fake resolver: the 127.0.1.1 hostname trap, names that do not resolve,
// and the master whose MASTER_ADDR is not one of its own addresses.
#include <gtest/gtest.h>

#include "env/audit_test_util.hpp"

namespace dd::env {
namespace {

using test::audit_of;
using test::find_id;
using test::Scenario;

os::fake::FakeResolver resolver() {
  os::fake::FakeResolver r("node0");
  r.add("node0", "127.0.1.1").add("node0", "198.18.0.1").add("node9", "198.18.0.9").add("localhost", "127.0.0.1");
  return r;
}

TEST(EnvRendezvous, HostnameMappedToLoopbackInAMultiNodeJobIsAnError) {
  auto r = resolver();
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "node0"}, {"NNODES", "2"}, {"RANK", "3"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.loopback");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->label, core::Label::hostname_resolution);
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_EQ(f->evidence.at(1), "MASTER_ADDR=node0 resolves to 127.0.1.1, 198.18.0.1 (getaddrinfo order)");
  EXPECT_TRUE(f->fix.env.empty());  // not the master: this host cannot know the master's address
  EXPECT_EQ(r.lookups, std::vector<std::string>{"node0"});
  // what this host resolves says nothing of the others: only nodes resolving it the same way fail
  EXPECT_EQ(f->title,
            "MASTER_ADDR=node0 resolves to a loopback address (127.0.1.1) on this host; nodes that resolve it the same "
            "way cannot reach rank 0");
}

TEST(EnvRendezvous, OnTheMasterTheFixNamesItsOnlyRoutableAddress) {
  auto r = resolver();
  auto fs = audit_of(
      Scenario{{{"MASTER_ADDR", "localhost"}, {"WORLD_SIZE", "16"}, {"LOCAL_WORLD_SIZE", "8"}, {"RANK", "0"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.loopback");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "198.18.0.1"}}));
  // never advice to remap localhost (it breaks the machine), nor a made-up 127.0.1.1
  EXPECT_EQ(f->fix.text.find("/etc/hosts"), std::string::npos) << f->fix.text;
  EXPECT_EQ(f->fix.text.find("127.0.1.1"), std::string::npos) << f->fix.text;
}

TEST(EnvRendezvous, LoopbackLiteralFixNeverSaysToRemapIt) {
  auto r = resolver();
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "127.0.0.1"}, {"WORLD_SIZE", "16"}, {"LOCAL_WORLD_SIZE", "8"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.loopback");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->fix.text.find("/etc/hosts"), std::string::npos) << f->fix.text;
  EXPECT_NE(f->fix.text.find("routable address"), std::string::npos) << f->fix.text;
}

TEST(EnvRendezvous, HostnameOnLoopbackFixNamesTheAddressItResolvedTo) {
  auto r = resolver();
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "node0"}, {"NNODES", "2"}, {"RANK", "3"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.loopback");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_NE(f->fix.text.find("maps node0 to 127.0.1.1"), std::string::npos) << f->fix.text;
  EXPECT_NE(f->fix.text.find("leave localhost"), std::string::npos) << f->fix.text;
}

TEST(EnvRendezvous, LoopbackIsFineForOneNodeAndOnlySuspiciousWhenUnknown) {
  auto r = resolver();
  EXPECT_TRUE(
      audit_of(Scenario{{{"MASTER_ADDR", "localhost"}, {"WORLD_SIZE", "8"}, {"LOCAL_WORLD_SIZE", "8"}}}, r).empty());
  EXPECT_TRUE(audit_of(Scenario{{{"MASTER_ADDR", "127.0.0.1"}, {"NNODES", "1"}}}, r).empty());
  EXPECT_TRUE(audit_of(Scenario{{{"MASTER_ADDR", "127.0.0.1"}, {"WORLD_SIZE", "1"}}}, r).empty());
  auto unknown = audit_of(Scenario{{{"MASTER_ADDR", "localhost"}}}, r);
  const auto* f = find_id(unknown, "env.master-addr.loopback");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::warning);
}

TEST(EnvRendezvous, UnresolvableMasterAddr) {
  auto r = resolver();
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "nowhere"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.unresolvable");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->label, core::Label::hostname_resolution);
  EXPECT_EQ(f->severity, core::Severity::error);
  // A dotted quad with a number above 255 is a typo'd address, not a name to add to DNS
  // (fix-2026-12-07n p24); one of 0-255 each that does not resolve stays a resolution error.
  auto typo = audit_of(Scenario{{{"MASTER_ADDR", "10.1.0.256"}}}, r);
  const auto* t = find_id(typo, "env.master-addr.unresolvable");
  ASSERT_NE(t, nullptr) << test::ids(typo);
  EXPECT_EQ(t->label, core::Label::config_typo);
  EXPECT_NE(t->title.find("not an IPv4 address: 256 is above 255"), std::string::npos) << t->title;
  EXPECT_EQ(t->fix.text.find("DNS"), std::string::npos) << t->fix.text;
  auto name = audit_of(Scenario{{{"MASTER_ADDR", "node.256"}}}, r);
  const auto* n = find_id(name, "env.master-addr.unresolvable");
  ASSERT_NE(n, nullptr) << test::ids(name);
  EXPECT_EQ(n->label, core::Label::hostname_resolution);
}

// fix-2026-12-07p p04: MASTER_ADDR=[fd00::2] (an IPv6 address as a URL writes it) resolves nowhere:
// the brackets are named and the fix is the bare address; a bracketed name that is no address is not.
TEST(EnvRendezvous, BracketedIpv6MasterAddrIsNamedWithTheBareAddress) {
  auto r = resolver();
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "[fd00::2]"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.unresolvable");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->label, core::Label::config_typo);
  EXPECT_NE(f->title.find("is an IPv6 address in square brackets"), std::string::npos) << f->title;
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "fd00::2"}}));
  EXPECT_EQ(f->fix.text.find("DNS"), std::string::npos) << f->fix.text;
  auto name = audit_of(Scenario{{{"MASTER_ADDR", "[node0]"}}}, r);
  const auto* n = find_id(name, "env.master-addr.unresolvable");
  ASSERT_NE(n, nullptr) << test::ids(name);
  EXPECT_EQ(n->label, core::Label::hostname_resolution);
  EXPECT_TRUE(n->fix.env.empty());
}

// clusters-2026-12-07k p1: MASTER_ADDR=198.19.120.010 on one node: glibc's getaddrinfo reads 010 as
// octal (8) and the node dials .8. Named with the value as meant; 08 (no octal number) resolves
// nowhere and is named the same way. One step short: no leading zero: no claim.
TEST(EnvRendezvous, ZeroPaddedOctetIsReadAsOctal) {
  auto r = resolver();
  r.add("198.19.120.010", "198.19.120.8");  // what glibc's getaddrinfo returns
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "198.19.120.010"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.zero-padded");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->title,
            "MASTER_ADDR=198.19.120.010 writes 010 with a leading zero: getaddrinfo reads such a number as octal, "
            "so this host dials 198.19.120.8, not 198.19.120.10");
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "198.19.120.10"}}));
  EXPECT_EQ(find_id(fs, "env.master-addr.unresolvable"), nullptr);
  auto eight = audit_of(Scenario{{{"MASTER_ADDR", "10.0.0.08"}}}, r);
  const auto* e = find_id(eight, "env.master-addr.zero-padded");
  ASSERT_NE(e, nullptr) << test::ids(eight);
  EXPECT_NE(e->title.find("08 is no octal number, so this host finds no address for it, not 10.0.0.8"),
            std::string::npos)
      << e->title;
  auto plain = audit_of(Scenario{{{"MASTER_ADDR", "198.19.120.10"}}}, r);
  EXPECT_EQ(find_id(plain, "env.master-addr.zero-padded"), nullptr);
  // review56: 001 read as octal is 1: the address meant is the one dialled, no claim
  r.add("127.0.0.001", "127.0.0.1");
  auto same = audit_of(Scenario{{{"MASTER_ADDR", "127.0.0.001"}}}, r);
  EXPECT_EQ(find_id(same, "env.master-addr.zero-padded"), nullptr);
}

// clusters-2026-12-07k p3: MASTER_ADDR=node0. (a final dot) resolves nowhere while node0 does: the
// dot is named. One step short: the dotted name resolves (DNS knows it), or neither does: no claim.
TEST(EnvRendezvous, TrailingDotThatStopsTheLookupIsNamed) {
  auto r = resolver();
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "node0."}}}, r);
  const auto* f = find_id(fs, "env.master-addr.trailing-dot");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_NE(f->title.find("MASTER_ADDR=node0. ends in a dot: this host finds no address for it, while node0 resolves"),
            std::string::npos)
      << f->title;
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "node0"}}));
  auto dns = resolver();
  dns.add("node0.", "198.18.0.1");
  EXPECT_EQ(find_id(audit_of(Scenario{{{"MASTER_ADDR", "node0."}}}, dns), "env.master-addr.trailing-dot"), nullptr);
  auto none = audit_of(Scenario{{{"MASTER_ADDR", "nobody."}}}, r);
  EXPECT_EQ(find_id(none, "env.master-addr.trailing-dot"), nullptr);
  EXPECT_NE(find_id(none, "env.master-addr.unresolvable"), nullptr) << test::ids(none);
}

TEST(EnvRendezvous, MasterWhoseAddressIsNotLocal) {
  auto r = resolver();
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "node9"}, {"RANK", "0"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.not-local");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "198.18.0.1"}}));
  // The same address on a worker, or the master's own name, is fine.
  EXPECT_TRUE(audit_of(Scenario{{{"MASTER_ADDR", "node9"}, {"RANK", "1"}}}, r).empty());
  EXPECT_TRUE(audit_of(Scenario{{{"MASTER_ADDR", "198.18.0.1"}, {"NODE_RANK", "0"}}}, r).empty());
  // Without local addresses the rule cannot judge and stays silent.
  Scenario no_local{{{"MASTER_ADDR", "node9"}, {"RANK", "0"}}};
  no_local.local.clear();
  EXPECT_TRUE(audit_of(no_local, r).empty());
}

// preflight --rank: the rank the command line gives is this node's rank for on_master (06e p1:
// `preflight --rank 0` without RANK, MASTER_ADDR naming a worker), and it wins over the environment.
TEST(EnvRendezvous, CommandLineRankIsThisNodesRankAndWins) {
  auto r = resolver();
  auto with_rank = [&](std::map<std::string, std::string> vars, std::optional<int> rank) {
    AuditInput in(os::Environment(std::move(vars)), r);
    in.local_addresses = {"127.0.0.1", "198.18.0.1", "::1"};
    in.node_rank = rank;
    return audit(in);
  };
  EXPECT_TRUE(with_rank({{"MASTER_ADDR", "node9"}}, std::nullopt).empty());  // no rank known: no claim
  auto fs = with_rank({{"MASTER_ADDR", "node9"}}, 0);
  const auto* f = find_id(fs, "env.master-addr.not-local");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "198.18.0.1"}}));
  EXPECT_NE(find_id(with_rank({{"MASTER_ADDR", "node9"}, {"RANK", "3"}}, 0), "env.master-addr.not-local"), nullptr);
  EXPECT_TRUE(with_rank({{"MASTER_ADDR", "node9"}, {"RANK", "0"}, {"NODE_RANK", "0"}}, 1).empty());
}

// truth4 (stranger4's e03, as written): MASTER_ADDR=localhost on NODE_RANK=1 of 2 nodes. This host
// is not the rank-0 node, so its own addresses are no hint for rank 0's; on NODE_RANK=0 they are.
TEST(EnvRendezvous, ThisHostsAddressIsOfferedAsTheMastersOnlyOnTheRankZeroNode) {
  auto r = resolver();
  Scenario e03{{{"MASTER_ADDR", "localhost"},
                {"MASTER_PORT", "29500"},
                {"NNODES", "2"},
                {"NODE_RANK", "1"},
                {"WORLD_SIZE", "16"},
                {"RANK", "8"},
                {"LOCAL_RANK", "0"}}};
  e03.local = {"127.0.0.1", "192.0.2.2", "fd00::2", "::1"};
  auto fs = audit_of(e03, r);
  const auto* f = find_id(fs, "env.master-addr.loopback");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->fix.text, "set MASTER_ADDR to the rank-0 node's routable address on every node");
  EXPECT_TRUE(f->fix.env.empty());
  auto rank0 = e03;
  rank0.vars["NODE_RANK"] = "0";
  rank0.vars["RANK"] = "0";
  auto fs0 = audit_of(rank0, r);
  const auto* f0 = find_id(fs0, "env.master-addr.loopback");
  ASSERT_NE(f0, nullptr) << test::ids(fs0);
  EXPECT_EQ(f0->fix.text,
            "set MASTER_ADDR to the rank-0 node's routable address (this host, the rank-0 node, has 192.0.2.2, "
            "fd00::2) on every node");
}

// A MASTER_ADDR with a CR or blanks (a CRLF file sourced) is asked of the resolver as it is, the
// way torch passes it: a finding only when that lookup finds nothing, with the resolver's answer.
TEST(EnvRendezvous, PaddedMasterAddrIsReportedOnlyWhenTheResolverFindsNothingForIt) {
  auto r = resolver();
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "10.4.0.2\r"}, {"WORLD_SIZE", "2"}}}, r);
  const auto* f = find_id(fs, "env.master-addr.unresolvable");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(r.lookups, std::vector<std::string>{"10.4.0.2\r"});
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "10.4.0.2"}}));
  EXPECT_NE(f->title.find("this host's resolver finds no address for the value as it is"), std::string::npos)
      << f->title;
  EXPECT_EQ(f->evidence.back(), "10.4.0.2\r: Temporary failure in name resolution");
  // a resolver that takes the value as it is (glibc before 2.32 read "10.4.0.2 x" as 10.4.0.2):
  // nothing to claim about the padding; its answer is what the other rules judge
  auto lenient = resolver();
  lenient.add(" node9 ", "198.18.0.9");
  auto ok = audit_of(Scenario{{{"MASTER_ADDR", " node9 "}, {"WORLD_SIZE", "2"}}}, lenient);
  EXPECT_EQ(find_id(ok, "env.master-addr.unresolvable"), nullptr) << test::ids(ok);
  ASSERT_FALSE(lenient.lookups.empty());
  EXPECT_EQ(lenient.lookups.front(), " node9 ");
  auto loop = resolver();
  loop.add("node0\r", "127.0.1.1");
  auto looped = audit_of(Scenario{{{"MASTER_ADDR", "node0\r"}, {"NNODES", "2"}, {"RANK", "3"}}}, loop);
  EXPECT_EQ(find_id(looped, "env.master-addr.unresolvable"), nullptr) << test::ids(looped);
  EXPECT_NE(find_id(looped, "env.master-addr.loopback"), nullptr) << test::ids(looped);
}

}  // namespace
}  // namespace dd::env
