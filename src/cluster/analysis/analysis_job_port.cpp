// A job port (MASTER_PORT, a TF_CONFIG task's port) that preflight could not listen on because
// something already holds it. Preflight runs before the job, so the holder is either a process left
// from an earlier run (the job's rank then fails at once: "Address already in use") or the job
// itself, already running; the finding says both, and that the peers' probes of that port reached
// the holder, not preflight.
#include <fmt/format.h>

#include "cluster/analysis/analysis_context.hpp"
#include "core/finding.hpp"

namespace dd::cluster::detail {

void find_job_ports_taken(Ctx& c) {
  for (const auto& [rank, facts] : c.node) {
    for (const auto& l : facts->listeners) {
      if (l.ok || l.spec.what == "candidate" || l.error.find("EADDRINUSE") == std::string::npos) continue;
      auto f = core::new_finding(
          "preflight.job-port.in-use", core::Label::firewall_or_port_blocked, core::Severity::error,
          fmt::format("{} {} on {} is already taken by another process: unless that is this job already running, "
                      "the job's process there fails to listen on it (Address already in use)",
                      l.spec.what, l.spec.port, c.host(rank)));
      f.hosts = {c.host(rank)};
      f.evidence.push_back(fmt::format("{}: {}", c.host(rank), l.error));
      for (int from : c.live) {
        if (from == rank) continue;
        for (const auto* p : c.job_probes(from, rank))
          if (p->target.port == l.spec.port && p->ok)
            f.evidence.push_back(
                fmt::format("{} -> {}:{} connected: the process holding the port answered, not "
                            "preflight",
                            c.host(from), p->target.addr, p->target.port));
      }
      f.fix.text = fmt::format(
          "on {}: find what holds it (ss -ltnp 'sport = :{}') and stop it if it is left from an earlier run; or "
          "give the job another {} (the same on every node)",
          c.host(rank), l.spec.port, l.spec.what == "MASTER_PORT" ? "MASTER_PORT" : "port");
      c.findings.push_back(std::move(f));
    }
  }
}

}  // namespace dd::cluster::detail
