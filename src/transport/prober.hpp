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
  int to = -1;       // peer rank
  std::string addr;  // numeric, or a host name for job ports (resolved here, as the job would)
  int port = 0;
  std::string iface;             // the peer's interface owning `addr` (empty for job ports)
  std::string what;              // "candidate", "MASTER_PORT", ...
  bool protocol = true;          // false: someone else's listener (torchrun's store): connect only
  std::uint32_t bulk_bytes = 0;  // bytes of this probe's transfer; 0: ProbeOptions::bulk_bytes
};

struct ProbeResult {
  int from = -1;
  ProbeTarget target;
  bool ok = false;       // connected and (protocol) echoed
  bool bulk_ok = false;  // the bulk transfer completed (true for connect-only targets)
  bool retried = false;  // replaced by a second try: a success after a timeout, or a clean run after loss
  std::string stage;     // where it failed: resolve, connect, echo, bulk; empty when all passed
  std::string failure;   // NetFailure name
  std::string error;     // NetError::describe()
  // Best round-trip estimate: the kernel's minimum RTT on the connection (TCP_INFO tcpi_min_rtt,
  // timed from ACKs, so a busy CPU on either node barely moves it) when lower than the echo.
  std::int64_t rtt_us = -1;
  std::int64_t echo_us = -1;  // the echo's round trip through both programs (connect time for connect-only targets)
  std::int64_t connect_us = -1;
  double bulk_mbps = 0;  // bulk throughput, megabits per second
  std::uint32_t retransmits = 0;
  std::uint32_t syn_retransmits = 0;  // of those, sent before the handshake completed (a lost SYN or SYN-ACK)
  std::uint32_t snd_mss = 0;
  std::uint64_t bytes_acked = 0;  // bulk progress the peer acknowledged (TCP_INFO)
  std::uint32_t bulk_bytes = 0;   // bytes the transfer was to move (0 in results of older versions: 512 KiB)
  std::string resolved;           // job ports: the address the name resolved to
  int reached = -1;               // rank that answered when it was not the target (duplicate address)
};

// Bulk bytes the peer acknowledged before the transfer stalled: from here on a lossy path made
// progress; below it, on a fast path, the bulk hit an MTU black hole.
inline constexpr std::uint64_t k_bulk_progress_acked = 64 * 1024;

// Best round trip above which a pair counts as slow: the one threshold of preflight.reach.slow,
// the reachability cell (analysis/reach_matrix.hpp: text 's', JSON, HTML legend), an MTU black
// hole's "fast path" (not slow), a lost SYN's fast path and the light probes sent in summary.
inline constexpr std::int64_t k_slow_rtt_us = 100'000;

// The same threshold for a probe whose transfer was small (a few full-size segments, enough to
// meet an MTU black hole): half of what it was to move, at most k_bulk_progress_acked.
std::uint64_t bulk_progress_acked(const ProbeResult& p);

struct ProbeOptions {
  int concurrency = 16;
  std::chrono::milliseconds connect_timeout{3000};
  std::chrono::milliseconds echo_timeout{3000};
  std::chrono::milliseconds bulk_timeout{5000};
  std::uint32_t echo_bytes = 64;
  std::uint32_t bulk_bytes = 512 * 1024;
  std::string token;  // job token: the key of the probe's proof (never sent)
};

// Re-probes, once and at most 4 at a time with twice the connect and echo timeouts, every target
// whose probe failed with a timeout before the echo (dropped SYNs or an overloaded peer look the
// same as a firewall's drop); a success replaces the result. Stops when less than connect_timeout
// is left before `overall`.
void retry_timeouts(int self, const std::vector<ProbeTarget>& targets, const ProbeOptions& options,
                    const core::Deadline& overall, std::vector<ProbeResult>& results);

// TCP's own evidence that a probe's path lost packets: many retransmitted segments with poor
// throughput, a bulk that stalled after progress, a retransmitted SYN (the kernel's count, never
// the wall clock: a busy prober is late without any loss), or more than 5% of segments resent.
bool shows_loss(const ProbeResult& p);

// Weaker evidence of the same: the probe passed its echo and TCP resent at least 5% of the
// segments it pushed after the handshake (retransmits beyond the SYN's; no minimum count), though
// not enough for shows_loss (the bulk finished, fast). A busy host's one or two dropped segments
// among hundreds are not this; retry_lossy retries it once.
bool resent_segments(const ProbeResult& p);

// Re-probes, once and one at a time, probes that passed but showed loss or resent segments; a clean second run
// replaces the result (a single dropped packet on a busy host is not a lossy path, while a lossy
// path loses again). At most `max_retries`, while the deadline leaves a whole probe's time.
void retry_lossy(int self, const std::vector<ProbeTarget>& targets, const ProbeOptions& options,
                 const core::Deadline& overall, std::vector<ProbeResult>& results, std::size_t max_retries = 8);

// Probes all targets from rank `self`; results in target order. A target reached when less than
// k_min_probe_start of `overall` is left is not started (it would report a silent peer it never
// waited for): stage "connect", failure "timeout", error "not run: preflight deadline".
inline constexpr std::chrono::milliseconds k_min_probe_start{20};
std::vector<ProbeResult> run_probes(int self, const std::vector<ProbeTarget>& targets, const ProbeOptions& options,
                                    const core::Deadline& overall);

// One probe (exposed for tests).
ProbeResult probe_one(int self, const ProbeTarget& target, const ProbeOptions& options, const core::Deadline& overall);

}  // namespace dd::cluster
