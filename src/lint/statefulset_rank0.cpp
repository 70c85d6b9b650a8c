#include "lint/statefulset_rank0.hpp"

#include <algorithm>
#include <regex>
#include <vector>

#include "core/strings.hpp"

namespace dd::lint {

namespace {

struct YamlDoc {
  std::string kind, name, ns, service_name;
  bool headless = false;
};

// A document's kind, metadata.name and metadata.namespace (the direct children of the top-level
// `metadata:`, at its first child's indentation: not labels' keys), spec.serviceName and whether it
// sets `clusterIP: None`, from its lines.
YamlDoc read_doc(const std::vector<std::string>& lines) {
  static const std::regex kind(R"(^kind:\s*["']?([A-Za-z]+)["']?\s*(#.*)?$)");
  static const std::regex key(R"(^(\s+)(name|namespace):\s*["']?([a-z0-9][a-z0-9.-]*)["']?\s*(#.*)?$)");
  static const std::regex service(R"(^\s+serviceName:\s*["']?([a-z0-9][a-z0-9.-]*)["']?\s*(#.*)?$)");
  static const std::regex headless(R"(^\s+clusterIP:\s*["']?None["']?\s*(#.*)?$)");
  YamlDoc d;
  bool in_metadata = false;
  std::size_t child = 0;  // the indentation of metadata's children
  for (const auto& l : lines) {
    if (l.size() > 512) continue;
    std::smatch m;
    const auto indent = l.find_first_not_of(' ');
    if (indent == std::string::npos || l[indent] == '#') continue;
    if (indent == 0) {
      in_metadata = core::starts_with(l, "metadata:");
      child = 0;
    } else if (in_metadata && child == 0) {
      child = indent;
    }
    if (std::regex_match(l, m, kind)) {
      d.kind = m[1].str();
    } else if (in_metadata && indent == child && std::regex_match(l, m, key)) {
      (m[2].str() == "name" ? d.name : d.ns) = m[3].str();
    } else if (std::regex_match(l, m, service)) {
      d.service_name = m[1].str();
    } else if (std::regex_match(l, headless)) {
      d.headless = true;
    }
  }
  return d;
}

}  // namespace

std::optional<StatefulSetRank0> statefulset_rank0(std::string_view text) {
  std::vector<YamlDoc> docs;
  std::vector<std::string> lines;
  for (const auto& l : core::split(text, '\n', true)) {
    std::string line = l;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (core::starts_with(line, "---")) {
      docs.push_back(read_doc(lines));
      lines.clear();
      continue;
    }
    lines.push_back(line);
  }
  docs.push_back(read_doc(lines));
  const YamlDoc* set = nullptr;
  for (const auto& d : docs) {
    if (d.kind != "StatefulSet" || d.name.empty() || d.service_name.empty()) continue;
    if (set) return std::nullopt;  // two StatefulSets: which one holds rank 0 is not seen
    set = &d;
  }
  if (!set) return std::nullopt;
  // the node rank is the ordinal itself: --node_rank / NODE_RANK / RANK given ${HOSTNAME##*-} alone
  static const std::regex ordinal(R"((node_rank|NODE_RANK|RANK)[= ]["']?\$\{HOSTNAME##\*-\}["']?(\s|$|;|&))");
  const std::string all(text.substr(0, std::min<std::size_t>(text.size(), std::size_t{1} << 20)));
  for (const auto& d : docs) {
    if (d.kind != "Service" || d.name != set->service_name || !d.headless || d.ns != set->ns) continue;
    return StatefulSetRank0{set->name + "-0." + set->service_name, std::regex_search(all, ordinal),
                            "StatefulSet " + set->name + " (serviceName: " + set->service_name + "), Service " +
                                d.name + " with clusterIP: None"};
  }
  return std::nullopt;
}

}  // namespace dd::lint
