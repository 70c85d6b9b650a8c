// find_blocks over rulesets captured from real `nft -j list ruleset` output
// (tests/data/nftables/NAME.nft -> NAME.json, tests/data/nftables/capture.sh). Each case asks for
// one port and direction and states the blocks expected: the named rule with its handle, or none
// where the evidence is one step short (another port, an accept first, an expression the matcher
// does not understand).
#include "firewall/nft_rules.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace dd::firewall {
namespace {

nlohmann::json fixture(const std::string& name) {
  std::ifstream in(std::string(DD_TEST_DATA_DIR) + "/nftables/" + name + ".json");
  std::stringstream ss;
  ss << in.rdbuf();
  auto j = nlohmann::json::parse(ss.str(), nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << name;
  return j;
}

// "handle: rule" of each block, for compact expectations.
std::vector<std::string> blocks(const std::string& name, int port, Direction d = Direction::input) {
  std::vector<std::string> out;
  for (const auto& b : find_blocks(fixture(name), port, d))
    out.push_back(fmt::format("{} {} {} {}: {}", b.family, b.table, b.chain,
                              b.handle ? std::to_string(*b.handle) : "policy", b.rule));
  return out;
}

using V = std::vector<std::string>;

TEST(NftRules, ADroppedPortIsNamedWithItsHandle) {
  auto found = find_blocks(fixture("drop-port"), 29500, Direction::input);
  ASSERT_EQ(found.size(), 1u);
  const Block& b = found.front();
  EXPECT_EQ(b, (Block{"inet", "t", "input", "input", "input", 3, "drop", "tcp dport 29500 drop"}));
  EXPECT_EQ(describe(b, 29500), "table inet t chain input handle 3: tcp dport 29500 drop");
  EXPECT_EQ(removal_command(b, 29500), "nft delete rule inet t input handle 3");
  EXPECT_EQ(accept_command(b, 29500), "nft insert rule inet t input position 3 tcp dport 29500 accept");
}

TEST(NftRules, ARuleForAnotherPortOrDirectionIsNoClaim) {
  EXPECT_EQ(blocks("drop-port", 29400), V{});
  EXPECT_EQ(blocks("drop-port", 22), V{});
  EXPECT_EQ(blocks("drop-port", 29500, Direction::output), V{});
}

// Sets, ranges, th dport under meta l4proto, counters, reject forms; and neighbours that do not
// hold for TCP (udp, another l4proto), forward and nat chains, a chain of family ip6.
struct FormCase {
  int port;
  Direction d;
  V expected;
};

class NftRulesForms : public ::testing::TestWithParam<FormCase> {};

TEST_P(NftRulesForms, EachFormIsReadOrLeftAlone) {
  const auto& c = GetParam();
  EXPECT_EQ(blocks("forms", c.port, c.d), c.expected) << "port " << c.port;
}

INSTANTIATE_TEST_SUITE_P(
    Fixture, NftRulesForms,
    ::testing::Values(FormCase{29501, Direction::input, {"inet t input 5: tcp dport { 29501, 29502 } reject"}},
                      FormCase{29502, Direction::input, {"inet t input 5: tcp dport { 29501, 29502 } reject"}},
                      FormCase{30005, Direction::input, {"inet t input 6: tcp dport 30000-30010 drop"}},
                      FormCase{30011, Direction::input, {}},
                      FormCase{40000, Direction::input, {"inet t input 7: tcp dport 40000 drop"}},
                      FormCase{
                          40001, Direction::input, {"inet t input 9: meta l4proto { tcp, udp } th dport 40001 drop"}},
                      FormCase{40002, Direction::input, {}},  // udp only
                      FormCase{29600, Direction::input, {"inet t input 11: tcp dport 29600 counter drop"}},
                      FormCase{29800, Direction::input, {}},  // udp only
                      // ip saddr 10.0.0.0/8 tcp dport 29700 drop: holds only for some sources, not judged
                      FormCase{29700, Direction::input, {}},
                      FormCase{29500, Direction::output, {"inet t output 15: tcp dport 29500 reject with tcp reset"}},
                      FormCase{29500, Direction::input, {}}, FormCase{29510, Direction::input, {}},  // forward hook
                      FormCase{29520, Direction::input, {}},                                         // nat chain
                      FormCase{29530, Direction::input, {"ip6 t6 input 2: tcp dport 29530 drop"}}));

TEST(NftRules, AnAcceptBeforeTheDropIsNoClaim) {
  EXPECT_EQ(blocks("accept-before-drop", 29500), V{});
  // ct state established,related and iif "lo" never hold for a new connection from a peer.
  EXPECT_EQ(blocks("accept-before-drop", 29501), V{"inet t input 6: tcp dport { 29500, 29501 } drop"});
}

TEST(NftRules, APolicyDropChainBlocksEveryPortItDoesNotAccept) {
  EXPECT_EQ(blocks("policy-drop", 29500), V{});
  EXPECT_EQ(blocks("policy-drop", 22), V{});
  EXPECT_EQ(blocks("policy-drop", 29400), V{"inet filter input policy: policy drop"});
  EXPECT_EQ(blocks("policy-drop", 41234), V{"inet filter input policy: policy drop"});
  auto b = find_blocks(fixture("policy-drop"), 29400, Direction::input).at(0);
  EXPECT_EQ(describe(b, 29400), "table inet filter chain input: policy drop, no rule accepts tcp dport 29400");
  EXPECT_EQ(removal_command(b, 29400), "nft insert rule inet filter input tcp dport 29400 accept");
  EXPECT_EQ(blocks("policy-drop", 29400, Direction::output), V{});
}

TEST(NftRules, APacketOfAnOpenConnectionMeetsRulesWithoutCtStateNotTheNewOnlyOnes) {
  auto judged = [](const std::string& name, int port, Packet packet) {
    std::vector<std::string> out;
    for (const auto& b : find_blocks(fixture(name), port, Direction::input, packet))
      out.push_back(fmt::format("{}: {}", b.handle ? std::to_string(*b.handle) : "policy", b.rule));
    return out;
  };
  // the range rule holds for every packet, the ct state new rule only for a connection's first
  EXPECT_EQ(judged("established", 43162, Packet::established), V{"3: tcp dport 32768-60999 drop"});
  EXPECT_EQ(judged("established", 43162, Packet::first), V{"3: tcp dport 32768-60999 drop"});
  EXPECT_EQ(judged("established", 29500, Packet::first), V{"2: ct state new tcp dport 29500 drop"});
  EXPECT_EQ(judged("established", 29500, Packet::established), V{});
  // one step short: an open connection's packets pass `ct state established,related accept` ahead
  // of a policy drop, or of a drop of the same port
  EXPECT_EQ(judged("policy-drop", 41234, Packet::established), V{});
  EXPECT_EQ(judged("accept-before-drop", 29501, Packet::established), V{});
  EXPECT_EQ(judged("accept-before-drop", 29501, Packet::first), V{"6: tcp dport { 29500, 29501 } drop"});
}

TEST(NftRules, AnExpressionItDoesNotUnderstandIsNoClaim) {
  // tcp flags & (syn | ack) == syn tcp dport 29500 drop: it does drop the SYN, but the matcher
  // cannot read tcp flags, so it says nothing.
  EXPECT_EQ(blocks("unknown", 29500), V{});
  // jump to a chain that accepts 29501 before a drop of 29501: followed, accepted.
  EXPECT_EQ(blocks("unknown", 29501), V{});
  // ip saddr 10.1.0.0/16 accept ahead of the drop of 29502: it may accept, so no claim.
  EXPECT_EQ(blocks("unknown", 29502), V{});
  // policy drop behind oifname "eth9" accept: the connection may leave through eth9.
  EXPECT_EQ(blocks("unknown", 29500, Direction::output), V{});
}

TEST(NftRules, JumpsAreFollowedAndAGotoThatFallsThroughEndsAtThePolicy) {
  auto found = find_blocks(fixture("jump-drop"), 29500, Direction::input);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], (Block{"inet", "t", "job", "input", "input", 4, "drop", "tcp dport 29500 drop"}));
  EXPECT_EQ(describe(found[0], 29500),
            "table inet t chain job handle 4: tcp dport 29500 drop (jumped to from chain input)");
  EXPECT_EQ(removal_command(found[0], 29500), "nft delete rule inet t job handle 4");
  EXPECT_EQ(blocks("jump-drop", 29501), V{});                                    // back from job, accepted by handle 8
  EXPECT_EQ(blocks("jump-drop", 29502), V{"inet t input policy: policy drop"});  // goto other, off its end
  EXPECT_EQ(blocks("jump-drop", 29600), V{"inet t input policy: policy drop"});
}

