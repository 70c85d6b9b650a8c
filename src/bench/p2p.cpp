#include "bench/p2p.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/text_table.hpp"

namespace dd::bench {

namespace {

using Clock = std::chrono::steady_clock;

// One exchange with `peer`: `out` sent while `in` is received.
cluster::NetStatus exchange(Mesh& mesh, int peer, std::span<const std::byte> out, std::span<std::byte> in) {
  SendOp send{peer, out};
  RecvOp recv{peer, in, {}};
  return mesh.transfer({&send, 1}, {&recv, 1});
}

std::string rank_name(int r, const std::vector<std::string>& hosts) {
  std::size_t i = static_cast<std::size_t>(r);
  return i < hosts.size() && !hosts[i].empty() ? fmt::format("rank {} ({})", r, hosts[i]) : fmt::format("rank {}", r);
}

}  // namespace

std::vector<std::vector<std::pair<int, int>>> p2p_rounds(int world) {
  std::vector<std::vector<std::pair<int, int>>> rounds;
  if (world < 2) return rounds;
  // Circle method over an even number of seats; seat `world` (odd worlds) is a rest.
  int n = world % 2 == 0 ? world : world + 1;
  std::vector<int> seat(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) seat[static_cast<std::size_t>(i)] = i;
  for (int k = 0; k < n - 1; ++k) {
    std::vector<std::pair<int, int>> round;
    for (int i = 0; i < n / 2; ++i) {
      int a = seat[static_cast<std::size_t>(i)], b = seat[static_cast<std::size_t>(n - 1 - i)];
      if (a < world && b < world) round.emplace_back(std::min(a, b), std::max(a, b));
    }
    rounds.push_back(std::move(round));
    std::rotate(seat.begin() + 1, seat.end() - 1, seat.end());  // seat 0 stays, the others turn
  }
  return rounds;
}

cluster::NetResult<std::vector<PairSample>> run_p2p(Mesh& mesh, std::size_t bytes, int iters) {
  std::vector<PairSample> out;
  std::vector<std::byte> send(bytes, std::byte{0x5a}), recv(bytes);
  std::byte hello[4] = {}, got[4] = {};
  const int me = mesh.rank();
  for (const auto& round : p2p_rounds(mesh.world())) {
    int peer = -1;
    for (auto [a, b] : round) peer = a == me ? b : b == me ? a : peer;
    if (peer < 0) continue;  // this rank rests this round
    if (auto st = exchange(mesh, peer, hello, got); !st) return st.error();
    if (auto st = exchange(mesh, peer, send, recv); !st) return st.error();  // warm-up
    double best = 0;
    for (int i = 0; i < std::max(iters, 1); ++i) {
      auto t0 = Clock::now();
      if (auto st = exchange(mesh, peer, send, recv); !st) return st.error();
      double us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
      best = i == 0 ? us : std::min(best, us);
    }
    out.push_back(PairSample{peer, bytes, best});
  }
  return out;
}

nlohmann::json to_json(const PairSample& s) { return {{"peer", s.peer}, {"bytes", s.bytes}, {"time_us", s.time_us}}; }

std::optional<PairSample> pair_sample_from_json(const nlohmann::json& j) {
  if (!j.is_object()) return std::nullopt;
  auto peer = j.find("peer"), bytes = j.find("bytes"), time = j.find("time_us");
  if (peer == j.end() || !peer->is_number_integer() || bytes == j.end() || !bytes->is_number_unsigned() ||
      time == j.end() || !time->is_number() || time->get<double>() <= 0)
    return std::nullopt;
  return PairSample{peer->get<int>(), bytes->get<std::size_t>(), time->get<double>()};
}

P2PMatrix combine_p2p(const std::vector<std::vector<PairSample>>& per_rank, int world) {
  P2PMatrix m;
  m.world = world;
  m.gbps.assign(static_cast<std::size_t>(world * world), -1.0);
  auto cell = [&](int a, int b) -> double& { return m.gbps[static_cast<std::size_t>(a * world + b)]; };
  for (int r = 0; r < world && static_cast<std::size_t>(r) < per_rank.size(); ++r) {
    for (const auto& s : per_rank[static_cast<std::size_t>(r)]) {
      if (s.peer < 0 || s.peer >= world || s.peer == r || s.time_us <= 0) continue;
      m.bytes = s.bytes;
      double g = static_cast<double>(s.bytes) / (s.time_us * 1e3);  // bytes per ns = GB/s, each way
      for (auto [a, b] : {std::pair{r, s.peer}, std::pair{s.peer, r}})
        cell(a, b) = cell(a, b) < 0 ? g : std::min(cell(a, b), g);
    }
  }
  return m;
}

P2PVerdict judge_p2p(const P2PMatrix& m) {
  P2PVerdict v;
  std::vector<double> pairs;
  for (int a = 0; a < m.world; ++a)
    for (int b = a + 1; b < m.world; ++b)
      if (m.at(a, b) >= 0) pairs.push_back(m.at(a, b));
  if (pairs.empty()) return v;
  std::sort(pairs.begin(), pairs.end());
  // The widest step between neighbouring figures splits slow from fast when it is wide enough.
  std::size_t gap = 0;
  double widest = 1;
  for (std::size_t i = 0; i + 1 < pairs.size(); ++i)
    if (pairs[i] > 0 && pairs[i + 1] / pairs[i] > widest) widest = pairs[i + 1] / pairs[i], gap = i;
  if (widest < k_p2p_slow_factor) {
    v.reference_gbps = pairs[pairs.size() / 2];
    return v;  // one population: nothing is slow
  }
  v.slow_below_gbps = std::sqrt(pairs[gap] * pairs[gap + 1]);
  v.reference_gbps = pairs[gap + 1 + (pairs.size() - gap - 1) / 2];  // the median of the fast pairs
  auto slow = [&](int a, int b) { return m.at(a, b) >= 0 && m.at(a, b) < v.slow_below_gbps; };
  std::vector<bool> slow_node(static_cast<std::size_t>(m.world), false);
  if (m.world >= 3) {
    for (int r = 0; r < m.world; ++r) {
      int measured = 0, slow_pairs = 0;
      for (int p = 0; p < m.world; ++p)
        if (p != r && m.at(r, p) >= 0) ++measured, slow_pairs += slow(r, p) ? 1 : 0;
      if (measured >= 2 && slow_pairs == measured) {
        slow_node[static_cast<std::size_t>(r)] = true;
        v.slow_nodes.push_back(r);
      }
    }
  }
  for (int a = 0; a < m.world; ++a)
    for (int b = a + 1; b < m.world; ++b)
      if (slow(a, b) && !slow_node[static_cast<std::size_t>(a)] && !slow_node[static_cast<std::size_t>(b)])
        v.slow_links.emplace_back(a, b);
  return v;
}

std::vector<core::Finding> p2p_findings(const P2PMatrix& m, const P2PVerdict& v,
                                        const std::vector<std::string>& hosts) {
  std::vector<core::Finding> out;
  auto host = [&](int r) {
    return static_cast<std::size_t>(r) < hosts.size() ? hosts[static_cast<std::size_t>(r)] : std::string();
  };
  for (int r : v.slow_nodes) {
    double best = 0;
    std::vector<std::string> evidence;
    for (int p = 0; p < m.world; ++p)
      if (p != r && m.at(r, p) >= 0) {
        best = std::max(best, m.at(r, p));
        evidence.push_back(
            fmt::format("{} <-> {}: {:.3f} GB/s each way", rank_name(r, hosts), rank_name(p, hosts), m.at(r, p)));
      }
    auto f = core::new_finding("bench.p2p.slow-node", core::Label::performance, core::Severity::warning,
                               fmt::format("{} is slow with every peer: at most {:.3f} GB/s, where the other pairs "
                                           "reach {:.3f} GB/s",
                                           rank_name(r, hosts), best, v.reference_gbps));
    evidence.push_back(fmt::format("the fast pairs' median is {:.3f} GB/s; slow: below {:.3f} GB/s", v.reference_gbps,
                                   v.slow_below_gbps));
    f.evidence = std::move(evidence);
    f.ranks = {r};
    f.hosts = {host(r)};
    f.fix.text = fmt::format(
        "look at {}'s network: the interface's negotiated speed and errors (`ethtool IFACE`, `ip -s link`), a rate "
        "limit (`tc qdisc show`), CPU or interrupt load, and that the job's traffic uses its fast interface "
        "(NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME); every collective runs at the pace of its slowest rank",
        host(r).empty() ? rank_name(r, hosts) : host(r));
    out.push_back(std::move(f));
  }
  for (auto [a, b] : v.slow_links) {
    auto f = core::new_finding("bench.p2p.slow-link", core::Label::performance, core::Severity::warning,
                               fmt::format("the link between {} and {} is slow: {:.3f} GB/s, where the other pairs "
                                           "reach {:.3f} GB/s",
                                           rank_name(a, hosts), rank_name(b, hosts), m.at(a, b), v.reference_gbps));
    auto best_other = [&](int r, int not_peer) {
      double best = 0;
      for (int p = 0; p < m.world; ++p)
        if (p != r && p != not_peer) best = std::max(best, m.at(r, p));
      return best;
    };
    f.evidence = {fmt::format("{} <-> {}: {:.3f} GB/s each way, {} B per exchange", rank_name(a, hosts),
                              rank_name(b, hosts), m.at(a, b), m.bytes),
                  fmt::format("with other peers {} reaches {:.3f} GB/s and {} {:.3f} GB/s", rank_name(a, hosts),
                              best_other(a, b), rank_name(b, hosts), best_other(b, a))};
    f.ranks = {a, b};
    f.hosts = {host(a), host(b)};
    f.fix.text =
        "both nodes are fast with other peers, so the path between them is the suspect: a switch port or "
        "cable, a route through a slower network or a rate limit on that path; `distdoctor preflight` on "
        "the two nodes shows the addresses and route they use";
    out.push_back(std::move(f));
  }
  return out;
}

std::string render_p2p(const P2PMatrix& m, const P2PVerdict& v, const std::vector<std::string>& hosts) {
  std::vector<std::string> header = {"GB/s each way"};
  std::vector<core::Align> align = {core::Align::left};
  for (int b = 0; b < m.world; ++b) {
    header.push_back(fmt::format("{}", b));
    align.push_back(core::Align::right);
  }
  core::TextTable table(header, align);
  for (int a = 0; a < m.world; ++a) {
    std::vector<std::string> row = {rank_name(a, hosts)};
    for (int b = 0; b < m.world; ++b)
      row.push_back(a == b ? "." : m.at(a, b) < 0 ? "-" : fmt::format("{:.3f}", m.at(a, b)));
    table.add_row(std::move(row));
  }
  std::string out = fmt::format("# distdoctor bench --p2p: {} B each way per exchange, every pair alone\n", m.bytes);
  out += table.render("#  ");
  if (v.slow_nodes.empty() && v.slow_links.empty())
    out += fmt::format("# no slow node or link (median pair {:.3f} GB/s; no pair {:.0f}x slower than the next)\n",
                       v.reference_gbps, k_p2p_slow_factor);
  else
    out += fmt::format("# slow: below {:.3f} GB/s (the fast pairs' median is {:.3f} GB/s)\n", v.slow_below_gbps,
                       v.reference_gbps);
  return out;
}

nlohmann::json p2p_json(const P2PMatrix& m, const P2PVerdict& v, const std::vector<std::string>& hosts) {
  nlohmann::json pairs = nlohmann::json::array();
  for (int a = 0; a < m.world; ++a)
    for (int b = a + 1; b < m.world; ++b) {
      nlohmann::json p = {{"a", a}, {"b", b}, {"gbps", nullptr}};
      if (m.at(a, b) >= 0) p["gbps"] = m.at(a, b);
      if (static_cast<std::size_t>(b) < hosts.size())
        p["hosts"] = {hosts[static_cast<std::size_t>(a)], hosts[static_cast<std::size_t>(b)]};
      pairs.push_back(std::move(p));
    }
  nlohmann::json links = nlohmann::json::array();
  for (auto [a, b] : v.slow_links) links.push_back({a, b});
  return {{"bytes", m.bytes},
          {"pairs", pairs},
          {"reference_gbps", v.reference_gbps},
          {"slow_below_gbps", v.slow_below_gbps},
          {"slow_nodes", v.slow_nodes},
          {"slow_links", links}};
}

}  // namespace dd::bench
