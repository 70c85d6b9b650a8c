#include "transport/prober.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <thread>

#include "transport/probe_protocol.hpp"
#include "transport/socket.hpp"

namespace dd::cluster {

namespace {

using Clock = std::chrono::steady_clock;

std::int64_t us_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t).count();
}

core::Deadline step(std::chrono::milliseconds budget, const core::Deadline& overall) {
  return core::Deadline(std::min(budget, overall.remaining()));
}

void fail(ProbeResult& r, std::string stage, const NetError& e) {
  r.stage = std::move(stage);
  r.failure = std::string(to_string(e.failure));
  r.error = e.describe();
}

// The target's address: numeric as given, else its first DNS answer; nullopt (stage "resolve"
// recorded in `r`) when it does not resolve.
std::optional<SockAddr> target_addr(const ProbeTarget& target, ProbeResult& r) {
  if (auto numeric = numeric_addr(target.addr, target.port)) return *numeric;
  auto resolved = resolve(target.addr, target.port);
  if (!resolved) {
    fail(r, "resolve", resolved.error());
    return std::nullopt;
  }
  return resolved->front();
}

// The listener's challenge, read within the echo deadline; nullopt (stage "echo") when it is not
// a distdoctor probe listener.
std::optional<std::array<std::byte, k_nonce_bytes>> read_challenge(int fd, const core::Deadline& echo_deadline,
                                                                   const std::string& peer, ProbeResult& r) {
  std::array<std::byte, k_probe_challenge> challenge{};
  if (auto rd = read_exact(fd, challenge, echo_deadline, peer); !rd) {
    fail(r, "echo", rd.error());
    if (rd.error().failure == NetFailure::closed) r.error += " - not a distdoctor listener";
    return std::nullopt;
  }
  auto nonce = decode_probe_challenge(challenge);
  if (!nonce) fail(r, "echo", NetError{NetFailure::protocol, "recv", 0, peer, "not a distdoctor probe listener"});
  return nonce;
}

// Proves the job token, sends the echo bytes and checks they come back from the expected rank;
// sets r.bulk_bytes (announced in the header), r.echo_us and r.rtt_us. False (stage "echo"
// recorded) when any of it fails.
bool echo_stage(int fd, const ProbeTarget& target, const ProbeOptions& options, const core::Deadline& echo_deadline,
                const std::string& peer, ProbeResult& r) {
  auto nonce = read_challenge(fd, echo_deadline, peer, r);
  if (!nonce) return false;
  r.bulk_bytes = target.bulk_bytes ? target.bulk_bytes : options.bulk_bytes;
  ProbeHeader ph{probe_proof(options.token, *nonce), options.echo_bytes, r.bulk_bytes};
  auto header = encode_probe_header(ph);
  std::vector<std::byte> echo(options.echo_bytes);
  for (std::size_t i = 0; i < echo.size(); ++i) echo[i] = static_cast<std::byte>(i * 7 + 1);
  auto t0 = Clock::now();
  std::vector<std::byte> back(4 + echo.size());
  if (auto w = write_all(fd, header, echo_deadline, peer); !w) return fail(r, "echo", w.error()), false;
  if (auto w = write_all(fd, echo, echo_deadline, peer); !w) return fail(r, "echo", w.error()), false;
  if (auto rd = read_exact(fd, back, echo_deadline, peer); !rd) {
    fail(r, "echo", rd.error());
    if (rd.error().failure == NetFailure::closed) r.error += " - another job's distdoctor (wrong token)";
    return false;
  }
  r.echo_us = r.rtt_us = us_since(t0);
  std::uint32_t who = 0;
  for (std::size_t i = 0; i < 4; ++i) who = (who << 8) | std::to_integer<std::uint32_t>(back[i]);
  if (!std::equal(echo.begin(), echo.end(), back.begin() + 4))
    return fail(r, "echo", NetError{NetFailure::protocol, "recv", 0, peer, "echo differs"}), false;
  if (target.to >= 0 && static_cast<int>(who) != target.to) {
    r.reached = static_cast<int>(who);
    return fail(r, "echo",
                NetError{NetFailure::protocol, "recv", 0, peer,
                         fmt::format("answered by rank {} instead of rank {}: the address exists on "
                                     "several nodes",
                                     who, target.to)}),
           false;
  }
  return true;
}

