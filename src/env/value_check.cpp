// See value_check.hpp. The integer reader mirrors glibc strtoll with base 0 (NCCL 2.28.9 param.cc).
#include "env/value_check.hpp"

#include <cctype>
#include <limits>

#include "core/strings.hpp"

namespace dd::env {

namespace {

bool is_digit_in(char c, int base) {
  if (base == 16) return std::isxdigit(static_cast<unsigned char>(c)) != 0;
  if (base == 8) return c >= '0' && c <= '7';
  return c >= '0' && c <= '9';
}

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  return std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
}

bool all_decimal(std::string_view s) {
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// "010" -> "10", "-007" -> "-7", "000" -> "0".
std::string strip_zeros(std::string_view s) {
  std::string sign;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    if (s[0] == '-') sign = "-";
    s.remove_prefix(1);
  }
  while (s.size() > 1 && s[0] == '0') s.remove_prefix(1);
  return sign + std::string(s);
}

}  // namespace

NcclInt read_nccl_int(std::string_view value) {
  NcclInt out;
  if (value.empty()) {
    out.issue = NcclInt::Issue::empty;
    return out;
  }
  std::string_view s = value;
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  int base = 10;
  if (s.size() >= 3 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && std::isxdigit(static_cast<unsigned char>(s[2]))) {
    base = 16;
    s.remove_prefix(2);
  } else if (s.size() >= 2 && s[0] == '0') {
    base = 8;
  }
  std::size_t used = 0;
  bool overflow = false;
  unsigned long long magnitude = 0;
  const unsigned long long limit = negative ? static_cast<unsigned long long>(std::numeric_limits<long long>::max()) + 1
                                            : static_cast<unsigned long long>(std::numeric_limits<long long>::max());
  while (used < s.size() && is_digit_in(s[used], base)) {
    auto d = static_cast<unsigned long long>(digit_value(s[used]));
    auto b = static_cast<unsigned long long>(base);
    if (magnitude > (limit - d) / b)
      overflow = true;
    else
      magnitude = magnitude * b + d;
    ++used;
  }
  std::string_view rest = s.substr(used);
  std::string lower = core::to_lower(core::trim(value));
  if (used == 0) {
    out.issue = NcclInt::Issue::not_a_number;
    out.value = 0;
    if (lower == "true" || lower == "yes" || lower == "on" || lower == "y") out.intended = "1";
    if (lower == "false" || lower == "no" || lower == "off" || lower == "n") out.intended = "0";
    return out;
  }
  if (overflow) {
    out.issue = NcclInt::Issue::overflow;
    return out;
  }
  long long v =
      negative ? (magnitude == limit && limit > static_cast<unsigned long long>(std::numeric_limits<long long>::max())
                      ? std::numeric_limits<long long>::min()
                      : -static_cast<long long>(magnitude))
               : static_cast<long long>(magnitude);
  out.value = v;
  std::string_view trimmed = core::trim(value);
  if (base == 8 && all_decimal(trimmed) && strip_zeros(trimmed) != "0" && strip_zeros(trimmed) != std::to_string(v)) {
    out.issue = NcclInt::Issue::octal;
    out.intended = strip_zeros(trimmed);
    return out;
  }
  if (!core::trim(rest).empty()) {
    out.issue = NcclInt::Issue::trailing;
    std::string_view lead = trimmed.substr(0, trimmed.size() - core::trim(rest).size());
    out.intended = all_decimal(lead) ? strip_zeros(lead) : std::to_string(v);
    if (base == 8) out.intended = std::to_string(v);
    return out;
  }
  return out;
}

std::string closest_choice(std::string_view word, const std::vector<std::string_view>& choices) {
  std::string w = core::to_upper(core::trim(word));
  if (w.empty()) return {};
  for (auto c : choices) {
    if (core::to_upper(c) == w) return std::string(c);
  }
  for (auto c : choices) {
    if (c.size() >= 3 && core::starts_with(w, core::to_upper(c))) return std::string(c);
  }
  std::string best;
  std::size_t best_d = 3;
  for (auto c : choices) {
    std::size_t d = core::edit_distance(w, core::to_upper(c));
    if (d < best_d && d < c.size()) best_d = d, best = std::string(c);
  }
  return best;
}

