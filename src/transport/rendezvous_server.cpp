#include <poll.h>
#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <map>

#include <fmt/format.h>

#include "transport/auth.hpp"
#include "transport/message_io.hpp"
#include "transport/rendezvous.hpp"

namespace dd::cluster {

namespace {

// Bounds on joins in progress (see gather()). A real join is tens of KiB and arrives within a
// round trip or two; silence, a crowd of idle connections or a flood of bytes are an attacker's
// (or a stray scanner's) and must not lock a real node out nor grow rank 0's memory.
constexpr std::chrono::milliseconds k_join_idle_max{10000};
constexpr std::chrono::milliseconds k_join_idle_min{500};
// The cap on connections in progress is at least twice the world: a crowd of real nodes that all
// got their challenge in the same instant must never evict one of its own (it would lose its
// place for good: its join was sent, the plan never comes).
constexpr std::size_t k_min_pending_joins = 256;
constexpr std::size_t k_max_pending_bytes = 64u << 20;
// A join (facts and check report) is tens of KiB: before its proof is checked, a peer may send at
// most this much, so parsing what an unauthenticated peer sends stays cheap.
constexpr std::size_t k_max_join_payload = 1u << 20;

std::int64_t unix_us_now() {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string host_port(const std::string& host, int port) {
  bool v6 = host.find(':') != std::string::npos && host.front() != '[';  // (a colon: not empty)
  return v6 ? fmt::format("[{}]:{}", host, port) : fmt::format("{}:{}", host, port);
}

NetResult<RendezvousServer> RendezvousServer::open(int port, std::size_t max_payload) {
  // Thousands of nodes may connect in the same second: the kernel caps the backlog at
  // net.core.somaxconn (4096 by default since Linux 5.4); a SYN beyond it waits for a retransmit.
  constexpr int k_backlog = 4096;
  // Rank 0 holds one descriptor per node: lift the soft limit (1,024 by default) to the hard one.
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    (void)::setrlimit(RLIMIT_NOFILE, &files);
  }
  auto any6 = numeric_addr("::", port);
  auto fd = listen_on(*any6, k_backlog, k_safe_mss);
  if (!fd) {
    auto any4 = numeric_addr("0.0.0.0", port);
    fd = listen_on(*any4, k_backlog, k_safe_mss);
    if (!fd) return fd.error();
  }
  auto bound = local_addr(fd->get());
  if (!bound) return bound.error();
  return RendezvousServer(std::move(fd.value()), bound->port(), max_payload);
}

void RendezvousServer::drop(os::UniqueFd& conn, const std::string& peer, const std::string& why, bool tell,
                            const Log& log) {
  std::string line = fmt::format("rendezvous: dropped {}: {}", peer, why);
  drops_.push_back(line);
  if (log) log(line);
  if (tell && conn.valid()) {
    (void)send_message(conn.get(), Message{MsgType::reject, {{"reason", why}}},
                       core::Deadline(std::chrono::milliseconds(500)), peer);
  }
}

void RendezvousServer::admit(os::UniqueFd conn, const std::string& peer, Message msg, std::int64_t accepted_unix_us,
                             const std::string& server_nonce, const std::string& token, int world, const Log& log) {
  // The reader checked the message against its schema: rank, world, nonce and proof are there,
  // of the right types and in range.
  if (msg.type != MsgType::join) return drop(conn, peer, "first message is not a join", true, log);
  const auto& b = msg.body;
  auto rank = b["rank"].get<long long>();
  auto their_world = b["world"].get<long long>();
  const auto& client_nonce = b["nonce"].get_ref<const std::string&>();
  // What the peer sent is never echoed: a guess at the token stays with whoever guessed.
  if (!same_proof(join_proof(token, server_nonce, client_nonce, rank, their_world), b["proof"].get<std::string>()))
    return drop(conn, peer, "wrong job token (its proof does not match this job's token)", true, log);
  if (their_world != world)
    return drop(conn, peer, fmt::format("rank {} says world {} but rank 0 has {}", rank, their_world, world), true,
                log);
  if (rank >= world) return drop(conn, peer, fmt::format("rank {} outside 1..{}", rank, world - 1), true, log);
  int r = static_cast<int>(rank);
  if (members_.count(r))
    return drop(conn, peer, fmt::format("rank {} already joined from {}", r, members_[r].peer), true, log);
  Member m;
  m.rank = r;
  m.host = b["host"].get<std::string>();
  m.peer = peer;
  m.server_nonce = server_nonce;
  m.client_nonce = client_nonce;
  m.join = std::move(msg.body);
  m.accepted_unix_us = accepted_unix_us;
  m.joined_unix_us = unix_us_now();
  m.fd = std::move(conn);
  if (log) log(fmt::format("rendezvous: rank {} ({}) joined from {}", r, m.host, peer));
  members_.emplace(r, std::move(m));
}

// Named, not anonymous: Gathering (a member class, external linkage) holds these.
namespace rendezvous_detail {

// A connection accepted whose join message has not fully arrived yet.
struct PendingJoin {
  os::UniqueFd fd;
  std::string peer;
  MessageReader reader;
  std::string nonce;    // the challenge sent to it
  core::Deadline idle;  // renewed whenever bytes arrive
  std::int64_t accepted_unix_us = 0;
  std::chrono::steady_clock::time_point last_bytes = std::chrono::steady_clock::now();
};

}  // namespace rendezvous_detail

using rendezvous_detail::PendingJoin;

namespace {

// poll(2) timeout for the earliest of `deadlines`, rounded up so a sub-millisecond rest does not spin.
int poll_timeout(std::chrono::milliseconds wait) { return static_cast<int>(wait.count()) + 1; }

}  // namespace

// One gather() call: the connections accepted whose join has not fully arrived, each with its
// challenge and idle deadline, under a cap on their number and on the bytes they hold together.
class RendezvousServer::Gathering {
 public:
  Gathering(RendezvousServer& server, const std::string& token, int world, const core::Deadline& deadline,
            const Log& log)
      : server_(server),
        token_(token),
        world_(world),
        deadline_(deadline),
        log_(log),
        idle_budget_(std::clamp(deadline.remaining() / 4, k_join_idle_min, k_join_idle_max)),
        max_pending_joins_(std::max(k_min_pending_joins, 2 * static_cast<std::size_t>(std::max(world, 0)))) {}

