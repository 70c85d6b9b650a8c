// libFuzzer target for the preflight wire decoder (clang -fsanitize=fuzzer); excluded from the
// libraries by the build. Any input must decode or fail cleanly. Three shapes per input:
//   raw bytes as a whole message (garbage, headers, lengths);
//   a valid header around the bytes as a JSON payload (text, nesting, UTF-8);
//   a valid header around a JSON body generated from the bytes (each message type's field names
//   with values of every type, size and depth): a body that passes its schema check must then be
//   readable by every consumer without an exception.
#include <cstddef>
#include <cstdint>
#include <string>

#include "transport/probe_json.hpp"
#include "transport/wire.hpp"
#include "transport/wire_schema.hpp"

namespace {

using nlohmann::json;

struct Bytes {
  const std::uint8_t* p;
  std::size_t n;
  std::uint8_t next() {
    if (n == 0) return 0;
    --n;
    return *p++;
  }
};

const char* const k_names[] = {"rank",         "world",         "host",    "proof",       "nonce",       "facts",
                               "report",       "targets",       "missing", "results",     "verdict",     "exit_code",
                               "findings",     "reason",        "to",      "addr",        "port",        "protocol",
                               "ok",           "rtt_us",        "error",   "retransmits", "bytes_acked", "bulk_mbps",
                               "sent_unix_us", "recommendation"};

json value(Bytes& in, int depth);

json object(Bytes& in, int depth) {
  json o = json::object();
  for (int i = in.next() % 6; i > 0; --i) o[k_names[in.next() % std::size(k_names)]] = value(in, depth + 1);
  return o;
}

json value(Bytes& in, int depth) {
  if (in.n == 0 || depth > 80) return nullptr;
  switch (in.next() % 12) {
    case 0:
      return nullptr;
    case 1:
      return in.next() % 2 == 0;
    case 2:
      return static_cast<std::int64_t>(in.next()) - 2;
    case 3: {  // wide integers: 2^32+1, 2^63.., negative
      std::uint64_t v = 0;
      for (int i = 0; i < 8; ++i) v = (v << 8) | in.next();
      return in.next() % 2 ? json(v) : json(static_cast<std::int64_t>(v));
    }
    case 4:
      return static_cast<double>(in.next()) / 3.0;
    case 5:
      return std::string(in.next() % 70, 'a');  // around the 32/64 hex lengths
    case 6:
      return std::string(in.next() * 40u, 'x');
    case 7: {
      json a = json::array();
      for (int i = in.next() % 5; i > 0; --i) a.push_back(value(in, depth + 1));
      return a;
    }
    case 8: {  // deep nesting
      json v = 1;
      for (int i = in.next(); i > 0; --i) v = json::array({v});
      return v;
    }
    default:
      return object(in, depth);
  }
}

std::vector<std::byte> framed(dd::cluster::MsgType type, const std::string& payload) {
  auto bytes = dd::cluster::encode(dd::cluster::Message{type, json::object()});
  bytes.resize(dd::cluster::k_header_size);
  auto len = static_cast<std::uint32_t>(payload.size());
  for (int i = 0; i < 4; ++i)
    bytes[8 + static_cast<std::size_t>(i)] = static_cast<std::byte>((len >> (24 - 8 * i)) & 0xff);
  for (char c : payload) bytes.push_back(static_cast<std::byte>(c));
  return bytes;
}

void consume(const dd::cluster::Message& m) {
  if (!dd::cluster::schema_problem(m).empty()) return;
  const auto& b = m.body;
  switch (m.type) {
    case dd::cluster::MsgType::join:
      (void)b["rank"].get<long long>(), (void)b["world"].get<long long>(), (void)b["host"].get<std::string>();
      (void)b.value("sent_unix_us", std::int64_t{0});
      break;
    case dd::cluster::MsgType::plan:
      for (const auto& t : b.value("targets", json::array())) (void)dd::cluster::target_from_json(t);
      break;
    case dd::cluster::MsgType::results:
      for (const auto& r : b.value("results", json::array())) (void)dd::cluster::result_from_json(r);
      break;
    case dd::cluster::MsgType::verdict:
      (void)b.value("verdict", std::string()), (void)b.value("reason", std::string()), (void)b.value("exit_code", 1);
      (void)b.value("findings", json::array()), (void)b.value("recommendation", json::object());
      break;
    case dd::cluster::MsgType::reject:
      (void)b.value("reason", std::string());
      break;
    case dd::cluster::MsgType::challenge:
      (void)b["nonce"].get<std::string>();
      break;
  }
  (void)dd::cluster::encode(m);
}

void check(std::span<const std::byte> bytes) {
  auto m = dd::cluster::decode(bytes, 1 << 20);
  if (m.ok()) consume(*m);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto span = std::span<const std::byte>(reinterpret_cast<const std::byte*>(data), size);
  check(span);
  if (size == 0) return 0;
  auto type = static_cast<dd::cluster::MsgType>(1 + data[0] % dd::cluster::k_max_msg_type);
  check(framed(type, std::string(reinterpret_cast<const char*>(data) + 1, size - 1)));
  Bytes in{data + 1, size - 1};
  check(framed(type, object(in, 0).dump()));
  return 0;
}
