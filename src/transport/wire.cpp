#include "transport/wire.hpp"

#include <fmt/format.h>

#include <cstring>

#include "core/json_limits.hpp"

namespace dd::cluster {

namespace {

constexpr char k_magic[4] = {'D', 'D', 'P', 'F'};

void put16(std::vector<std::byte>& out, std::uint16_t v) {
  out.push_back(static_cast<std::byte>(v >> 8));
  out.push_back(static_cast<std::byte>(v & 0xff));
}

void put32(std::vector<std::byte>& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::byte>((v >> shift) & 0xff));
}

std::uint32_t get(std::span<const std::byte> b, std::size_t at, std::size_t n) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v = (v << 8) | std::to_integer<std::uint32_t>(b[at + i]);
  return v;
}

core::Error bad(std::string why) { return core::make_error(core::ErrorKind::unreadable, "preflight message: " + why); }

}  // namespace

std::vector<std::byte> encode(const Message& message) {
  std::string payload = core::dump_json(message.body);  // text that is not UTF-8 is replaced, never thrown on
  std::vector<std::byte> out;
  out.reserve(k_header_size + payload.size());
  for (char c : k_magic) out.push_back(static_cast<std::byte>(c));
  put16(out, k_wire_version);
  put16(out, static_cast<std::uint16_t>(message.type));
  put32(out, static_cast<std::uint32_t>(payload.size()));
  for (char c : payload) out.push_back(static_cast<std::byte>(c));
  return out;
}

core::Result<Header> decode_header(std::span<const std::byte> bytes, std::size_t max_payload) {
  if (bytes.size() < k_header_size)
    return bad(fmt::format("header needs {} bytes, got {}", k_header_size, bytes.size()));
  if (std::memcmp(bytes.data(), k_magic, 4) != 0) return bad("bad magic (not a distdoctor preflight peer)");
  auto version = get(bytes, 4, 2);
  if (version != k_wire_version)
    return bad(fmt::format("wire version {} (this distdoctor speaks {}); run the same distdoctor on every node",
                           version, k_wire_version));
  auto type = get(bytes, 6, 2);
  if (type < 1 || type > k_max_msg_type) return bad(fmt::format("unknown message type {}", type));
  auto length = get(bytes, 8, 4);
  if (length > max_payload) return bad(fmt::format("payload of {} bytes exceeds the limit of {}", length, max_payload));
  return Header{static_cast<MsgType>(type), length};
}

core::Result<Message> decode_payload(const Header& header, std::span<const std::byte> bytes) {
  if (bytes.size() != header.length)
    return bad(fmt::format("payload has {} bytes, header says {}", bytes.size(), header.length));
  std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  auto body = core::parse_json_bounded(text, "payload");
  if (!body) return bad(body.error().message);
  if (!body->is_object()) return bad("payload is not a JSON object");
  return Message{header.type, std::move(body.value())};
}

core::Result<Message> decode(std::span<const std::byte> bytes, std::size_t max_payload) {
  auto header = decode_header(bytes, max_payload);
  if (!header) return header.error();
  if (bytes.size() != k_header_size + header->length)
    return bad(fmt::format("buffer has {} bytes, header announces {}", bytes.size(), k_header_size + header->length));
  return decode_payload(*header, bytes.subspan(k_header_size));
}

}  // namespace dd::cluster
