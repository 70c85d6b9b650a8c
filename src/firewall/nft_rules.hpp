// Which nftables rule drops a TCP port: a pure reading of the ruleset's JSON document (as
// libnftables' JSON API and `nft -j list ruleset` give it, json_schema_version 1, nftables 1.0.6),
// so a finding can name the rule, not only say "blocked". A claim never exceeds its evidence:
// every rule on the way is either understood or the chain is not judged.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace dd::firewall {

// Which way the connection goes through this node: `input` for a listener here (a peer's SYN
// arrives), `output` for a connection this node opens.
enum class Direction { input, output };

std::string_view to_string(Direction d);

// Which packet of the connection is judged: the first (a SYN from another node: ct state new), or
// one of a connection that is already open (ct state established: its data and acknowledgements).
enum class Packet { first, established };

// One place that drops or rejects a new TCP connection to the port.
struct Block {
  std::string family;  // "inet", "ip", "ip6"
  std::string table;
  std::string chain;                   // the chain holding the rule (a jumped-to chain's own name)
  std::string hook;                    // the base chain's hook: "input" or "output"
  std::string base_chain;              // the base chain the walk started in (== chain unless jumped)
  std::optional<std::int64_t> handle;  // the rule's handle; nullopt: the base chain's policy
  std::string verdict;                 // "drop" or "reject"
  std::string rule;                    // one line built from the JSON: "tcp dport 29500 drop", "policy drop"

  bool operator==(const Block&) const = default;
};

// Every base chain of type filter in families ip, ip6 and inet hooked at `direction` is walked
// in rule order as `packet` of a connection to TCP `port` with another node would be (by default
// its first packet, ct state new): a rule whose
// matches all hold for it (tcp/th dport ==, !=, sets, ranges; meta l4proto; ct state;
// iif/oif "lo", which such a packet never has) and whose verdict is drop or reject is a Block; an
// accept ends the chain without one; counter and log are ignored; jump and goto are followed
// (16 deep); falling off the end of a chain whose policy is drop is a Block with no handle. A rule
// that does not hold for the port (another port, udp, another l4proto) is skipped. A rule with
// anything else that could still hold (an address, an interface other than lo, tcp flags, a
// named set, limit, ...) and has a verdict ends the walk of that base chain with no Block: the
// chain is not judged. Base chains are independent (each must accept), so each may add a Block.
// A document of another shape gives no Block.
std::vector<Block> find_blocks(const nlohmann::json& ruleset, int port, Direction direction,
                               Packet packet = Packet::first);

// Whether an nftables document (libnftables' JSON) can drop nothing at all: it is such a document,
// no rule holds a drop or reject verdict anywhere (verdict maps included) and no chain's policy is
// drop. find_blocks judges a port and leaves chains it cannot judge (an address match) open; this
// is what lets a finding say that a ruleset drops no packet of a connection, whatever its match.
bool drops_nothing(const nlohmann::json& ruleset);

// "table inet t chain input handle 4: tcp dport 29500 drop" (a jumped-to chain adds "(jumped to
// from chain input)") /
// "table inet filter chain input: policy drop (no rule accepts tcp dport 29400)".
std::string describe(const Block& b, int port);

// The command that removes the block: "nft delete rule inet t input handle 4", or for a policy
// "nft insert rule inet filter input tcp dport 29400 accept".
std::string removal_command(const Block& b, int port);

// The command that accepts the port ahead of the rule instead:
// "nft insert rule inet t input position 4 tcp dport 29500 accept" (policy: the same as removal).
std::string accept_command(const Block& b, int port);

}  // namespace dd::firewall
