// Reading nftables' JSON ruleset for the rule that drops a new TCP connection.
//
// Problem: "port 29500 is blocked" is a symptom; the node that blocks it knows why, in its own
// ruleset. Approach: walk each filter base chain at the connection's hook the way the kernel would
// for the connection's first packet (a SYN from another node: ct state new, never on lo) or for a
// packet of a connection already open (ct state established: watch's stuck connections), with
// every match judged three ways - holds, does not hold, cannot tell. A rule that cannot be told
// apart from one that applies stops the walk of that base chain: naming a later rule would be a
// guess. Checked against nftables 1.0.6's JSON (libnftables-json(5), json_schema_version 1) for
// the fixtures in tests/data/nftables/ (captured from real rulesets by capture.sh there).
#include "firewall/nft_rules.hpp"

#include <fmt/format.h>

#include <cctype>
#include <map>
#include <set>
#include <tuple>

namespace dd::firewall {

namespace {

using nlohmann::json;

enum class Tri { yes, no, maybe };

Tri negate(Tri t) { return t == Tri::yes ? Tri::no : t == Tri::no ? Tri::yes : Tri::maybe; }

using ChainKey = std::tuple<std::string, std::string, std::string>;  // family, table, chain

struct Chain {
  std::string type, hook, policy;
  bool base = false;
  std::vector<const json*> rules;  // each rule's "expr" array, with its object for handle
  std::vector<std::int64_t> handles;
};

// Protocols whose header a TCP packet lacks: a payload match on one of them never holds (nft adds
// the l4proto dependency itself).
bool other_transport(const std::string& p) {
  static const std::set<std::string> k = {"udp",    "udplite", "sctp", "dccp", "icmp",
                                          "icmpv6", "esp",     "ah",   "comp", "igmp"};
  return k.count(p) != 0;
}

// Whether `port` is in the value of a port match: a number, a range, an anonymous set of them.
Tri contains_port(const json& v, int port) {
  if (v.is_number_integer()) return v.get<std::int64_t>() == port ? Tri::yes : Tri::no;
  if (v.is_object() && v.size() == 1 && v.contains("range")) {
    const json& r = v["range"];
    if (!r.is_array() || r.size() != 2 || !r[0].is_number_integer() || !r[1].is_number_integer()) return Tri::maybe;
    return r[0].get<std::int64_t>() <= port && port <= r[1].get<std::int64_t>() ? Tri::yes : Tri::no;
  }
  const json* elems = v.is_array()                                                                   ? &v
                      : (v.is_object() && v.size() == 1 && v.contains("set") && v["set"].is_array()) ? &v["set"]
                                                                                                     : nullptr;
  if (!elems) return Tri::maybe;  // a named set ("@name"), a service name, a concatenation, ...
  Tri out = Tri::no;
  for (const auto& e : *elems) {
    Tri t = contains_port(e, port);
    if (t == Tri::yes) return Tri::yes;
    if (t == Tri::maybe) out = Tri::maybe;
  }
  return out;
}

// Whether the value (a string, a number, an array or anonymous set of them) holds `word`; for
// meta l4proto, ct state and interface names.
Tri contains_word(const json& v, const std::set<std::string>& words, std::int64_t number = -1) {
  if (v.is_string()) return words.count(v.get<std::string>()) ? Tri::yes : Tri::no;
  if (v.is_number_integer()) return number >= 0 && v.get<std::int64_t>() == number ? Tri::yes : Tri::no;
  const json* elems = v.is_array()                                                                   ? &v
                      : (v.is_object() && v.size() == 1 && v.contains("set") && v["set"].is_array()) ? &v["set"]
                                                                                                     : nullptr;
  if (!elems) return Tri::maybe;
  Tri out = Tri::no;
  for (const auto& e : *elems) {
    Tri t = contains_word(e, words, number);
    if (t == Tri::yes) return Tri::yes;
    if (t == Tri::maybe) out = Tri::maybe;
  }
  return out;
}

// Applies the match's operator to "the value holds the packet's field" (`in`).
Tri apply_op(const std::string& op, Tri in) {
  if (op == "==" || op == "in") return in;
  if (op == "!=") return negate(in);
  return Tri::maybe;
}

// One "match" statement against `packet` of a TCP connection to `port` with another node.
Tri judge_match(const json& m, int port, Direction d, Packet packet) {
  if (!m.is_object() || !m.contains("left") || !m.contains("right") || !m.contains("op") || !m["op"].is_string())
    return Tri::maybe;
  const std::string op = m["op"].get<std::string>();
  const json& left = m["left"];
  const json& right = m["right"];
  if (!left.is_object() || left.size() != 1) return Tri::maybe;  // "&" (tcp flags & ...), concatenations
  if (left.contains("payload")) {
    const json& p = left["payload"];
    if (!p.is_object() || !p.contains("protocol") || !p["protocol"].is_string()) return Tri::maybe;
    const std::string proto = p["protocol"].get<std::string>();
    const std::string field = p.value("field", "");
    if (other_transport(proto)) return Tri::no;
    if ((proto == "tcp" || proto == "th") && field == "dport") {
      if (op == "<" || op == ">" || op == "<=" || op == ">=") {
        if (!right.is_number_integer()) return Tri::maybe;
        auto n = right.get<std::int64_t>();
        bool r = op == "<" ? port < n : op == ">" ? port > n : op == "<=" ? port <= n : port >= n;
        return r ? Tri::yes : Tri::no;
      }
      return apply_op(op, contains_port(right, port));
    }
    return Tri::maybe;  // addresses, tcp flags, sport, ...
  }
  if (left.contains("meta")) {
    const std::string key = left["meta"].is_object() ? left["meta"].value("key", "") : "";
    if (key == "l4proto") return apply_op(op, contains_word(right, {"tcp"}, 6));
    bool in_if = key == "iif" || key == "iifname";
    bool out_if = key == "oif" || key == "oifname";
    // A packet from (or to) another node never crosses lo; any other interface is not known here.
    if ((in_if && d == Direction::input) || (out_if && d == Direction::output)) {
      if (right.is_string() && right.get<std::string>() == "lo") return apply_op(op, Tri::no);
    }
    return Tri::maybe;
  }
  if (left.contains("ct")) {
    const std::string key = left["ct"].is_object() ? left["ct"].value("key", "") : "";
    if (key == "state") return apply_op(op, contains_word(right, {packet == Packet::first ? "new" : "established"}));
    return Tri::maybe;
  }
  return Tri::maybe;
}

// Text of a match operand as nft prints it.
std::string value_text(const json& v, bool quote_strings) {
  if (v.is_string()) return quote_strings ? fmt::format("\"{}\"", v.get<std::string>()) : v.get<std::string>();
  if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
  if (v.is_object() && v.contains("range") && v["range"].is_array() && v["range"].size() == 2)
    return value_text(v["range"][0], quote_strings) + "-" + value_text(v["range"][1], quote_strings);
  if (v.is_array()) {  // ct state established,related
    std::string s;
    for (const auto& e : v) s += (s.empty() ? "" : ",") + value_text(e, quote_strings);
    return s;
  }
  if (v.is_object() && v.contains("set") && v["set"].is_array()) {
    std::string s;
    for (const auto& e : v["set"]) s += (s.empty() ? "" : ", ") + value_text(e, quote_strings);
    return "{ " + s + " }";
  }
  return v.dump();
}

std::string match_text(const json& m) {
  const json& left = m["left"];
  std::string l;
  bool quote = false;
  if (left.contains("payload")) {
    l = left["payload"].value("protocol", "?") + " " + left["payload"].value("field", "?");
  } else if (left.contains("meta")) {
    const std::string key = left["meta"].value("key", "?");
    quote = key == "iif" || key == "iifname" || key == "oif" || key == "oifname";
    l = quote ? key : "meta " + key;
  } else if (left.contains("ct")) {
    l = "ct " + left["ct"].value("key", "?");
  } else {
    l = left.dump();
  }
  const std::string op = m["op"].get<std::string>();
  return l + (op == "==" || op == "in" ? " " : " " + op + " ") + value_text(m["right"], quote);
}

std::string statement_text(const json& s) {
  const std::string name = s.begin().key();
  const json& v = s.begin().value();
  if (name == "match") return match_text(v);
  if (name == "reject") {
    if (!v.is_object() || v.value("expr", "port-unreachable") == "port-unreachable") {
      if (v.is_object() && v.value("type", "") == "tcp reset") return "reject with tcp reset";
      return "reject";
    }
    return fmt::format("reject with {} {}", v.value("type", "icmpx"), v.value("expr", ""));
  }
  if ((name == "jump" || name == "goto") && v.is_object()) return name + " " + v.value("target", "?");
  return name;  // counter, log, accept, drop, return
}

struct Walker {
  const std::map<ChainKey, Chain>& chains;
  int port;
  Direction d;
  Packet packet;
  std::string hook;
  std::string base_chain;