// Pushes r.bulk_bytes and waits for the listener's 8-byte receipt; sets r.bulk_ok and r.bulk_mbps,
// or records stage "bulk".
void bulk_stage(int fd, const core::Deadline& bulk_deadline, const std::string& peer, ProbeResult& r) {
  static const auto chunk = [] {  // the bytes pushed; filled once, not per probe
    std::array<std::byte, 64 * 1024> a{};
    a.fill(std::byte{0x5a});
    return a;
  }();
  const std::uint32_t bulk_bytes = r.bulk_bytes;
  auto t1 = Clock::now();
  std::uint32_t sent = 0;
  while (sent < bulk_bytes) {
    std::size_t n = std::min<std::size_t>(chunk.size(), bulk_bytes - sent);
    if (auto w = write_all(fd, std::span(chunk.data(), n), bulk_deadline, peer); !w) {
      fail(r, "bulk", w.error());
      return;
    }
    sent += static_cast<std::uint32_t>(n);
  }
  std::array<std::byte, 8> done{};
  if (auto rd = read_exact(fd, done, bulk_deadline, peer); !rd) {
    fail(r, "bulk", rd.error());
    return;
  }
  double secs = static_cast<double>(us_since(t1)) / 1e6;
  r.bulk_ok = true;
  r.bulk_mbps = secs > 0 ? static_cast<double>(bulk_bytes) * 8.0 / 1e6 / secs : 0;
}

// The kernel's TCP counters after the probe, and what they say when the bulk transfer failed.
void record_tcp_stats(int fd, const ProbeOptions& options, ProbeResult& r) {
  auto stats = tcp_stats(fd);
  r.retransmits = stats.retransmits;
  r.snd_mss = stats.snd_mss;
  r.bytes_acked = stats.bytes_acked;
  if (stats.min_rtt_us > 0 && r.rtt_us >= 0) r.rtt_us = std::min<std::int64_t>(r.rtt_us, stats.min_rtt_us);
  if (!r.bulk_ok)
    r.error +=
        fmt::format(" (echo of {} B passed in {} us; {} B bulk did not; {} B acked, mss {}, {} retransmits)",
                    options.echo_bytes, r.echo_us, r.bulk_bytes, stats.bytes_acked, stats.snd_mss, stats.retransmits);
}

}  // namespace

ProbeResult probe_one(int self, const ProbeTarget& target, const ProbeOptions& options, const core::Deadline& overall) {
  ProbeResult r;
  r.from = self;
  r.target = target;
  auto addr = target_addr(target, r);
  if (!addr) return r;
  r.resolved = addr->host();
  std::string peer = addr->to_string();
  auto start = Clock::now();
  auto conn = connect_to(*addr, step(options.connect_timeout, overall));
  if (!conn) {
    fail(r, "connect", conn.error());
    return r;
  }
  r.connect_us = us_since(start);
  r.syn_retransmits = tcp_stats(conn->get()).retransmits;  // every retransmission so far was of the SYN
  r.retransmits = r.syn_retransmits;
  if (!target.protocol) {
    r.ok = r.bulk_ok = true;
    r.echo_us = r.rtt_us = r.connect_us;
    if (auto kernel = tcp_stats(conn->get()).min_rtt_us; kernel > 0)
      r.rtt_us = std::min<std::int64_t>(r.rtt_us, kernel);
    return r;
  }
  if (!echo_stage(conn->get(), target, options, step(options.echo_timeout, overall), peer, r)) return r;
  r.ok = true;
  bulk_stage(conn->get(), step(options.bulk_timeout, overall), peer, r);
  record_tcp_stats(conn->get(), options, r);
  return r;
}

std::vector<ProbeResult> run_probes(int self, const std::vector<ProbeTarget>& targets, const ProbeOptions& options,
                                    const core::Deadline& overall) {
  std::vector<ProbeResult> results(targets.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (;;) {
      std::size_t i = next.fetch_add(1);
      if (i >= targets.size()) return;
      if (overall.remaining() < k_min_probe_start) {
        ProbeResult r;
        r.from = self;
        r.target = targets[i];
        r.stage = "connect";
        r.failure = "timeout";
        r.error = "not run: preflight deadline";
        results[i] = r;
        continue;
      }
      results[i] = probe_one(self, targets[i], options, overall);
    }
  };
  std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(std::max(options.concurrency, 1)), targets.size());
  std::vector<std::thread> pool;
  for (std::size_t i = 0; i < n; ++i) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  retry_timeouts(self, targets, options, overall, results);
  retry_lossy(self, targets, options, overall, results);
  return results;
}

