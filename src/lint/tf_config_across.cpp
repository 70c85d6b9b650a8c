#include "lint/tf_config_across.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

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

// The hosts of a cluster's "host:port" entries, every task type (the port dropped: a port typo in
// every entry is still one job's).
std::set<std::string> addresses(const nlohmann::json& cluster) {
  std::set<std::string> out;
  for (const auto& [type, tasks] : cluster.items()) {
    if (!tasks.is_array()) continue;
    for (const auto& t : tasks) {
      if (!t.is_string()) continue;
      std::string a = t.get<std::string>();
      auto colon = a.rfind(':');
      out.insert(colon == std::string::npos || a.back() == ']' ? a : a.substr(0, colon));
    }
  }
  return out;
}

// One folder's values, split into jobs: two values whose clusters share no host are two jobs
// (fix-2026-12-07q: a compose pair and a bare-metal pair in one folder), which never wait for each
// other; values that share one are one job's, and must agree.
std::vector<std::vector<Parsed>> jobs_of(const std::vector<Parsed>& parsed) {
  std::vector<std::vector<Parsed>> jobs;
  std::vector<std::set<std::string>> seen;
  for (const auto& p : parsed) {
    auto mine = addresses(p.cluster);
    std::vector<std::size_t> joined;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      if (std::any_of(mine.begin(), mine.end(), [&](const std::string& a) { return seen[j].count(a) > 0; }))
        joined.push_back(j);
    }
    if (joined.empty()) {
      jobs.push_back({p});
      seen.push_back(mine);
      continue;
    }
    // p joins the first job it shares an address with; jobs it links to that one merge into it
    auto& into = jobs[joined.front()];
    into.push_back(p);
    seen[joined.front()].insert(mine.begin(), mine.end());
    for (auto j = joined.rbegin(); j != joined.rend() && *j != joined.front(); ++j) {
      into.insert(into.end(), jobs[*j].begin(), jobs[*j].end());
      seen[joined.front()].insert(seen[*j].begin(), seen[*j].end());
      jobs.erase(jobs.begin() + static_cast<std::ptrdiff_t>(*j));
      seen.erase(seen.begin() + static_cast<std::ptrdiff_t>(*j));
    }
  }
  return jobs;
}

// One job's values (jobs_of): the same cluster, each task once.
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
  for (const auto& [folder, parsed] : by_folder)
    for (const auto& job : jobs_of(parsed)) compare(job, out);
  return out;
}

}  // namespace dd::lint::detail
