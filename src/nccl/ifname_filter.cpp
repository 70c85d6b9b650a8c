#include "nccl/ifname_filter.hpp"

namespace dd::nccl {

std::vector<std::string> split_ifname_tokens(std::string_view list, std::size_t max_tokens,
                                             std::vector<std::string>* ports, std::vector<std::string>* dropped) {
  std::vector<std::string> tokens;
  std::size_t pos = 0;
  while (pos <= list.size()) {
    std::size_t comma = list.find(',', pos);
    if (comma == std::string_view::npos) comma = list.size();
    std::string_view entry = list.substr(pos, comma - pos);
    std::size_t colon = entry.find(':');
    std::string_view name = entry.substr(0, colon);
    std::string_view port = colon == std::string_view::npos ? std::string_view{} : entry.substr(colon + 1);
    if (!name.empty()) {
      if (tokens.size() < max_tokens) {
        tokens.emplace_back(name);
        if (ports) ports->emplace_back(port);
      } else if (dropped) {
        dropped->emplace_back(name);
      }
    }
    pos = comma + 1;
  }
  return tokens;
}

IfnameFilter parse_ifname_list(std::string_view value, ExactSyntax syntax) {
  IfnameFilter f;
  f.raw = std::string(value);
  if (value.size() <= 1) return f;  // unset, empty or one character: ignored
  f.ignored = false;
  if (!value.empty() && value.front() == '^') {
    f.negate = true;
    value.remove_prefix(1);
  }
  if (syntax == ExactSyntax::supported && !value.empty() && value.front() == '=') {
    f.exact = true;
    value.remove_prefix(1);
  }
  f.tokens = split_ifname_tokens(value, k_max_ifs, &f.ports, &f.dropped);
  return f;
}

bool matches_tokens(const IfnameFilter& filter, std::string_view name) {
  if (filter.tokens.empty()) return true;
  for (const auto& t : filter.tokens) {
    if (filter.exact ? name == t : name.substr(0, t.size()) == t) return true;
  }
  return false;
}

bool matches(const IfnameFilter& filter, std::string_view name) {
  if (filter.ignored) return false;
  return matches_tokens(filter, name) != filter.negate;
}

IfnameFilter prefix_filter(std::vector<std::string> prefixes, bool negate) {
  IfnameFilter f;
  f.ignored = false;
  f.negate = negate;
  f.tokens = std::move(prefixes);
  f.ports.assign(f.tokens.size(), "");
  for (std::size_t i = 0; i < f.tokens.size(); ++i) f.raw += (i ? "," : "") + f.tokens[i];
  if (negate) f.raw = "^" + f.raw;
  return f;
}

std::string describe(const IfnameFilter& filter) {
  std::string mode = filter.negate ? "exclude " : "";
  mode += filter.exact ? "exact" : "prefix";
  return "'" + filter.raw + "' (" + mode + ")";
}

}  // namespace dd::nccl
