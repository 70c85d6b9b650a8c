#include "logs/rank_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/text_table.hpp"
#include "logs/rules.hpp"

namespace dd::logs {

namespace {

std::string transport_of(const ProcessState& p) {
  if (!p.transport.empty()) return p.transport;
  if (!p.ib_devices.empty()) return "IB";
  if (!p.socket_ifaces.empty()) return "Socket";
  return {};
}

std::string state_of(const ProcessState& p) {
  if (!p.first_error.empty()) return "failed";
  if (p.init_complete) return "init-complete";
  if (p.rings_connected) return "connected";
  return "init";
}

nlohmann::json evidence_json(const Evidence& e) {
  if (e.empty()) return nullptr;
  return {{"file", e.file}, {"line", e.line}, {"text", e.text}};
}

std::string iface_text(const ProcessState* p) {
  if (p == nullptr || p->bootstrap_iface.empty()) return "-";
  return p->bootstrap_iface + ":" + p->bootstrap_addr;
}

}  // namespace

std::vector<RankRow> rank_rows(const LogFacts& facts) {
  std::set<std::string> versions;
  for (const auto& p : facts.processes)
    if (!p->nccl_version.empty()) versions.insert(p->nccl_version);
  std::string only_version = versions.size() == 1 ? *versions.begin() : std::string();
  std::vector<RankRow> rows;
  std::set<int> covered;
  for (const auto& p : facts.processes) {
    std::set<int> ranks = rule::ranks_of(*p);
    if (ranks.empty()) {
      for (const auto& [r, t] : facts.tests_ranks)
        if (t.host == p->host && t.pid == p->pid) ranks.insert(r);
    }
    RankRow base;
    base.process = p.get();
    base.host = p->host;
    base.pid = p->pid;
    base.dev = p->devices.size() == 1 ? p->devices[0] : -1;
    base.nccl_version = p->nccl_version.empty() ? only_version : p->nccl_version;
    base.transport = transport_of(*p);
    base.state = state_of(*p);
    if (ranks.empty()) {
      rows.push_back(base);
      continue;
    }
    for (int r : ranks) {
      RankRow row = base;
      row.rank = r;
      for (const auto& c : p->ranks)
        if (c.rank == r && c.dev >= 0) row.dev = c.dev;
      auto t = facts.tests_ranks.find(r);
      if (t != facts.tests_ranks.end() && t->second.dev >= 0) row.dev = t->second.dev;
      covered.insert(r);
      rows.push_back(std::move(row));
    }
  }
  for (const auto& [r, t] : facts.tests_ranks) {
    if (covered.count(r)) continue;
    RankRow row;
    row.rank = r;
    row.host = t.host;
    row.pid = t.pid;
    row.dev = t.dev;
    row.nccl_version = only_version;
    row.state = "unknown";
    rows.push_back(std::move(row));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const RankRow& a, const RankRow& b) {
    if ((a.rank < 0) != (b.rank < 0)) return b.rank < 0;
    return a.rank < b.rank;
  });
  return rows;
}

nlohmann::json rank_json(const RankRow& row) {
  const ProcessState* p = row.process;
  nlohmann::json j;
  j["rank"] = row.rank >= 0 ? nlohmann::json(row.rank) : nlohmann::json(nullptr);
  j["host"] = row.host;
  j["pid"] = row.pid;
  j["device"] = row.dev >= 0 ? nlohmann::json(row.dev) : nlohmann::json(nullptr);
  j["nccl_version"] = row.nccl_version.empty() ? nlohmann::json(nullptr) : nlohmann::json(row.nccl_version);
  if (p != nullptr && !p->bootstrap_iface.empty())
    j["bootstrap"] = {{"iface", p->bootstrap_iface}, {"addr", p->bootstrap_addr}};
  else
    j["bootstrap"] = nullptr;
  nlohmann::json net;
  net["transport"] = row.transport.empty() ? nlohmann::json(nullptr) : nlohmann::json(row.transport);
  net["socket"] = nlohmann::json::array();
  if (p != nullptr)
    for (const auto& [iface, addr] : p->socket_ifaces) net["socket"].push_back({{"iface", iface}, {"addr", addr}});
  net["ib_devices"] = p != nullptr && !p->ib_devices.empty() ? nlohmann::json(p->ib_devices) : nlohmann::json(nullptr);
  j["net"] = net;
  j["init_complete"] = p != nullptr && p->init_complete;
  j["state"] = row.state;
  j["socket_ifname"] = p != nullptr && !p->ifname_env.empty() ? nlohmann::json(p->ifname_env) : nlohmann::json(nullptr);
  j["last_activity"] = p != nullptr ? evidence_json(p->last_activity) : nlohmann::json(nullptr);
  j["first_warning"] = p != nullptr ? evidence_json(p->first_warning) : nlohmann::json(nullptr);
  j["first_error"] = p != nullptr ? evidence_json(p->first_error) : nlohmann::json(nullptr);
  auto peers = nlohmann::json::array();
  if (p != nullptr) {
    for (const auto& f : p->failed_peers)
      peers.push_back({{"addr", f.addr.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.addr)},
                       {"port", f.port >= 0 ? nlohmann::json(f.port) : nlohmann::json(nullptr)},
                       {"error", f.err_text},
                       {"count", f.count}});
  }
  j["failed_peers"] = peers;
  return j;
}

std::string render_rank_table(const std::vector<RankRow>& rows, const report::Style& style, std::size_t max_rows) {
  if (rows.empty()) return "";
  std::string out = style.paint(report::Color::bold, "Ranks") + "\n";
  if (rows.size() <= max_rows) {
    core::TextTable table({"RANK", "HOST", "PID", "DEV", "INTERFACE", "TRANSPORT", "STATE"});
    for (const auto& r : rows)
      table.add_row({r.rank >= 0 ? std::to_string(r.rank) : "?", r.host.substr(0, 24), r.pid.substr(0, 8),
                     r.dev >= 0 ? std::to_string(r.dev) : "-", iface_text(r.process).substr(0, 28),
                     r.transport.empty() ? "-" : r.transport, r.state});
    return out + table.render("  ");
  }
  // Compact: group ranks sharing interface name, transport, state and version.
  struct Group {
    std::set<int> ranks;
    std::set<std::string> hosts;
    std::size_t unknown = 0;
  };
  std::map<std::tuple<std::string, std::string, std::string, std::string>, Group> groups;
  for (const auto& r : rows) {
    std::string iface = r.process != nullptr && !r.process->bootstrap_iface.empty() ? r.process->bootstrap_iface : "-";
    Group& g = groups[{iface, r.transport.empty() ? "-" : r.transport, r.state, r.nccl_version}];
    if (r.rank >= 0)
      g.ranks.insert(r.rank);
    else
      ++g.unknown;
    g.hosts.insert(r.host);
  }
  out += fmt::format("  {} ranks in {} group(s)\n", rows.size(), groups.size());
  core::TextTable table({"RANKS", "HOSTS", "INTERFACE", "TRANSPORT", "STATE", "NCCL"});
  for (const auto& [k, g] : groups) {
    std::string ranks = rule::rank_ranges(g.ranks);
    if (g.unknown) ranks += (ranks.empty() ? "" : "+") + std::to_string(g.unknown) + " unknown";
    if (ranks.size() > 24) ranks = ranks.substr(0, 21) + "...";
    table.add_row({ranks, std::to_string(g.hosts.size()), std::get<0>(k), std::get<1>(k), std::get<2>(k),
                   std::get<3>(k).empty() ? "-" : std::get<3>(k)});
  }
  return out + table.render("  ");
}

}  // namespace dd::logs
