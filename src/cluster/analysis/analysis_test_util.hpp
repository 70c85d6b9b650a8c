// Test-only: a full probe matrix between nodes' candidate listeners (every probe passes with a
// 120 us round trip and a finished bulk transfer unless `shape` changes it).
#pragma once

#include <functional>
#include <vector>

#include "cluster/analysis/node_facts.hpp"
#include "cluster/transport/prober.hpp"

namespace dd::cluster::testing {

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
