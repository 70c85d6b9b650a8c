#include <poll.h>

#include <fmt/format.h>

#include "cluster/message_io.hpp"
#include "cluster/rendezvous.hpp"

namespace dd::cluster {

namespace {

// How long one connecting peer may take to send its join message.
constexpr std::chrono::milliseconds k_join_read_budget{3000};

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

void RendezvousServer::admit(UniqueFd conn, const std::string& peer, const std::string& token, int world,
                             const Log& log) {
  auto drop = [&](const std::string& why, bool tell) {
    std::string line = fmt::format("rendezvous: dropped {}: {}", peer, why);
    drops_.push_back(line);
    if (log) log(line);
    if (tell) {
      (void)send_message(conn.get(), Message{MsgType::reject, {{"reason", why}}}, core::Deadline(std::chrono::milliseconds(500)), peer);
    }
  };
  auto msg = recv_message(conn.get(), core::Deadline(k_join_read_budget), peer, max_payload_);
  if (!msg) return drop(msg.error().describe(), false);
  if (msg->type != MsgType::join) return drop("first message is not a join", true);
  const auto& b = msg->body;
  if (!b.contains("token") || !b["token"].is_string() || b["token"].get<std::string>() != token)
    return drop(fmt::format("wrong job token '{}' (expected '{}')", b.value("token", std::string("?")), token), true);
  if (!b.contains("rank") || !b["rank"].is_number_integer()) return drop("join without a rank", true);
  int rank = b["rank"].get<int>();
  int their_world = b.value("world", -1);
  if (their_world != world) return drop(fmt::format("rank {} says world {} but rank 0 has {}", rank, their_world, world), true);
  if (rank <= 0 || rank >= world) return drop(fmt::format("rank {} outside 1..{}", rank, world - 1), true);
  if (members_.count(rank)) return drop(fmt::format("rank {} already joined from {}", rank, members_[rank].peer), true);
  Member m;
  m.rank = rank;
  m.host = b.value("host", "");
  m.peer = peer;
  m.join = std::move(msg->body);
  m.joined_unix_us = std::chrono::duration_cast<std::chrono::microseconds>(
                         std::chrono::system_clock::now().time_since_epoch()).count();
  m.fd = std::move(conn);
  if (log) log(fmt::format("rendezvous: rank {} ({}) joined from {}", rank, m.host, peer));
  members_.emplace(rank, std::move(m));
}

void RendezvousServer::gather(const std::string& token, int world, const core::Deadline& deadline, const Log& log) {
  world_ = world;
  while (static_cast<int>(members_.size()) < world - 1 && !deadline.expired()) {
    SockAddr from;
    auto conn = accept_one(fd_.get(), deadline, &from);
    if (!conn) continue;  // timeout ends the loop through the deadline
    admit(std::move(conn.value()), from.to_string(), token, world, log);
  }
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
  for (;;) {
    std::vector<pollfd> fds;
    std::vector<int> ranks;
    for (auto& [rank, m] : members_) {
      if (m.lost || m.has_results) continue;
      fds.push_back(pollfd{m.fd.get(), POLLIN, 0});
      ranks.push_back(rank);
    }
    if (fds.empty() || deadline.expired()) break;
    int n = ::poll(fds.data(), fds.size(), deadline.poll_ms());
    if (n <= 0) continue;
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].revents == 0) continue;
      Member& m = members_[ranks[i]];
      auto msg = recv_message(m.fd.get(), core::Deadline(std::min(deadline.remaining() + std::chrono::milliseconds(1),
                                                                  std::chrono::milliseconds(5000))),
                              m.peer, max_payload_);
      if (!msg || msg->type != type) {
        m.lost = true;
        m.lost_reason = msg ? "sent an unexpected message" : msg.error().describe();
        if (log) log(fmt::format("rendezvous: rank {} lost: {}", m.rank, m.lost_reason));
        continue;
      }
      m.has_results = true;
      m.results = std::move(msg->body);
    }
  }
}

}  // namespace dd::cluster
