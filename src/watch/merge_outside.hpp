// watch.rank.waits-outside-job (merged): every rank of every node waits and no node is missing,
// every rank sent its `endpoints`, and a rank's `waits_on` addresses are held by no report's
// endpoints: with the whole rank table in hand that address is no rank of the job, so that rank
// waits on something outside the job (clusters-2026-12-06g w3: a config service that accepted and
// never answers), not in a collective; the ranks that wait on that rank's connections are said.
// Without every rank's endpoints (reports of an older watch, a rank with no connection listed) the
// candidates of watch.collective.all-waiting stay.
#pragma once

#include <optional>
#include <vector>

#include "core/finding.hpp"
#include "watch/merge.hpp"

namespace dd::watch {

std::optional<core::Finding> outside_wait_finding(const std::vector<NodeReport>& nodes);

}  // namespace dd::watch