namespace {

const std::vector<std::string_view> k_algos = {"Tree",     "Ring", "CollNetDirect", "CollNetChain", "NVLS",
                                               "NVLSTree", "PAT"};
const std::vector<std::string_view> k_protos = {"LL", "LL128", "Simple"};
const std::vector<std::string_view> k_functions = {"Broadcast", "Reduce", "AllGather", "ReduceScatter", "AllReduce"};
const std::vector<std::string_view> k_subsystems = {"INIT",      "COLL", "P2P",     "SHM",  "NET",   "GRAPH",
                                                    "TUNING",    "ENV",  "ALLOC",   "CALL", "PROXY", "NVLS",
                                                    "BOOTSTRAP", "REG",  "PROFILE", "RAS",  "ALL"};

bool is_one_of(std::string_view word, const std::vector<std::string_view>& choices) {
  std::string w = core::to_upper(word);
  for (auto c : choices) {
    if (core::to_upper(c) == w) return true;
  }
  return false;
}

// Checks one comma list (optionally led by '^') against `names`.
void check_names(std::string_view list, std::string_view whole, const std::vector<std::string_view>& names,
                 std::vector<ListProblem>& out) {
  list = core::trim(list);
  if (!list.empty() && list[0] == '^') list.remove_prefix(1);
  for (const auto& raw : core::split(list, ',')) {
    std::string_view tok = core::trim(raw);
    if (tok.empty() || is_one_of(tok, names)) continue;
    ListProblem p;
    p.token = std::string(tok);
    p.message = "Unrecognized element token \"" + p.token + "\" when parsing \"" + std::string(whole) + "\"";
    if (core::to_upper(tok) == "COLLNET")
      p.suggestion = "CollNetDirect";  // the 2.5-2.13 token
    else
      p.suggestion = closest_choice(tok, names);
    out.push_back(std::move(p));
  }
}

}  // namespace

std::vector<ListProblem> check_algo_proto(std::string_view value, AlgoOrProto which) {
  const auto& names = which == AlgoOrProto::algo ? k_algos : k_protos;
  std::vector<ListProblem> out;
  auto entries = core::split(value, ';');
  for (std::size_t i = 0; i < entries.size(); ++i) {
    std::string_view entry = entries[i];
    auto colon = entry.find(':');
    if (colon == std::string_view::npos) {
      if (i > 0) {
        ListProblem p;
        p.token = std::string(entry);
        p.message =
            "All entries except the first must have a prefix: \"" + p.token + "\" in \"" + std::string(value) + "\"";
        out.push_back(std::move(p));
      }
      check_names(entry, value, names, out);
      continue;
    }
    std::string_view func = core::trim(entry.substr(0, colon));
    if (!is_one_of(func, k_functions)) {
      ListProblem p;
      p.token = std::string(func);
      p.message = "Unrecognized prefix token \"" + p.token + "\" when parsing \"" + std::string(value) + "\"";
      p.suggestion = closest_choice(func, k_functions);
      out.push_back(std::move(p));
    }
    check_names(entry.substr(colon + 1), value, names, out);
  }
  return out;
}

std::vector<ListProblem> check_debug_subsys(std::string_view value) {
  std::vector<ListProblem> out;
  check_names(value, value, k_subsystems, out);
  for (auto& p : out) p.message = "unknown NCCL_DEBUG_SUBSYS name \"" + p.token + "\"";
  return out;
}

std::optional<std::string> repair(std::string_view value, const std::vector<ListProblem>& problems) {
  std::string out(value);
  for (const auto& p : problems) {
    if (p.suggestion.empty()) return std::nullopt;
    auto pos = out.find(p.token);
    if (pos == std::string::npos) return std::nullopt;
    out.replace(pos, p.token.size(), p.suggestion);
  }
  return out;
}

std::optional<bool> read_torch_bool(std::string_view value) {
  std::string v = core::to_lower(core::trim(value));
  if (v == "1" || v == "y" || v == "yes" || v == "t" || v == "true") return true;
  if (v == "0" || v == "n" || v == "no" || v == "f" || v == "false") return false;
  return std::nullopt;
}

}  // namespace dd::env