  void run() {
    while (static_cast<int>(server_.members_.size()) < world_ - 1 && !deadline_.expired()) {
      std::vector<pollfd> fds{pollfd{server_.fd_.get(), POLLIN, 0}};
      auto wait = deadline_.remaining();
      for (const auto& p : pending_) {
        fds.push_back(pollfd{p.fd.get(), POLLIN, 0});
        wait = std::min(wait, p.idle.remaining());
      }
      if (::poll(fds.data(), fds.size(), poll_timeout(wait)) < 0 && errno != EINTR) break;
      cap_bytes(advance_pending(fds));
      if ((fds[0].revents & POLLIN) == 0) continue;
      accept_backlog();
    }
    for (auto& p : pending_) {
      server_.drop(p.fd, p.peer, "still joining when the rendezvous deadline passed", false, log_);
      ++server_.anonymous_drops_;
    }
  }

 private:
  void forget(std::size_t i, const std::string& why) {
    server_.drop(pending_[i].fd, pending_[i].peer, why, false, log_);
    ++server_.anonymous_drops_;
    pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
  }

  // Joins in progress: every readable one advances (a complete join is admitted); none waits for
  // another; a silent one is dropped. Returns the bytes the remaining ones hold.
  std::size_t advance_pending(const std::vector<pollfd>& fds) {
    std::size_t held = 0;
    for (std::size_t i = pending_.size(); i-- > 0;) {
      if (deadline_.expired()) break;  // parsing a crowd's joins must not carry rank 0 past its deadline
      PendingJoin& p = pending_[i];
      if (fds[i + 1].revents != 0) {
        std::size_t before = p.reader.bytes_read();
        auto got = p.reader.read_available(p.fd.get(), p.peer);
        if (got && p.reader.bytes_read() > before) {
          p.idle = core::Deadline(idle_budget_);
          p.last_bytes = std::chrono::steady_clock::now();
        }
        if (!got) {
          forget(i, got.error().describe());
          continue;
        }
        if (got->has_value()) {
          server_.admit(std::move(p.fd), p.peer, std::move(**got), p.accepted_unix_us, p.nonce, token_, world_, log_);
          pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
          continue;
        }
      }
      if (p.idle.expired()) {
        forget(i, fmt::format("silent for {} ms before its join was complete ({} bytes arrived)", idle_budget_.count(),
                              p.reader.bytes_read()));
        continue;
      }
      held += p.reader.bytes_read();
    }
    return held;
  }

  // All pending joins together stay under the byte cap: the largest goes first.
  void cap_bytes(std::size_t held) {
    while (held > k_max_pending_bytes && !pending_.empty()) {
      auto big = std::max_element(pending_.begin(), pending_.end(), [](const auto& a, const auto& b) {
        return a.reader.bytes_read() < b.reader.bytes_read();
      });
      std::size_t n = big->reader.bytes_read();
      held -= n;
      forget(static_cast<std::size_t>(big - pending_.begin()),
             fmt::format("cut for size: joins in progress held more than {} MiB, this one {} bytes",
                         k_max_pending_bytes >> 20, n));
    }
  }