  enum class End { accept, block, fall_through, returned, unknown };
  struct Outcome {
    End end = End::fall_through;
    Block block;
  };

  Outcome walk(const ChainKey& key, int depth) const {
    auto it = chains.find(key);
    if (it == chains.end() || depth > 16) return {End::unknown, {}};
    const Chain& c = it->second;
    for (std::size_t i = 0; i < c.rules.size(); ++i) {
      const json& expr = *c.rules[i];
      Tri all = Tri::yes;
      bool unknown_statement = false;
      const json* verdict = nullptr;
      std::string verdict_name;
      for (const auto& s : expr) {
        if (!s.is_object() || s.size() != 1) {
          unknown_statement = true;
          continue;
        }
        const std::string name = s.begin().key();
        if (name == "match") {
          Tri t = judge_match(s.begin().value(), port, d, packet);
          if (t == Tri::no)
            all = Tri::no;
          else if (t == Tri::maybe && all == Tri::yes)
            all = Tri::maybe;
        } else if (name == "counter" || name == "log") {
        } else if (name == "accept" || name == "drop" || name == "reject" || name == "jump" || name == "goto" ||
                   name == "return" || name == "continue") {
          verdict = &s, verdict_name = name;
        } else {
          unknown_statement = true;  // limit, quota, meta mark set, nat, queue, a named set lookup, ...
        }
      }
      if (all == Tri::no) continue;
      if (unknown_statement) return {End::unknown, {}};
      if (all == Tri::maybe) {
        if (!verdict || verdict_name == "continue") continue;  // counter / log only: no effect
        return {End::unknown, {}};
      }
      if (!verdict || verdict_name == "continue") continue;
      if (verdict_name == "accept") return {End::accept, {}};
      if (verdict_name == "return") return {End::returned, {}};
      if (verdict_name == "drop" || verdict_name == "reject") {
        std::string text;
        for (const auto& s : expr) text += (text.empty() ? "" : " ") + statement_text(s);
        const auto& [family, table, chain] = key;
        return {End::block, Block{family, table, chain, hook, base_chain, c.handles[i], verdict_name, text}};
      }
      // jump / goto: follow into the chain of the same table.
      const json& v = verdict->begin().value();
      if (!v.is_object() || !v.contains("target") || !v["target"].is_string()) return {End::unknown, {}};
      ChainKey target{std::get<0>(key), std::get<1>(key), v["target"].get<std::string>()};
      Outcome o = walk(target, depth + 1);
      if (o.end == End::fall_through || o.end == End::returned) {
        if (verdict_name == "goto") return {End::returned, {}};
        continue;
      }
      return o;
    }
    return {End::fall_through, {}};
  }
};

std::string nft_name(const std::string& s) {
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return "'\"" + s + "\"'";
  return s;
}

}  // namespace

std::string_view to_string(Direction d) { return d == Direction::input ? "input" : "output"; }

std::vector<Block> find_blocks(const json& ruleset, int port, Direction direction, Packet packet) {
  std::vector<Block> out;
  if (!ruleset.is_object() || !ruleset.contains("nftables") || !ruleset["nftables"].is_array()) return out;
  std::map<ChainKey, Chain> chains;
  std::vector<ChainKey> order;  // base chains in document order
  for (const auto& o : ruleset["nftables"]) {
    if (!o.is_object()) continue;
    if (o.contains("chain") && o["chain"].is_object()) {
      const json& c = o["chain"];
      ChainKey key{c.value("family", ""), c.value("table", ""), c.value("name", "")};
      Chain& ch = chains[key];
      ch.type = c.value("type", "");
      ch.hook = c.value("hook", "");
      ch.policy = c.value("policy", "accept");
      ch.base = c.contains("hook");
      if (ch.base) order.push_back(key);
    } else if (o.contains("rule") && o["rule"].is_object()) {
      const json& r = o["rule"];
      ChainKey key{r.value("family", ""), r.value("table", ""), r.value("chain", "")};
      if (!r.contains("expr") || !r["expr"].is_array() || !r.contains("handle") || !r["handle"].is_number_integer())
        chains[key].rules.push_back(nullptr), chains[key].handles.push_back(-1);
      else
        chains[key].rules.push_back(&r["expr"]), chains[key].handles.push_back(r["handle"].get<std::int64_t>());
    }
  }
  // A rule without an expression list or handle cannot be read: its chain is not judged.
  static const json k_unreadable = json::array({json::object({{"?", nullptr}})});
  for (auto& [key, c] : chains)
    for (auto& r : c.rules)
      if (!r) r = &k_unreadable;
  const std::string hook(to_string(direction));
  for (const auto& key : order) {
    Walker w{chains, port, direction, packet, hook, std::get<2>(key)};
    const Chain& c = chains.at(key);
    const auto& family = std::get<0>(key);
    if (c.type != "filter" || c.hook != hook || (family != "inet" && family != "ip" && family != "ip6")) continue;
    auto o = w.walk(key, 0);
    if (o.end == Walker::End::block) {
      out.push_back(std::move(o.block));
    } else if ((o.end == Walker::End::fall_through || o.end == Walker::End::returned) && c.policy == "drop") {
      out.push_back(Block{family, std::get<1>(key), std::get<2>(key), hook, std::get<2>(key), std::nullopt, "drop",
                          "policy drop"});
    }
  }
  return out;
}

std::string describe(const Block& b, int port) {
  std::string where = fmt::format("table {} {} chain {}", b.family, b.table, b.chain);
  if (!b.handle) return fmt::format("{}: policy drop, no rule accepts tcp dport {}", where, port);
  std::string from = b.chain == b.base_chain ? "" : fmt::format(" (jumped to from chain {})", b.base_chain);
  return fmt::format("{} handle {}: {}{}", where, *b.handle, b.rule, from);
}

std::string removal_command(const Block& b, int port) {
  if (!b.handle) return accept_command(b, port);
  return fmt::format("nft delete rule {} {} {} handle {}", b.family, nft_name(b.table), nft_name(b.chain), *b.handle);
}

std::string accept_command(const Block& b, int port) {
  if (!b.handle)
    return fmt::format("nft insert rule {} {} {} tcp dport {} accept", b.family, nft_name(b.table), nft_name(b.chain),
                       port);
  return fmt::format("nft insert rule {} {} {} position {} tcp dport {} accept", b.family, nft_name(b.table),
                     nft_name(b.chain), *b.handle, port);
}

namespace {

bool holds_drop_verdict(const nlohmann::json& j) {
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) {
      if (k == "drop" || k == "reject" || holds_drop_verdict(v)) return true;
    }
  } else if (j.is_array()) {
    for (const auto& v : j) {
      if (holds_drop_verdict(v)) return true;
    }
  } else if (j.is_string()) {
    return j == "drop" || j == "reject";  // a verdict map's value
  }
  return false;
}

}  // namespace

bool drops_nothing(const nlohmann::json& ruleset) {
  if (!ruleset.is_object() || !ruleset.contains("nftables") || !ruleset["nftables"].is_array()) return false;
  for (const auto& o : ruleset["nftables"]) {
    if (!o.is_object()) return false;
    if (o.contains("chain") && o["chain"].is_object() && o["chain"].value("policy", "accept") == "drop") return false;
    if (o.contains("rule") && holds_drop_verdict(o["rule"])) return false;
  }
  return true;
}

}  // namespace dd::firewall
