// Test-only: node builders, a full probe matrix between nodes' candidate listeners (every probe
// passes with a 120 us round trip and a finished bulk transfer unless `shape` changes it), and the
// analysis input and finding look-ups the analysis tests share (analysis_test.cpp,
// short_evidence_test.cpp).
#pragma once

#include <algorithm>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/node_facts.hpp"
#include "transport/prober.hpp"

namespace dd::cluster::testing {

// A node whose only network is eth0 at 198.18.(1 + rank / 250).(1 + rank % 250)/16 with one
// candidate listener on it (port 40000), and NCCL and Gloo both on eth0; `loopback` adds lo.
inline NodeFacts eth0_node(int rank, int mtu, bool loopback) {
  NodeFacts f;
  f.rank = rank;
  f.host = "node" + std::to_string(rank);
  f.model_version = "2.28.9";
  std::string addr = "198.18." + std::to_string(1 + rank / 250) + "." + std::to_string(1 + rank % 250);
  if (loopback) {
    f.entries.push_back(os::AddressEntry{"lo", "lo", os::Family::inet, "127.0.0.1", 8, 0, true, true, true});
    f.ifaces["lo"] = IfaceFacts{netif::Kind::loopback, 65536, -1, true, false, 1};
  }
  f.entries.push_back(os::AddressEntry{"eth0", "eth0", os::Family::inet, addr, 16, 0, true, true, false});
  f.ifaces["eth0"] = IfaceFacts{netif::Kind::physical, mtu, 10000, true, false, 2};
  Listener l;
  l.spec = ListenSpec{addr, 0, 0, "eth0", "candidate"};
  l.port = 40000;
  l.ok = true;
  f.listeners.push_back(l);
  f.nccl_bootstrap = nccl::Endpoint{"eth0", addr, "eth0"};
  f.nccl_socket = {*f.nccl_bootstrap};
  f.gloo = nccl::Endpoint{"eth0", addr, "eth0"};
  f.gloo_source = "hostname";
  return f;
}

inline std::vector<ProbeResult> probe_matrix(const std::vector<NodeFacts>& nodes,
                                             const std::function<void(ProbeResult&)>& shape) {
  std::vector<ProbeResult> out;
  for (const auto& from : nodes)
    for (const auto& to : nodes) {
      if (from.rank == to.rank) continue;
      for (const auto& l : to.listeners) {
        ProbeResult p;
        p.from = from.rank;
        p.target = ProbeTarget{to.rank, l.spec.addr, l.port, l.spec.iface, "candidate", true};
        p.ok = p.bulk_ok = true;
        p.rtt_us = 120;
        p.bytes_acked = 512 * 1024;
        shape(p);
        out.push_back(p);
      }
    }
  return out;
}

inline os::AddressEntry v4(const std::string& name, const std::string& addr, bool loopback = false) {
  return os::AddressEntry{name, name, os::Family::inet, addr, loopback ? 8 : 24, 0, true, true, loopback};
}

// A node with lo plus `ifaces` (name, addr, kind) in ifindex order; NCCL/Gloo choices given.
inline NodeFacts node(int rank, std::vector<std::tuple<std::string, std::string, std::string>> ifaces,
                      const std::string& nccl_iface, const std::string& gloo_iface) {
  NodeFacts f;
  f.rank = rank;
  f.host = "node" + std::to_string(rank);
  f.model_version = "2.28.9";
  f.entries.push_back(v4("lo", "127.0.0.1", true));
  f.ifaces["lo"] = IfaceFacts{netif::Kind::loopback, 65536, -1, true, false, 1};
  for (const auto& [name, addr, kind] : ifaces) {
    f.entries.push_back(v4(name, addr));
    int ifindex = static_cast<int>(f.ifaces.size()) + 1;
    f.ifaces[name] = IfaceFacts{netif::kind_from_string(kind).value(), 1500, 10000, true, false, ifindex};
    Listener l;
    l.spec = ListenSpec{addr, 0, 0, name, "candidate"};
    l.port = 40000 + rank;
    l.ok = true;
    f.listeners.push_back(l);
    if (name == nccl_iface) {
      f.nccl_bootstrap = nccl::Endpoint{name, addr, name};
      f.nccl_socket = {*f.nccl_bootstrap};
    }
    if (name == gloo_iface) f.gloo = nccl::Endpoint{name, addr, name};
  }
  f.gloo_source = "hostname";
  return f;
}

// Every node joined and returned its probe results; the rendezvous at 198.18.1.1:29401.
inline AnalysisInput input_of(std::vector<NodeFacts> nodes, std::vector<ProbeResult> ps) {
  AnalysisInput in;
  in.world = static_cast<int>(nodes.size());
  for (const auto& n : nodes) in.probed.insert(n.rank);
  in.nodes = std::move(nodes);
  in.probes = std::move(ps);
  in.rendezvous = "198.18.1.1:29401";
  in.rendezvous_port = 29401;
  return in;
}

// Whether a finding with `id` stands (not folded into a cause).
inline bool has(const Analysis& a, const std::string& id) {
  return std::any_of(a.findings.begin(), a.findings.end(), [&](const core::Finding& f) { return f.id == id; });
}

// The first finding with `id`; only after has() said there is one.
inline const core::Finding& get(const Analysis& a, const std::string& id) {
  return *std::find_if(a.findings.begin(), a.findings.end(), [&](const core::Finding& f) { return f.id == id; });
}

// Shapes a probe to eth0 as a connect that timed out (no echo, no bulk).
inline void unreachable_eth0(ProbeResult& p) {
  if (p.target.iface != "eth0") return;
  p.ok = p.bulk_ok = false;
  p.stage = "connect";
  p.failure = "timeout";
  p.error = "connect: timeout";
}

}  // namespace dd::cluster::testing
