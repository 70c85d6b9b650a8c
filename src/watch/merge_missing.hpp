// watch.node.missing: meeting ranks that sent no report to the merged verdict. What is known is
// said, no more: no report arrived from that node; if watch runs there it could not reach this
// rendezvous (which a link cut on that node fits too: clusters-2026-12-06e w2, where node1's watch
// ran and got ENETUNREACH). The job ranks no report holds (below WORLD_SIZE, read from the reports'
// rank environments) are named as that node's where one node is missing, e.g. "rank 1".
#pragma once

#include <vector>

#include "core/finding.hpp"
#include "watch/merge.hpp"

namespace dd::watch {

core::Finding missing_nodes_finding(const std::vector<NodeReport>& nodes, const std::vector<int>& missing);

}  // namespace dd::watch