TEST(NftRules, MetaL4protoTcpDropsEveryPortOfItsFamily) {
  EXPECT_EQ(blocks("l4proto-drop", 29500, Direction::output), V{"ip t output 2: meta l4proto tcp drop"});
  EXPECT_EQ(blocks("l4proto-drop", 29500, Direction::input), V{});
}

TEST(NftRules, AnEmptyRulesetOrAnotherDocumentIsNoClaim) {
  EXPECT_EQ(blocks("empty", 29500), V{});
  EXPECT_TRUE(find_blocks(nlohmann::json::parse(R"({"nftables": 3})"), 29500, Direction::input).empty());
  EXPECT_TRUE(find_blocks(nlohmann::json::parse(R"([1, 2])"), 29500, Direction::input).empty());
  // A rule of an unexpected shape in a base chain: that chain is not judged, even with policy drop.
  auto j = nlohmann::json::parse(R"({"nftables": [
    {"chain": {"family": "inet", "table": "t", "name": "input", "handle": 1, "type": "filter", "hook": "input", "prio": 0, "policy": "drop"}},
    {"rule": {"family": "inet", "table": "t", "chain": "input", "handle": 2, "expr": "tcp dport 29500 accept"}}]})");
  EXPECT_TRUE(find_blocks(j, 29500, Direction::input).empty());
}

// What lets watch say "neither node's ruleset drops anything" (watch.tcp.dropped on a dead path):
// an empty ruleset, or one whose rules only accept; any drop or reject, judged or not (an address
// match find_blocks leaves open), or a drop policy, and it is not said.
TEST(NftRules, DropsNothingOnlyWithoutAnyDropRejectOrDropPolicy) {
  EXPECT_TRUE(drops_nothing(fixture("empty")));
  nlohmann::json accepting = {
      {"nftables",
       {{{"chain", {{"family", "inet"}, {"table", "t"}, {"name", "in"}, {"hook", "input"}, {"policy", "accept"}}}},
        {{"rule",
          {{"family", "inet"},
           {"table", "t"},
           {"chain", "in"},
           {"expr",
            {{{"match", {{"op", "=="}, {"left", {{"meta", {{"key", "l4proto"}}}}}, {"right", "tcp"}}}},
             {{"accept", nullptr}}}}}}}}}};
  EXPECT_TRUE(drops_nothing(accepting));
  for (const char* name : {"unknown", "drop-port", "policy-drop", "accept-before-drop", "jump-drop"})
    EXPECT_FALSE(drops_nothing(fixture(name))) << name;
  EXPECT_FALSE(drops_nothing(nlohmann::json::object()));  // not an nftables document: nothing known
}

}  // namespace
}  // namespace dd::firewall