namespace {
constexpr std::uint32_t k_lossy_retransmits = 8;
constexpr double k_lossy_mbps = 100;  // retransmits matter when they also cut throughput
constexpr std::size_t k_retry_concurrency = 4;
}  // namespace

std::uint64_t bulk_progress_acked(const ProbeResult& p) {
  if (p.bulk_bytes == 0) return k_bulk_progress_acked;
  return std::min<std::uint64_t>(k_bulk_progress_acked, p.bulk_bytes / 2);
}

bool shows_loss(const ProbeResult& p) {
  if (!p.ok) return false;
  bool many = p.retransmits >= k_lossy_retransmits && (!p.bulk_ok || p.bulk_mbps < k_lossy_mbps);
  bool stalled = !p.bulk_ok && p.bytes_acked >= bulk_progress_acked(p);
  // A lost SYN costs the kernel's 1 s retransmission timeout; the kernel counts it, so a prober
  // that was merely descheduled (slow connect, nothing resent) is not taken for loss.
  bool syn = p.syn_retransmits > 0 && p.rtt_us >= 0 && p.rtt_us <= k_slow_rtt_us;
  // More than 5% of the segments pushed were sent again: a lossy path even when a fast link (or
  // fast retransmit) keeps the throughput up. Healthy LAN paths retransmit ~0%.
  bool ratio = false;
  if (p.snd_mss != 0 && p.bytes_acked != 0 && p.retransmits >= k_lossy_retransmits)
    ratio = static_cast<std::uint64_t>(p.retransmits) * 20 >= p.bytes_acked / p.snd_mss + 1;
  return many || stalled || syn || ratio;
}

bool resent_segments(const ProbeResult& p) {
  if (!p.ok || p.retransmits <= p.syn_retransmits || p.snd_mss == 0 || p.bytes_acked == 0) return false;
  // 5% of the segments pushed, as shows_loss's ratio but without its minimum count: the one or two
  // segments a busy host resends among hundreds are not this (loopback under load does that); a
  // jumbo-MTU path through a 1500-byte hop, which loses 5 of 59, is.
  return static_cast<std::uint64_t>(p.retransmits - p.syn_retransmits) * 20 >= p.bytes_acked / p.snd_mss + 1;
}

void retry_lossy(int self, const std::vector<ProbeTarget>& targets, const ProbeOptions& options,
                 const core::Deadline& overall, std::vector<ProbeResult>& results, std::size_t max_retries) {
  auto whole_probe = options.connect_timeout + options.echo_timeout + options.bulk_timeout;
  std::size_t tried = 0;
  for (std::size_t i = 0; i < results.size() && tried < max_retries; ++i) {
    if (!results[i].bulk_ok || !(shows_loss(results[i]) || resent_segments(results[i]))) continue;
    if (overall.remaining() < whole_probe) break;
    ++tried;
    ProbeResult again = probe_one(self, targets[i], options, overall);
    if (again.ok && again.bulk_ok && !shows_loss(again) && !resent_segments(again)) {
      again.retried = true;
      results[i] = std::move(again);
    }
  }
}

void retry_timeouts(int self, const std::vector<ProbeTarget>& targets, const ProbeOptions& options,
                    const core::Deadline& overall, std::vector<ProbeResult>& results) {
  // A probe that timed out may have met dropped SYNs (a lossy link) or an overloaded peer rather
  // than a firewall; a refusal or a protocol error is an answer and is not retried. One more try
  // each, with twice the connect and echo time: the kernel resends a SYN after 1 s and 3 s, so the
  // retry gives a lossy path three SYNs where the first try gave it two (20 % loss: a 4 % chance
  // to miss both, 0.8 % all three). A few at a time (a burst is what overloads a small host), and
  // a result is only replaced by a success, so a firewall's drop keeps its first error.
  ProbeOptions again_opt = options;
  again_opt.connect_timeout = options.connect_timeout * 2;
  again_opt.echo_timeout = options.echo_timeout * 2;
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < results.size(); ++i)
    if (!results[i].ok && results[i].failure == "timeout" && results[i].error != "not run: preflight deadline")
      todo.push_back(i);
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t k; (k = next.fetch_add(1)) < todo.size();) {
      if (overall.remaining() < options.connect_timeout) return;
      std::size_t i = todo[k];
      ProbeResult again = probe_one(self, targets[i], again_opt, overall);
      if (again.ok) {
        again.retried = true;
        results[i] = std::move(again);
      }
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < std::min<std::size_t>(todo.size(), k_retry_concurrency); ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
}

}  // namespace dd::cluster
