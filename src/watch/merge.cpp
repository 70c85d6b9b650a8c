#include "watch/merge.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/strings.hpp"

namespace dd::watch {

namespace {

// Findings a node computed from its own ranks' states only.
bool is_local_view(const core::Finding& f) {
  return f.id == "watch.collective.mismatch" || f.id == "watch.input.slow" || f.id == "watch.stall.unexplained" ||
         f.id == "watch.peer.silent";
}

struct Placed {
  int rank;
  std::string host;
};

std::vector<Placed> with(const std::vector<NodeReport>& nodes, Activity a) {
  std::vector<Placed> out;
  for (const auto& n : nodes) {
    for (const auto& r : n.ranks) {
      if (r.activity == a) out.push_back({r.rank, n.host});
    }
  }
  return out;
}

std::string names(const std::vector<Placed>& ps) {
  std::vector<std::string> out;
  for (const auto& p : ps) out.push_back(fmt::format("rank {} ({})", p.rank, p.host));
  return core::join(out, ", ");
}

std::set<std::string> hosts_of(const std::vector<Placed>& ps) {
  std::set<std::string> out;
  for (const auto& p : ps) out.insert(p.host);
  return out;
}

void add_unique(std::vector<std::string>& v, const std::string& x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

}  // namespace

std::string_view activity_key(Activity a) {
  switch (a) {
    case Activity::in_collective:
      return "waiting";
    case Activity::reading_input:
      return "reading_input";
    case Activity::elsewhere:
      return "elsewhere";
    case Activity::computing:
      return "computing";
    case Activity::stopped:
      return "stopped";
  }
  return "elsewhere";
}

std::optional<Activity> activity_from_key(std::string_view key) {
  for (auto a : {Activity::in_collective, Activity::reading_input, Activity::elsewhere, Activity::computing,
                 Activity::stopped}) {
    if (activity_key(a) == key) return a;
  }
  return std::nullopt;
}

namespace {

// The cross-node verdict, when no node saw a network error of its own: ranks that wait in a
// collective on some nodes while ranks on other nodes read their input (data-pipeline-stall) or
// are elsewhere (collective-mismatch). Evidence: every node's ranks, added by the caller.
std::optional<core::Finding> cross_node_finding(const std::vector<NodeReport>& nodes) {
  auto waiting = with(nodes, Activity::in_collective);
  auto reading = with(nodes, Activity::reading_input);
  auto elsewhere = with(nodes, Activity::elsewhere);
  bool network = false;
  for (const auto& n : nodes) {
    for (const auto& f : n.findings) network = network || (!is_local_view(f) && f.severity == core::Severity::error);
  }
  // The cross-node rule applies when the waiting ranks and the others are on different nodes.
  auto apart = [&](const std::vector<Placed>& others) {
    if (waiting.empty() || others.empty()) return false;
    auto w = hosts_of(waiting), o = hosts_of(others);
    return std::any_of(o.begin(), o.end(), [&](auto& h) { return !w.count(h); }) ||
           std::any_of(w.begin(), w.end(), [&](auto& h) { return !o.count(h); });
  };
  std::optional<core::Finding> across;
  if (!network && apart(reading)) {
    // A node's report carries its ranks' states, not the bytes its sockets moved: "not the
    // network" (which the one-node rule says only where no socket moved) is not claimed here.
    across = core::new_finding("watch.input.slow", core::Label::data_pipeline_stall, core::Severity::error,
                               fmt::format("{} busy reading input while {} {} for {}: the input pipeline is the "
                                           "bottleneck",
                                           names(reading), names(waiting), waiting.size() == 1 ? "waits" : "wait",
                                           reading.size() == 1 ? "it" : "them"));
    for (const auto& p : reading) across->ranks.push_back(p.rank);
    for (const auto& h : hosts_of(reading)) across->hosts.push_back(h);
    across->fix.text =
        "Speed up the input pipeline of those ranks: more DataLoader workers (num_workers), pin_memory, prefetch "
        "(tf.data: .prefetch(AUTOTUNE), num_parallel_calls), faster or local storage.";
  } else if (!network && apart(elsewhere)) {
    across = core::new_finding("watch.collective.mismatch", core::Label::collective_mismatch, core::Severity::error,
                               fmt::format("{} {} in a collective that {} never joined", names(waiting),
                                           waiting.size() == 1 ? "waits" : "wait", names(elsewhere)));
    for (const auto& p : elsewhere) across->ranks.push_back(p.rank);
    for (const auto& h : hosts_of(elsewhere)) across->hosts.push_back(h);
    across->fix.text =
        "Every rank must call the same collectives in the same order: look for a collective (or barrier) inside `if "
        "rank == ...`, an early return/continue on some ranks, or uneven data (a rank with fewer batches).";
  }
  return across;
}

}  // namespace

std::vector<core::Finding> merge_reports(const std::vector<NodeReport>& nodes, const std::vector<int>& missing) {
  std::optional<core::Finding> across = cross_node_finding(nodes);
  std::vector<core::Finding> out;
  // The ranks' environments compared across every node that sent them (older reports did not).
  std::vector<RankEnv> envs;
  for (const auto& n : nodes) {
    for (auto e : n.rank_envs) {
      if (e.host.empty()) e.host = n.host;
      envs.push_back(std::move(e));
    }
  }
  if (auto env = compare_rank_envs(envs)) out.push_back(std::move(*env));
  if (across) {
    for (const auto& n : nodes) {
      for (const auto& r : n.ranks) {
        across->evidence.push_back(fmt::format("{}: rank {} {}", n.host, r.rank, to_string(r.activity)));
      }
    }
    out.push_back(std::move(*across));
  }
  for (const auto& n : nodes) {
    for (const auto& f : n.findings) {
      if (across && is_local_view(f)) continue;
      if (f.id == k_env_differs_id && !n.rank_envs.empty()) continue;  // compared above, over every node
      auto same = std::find_if(out.begin(), out.end(), [&](auto& m) { return m.id == f.id; });
      if (same == out.end()) {
        out.push_back(f);
        same = out.end() - 1;
        same->evidence.clear();
      }
      for (const auto& e : f.evidence) same->evidence.push_back(n.host + ": " + e);
      for (int r : f.ranks) {
        if (std::find(same->ranks.begin(), same->ranks.end(), r) == same->ranks.end()) same->ranks.push_back(r);
      }
      add_unique(same->hosts, n.host);
    }
  }
  if (!missing.empty()) {
    std::vector<std::string> ms;
    for (int m : missing) ms.push_back(std::to_string(m));
    auto f = core::new_finding(
        "watch.node.missing", core::Label::other, core::Severity::warning,
        fmt::format("no watch report from node rank(s) {}: this verdict sees only the others", core::join(ms, ", ")));
    f.fix.text = "Run `distdoctor watch` with the same --rendezvous, --world and --token on every node.";
    out.push_back(std::move(f));
  }
  core::sort_findings(out);
  return out;
}

}  // namespace dd::watch
