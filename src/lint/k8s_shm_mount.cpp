// lint.k8s.shm-medium (stranger14's fix-2026-12-06k p28): a pod mounts an emptyDir at /dev/shm with
// `medium: memory`. The Kubernetes API reference (EmptyDirVolumeSource.medium) says the medium "must
// be an empty string (default) or Memory": `memory` is neither. lint.k8s.no-shm-volume used to say
// "no memory-backed /dev/shm" there and print a second volume and mount: pasted, each container
// mounts /dev/shm twice, which the API server rejects (volumeMounts mountPath "must be unique"),
// and the misspelt medium stayed. The fix here edits the one line that is wrong.
#include "lint/k8s_shm_mount.hpp"

#include <map>
#include <string>

#include "core/strings.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

std::string scalar_of(const YAML::Node& n) { return n && n.IsScalar() ? n.Scalar() : ""; }

// The medium values the API names, plus HugePages (the kubelet's other medium, not ours to judge).
bool known_medium(const std::string& m) { return m.empty() || m == "Memory" || core::starts_with(m, "HugePages"); }

// `text` (one line of the file) with the value after its `medium:` key replaced by Memory; "" when
// the line does not hold `medium: <value>` exactly once.
std::string with_memory(std::string text, const std::string& value) {
  auto key = text.find("medium:");
  if (key == std::string::npos || text.find("medium:", key + 1) != std::string::npos) return "";
  auto at = text.find_first_not_of(" \t\"'", key + 7);
  if (at == std::string::npos || text.compare(at, value.size(), value) != 0) return "";
  std::size_t from = key + 7, to = at + value.size();
  while (to < text.size() && (text[to] == '"' || text[to] == '\'')) ++to;
  text.replace(from, to - from, " Memory");
  return text;
}

void medium_finding(FileContext& ctx, const std::string& volume, const YAML::Node& medium, int offset) {
  int line = (medium.Mark().line >= 0 ? medium.Mark().line + 1 : 1) + offset;
  const std::string value = medium.Scalar();
  std::string title = "the pod's /dev/shm volume " + volume + " has `medium: " + value +
                      "`, a medium the Kubernetes API does not name (EmptyDirVolumeSource.medium: \"must be an "
                      "empty string (default) or Memory\"; case matters): the API server may reject the pod, or "
                      "this /dev/shm may not be memory-backed (neither was observed here)";
  std::string fixed = with_memory(std::string(ctx.line_text(line)), value);
  if (fixed.empty()) {
    ctx.add("lint.k8s.shm-medium", Label::shm_exhausted, Severity::warning, std::move(title), line,
            "medium: Memory  # in volume " + volume + "'s emptyDir; keep its mount, add no second /dev/shm mount");
    return;
  }
  ctx.add("lint.k8s.shm-medium", Label::shm_exhausted, Severity::warning, std::move(title), line,
          LineEdit{line, line, fixed});
}

}  // namespace

bool shm_mount_rule(FileContext& ctx, const YAML::Node& spec, const YAML::Node& containers, int offset) {
  std::map<std::string, YAML::Node> volumes;
  for (const auto& v : spec["volumes"]) {
    if (v.IsMap() && !scalar_of(v["name"]).empty()) volumes.emplace(scalar_of(v["name"]), v);
  }
  bool mounted = false;
  std::map<std::string, bool> said;
  for (const auto& c : containers) {
    if (!c.IsMap()) continue;
    for (const auto& m : c["volumeMounts"]) {
      if (!m.IsMap() || core::trim(scalar_of(m["mountPath"])) != "/dev/shm") continue;
      mounted = true;
      const std::string name = scalar_of(m["name"]);
      auto v = volumes.find(name);
      if (v == volumes.end() || said[name]) continue;
      said[name] = true;
      const YAML::Node ed = v->second["emptyDir"];
      if (!ed || !ed.IsMap() || !ed["medium"] || !ed["medium"].IsScalar()) continue;
      if (!known_medium(ed["medium"].Scalar())) medium_finding(ctx, name, ed["medium"], offset);
    }
  }
  return mounted;
}

}  // namespace dd::lint::detail
