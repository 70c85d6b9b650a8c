// Test-only: a full probe matrix between nodes' candidate listeners (every probe passes with a
// 120 us round trip and a finished bulk transfer unless `shape` changes it).
#pragma once

#include <functional>
#include <string>
#include <vector>

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

}  // namespace dd::cluster::testing
