// Pairs of live nodes between which no candidate address was tried: no probe, so no claim about
// reachability. A pair gets here when the target node offered no candidate address (no routable
// address on a running link: preflight.cpp's candidate_addresses), when every candidate listener
// it opened failed, or when the probing node sent no result for them. The finding says that
// nothing was tested, why, and the step that tests it; "cannot be reached" needs a failed probe
// (analysis_reach.cpp) and the reachability cell of such a pair is `not-probed` (reach_matrix.cpp).
#include <fmt/format.h>

#include "cluster/analysis/analysis_context.hpp"
#include "core/strings.hpp"

namespace dd::cluster::detail {

namespace {

struct Why {
  std::string evidence;  // why no address of `to` was tried
  std::string step;      // what makes the next preflight try one
};

Why why_untested(const Ctx& c, int to, const std::vector<int>& froms) {
  const NodeFacts& n = *c.node.at(to);
  std::vector<std::string> failed;
  bool any_candidate = false, any_open = false;
  for (const auto& l : n.listeners) {
    if (l.spec.what != "candidate") continue;
    any_candidate = true;
    any_open = any_open || l.ok;
    if (!l.ok) failed.push_back(fmt::format("{} ({})", l.spec.addr, l.error.empty() ? "failed" : l.error));
  }
  const std::string again = "then run preflight again: it probes the pair";
  if (!any_candidate)
    return {fmt::format("{} offered no candidate address to probe (no routable address on a running link; loopback "
                        "and IPv6 link-local addresses are not probed)",
                        c.host(to)),
            fmt::format("give {} a routable address on a running link (`ip -br addr` there), {}", c.host(to), again)};
  if (!any_open)
    return {
        fmt::format("every candidate listener {} opened failed: {}", c.host(to), core::join(failed, ", ")),
        fmt::format("on {}, remove what kept the listeners from binding (the errors above), {}", c.host(to), again)};
  return {
      fmt::format("rank(s) {} sent no probe result for {}'s candidate addresses", ranks_text(froms), c.host(to)),
      fmt::format("run preflight again; if rank(s) {} still send none, their own output says why", ranks_text(froms))};
}

}  // namespace

void report_untested(Ctx& c, const std::map<int, std::vector<int>>& untested) {
  for (const auto& [to, froms] : untested) {
    Why why = why_untested(c, to, froms);
    auto f = core::new_finding("preflight.reach.not-tested", core::Label::other, core::Severity::warning,
                               fmt::format("{} was not tested from rank(s) {}: no address of it was tried, so whether "
                                           "they reach it is unknown",
                                           c.host(to), ranks_text(froms)));
    f.hosts = {c.host(to)};
    f.ranks = froms;
    f.evidence.push_back(why.evidence);
    for (int from : froms)
      for (const auto* p : c.job_probes(from, to))
        f.evidence.push_back(fmt::format("rank {} ({}) -> {} {} {}:{}: {}", from, c.host(from), c.host(to),
                                         p->target.what, p->target.addr, p->target.port,
                                         p->ok ? std::string("answered") : "failed: " + p->error));
    f.fix.text = why.step;
    c.findings.push_back(std::move(f));
  }
}

}  // namespace dd::cluster::detail
