// Prober: connects to every target (peer x candidate address, plus the job's ports), exchanges a
// small echo, then pushes a bulk transfer far larger than the MTU; bounded concurrency, every
// step under its own deadline and all of it under an overall one.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/deadline.hpp"

namespace dd::cluster {

struct ProbeTarget {
  int to = -1;              // peer rank
  std::string addr;         // numeric, or a host name for job ports (resolved here, as the job would)
  int port = 0;
  std::string iface;        // the peer's interface owning `addr` (empty for job ports)
  std::string what;         // "candidate", "MASTER_PORT", ...
  bool protocol = true;     // false: someone else's listener (torchrun's store): connect only
};

struct ProbeResult {
  int from = -1;
  ProbeTarget target;
  bool ok = false;          // connected and (protocol) echoed
  bool bulk_ok = false;     // the bulk transfer completed (true for connect-only targets)
  bool retried = false;     // succeeded on a second try after a timeout (see retry_timeouts)
  std::string stage;        // where it failed: resolve, connect, echo, bulk; empty when all passed
  std::string failure;      // NetFailure name
  std::string error;        // NetError::describe()
  // Best round-trip estimate: the kernel's minimum RTT on the connection (TCP_INFO tcpi_min_rtt,
  // timed from ACKs, so a busy CPU on either node barely moves it) when lower than the echo.
  std::int64_t rtt_us = -1;
  std::int64_t echo_us = -1;  // the echo's round trip through both programs (connect time for connect-only targets)
  std::int64_t connect_us = -1;
  double bulk_mbps = 0;     // bulk throughput, megabits per second
  std::uint32_t retransmits = 0;
  std::uint32_t snd_mss = 0;
  std::uint64_t bytes_acked = 0;  // bulk progress the peer acknowledged (TCP_INFO)
  std::string resolved;     // job ports: the address the name resolved to
  int reached = -1;         // rank that answered when it was not the target (duplicate address)
};

struct ProbeOptions {
  int concurrency = 16;
  std::chrono::milliseconds connect_timeout{3000};
  std::chrono::milliseconds echo_timeout{3000};
  std::chrono::milliseconds bulk_timeout{5000};
  std::uint32_t echo_bytes = 64;
  std::uint32_t bulk_bytes = 512 * 1024;
  std::string token;  // job token: the key of the probe's proof (never sent)
};

// Re-probes, once and one at a time, every target whose probe failed with a timeout before the
// echo (a dropped SYN or an overloaded peer looks the same as a firewall's drop); a success
// replaces the result. Stops when less than connect_timeout is left before `overall`.
void retry_timeouts(int self, const std::vector<ProbeTarget>& targets, const ProbeOptions& options,
                    const core::Deadline& overall, std::vector<ProbeResult>& results);

// Probes all targets from rank `self`; results in target order. Targets not started before
// `overall` report stage "connect", failure "timeout", error "not run: preflight deadline".
std::vector<ProbeResult> run_probes(int self, const std::vector<ProbeTarget>& targets, const ProbeOptions& options,
                                    const core::Deadline& overall);

// One probe (exposed for tests).
ProbeResult probe_one(int self, const ProbeTarget& target, const ProbeOptions& options, const core::Deadline& overall);

}  // namespace dd::cluster
