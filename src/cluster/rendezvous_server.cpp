#include <poll.h>

#include <cerrno>
#include <map>

#include <fmt/format.h>

#include "cluster/message_io.hpp"
#include "cluster/rendezvous.hpp"

namespace dd::cluster {

namespace {

// How long a joining peer may go without sending a byte, and how many joins may be in progress at
// once (a flood of idle connections cannot exhaust rank 0's descriptors). Joins are read side by
// side, so a slow one costs nobody else: a node report crossing a lossy 200 ms link takes
// seconds, and only silence gets it dropped.
constexpr std::chrono::milliseconds k_join_idle_budget{10000};
constexpr std::size_t k_max_pending_joins = 256;

std::int64_t unix_us_now() {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

NetResult<RendezvousServer> RendezvousServer::open(int port, std::size_t max_payload) {
  auto any6 = numeric_addr("::", port);
  auto fd = listen_on(*any6, 512, k_safe_mss);
  if (!fd) {
    auto any4 = numeric_addr("0.0.0.0", port);
    fd = listen_on(*any4, 512, k_safe_mss);
    if (!fd) return fd.error();
  }
  auto bound = local_addr(fd->get());
  if (!bound) return bound.error();
  return RendezvousServer(std::move(fd.value()), bound->port(), max_payload);
}

void RendezvousServer::drop(UniqueFd& conn, const std::string& peer, const std::string& why, bool tell, const Log& log) {
  std::string line = fmt::format("rendezvous: dropped {}: {}", peer, why);
  drops_.push_back(line);
  if (log) log(line);
  if (tell && conn.valid()) {
    (void)send_message(conn.get(), Message{MsgType::reject, {{"reason", why}}},
                       core::Deadline(std::chrono::milliseconds(500)), peer);
  }
}

void RendezvousServer::admit(UniqueFd conn, const std::string& peer, Message msg, std::int64_t accepted_unix_us,
                             const std::string& token, int world, const Log& log) {
  if (msg.type != MsgType::join) return drop(conn, peer, "first message is not a join", true, log);
  const auto& b = msg.body;
  if (!b.contains("token") || !b["token"].is_string() || b["token"].get<std::string>() != token)
    return drop(conn, peer,
                fmt::format("wrong job token '{}' (expected '{}')", b.value("token", std::string("?")), token), true,
                log);
  if (!b.contains("rank") || !b["rank"].is_number_integer()) return drop(conn, peer, "join without a rank", true, log);
  int rank = b["rank"].get<int>();
  int their_world = b.value("world", -1);
  if (their_world != world)
    return drop(conn, peer, fmt::format("rank {} says world {} but rank 0 has {}", rank, their_world, world), true,
                log);
  if (rank <= 0 || rank >= world)
    return drop(conn, peer, fmt::format("rank {} outside 1..{}", rank, world - 1), true, log);
  if (members_.count(rank))
    return drop(conn, peer, fmt::format("rank {} already joined from {}", rank, members_[rank].peer), true, log);
  Member m;
  m.rank = rank;
  m.host = b.value("host", "");
  m.peer = peer;
  m.join = std::move(msg.body);
  m.accepted_unix_us = accepted_unix_us;
  m.joined_unix_us = unix_us_now();
  m.fd = std::move(conn);
  if (log) log(fmt::format("rendezvous: rank {} ({}) joined from {}", rank, m.host, peer));
  members_.emplace(rank, std::move(m));
}

namespace {

// A connection accepted whose join message has not fully arrived yet.
struct PendingJoin {
  UniqueFd fd;
  std::string peer;
  MessageReader reader;
  core::Deadline idle;  // renewed whenever bytes arrive
  std::int64_t accepted_unix_us = 0;
};

// poll(2) timeout for the earliest of `deadlines`, rounded up so a sub-millisecond rest does not spin.
int poll_timeout(std::chrono::milliseconds wait) { return static_cast<int>(wait.count()) + 1; }

}  // namespace

void RendezvousServer::gather(const std::string& token, int world, const core::Deadline& deadline, const Log& log) {
  world_ = world;
  std::vector<PendingJoin> pending;
  while (static_cast<int>(members_.size()) < world - 1 && !deadline.expired()) {
    std::vector<pollfd> fds{pollfd{fd_.get(), POLLIN, 0}};
    auto wait = deadline.remaining();
    for (const auto& p : pending) {
      fds.push_back(pollfd{p.fd.get(), POLLIN, 0});
      wait = std::min(wait, p.idle.remaining());
    }
    if (::poll(fds.data(), fds.size(), poll_timeout(wait)) < 0 && errno != EINTR) break;
    // Joins in progress: every readable one advances; none waits for another.
    for (std::size_t i = pending.size(); i-- > 0;) {
      PendingJoin& p = pending[i];
      bool finished = false;
      if (fds[i + 1].revents != 0) {
        std::size_t before = p.reader.bytes_read();
        auto got = p.reader.read_available(p.fd.get(), p.peer);
        if (got && p.reader.bytes_read() > before) p.idle = core::Deadline(k_join_idle_budget);
        if (!got) {
          drop(p.fd, p.peer, got.error().describe(), false, log);
          finished = true;
        } else if (got->has_value()) {
          admit(std::move(p.fd), p.peer, std::move(**got), p.accepted_unix_us, token, world, log);
          finished = true;
        }
      }
      if (!finished && p.idle.expired()) {
        drop(p.fd, p.peer,
             fmt::format("silent for {} ms before its join was complete ({} bytes arrived)",
                         k_join_idle_budget.count(), p.reader.bytes_read()),
             false, log);
        finished = true;
      }
      if (finished) pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(i));
    }
    if ((fds[0].revents & POLLIN) == 0) continue;
    for (;;) {  // every connection the backlog holds
      SockAddr from;
      auto conn = accept_one(fd_.get(), core::Deadline(std::chrono::milliseconds(0)), &from);
      if (!conn) break;
      if (pending.size() >= k_max_pending_joins) {
        UniqueFd extra = std::move(conn.value());
        drop(extra, from.to_string(), fmt::format("more than {} connections are still joining", k_max_pending_joins),
             false, log);
        continue;
      }
      pending.push_back(PendingJoin{std::move(conn.value()), from.to_string(), MessageReader(max_payload_),
                                    core::Deadline(k_join_idle_budget), unix_us_now()});
    }
  }
  for (auto& p : pending) drop(p.fd, p.peer, "still joining when the rendezvous deadline passed", false, log);
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
    if (::poll(fds.data(), fds.size(), poll_timeout(deadline.remaining())) <= 0) continue;
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
