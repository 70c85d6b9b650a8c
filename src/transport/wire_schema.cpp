#include "transport/wire_schema.hpp"

#include <fmt/format.h>

#include <limits>
#include <vector>

#include "transport/prober.hpp"

namespace dd::cluster {

namespace {

using nlohmann::json;

enum class Kind { string, integer, boolean, number, object, array, string_or_null };

struct Field {
  const char* name;
  Kind kind;
  bool required = false;
  long long min = std::numeric_limits<long long>::min();
  long long max = std::numeric_limits<long long>::max();
  std::size_t max_len = 4096;                 // strings: bytes; arrays: elements
  const std::vector<Field>* items = nullptr;  // arrays of objects: the schema of each element
  bool integer_items = false;                 // arrays of integers in min..max
};

constexpr long long k_i64_max = std::numeric_limits<long long>::max();
constexpr long long k_u32_max = std::numeric_limits<std::uint32_t>::max();

std::string kind_name(Kind k) {
  switch (k) {
    case Kind::string:
      return "a string";
    case Kind::integer:
      return "an integer";
    case Kind::boolean:
      return "true or false";
    case Kind::number:
      return "a number";
    case Kind::object:
      return "an object";
    case Kind::array:
      return "an array";
    case Kind::string_or_null:
      return "a string or null";
  }
  return "?";
}

std::string check_integer(const json& v, const Field& f, const std::string& where) {
  if (!v.is_number_integer()) return fmt::format("field '{}' must be {}", where, kind_name(Kind::integer));
  if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(k_i64_max))
    return fmt::format("field '{}': {} is outside {}..{}", where, v.get<std::uint64_t>(), f.min, f.max);
  auto n = v.get<long long>();
  if (n < f.min || n > f.max) return fmt::format("field '{}': {} is outside {}..{}", where, n, f.min, f.max);
  return {};
}

std::string check_fields(const json& obj, const std::vector<Field>& fields, const std::string& prefix);

std::string check_field(const json& v, const Field& f, const std::string& where) {
  auto wrong = [&] { return fmt::format("field '{}' must be {}", where, kind_name(f.kind)); };
  switch (f.kind) {
    case Kind::string_or_null:
      if (v.is_null()) return {};
      [[fallthrough]];
    case Kind::string:
      if (!v.is_string()) return wrong();
      if (v.get_ref<const std::string&>().size() > f.max_len)
        return fmt::format("field '{}' is longer than {} bytes", where, f.max_len);
      return {};
    case Kind::integer:
      return check_integer(v, f, where);
    case Kind::boolean:
      return v.is_boolean() ? std::string() : wrong();
    case Kind::number:
      return v.is_number() ? std::string() : wrong();
    case Kind::object:
      return v.is_object() ? std::string() : wrong();
    case Kind::array: {
      if (!v.is_array()) return wrong();
      if (v.size() > f.max_len) return fmt::format("field '{}' has more than {} elements", where, f.max_len);
      for (std::size_t i = 0; i < v.size(); ++i) {
        std::string at = fmt::format("{}[{}]", where, i);
        if (f.items) {
          if (!v[i].is_object()) return fmt::format("field '{}' must be an object", at);
          if (auto p = check_fields(v[i], *f.items, at + "."); !p.empty()) return p;
        } else if (f.integer_items) {
          if (auto p = check_integer(v[i], f, at); !p.empty()) return p;
        }
      }
      return {};
    }
  }
  return {};
}

std::string check_fields(const json& obj, const std::vector<Field>& fields, const std::string& prefix) {
  for (const auto& f : fields) {
    auto it = obj.find(f.name);
    if (it == obj.end()) {
      if (f.required) return fmt::format("field '{}{}' is missing", prefix, f.name);
      continue;
    }
    if (auto p = check_field(*it, f, prefix + f.name); !p.empty()) return p;
  }
  return {};
}

const std::vector<Field> k_target = {
    {"to", Kind::integer, true, -1, k_max_world - 1},  {"addr", Kind::string, true, 0, 0, 1024},
    {"port", Kind::integer, true, 0, 65535},           {"iface", Kind::string, false, 0, 0, 256},
    {"what", Kind::string, false, 0, 0, 256},          {"protocol", Kind::boolean},
    {"bulk_bytes", Kind::integer, false, 0, 64 << 20},
};

const std::vector<Field> k_result = {
    {"from", Kind::integer, false, -1, k_max_world - 1},
    {"to", Kind::integer, false, -1, k_max_world - 1},
    {"addr", Kind::string, false, 0, 0, 1024},
    {"port", Kind::integer, false, 0, 65535},
    {"iface", Kind::string, false, 0, 0, 256},
    {"what", Kind::string, false, 0, 0, 256},
    {"protocol", Kind::boolean},
    {"ok", Kind::boolean},
    {"bulk_ok", Kind::boolean},
    {"rtt_us", Kind::integer, false, -1, k_i64_max},
    {"echo_us", Kind::integer, false, -1, k_i64_max},
    {"connect_us", Kind::integer, false, -1, k_i64_max},
    {"bulk_mbps", Kind::number},
    {"retransmits", Kind::integer, false, 0, k_u32_max},
    {"syn_retransmits", Kind::integer, false, 0, k_u32_max},
    {"snd_mss", Kind::integer, false, 0, k_u32_max},
    {"bytes_acked", Kind::integer, false, 0, k_i64_max},
    {"bulk_bytes", Kind::integer, false, 0, 64 << 20},
    {"stage", Kind::string, false, 0, 0, 64},
    {"failure", Kind::string, false, 0, 0, 64},
    {"error", Kind::string_or_null, false, 0, 0, 4096},
    {"resolved", Kind::string, false, 0, 0, 1024},
    {"reached", Kind::integer, false, -1, k_max_world - 1},
    {"retried", Kind::boolean},
};

// Hex strings of the authentication exchange (auth.hpp): nonce 32, proof 64 characters.
Field hex(const char* name, std::size_t len) { return Field{name, Kind::string, true, 0, 0, len}; }

const std::vector<Field>& schema_of(MsgType type) {
  static const std::vector<Field> join = {
      {"rank", Kind::integer, true, 1, k_max_world - 1},
      {"world", Kind::integer, true, 1, k_max_world},
      {"host", Kind::string, true, 0, 0, 256},
      hex("proof", 64),
      hex("nonce", 32),
      {"sent_unix_us", Kind::integer},
      {"facts", Kind::object, true},
      {"report", Kind::object},
  };
  static const std::vector<Field> plan = {
      hex("proof", 64),
      {"targets", Kind::array, true, 0, 0, 1u << 16, &k_target},
      {"world", Kind::integer, true, 1, k_max_world},
      {"missing", Kind::array, false, 1, k_max_world - 1, 4096, nullptr, true},
      {"detail", Kind::string, false, 0, 0, 16},  // "all" or "failures" (results_message.hpp)
  };
  static const std::vector<Field> results = {
      {"rank", Kind::integer, true, 1, k_max_world - 1},
      {"results", Kind::array, true, 0, 0, 1u << 16, &k_result},
      // Probes summarised by the node (results_message.hpp): plan indices and their round trips.
      {"passed", Kind::array, false, 0, (1 << 16) - 1, 1u << 16, nullptr, true},
      {"passed_rtt_us", Kind::array, false, 0, k_slow_rtt_us, 1u << 16, nullptr, true},
  };
  static const std::vector<Field> verdict = {
      {"verdict", Kind::string, true, 0, 0, 64}, {"reason", Kind::string, false, 0, 0, 4096},
      {"exit_code", Kind::integer, true, 0, 3},  {"findings", Kind::array, false, 0, 0, 4096},
      {"recommendation", Kind::object},
  };
  static const std::vector<Field> reject = {{"reason", Kind::string, true, 0, 0, 1024}};
  static const std::vector<Field> challenge = {hex("nonce", 32)};
  switch (type) {
    case MsgType::join:
      return join;
    case MsgType::plan:
      return plan;
    case MsgType::results:
      return results;
    case MsgType::verdict:
      return verdict;
    case MsgType::reject:
      return reject;
    case MsgType::challenge:
      return challenge;
  }
  return reject;
}

}  // namespace

std::string schema_problem(const Message& message) {
  if (!message.body.is_object()) return "the message is not a JSON object";
  return check_fields(message.body, schema_of(message.type), "");
}

}  // namespace dd::cluster
