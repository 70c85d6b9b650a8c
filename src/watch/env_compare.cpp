#include "watch/env_compare.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/json_limits.hpp"
#include "core/push_unique.hpp"
#include "core/strings.hpp"

namespace dd::watch {

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

constexpr std::size_t k_max_evidence = 64;

bool is_ifname(std::string_view name) { return ends_with(name, "_SOCKET_IFNAME"); }

std::string shorten(std::string_view v, std::size_t max) {
  if (v.size() <= max) return std::string(v);
  return std::string(v.substr(0, max - 3)) + "...";
}

// "rank 0", "ranks 0, 2, 3"
std::string rank_list(const std::vector<const RankEnv*>& rs) {
  std::vector<std::string> n;
  for (const auto* r : rs) n.push_back(std::to_string(r->rank.value_or(-1)));
  if (n.size() > 8) {
    auto more = n.size() - 6;
    n.resize(6);
    n.push_back(fmt::format("and {} more", more));
  }
  return fmt::format("{} {}", rs.size() == 1 ? "rank" : "ranks", core::join(n, ", "));
}

std::string who(const RankEnv& r) {
  return r.rank ? fmt::format("rank {} (pid {}, host {})", *r.rank, r.pid, r.host)
                : fmt::format("pid {} (host {})", r.pid, r.host);
}

std::optional<std::string> value_of(const RankEnv& r, const std::string& name) {
  auto it = r.env.find(name);
  if (it == r.env.end()) return std::nullopt;
  return it->second;
}

// The ranks grouped by the value they compare with, the most common group first.
struct Group {
  std::optional<std::string> compared;  // none: unset
  std::string shown;                    // the first rank's value as it is
  std::vector<const RankEnv*> ranks;
};

std::vector<Group> groups_of(const std::vector<const RankEnv*>& ranks, const std::string& name) {
  std::vector<Group> gs;
  for (const auto* r : ranks) {
    auto raw = value_of(*r, name);
    std::optional<std::string> cmp;
    if (raw) cmp = comparable_value(name, *raw);
    auto g = std::find_if(gs.begin(), gs.end(), [&](const Group& x) { return x.compared == cmp; });
    if (g == gs.end()) {
      gs.push_back({cmp, raw.value_or(""), {}});
      g = gs.end() - 1;
    }
    g->ranks.push_back(r);
  }
  std::stable_sort(gs.begin(), gs.end(),
                   [](const Group& a, const Group& b) { return a.ranks.size() > b.ranks.size(); });
  return gs;
}

std::string describe(const Group& g) {
  return fmt::format("{} on {}", g.compared ? shorten(g.shown, 40) : std::string("unset"), rank_list(g.ranks));
}

}  // namespace

bool is_compared_variable(std::string_view name) {
  if (name == "RANK" || ends_with(name, "_RANK") || name == "NCCL_HOSTID") return false;
  for (std::string_view exact :
       {"MASTER_ADDR", "MASTER_PORT", "WORLD_SIZE", "TF_CONFIG", "TP_SOCKET_IFNAME", "TORCH_DISTRIBUTED_DEBUG"}) {
    if (name == exact) return true;
  }
  for (std::string_view prefix : {"NCCL_", "GLOO_", "TORCH_NCCL_"}) {
    if (core::starts_with(name, prefix) && name.size() > prefix.size()) return true;
  }
  return false;
}

