#include "env/launchers/slurm_hostlist.hpp"

#include <fmt/format.h>

#include "core/strings.hpp"

namespace dd::env::launchers {

namespace {

using core::ErrorKind;
using core::make_error;

core::Error bad(std::string_view list, const std::string& why) {
  return make_error(ErrorKind::unreadable, fmt::format("hostlist '{}': {}", list, why));
}

// Split at commas outside brackets.
core::Result<std::vector<std::string>> split_top(std::string_view list) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : list) {
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (depth < 0 || depth > 1) return bad(list, "unbalanced '[' ']'");
    if (c == ',' && depth == 0) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (depth != 0) return bad(list, "unbalanced '[' ']'");
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// "01-04,07" -> {"01","02","03","04","07"}
core::Result<std::vector<std::string>> expand_range(std::string_view list, std::string_view body) {
  std::vector<std::string> out;
  for (const auto& part : core::split(body, ',')) {
    auto dash = part.find('-');
    std::string lo_s = part.substr(0, dash);
    std::string hi_s = dash == std::string::npos ? lo_s : part.substr(dash + 1);
    auto lo = core::parse_int(lo_s);
    auto hi = core::parse_int(hi_s);
    if (!lo || !hi || *lo < 0 || *hi < *lo) return bad(list, fmt::format("bad range '{}'", part));
    if (static_cast<std::size_t>(*hi - *lo) >= k_max_hostlist) return bad(list, "more than 65536 hosts");
    for (std::int64_t v = *lo; v <= *hi; ++v) out.push_back(fmt::format("{:0{}}", v, lo_s.size()));
  }
  if (out.empty()) return bad(list, "empty brackets");
  return out;
}

}  // namespace

core::Result<std::vector<std::string>> expand_hostlist(std::string_view list) {
  auto items = split_top(list);
  if (!items) return items.error();
  std::vector<std::string> out;
  for (const auto& item : *items) {
    std::vector<std::string> names{""};
    std::size_t pos = 0;
    while (pos < item.size()) {
      auto open = item.find('[', pos);
      std::string lit = item.substr(pos, open == std::string::npos ? std::string::npos : open - pos);
      for (auto& n : names) n += lit;
      if (open == std::string::npos) break;
      auto close = item.find(']', open);
      auto values = expand_range(list, std::string_view(item).substr(open + 1, close - open - 1));
      if (!values) return values.error();
      std::vector<std::string> next;
      for (const auto& n : names) {
        for (const auto& v : *values) next.push_back(n + v);
      }
      if (next.size() + out.size() > k_max_hostlist) return bad(list, "more than 65536 hosts");
      names = std::move(next);
      pos = close + 1;
    }
    for (auto& n : names) out.push_back(std::move(n));
  }
  if (out.empty()) return bad(list, "no host names");
  return out;
}

}  // namespace dd::env::launchers