  // Every connection the backlog holds gets a challenge and a place among the joins in progress.
  void accept_backlog() {
    for (;;) {
      SockAddr from;
      auto conn = accept_one(server_.fd_.get(), core::Deadline(std::chrono::milliseconds(0)), &from);
      if (!conn) break;
      if (pending_.size() >= max_pending_joins_) evict_longest_silent();
      PendingJoin p{std::move(conn.value()),
                    from.to_string(),
                    MessageReader(std::min(server_.max_payload_, k_max_join_payload)),
                    random_nonce_hex(),
                    core::Deadline(idle_budget_),
                    unix_us_now()};
      // The challenge fits any socket buffer: sending it never waits on the peer.
      auto sent = send_message(p.fd.get(), Message{MsgType::challenge, {{"nonce", p.nonce}}},
                               core::Deadline(std::chrono::milliseconds(200)), p.peer);
      if (!sent) {
        server_.drop(p.fd, p.peer, "could not send the challenge: " + sent.error().describe(), false, log_);
        ++server_.anonymous_drops_;
        continue;
      }
      pending_.push_back(std::move(p));
    }
  }

  // The newcomer gets the longest-silent one's place.
  void evict_longest_silent() {
    auto quiet = std::min_element(pending_.begin(), pending_.end(),
                                  [](const auto& a, const auto& b) { return a.last_bytes < b.last_bytes; });
    auto silent_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - quiet->last_bytes);
    forget(static_cast<std::size_t>(quiet - pending_.begin()),
           fmt::format("evicted: {} connections were joining and this one had been silent longest ({} ms, {} "
                       "bytes)",
                       max_pending_joins_, silent_ms.count(), quiet->reader.bytes_read()));
  }

  RendezvousServer& server_;
  const std::string& token_;
  int world_;
  const core::Deadline& deadline_;
  const Log& log_;
  std::chrono::milliseconds idle_budget_;
  std::size_t max_pending_joins_;
  std::vector<PendingJoin> pending_;
};

void RendezvousServer::gather(const std::string& token, int world, const core::Deadline& deadline, const Log& log) {
  world_ = world;
  Gathering(*this, token, world, deadline, log).run();
  gather_ended_unix_us_ = unix_us_now();
}

int RendezvousServer::turn_away_latecomers(const Log& log) {
  int n = 0;
  for (;;) {
    SockAddr from;
    auto conn = accept_one(fd_.get(), core::Deadline(std::chrono::milliseconds(0)), &from);
    if (!conn) break;
    ++n;
    std::string why = fmt::format(
        "too late: rank 0 stopped taking joins {} ms ago with {} of {} ranks (its join phase is part of --timeout, "
        "counted from its own start)",
        (unix_us_now() - gather_ended_unix_us_) / 1000, members_.size() + 1, world_);
    if (log) log(fmt::format("rendezvous: turned away {}: {}", from.to_string(), why));
    (void)send_message(conn->get(), Message{MsgType::reject, {{"reason", why}}},
                       core::Deadline(std::chrono::milliseconds(200)), from.to_string());
  }
  latecomers_ += n;
  return n;
}

std::vector<int> RendezvousServer::missing() const {
  std::vector<int> out;
  for (int r = 1; r < world_; ++r)
    if (!members_.count(r)) out.push_back(r);
  return out;
}

void RendezvousServer::broadcast(MsgType type, const std::function<nlohmann::json(const Member&)>& body,
                                 const core::Deadline& deadline, const Log& log) {
  for (auto& [rank, m] : members_) {
    if (m.lost) continue;
    auto sent = send_message(m.fd.get(), Message{type, body(m)}, deadline, m.peer);
    if (!sent) {
      m.lost = true;
      m.lost_reason = sent.error().describe();
      if (log) log(fmt::format("rendezvous: rank {} lost: {}", rank, m.lost_reason));
    }
  }
}

void RendezvousServer::collect(MsgType type, const core::Deadline& deadline, const Log& log) {
  std::map<int, MessageReader> readers;  // a member's message may arrive in pieces
  auto lose = [&](Member& m, std::string why) {
    m.lost = true;
    m.lost_reason = std::move(why);
    if (log) log(fmt::format("rendezvous: rank {} lost: {}", m.rank, m.lost_reason));
  };
  for (;;) {
    std::vector<pollfd> fds;
    std::vector<int> ranks;
    for (auto& [rank, m] : members_) {
      if (m.lost || m.has_results) continue;
      fds.push_back(pollfd{m.fd.get(), POLLIN, 0});
      ranks.push_back(rank);
    }
    if (fds.empty() || deadline.expired()) break;
    fds.push_back(pollfd{fd_.get(), POLLIN, 0});  // last: latecomers
    if (::poll(fds.data(), fds.size(), poll_timeout(deadline.remaining())) <= 0) continue;
    if (fds.back().revents != 0) turn_away_latecomers(log);
    fds.pop_back();
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].revents == 0) continue;
      Member& m = members_[ranks[i]];
      auto reader = readers.try_emplace(m.rank, max_payload_).first;
      auto got = reader->second.read_available(m.fd.get(), m.peer);
      if (!got) {
        lose(m, got.error().describe());
      } else if (got->has_value()) {
        if ((*got)->type != type) {
          lose(m, "sent an unexpected message");
          continue;
        }
        m.has_results = true;
        m.results = std::move((*got)->body);
      }
    }
  }
}

}  // namespace dd::cluster