std::string comparable_value(std::string_view name, std::string_view value) {
  if (name != "TF_CONFIG") return std::string(value);
  auto j = core::parse_json_bounded(value, "TF_CONFIG");
  if (!j || !j->is_object()) return std::string(value);
  j->erase("task");
  return j->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void keep_rank_envs(std::vector<RankEnv>& envs, const std::vector<ProcessInfo>& processes, const std::string& host) {
  auto by_pid = [&](int pid) {
    return std::find_if(envs.begin(), envs.end(), [&](const RankEnv& e) { return e.pid == pid; });
  };
  auto process = [&](int pid) -> const ProcessInfo* {
    auto it = std::find_if(processes.begin(), processes.end(), [&](const ProcessInfo& p) { return p.pid == pid; });
    return it == processes.end() ? nullptr : &*it;
  };
  for (const auto& p : processes) {
    if (p.state == 'Z') continue;
    if (p.environ_readable) {
      auto it = by_pid(p.pid);
      if (it != envs.end() && !it->readable) {
        envs.erase(it);
        it = envs.end();
      }
      if (!p.rank) continue;
      if (it != envs.end()) {
        if (it->rank == p.rank) it->env = p.shared_env;
        continue;
      }
      if (std::any_of(envs.begin(), envs.end(), [&](const RankEnv& e) { return e.rank == p.rank; })) continue;
      envs.push_back({p.rank, p.pid, host, true, p.shared_env});
    } else {
      const auto* parent = process(p.ppid);
      if ((parent && !parent->environ_readable) || by_pid(p.pid) != envs.end()) continue;
      envs.push_back({std::nullopt, p.pid, host, false, {}});
    }
  }
}

namespace {

using Differing = std::vector<std::pair<std::string, std::vector<Group>>>;  // variable -> its value groups

// The value another finding of the report exports for `name`, with that finding's id.
std::optional<std::pair<std::string, std::string>> evidenced(const std::vector<core::Finding>& seen,
                                                             const std::string& name) {
  for (const auto& g : seen) {
    if (auto v = g.fix.env.find(name); v != g.fix.env.end() && !v->second.empty()) return std::pair{v->second, g.id};
  }
  return std::nullopt;
}

// The fix: every differing variable with its candidate values, and an export of the value most
// ranks have where one clearly is the intended one (an interface name: the value the evidence shows).
void add_fix(core::Finding& f, const Differing& differing, bool iface, const std::vector<core::Finding>& seen) {
  std::vector<std::string> parts;
  for (const auto& [name, gs] : differing) {
    std::vector<std::string> cands;
    for (const auto& g : gs) cands.push_back(describe(g));
    if (is_ifname(name)) {
      // An interface name is right only where it names the network the nodes share: the ranks'
      // values are no equal choices (one of them may be an isolated NIC).
      if (auto ev = evidenced(seen, name)) {
        f.fix.env[name] = ev->first;
        parts.push_back(
            fmt::format("{}={} on every rank, the interface the ranks' working connections use ({}); now {}", name,
                        ev->first, ev->second, core::join(cands, ", ")));
        continue;
      }
      parts.push_back(fmt::format(
          "{}: now {}; these are not equal choices: the value must name the interface of the network every node "
          "shares (on each node `ip route get ADDRESS` of another node prints it after `dev`), and unset the library "
          "picks by its own rules",
          name, core::join(cands, ", ")));
      continue;
    }
    std::string part = fmt::format("{}: {}", name, core::join(cands, " or "));
    // One value is clearly the intended one when more ranks have it than any other; an unset
    // majority or a TF_CONFIG (it carries each rank's own task) is no value to export.
    bool clear = gs[0].ranks.size() > gs[1].ranks.size();
    if (clear && gs[0].compared && name != "TF_CONFIG") {
      f.fix.env[name] = gs[0].shown;
      part += fmt::format(" (most ranks have {})", shorten(gs[0].shown, 40));
    }
    parts.push_back(part);
  }
  f.fix.text =
      "Give every rank the same value of each of these variables, set where the ranks are launched "
      "(launch script on every node, the launcher's environment, the container spec): " +
      core::join(parts, "; ") + ".";
  if (std::any_of(differing.begin(), differing.end(), [](auto& d) { return d.first == "TF_CONFIG"; })) {
    f.fix.text += " TF_CONFIG was compared without its \"task\" object, which differs by design.";
  }
  if (iface) {
    f.fix.text +=
        " If the hosts name their interfaces differently, choose a value that names the shared network's "
        "interface on every host.";
  }
}

}  // namespace

std::optional<core::Finding> compare_rank_envs(const std::vector<RankEnv>& ranks,
                                               const std::vector<core::Finding>& seen) {
  std::vector<const RankEnv*> readable, unreadable;
  for (const auto& r : ranks) {
    if (r.readable && r.rank) readable.push_back(&r);
    if (!r.readable) unreadable.push_back(&r);
  }
  std::stable_sort(readable.begin(), readable.end(), [](auto* a, auto* b) { return *a->rank < *b->rank; });
  if (readable.size() < 2) return std::nullopt;
  std::set<std::string> names;
  for (const auto* r : readable) {
    for (const auto& [k, v] : r->env) names.insert(k);
  }
  Differing differing;
  for (const auto& name : names) {
    if (!is_compared_variable(name)) continue;
    auto gs = groups_of(readable, name);
    if (gs.size() > 1) differing.emplace_back(name, std::move(gs));
  }
  if (differing.empty()) return std::nullopt;

  bool iface = std::any_of(differing.begin(), differing.end(), [](auto& d) { return is_ifname(d.first); });
  std::vector<std::string> vars;
  for (const auto& [name, gs] : differing) vars.push_back(name);
  if (vars.size() > 4) {
    auto more = vars.size() - 3;
    vars.resize(3);
    vars.push_back(fmt::format("and {} more", more));
  }
  std::vector<std::string> first;
  for (const auto& g : differing.front().second) first.push_back(describe(g));
  std::string title =
      fmt::format("the ranks do not share {}: {}{}", core::join(vars, ", "),
                  differing.size() > 1 ? differing.front().first + " " : std::string(), core::join(first, "; "));
  auto f = core::new_finding(std::string(k_env_differs_id),
                             iface ? core::Label::interface_mismatch : core::Label::config_typo,
                             core::Severity::warning, title);
  for (const auto& [name, gs] : differing) {
    for (const auto* r : readable) {
      auto v = value_of(*r, name);
      f.evidence.push_back(v ? fmt::format("{}: {}={}", who(*r), name, shorten(*v, 200))
                             : fmt::format("{}: {} unset", who(*r), name));
    }
  }
  for (const auto* r : unreadable) f.evidence.push_back(who(*r) + ": environment not readable; not compared");
  if (f.evidence.size() > k_max_evidence) {  // a large job: the rest is in --json's rank_env[]
    auto more = f.evidence.size() - (k_max_evidence - 1);
    f.evidence.resize(k_max_evidence - 1);
    f.evidence.push_back(
        fmt::format("... {} more lines like these (every rank's values: rank_env[] in watch --json)", more));
  }
  for (const auto* r : readable) {
    f.ranks.push_back(*r->rank);
    core::push_unique(f.hosts, r->host);
  }

  add_fix(f, differing, iface, seen);
  return f;
}

}  // namespace dd::watch
