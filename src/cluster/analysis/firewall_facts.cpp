#include "cluster/analysis/firewall_facts.hpp"

#include <algorithm>
#include <set>

#include "core/json_limits.hpp"
#include "core/push_unique.hpp"

namespace dd::cluster {

namespace {

using nlohmann::json;

void add_blocks(FirewallFacts& out, const json& doc, int port, firewall::Direction d,
                firewall::Packet packet = firewall::Packet::first) {
  for (auto& b : firewall::find_blocks(doc, port, d, packet)) {
    PortBlock pb{port, d, std::move(b), packet};
    core::push_unique(out.blocks, pb);
  }
}

}  // namespace

FirewallFacts judge_firewall(const core::Result<std::string>& ruleset, const std::vector<Listener>& listeners,
                             const std::vector<env::launchers::JobPort>& job_ports) {
  FirewallFacts out;
  if (!ruleset) {
    out.error = ruleset.error().message;
    return out;
  }
  auto doc = core::parse_json_bounded(*ruleset, "nftables ruleset");
  if (!doc) {
    out.error = "ruleset not readable: " + doc.error().message;
    return out;
  }
  out.read = true;
  std::set<int> in, outbound, ephemeral;
  for (const auto& l : listeners) {
    if (!l.ok || l.port <= 0) continue;
    in.insert(l.port);
    if (l.spec.what == "candidate") ephemeral.insert(l.port);
  }
  for (const auto& p : job_ports)
    if (p.port > 0) outbound.insert(p.port);
  for (int port : in) add_blocks(out, *doc, port, firewall::Direction::input);
  for (int port : outbound) add_blocks(out, *doc, port, firewall::Direction::output);
  for (int port : ephemeral) {
    add_blocks(out, *doc, port, firewall::Direction::input, firewall::Packet::established);
    add_blocks(out, *doc, port, firewall::Direction::output);
    add_blocks(out, *doc, port, firewall::Direction::output, firewall::Packet::established);
  }
  return out;
}

std::vector<firewall::Block> blocks_for(const FirewallFacts& facts, int port, firewall::Direction direction,
                                        firewall::Packet packet) {
  std::vector<firewall::Block> out;
  for (const auto& b : facts.blocks)
    if (b.port == port && b.direction == direction && b.packet == packet) out.push_back(b.block);
  return out;
}

json to_json(const FirewallFacts& f) {
  json blocks = json::array();
  for (const auto& pb : f.blocks) {
    const auto& b = pb.block;
    blocks.push_back({{"port", pb.port},
                      {"direction", firewall::to_string(pb.direction)},
                      {"packet", pb.packet == firewall::Packet::first ? "first" : "established"},
                      {"family", b.family},
                      {"table", b.table},
                      {"chain", b.chain},
                      {"hook", b.hook},
                      {"base_chain", b.base_chain},
                      {"handle", b.handle ? json(*b.handle) : json(nullptr)},
                      {"verdict", b.verdict},
                      {"rule", b.rule}});
  }
  return {{"read", f.read}, {"error", f.error}, {"blocks", blocks}};
}

core::Result<FirewallFacts> firewall_facts_from_json(const json& j) try {
  FirewallFacts f;
  f.read = j.at("read").get<bool>();
  f.error = j.at("error").get<std::string>();
  for (const auto& b : j.at("blocks")) {
    PortBlock pb;
    pb.port = b.at("port").get<int>();
    const auto direction = b.at("direction").get<std::string>();
    if (direction != "input" && direction != "output")
      return core::make_error(core::ErrorKind::unreadable,
                              "node facts: firewall.blocks: direction '" + direction + "'");
    pb.direction = direction == "input" ? firewall::Direction::input : firewall::Direction::output;
    const auto packet = b.value("packet", std::string("first"));  // absent in an older node's JSON
    if (packet != "first" && packet != "established")
      return core::make_error(core::ErrorKind::unreadable, "node facts: firewall.blocks: packet '" + packet + "'");
    pb.packet = packet == "first" ? firewall::Packet::first : firewall::Packet::established;
    pb.block.family = b.at("family").get<std::string>();
    pb.block.table = b.at("table").get<std::string>();
    pb.block.chain = b.at("chain").get<std::string>();
    pb.block.hook = b.at("hook").get<std::string>();
    pb.block.base_chain = b.value("base_chain", pb.block.chain);
    if (!b.at("handle").is_null()) pb.block.handle = b.at("handle").get<std::int64_t>();
    pb.block.verdict = b.at("verdict").get<std::string>();
    pb.block.rule = b.at("rule").get<std::string>();
    f.blocks.push_back(std::move(pb));
  }
  return f;
} catch (const json::exception& e) {
  return core::make_error(core::ErrorKind::unreadable, std::string("node facts: firewall: ") + e.what());
}

}  // namespace dd::cluster
