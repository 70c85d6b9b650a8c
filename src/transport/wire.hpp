// Preflight wire format: versioned, length-prefixed JSON messages. Encode/decode are pure
// functions over bytes (unit-tested and fuzzable without sockets).
//
//   offset 0  magic   "DDPF"
//          4  version u16 big-endian (k_wire_version)
//          6  type    u16 big-endian (MsgType)
//          8  length  u32 big-endian, payload bytes
//         12  payload UTF-8 JSON object, `length` bytes
//
// A receiver rejects a wrong magic (garbage), another version, an unknown type, a length above
// its limit (checked before reading the payload), a payload that is not a JSON object or nests
// deeper than core::k_max_json_depth, and (wire_schema.hpp) a field of the wrong type or range.
//
// Version 2: the job token is never sent. Rank 0 opens each connection with `challenge` {nonce};
// the join carries proof = HMAC-SHA256(token, nonce...) and a nonce of its own, which the plan
// answers the same way (auth.hpp), so both sides know the other holds the token.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.hpp"

namespace dd::cluster {

inline constexpr std::uint16_t k_wire_version = 2;
inline constexpr std::size_t k_header_size = 12;
// Default payload limit: a node report is tens of KiB; 64 nodes' plan well under this.
inline constexpr std::size_t k_max_payload = 8u << 20;

enum class MsgType : std::uint16_t {
  join = 1,       // node -> rank 0: proof, nonce, rank, world, host, report, listeners
  plan = 2,       // rank 0 -> node: proof, every member's listeners, missing ranks
  results = 3,    // node -> rank 0: probe results
  verdict = 4,    // rank 0 -> node: the cluster verdict summary for this node
  reject = 5,     // rank 0 -> node: why it was dropped (wrong token, duplicate rank, ...)
  challenge = 6,  // rank 0 -> node, first on every connection: nonce for the join's proof
};
inline constexpr std::uint16_t k_max_msg_type = 6;

struct Message {
  MsgType type = MsgType::join;
  nlohmann::json body = nlohmann::json::object();
};

struct Header {
  MsgType type = MsgType::join;
  std::uint32_t length = 0;
};

// Header + payload bytes.
std::vector<std::byte> encode(const Message& message);

// Checks magic, version, type and length <= max_payload; error (unreadable) says which.
core::Result<Header> decode_header(std::span<const std::byte> bytes, std::size_t max_payload = k_max_payload);

// Parses a payload announced by `header` (bytes.size() must equal header.length).
core::Result<Message> decode_payload(const Header& header, std::span<const std::byte> bytes);

// Whole message from one buffer (header + payload, nothing after).
core::Result<Message> decode(std::span<const std::byte> bytes, std::size_t max_payload = k_max_payload);

}  // namespace dd::cluster
