#include "lint/tf_config_across.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "core/json_limits.hpp"

namespace dd::lint::detail {

namespace {

struct Parsed {
  const TfConfigSeen* seen;
  nlohmann::json cluster;
  std::string task;  // "worker[1]", or "" when the value has no usable task
};

std::string where(const TfConfigSeen& s) { return fmt::format("{}:{}", s.file, s.line); }

LintFinding at(const TfConfigSeen& s, core::Finding f) { return LintFinding{std::move(f), {s.file, s.line}, {}}; }

// One folder's values: one job's launch files sit together; examples elsewhere in a tree are
// other jobs.
void compare(const std::vector<Parsed>& parsed, std::vector<LintFinding>& out) {
  if (parsed.size() < 2) return;
  const Parsed& first = parsed.front();
  for (std::size_t i = 1; i < parsed.size(); ++i) {
    const Parsed& p = parsed[i];
    if (p.cluster == first.cluster) continue;
    auto f = core::new_finding("lint.tf.tf-config-cluster-differs", core::Label::tf_config, core::Severity::error,
                               fmt::format("TF_CONFIG at {} describes another cluster than the one at {}: the workers "
                                           "never agree on who is in the job and wait for each other",
                                           where(*p.seen), where(*first.seen)));
    f.evidence = {where(*first.seen) + ": cluster = " + core::dump_json(first.cluster),
                  where(*p.seen) + ": cluster = " + core::dump_json(p.cluster)};
    f.fix.text = "give every worker the same \"cluster\" (" + core::dump_json(first.cluster) +
                 ") and let only \"task\": {\"index\": N} differ";
    out.push_back(at(*p.seen, std::move(f)));
  }
  std::map<std::string, const Parsed*> by_task;
  for (const auto& p : parsed) {
    if (p.task.empty()) continue;
    auto [it, fresh] = by_task.try_emplace(p.task, &p);
    if (fresh) continue;
    auto f =
        core::new_finding("lint.tf.tf-config-task-repeated", core::Label::tf_config, core::Severity::error,
                          fmt::format("TF_CONFIG at {} claims task {} like the one at {}: two workers with one "
                                      "index (a file copied without changing task.index), and the job never starts",
                                      where(*p.seen), p.task, where(*it->second->seen)));
    f.evidence = {where(*it->second->seen) + ": task " + p.task, where(*p.seen) + ": task " + p.task};
    f.fix.text = "give each worker its own \"task\": {\"type\": \"worker\", \"index\": N}, N = 0 .. workers-1";
    out.push_back(at(*p.seen, std::move(f)));
  }
}

}  // namespace

std::vector<LintFinding> tf_config_across(const std::vector<TfConfigSeen>& seen) {
  std::map<std::string, std::vector<Parsed>> by_folder;
  for (const auto& s : seen) {
    auto j = core::parse_json_bounded(s.value, "TF_CONFIG");
    if (!j || !j->is_object() || !j->contains("cluster") || !(*j)["cluster"].is_object()) continue;
    std::string task;
    const auto& t = (*j).value("task", nlohmann::json());
    if (t.is_object() && t.value("type", nlohmann::json()).is_string() &&
        t.value("index", nlohmann::json()).is_number_integer())
      task = fmt::format("{}[{}]", t["type"].get<std::string>(), t["index"].get<long long>());
    by_folder[std::filesystem::path(s.file).parent_path().string()].push_back({&s, (*j)["cluster"], task});
  }
  std::vector<LintFinding> out;
  for (const auto& [folder, parsed] : by_folder) compare(parsed, out);
  return out;
}

}  // namespace dd::lint::detail
