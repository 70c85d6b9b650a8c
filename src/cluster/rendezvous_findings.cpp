#include "cluster/rendezvous_findings.hpp"

#include <fmt/format.h>

#include <cerrno>

#include "core/finding_factory.hpp"

namespace dd::cluster {

core::Finding join_failure_finding(const JoinFailure& f, const NetError& e, const std::string& host, int port) {
  const std::string& addr = f.address;
  std::vector<std::string> ev = {e.describe(), fmt::format("{} attempts until the deadline", f.attempts)};
  if (!f.rejected.empty())
    return core::new_finding(
        "preflight.rendezvous.rejected", core::Label::other, core::Severity::error,
        fmt::format("rank 0 ({}) turned this node away", addr), {f.rejected},
        "start preflight on every node at the same time (srun, pdsh, --ssh), or raise --timeout on "
        "every node: rank 0 takes joins for 45% of it");
  switch (e.failure) {
    case NetFailure::refused:
      return core::new_finding(
          "preflight.rendezvous.refused", core::Label::firewall_or_port_blocked, core::Severity::error,
          fmt::format("rendezvous {} refused the connection", addr), ev,
          fmt::format("start preflight on rank 0 (it serves {}), and check that no firewall rejects TCP "
                      "port {} there",
                      addr, port));
    case NetFailure::timeout:
      // Only a connect that timed out is a SYN nobody answered. A connection that was accepted and
      // then brought no challenge before the deadline passed the network: whatever listens there
      // is not rank 0's preflight answering in time, and no firewall dropped the port.
      if (e.syscall != "connect")
        return core::new_finding(
            "preflight.rendezvous.no-answer", core::Label::other, core::Severity::error,
            fmt::format("rendezvous {} accepted the connection but sent no challenge before the deadline", addr), ev,
            fmt::format("the TCP connection was accepted, so no firewall drops port {}: either another program "
                        "holds that port on rank 0's host (`ss -ltnp 'sport = :{}'` there shows which), or rank 0's "
                        "preflight is stopped or too busy to answer (its own output says which)",
                        port, port));
      return core::new_finding("preflight.rendezvous.no-answer", core::Label::firewall_or_port_blocked,
                               core::Severity::error, fmt::format("rendezvous {} did not answer", addr), ev,
                               fmt::format("no SYN-ACK came back: a firewall drops TCP port {}, or no host answers "
                                           "at that address (not rank 0's, or its machine is down); check "
                                           "MASTER_ADDR / --rendezvous and `nft list ruleset` on rank 0",
                                           port));
    case NetFailure::no_route:
      // ENETUNREACH: this node's routing table has no route (or a router said so). EHOSTUNREACH
      // also comes from a neighbour that never answered ARP/ND and from a firewall that rejects
      // with an ICMP "prohibited": it does not say the route is missing.
      if (e.err == EHOSTUNREACH)
        return core::new_finding(
            "preflight.rendezvous.no-route", core::Label::no_route, core::Severity::error,
            fmt::format("the rendezvous {} is unreachable from this node (host unreachable)", addr), ev,
            "the kernel or a router reported rank 0's address unreachable: no host answered at it on the link "
            "(`ip neigh`), a router has no way there (`ip route get` for it), or a firewall rejects with an "
            "ICMP 'prohibited' (`nft list ruleset` on rank 0 and on this node)");
      return core::new_finding(
          "preflight.rendezvous.no-route", core::Label::no_route, core::Severity::error,
          fmt::format("no route to the rendezvous {}", addr), ev,
          "this node has no route to rank 0's address: check `ip route get` for it and the interface "
          "that should carry cluster traffic");
    case NetFailure::unresolved:
      return core::new_finding("preflight.rendezvous.unresolved", core::Label::hostname_resolution,
                               core::Severity::error,
                               fmt::format("the rendezvous host '{}' does not resolve here", host), ev,
                               "use rank 0's IP address, or fix DNS / /etc/hosts on this node");
    default:
      // A reset, a closed connection or words that are not a challenge: something answers at the
      // address, not known to be rank 0's preflight (a wrong token gets rank 0's reject instead).
      return core::new_finding("preflight.rendezvous.failed", core::Label::other, core::Severity::error,
                               fmt::format("could not join the rendezvous {}", addr), ev,
                               fmt::format("check that what listens at {} is rank 0's preflight of the same "
                                           "distdoctor version (another program may hold port {})",
                                           addr, port));
  }
}

core::Finding cannot_listen_finding(int port, const NetError& error) {
  bool in_use = error.err == EADDRINUSE;
  return core::new_finding(
      "preflight.rendezvous.cannot-listen", in_use ? core::Label::firewall_or_port_blocked : core::Label::other,
      core::Severity::error, fmt::format("rank 0 cannot listen on the rendezvous port {}", port), {error.describe()},
      in_use ? "another process holds the port: pick a free one with --rendezvous or MASTER_PORT"
             : "the listen failed for the reason above, not a port in use: pick a port this user may open (1024 "
               "or above unless privileged) with --rendezvous or MASTER_PORT");
}

core::Finding no_plan_finding(const std::string& address, const std::string& why, bool proof_failed) {
  return core::new_finding(
      "preflight.rendezvous.dropped", core::Label::other, core::Severity::error,
      proof_failed ? fmt::format("the rendezvous {} sent a probe plan this job's token does not prove", address)
                   : "rank 0 accepted the connection but sent no probe plan",
      {why}, "run the same distdoctor with the same job token and world size on every node, each with its own rank");
}

TokenSource token_source(const std::string& token_flag, const std::string& job_id) {
  if (!token_flag.empty()) return {"--token", false};
  std::string launcher = job_id.substr(0, job_id.find(':'));
  if (job_id.ends_with(":none"))
    return {fmt::format("{} job id 'none' (TORCHELASTIC_RUN_ID's default value)", launcher), true};
  if (!job_id.empty()) return {launcher + " job id", false};
  return {"default (rendezvous address and world)", true};
}

core::Finding guessable_token_finding(const TokenSource& token) {
  return core::new_finding("preflight.token.guessable", core::Label::other, core::Severity::warning,
                           "the job token is guessable: no --token and no launcher job id",
                           {fmt::format("token source: {}", token.source)},
                           "pass the same secret to every node with --token (or run under a launcher with a job "
                           "id: SLURM_JOB_ID, TORCHELASTIC_RUN_ID)");
}

}  // namespace dd::cluster
