#include <algorithm>

#include "logs/rules.hpp"

#include "core/push_unique.hpp"

namespace dd::logs {

namespace rule {

RankedFinding make(std::string id, core::Label label, core::Severity sev, std::string title, int priority) {
  RankedFinding r;
  r.finding = core::new_finding(std::move(id), label, sev, std::move(title));
  r.priority = priority;
  return r;
}

void emit(std::vector<RankedFinding>& out, RankedFinding r, std::string fix,
          std::map<std::string, std::string> fix_env) {
  r.finding.fix.text = std::move(fix);
  for (auto& [name, value] : fix_env) r.finding.fix.env[name] = std::move(value);  // adds to what the rule set
  out.push_back(std::move(r));
}

void add_evidence(core::Finding& f, const Evidence& e) {
  if (e.empty() || f.evidence.size() >= 8) return;
  std::string w = e.where();
  core::push_unique(f.evidence, w);
}

void add_evidence(core::Finding& f, const Signal& s) {
  for (const auto& e : s.evidence) add_evidence(f, e);
}

void add_hosts(core::Finding& f, const std::set<std::string>& hosts) {
  for (const auto& h : hosts) {
    if (f.hosts.size() >= 64) break;
    core::push_unique(f.hosts, h);
  }
}

void add_ranks(core::Finding& f, const std::set<int>& ranks) {
  for (int r : ranks) {
    if (f.ranks.size() >= 4096) break;
    core::push_unique(f.ranks, r);
  }
  std::sort(f.ranks.begin(), f.ranks.end());
}

bool recognised_by(const Signal& s, std::string_view entry_id) { return s.entries.count(entry_id) > 0; }

std::string rank_ranges(const std::set<int>& ranks) {
  std::string out;
  auto it = ranks.begin();
  while (it != ranks.end()) {
    int lo = *it, hi = *it;
    ++it;
    while (it != ranks.end() && *it == hi + 1) hi = *it++;
    if (!out.empty()) out += ",";
    out += lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
  }
  return out;
}

int world_size(const LogFacts& facts) {
  int n = -1, max_rank = -1;
  for (const auto& p : facts.processes) {
    for (const auto& r : p->ranks) {
      n = std::max(n, r.nranks);
      max_rank = std::max(max_rank, r.rank);
    }
  }
  for (const auto& [r, t] : facts.tests_ranks) max_rank = std::max(max_rank, r);
  for (const auto& [r, w] : facts.watchdogs) max_rank = std::max(max_rank, r);
  if (n > 0) return n;
  return max_rank >= 0 ? max_rank + 1 : -1;
}

bool spans_hosts(const LogFacts& facts) {
  if (facts.hosts.size() > 1) return true;
  if (facts.hosts.size() != 1) return false;
  std::size_t local = 0;
  for (const auto& p : facts.processes) local += std::max<std::size_t>(p->devices.size(), 1);
  local = std::max(local, facts.tests_ranks.size());
  int n = world_size(facts);
  return n > 0 && static_cast<std::size_t>(n) > local && facts.tests_ranks.empty();
}

std::set<int> ranks_of(const ProcessState& p) {
  int best = -1;
  for (const auto& r : p.ranks) best = std::max(best, r.nranks);
  std::set<int> out;
  for (const auto& r : p.ranks)
    if (r.rank >= 0 && r.nranks == best) out.insert(r.rank);
  return out;
}

ProcessGroups group_processes(const LogFacts& facts, const std::function<std::string(const ProcessState&)>& key,
                              std::size_t examples) {
  ProcessGroups groups;
  for (const auto& p : facts.processes) {
    std::string k = key(*p);
    if (k.empty()) continue;
    ProcessGroup& g = groups[k];
    g.hosts.insert(p->host);
    auto rs = ranks_of(*p);
    g.ranks.insert(rs.begin(), rs.end());
    if (g.examples.size() < examples) g.examples.push_back(p.get());
  }
  return groups;
}

std::string describe_groups(const ProcessGroups& groups, const std::function<std::string(const std::string&)>& name,
                            std::string_view sep) {
  std::string parts;
  for (const auto& [k, g] : groups) {
    if (!parts.empty()) parts += sep;
    parts += name(k) + " on " + std::to_string(g.hosts.size()) + " host(s)";
    if (!g.ranks.empty()) parts += " (ranks " + rank_ranges(g.ranks) + ")";
  }
  return parts;
}

}  // namespace rule

std::vector<core::Finding> run_rules(const LogFacts& facts) {
  std::vector<RankedFinding> ranked;
  framework_rules(facts, ranked);
  launcher_rules(facts, ranked);
  network_rules(facts, ranked);
  transport_rules(facts, ranked);
  hypothesis_rules(facts, ranked);
  runtime_rules(facts, ranked);
  late_transport_rules(facts, ranked);
  late_hypothesis_rules(facts, ranked);
  evidence_rules(facts, ranked);
  std::stable_sort(ranked.begin(), ranked.end(), [](const RankedFinding& a, const RankedFinding& b) {
    if (a.finding.severity != b.finding.severity)
      return static_cast<int>(a.finding.severity) < static_cast<int>(b.finding.severity);
    return a.priority < b.priority;
  });
  std::vector<core::Finding> out;
  out.reserve(ranked.size());
  for (auto& r : ranked) out.push_back(std::move(r.finding));
  return out;
}

}  // namespace dd::logs
