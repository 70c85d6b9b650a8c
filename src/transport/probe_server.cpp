#include "transport/probe_server.hpp"

#include <poll.h>
#include <sys/eventfd.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "transport/probe_protocol.hpp"

namespace dd::cluster {

namespace {

constexpr std::size_t k_max_queue = 1024;
// A prober waits this long for the challenge and echo (ProbeOptions::echo_timeout's default): a
// connection queued longer has been given up on and is closed unserved.
constexpr std::chrono::milliseconds k_stale_in_queue{3000};

}  // namespace

ProbeServer::ProbeServer(std::string token, int rank, int handlers, std::chrono::milliseconds budget)
    : token_(std::move(token)),
      budget_(budget),
      proof_budget_(std::clamp(budget / 2, std::chrono::milliseconds(1000), std::chrono::milliseconds(5000))),
      rank_(rank),
      handler_count_(handlers),
      wake_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {}

ProbeServer::~ProbeServer() { stop(); }

Listener ProbeServer::add(const ListenSpec& spec) {
  Listener l{spec, 0, false, {}};
  auto addr = numeric_addr(spec.addr, spec.port, spec.scope_id);
  if (!addr) {
    l.error = addr.error().describe();
    return l;
  }
  auto fd = listen_on(*addr);
  if (!fd) {
    l.error = fd.error().describe();
    return l;
  }
  auto bound = local_addr(fd->get());
  l.port = bound ? bound->port() : spec.port;
  l.ok = true;
  listeners_.push_back(std::move(fd.value()));
  return l;
}

void ProbeServer::start() {
  // Handlers start on demand (accept_loop): a node that serves a dozen probes of a sparse plan
  // needs a few threads, not the full pool (each costs a clone, a stack and a malloc arena).
  handlers_.reserve(static_cast<std::size_t>(std::max(handler_count_, 0)));
  acceptor_ = std::thread([this] { accept_loop(); });
}

void ProbeServer::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopping_ && !acceptor_.joinable()) return;
    stopping_ = true;
  }
  std::uint64_t one = 1;
  if (wake_.valid()) (void)!::write(wake_.get(), &one, sizeof one);
  {
    std::lock_guard lock(mu_);
    for (int fd : active_) {
      ::shutdown(fd, SHUT_RDWR);  // their reads and writes end now
      ++cut_at_stop_;
    }
  }
  cv_.notify_all();
  if (acceptor_.joinable()) acceptor_.join();
  for (auto& h : handlers_)
    if (h.joinable()) h.join();
  handlers_.clear();
  listeners_.clear();
  std::lock_guard lock(mu_);
  queue_.clear();
}

int ProbeServer::served() const {
  std::lock_guard lock(mu_);
  return served_;
}

int ProbeServer::refused() const {
  std::lock_guard lock(mu_);
  return refused_;
}

int ProbeServer::cut_at_stop() const {
  std::lock_guard lock(mu_);
  return cut_at_stop_;
}

void ProbeServer::accept_loop() {
  std::vector<pollfd> fds;
  fds.push_back(pollfd{wake_.get(), POLLIN, 0});
  for (const auto& l : listeners_) fds.push_back(pollfd{l.get(), POLLIN, 0});
  for (;;) {
    for (auto& p : fds) p.revents = 0;
    int n = ::poll(fds.data(), fds.size(), 1000);
    {
      std::lock_guard lock(mu_);
      if (stopping_) return;
    }
    if (n <= 0) continue;
    for (std::size_t i = 1; i < fds.size(); ++i) {
      if (!(fds[i].revents & POLLIN)) continue;
      SockAddr peer;
      auto conn = accept_one(fds[i].fd, core::Deadline(std::chrono::milliseconds(0)), &peer);
      if (!conn) continue;
      bool more = false;
      {
        std::lock_guard lock(mu_);
        if (queue_.size() >= k_max_queue) continue;  // overloaded: the connection is closed
        queue_.push_back(Queued{std::move(conn.value()), peer.to_string(), std::chrono::steady_clock::now()});
        // Every waiting connection has an idle handler, or one more handler starts (up to the cap).
        more = idle_ < queue_.size() && handlers_.size() < static_cast<std::size_t>(handler_count_);
      }
      cv_.notify_one();
      if (more) handlers_.emplace_back([this] { handler_loop(); });  // only this thread adds; stop() joins it first
    }
  }
}

void ProbeServer::handler_loop() {
  for (;;) {
    Queued item;
    {
      std::unique_lock lock(mu_);
      ++idle_;
      cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      --idle_;
      if (stopping_) return;
      item = std::move(queue_.front());
      queue_.pop_front();
      if (std::chrono::steady_clock::now() - item.since > k_stale_in_queue) {
        ++refused_;
        continue;
      }
      active_.insert(item.fd.get());
    }
    int fd = item.fd.get();
    serve(std::move(item.fd), item.peer);
    std::lock_guard lock(mu_);
    active_.erase(fd);
  }
}

void ProbeServer::serve(os::UniqueFd conn, const std::string& peer) {
  core::Deadline deadline(budget_);
  core::Deadline proof_deadline(proof_budget_);
  auto nonce = random_nonce();
  auto challenge = encode_probe_challenge(nonce);
  std::array<std::byte, k_probe_header> head{};
  bool ok =
      write_all(conn.get(), challenge, proof_deadline, peer) && read_exact(conn.get(), head, proof_deadline, peer);
  auto h = ok ? decode_probe_header(head) : std::nullopt;
  if (!h || !same_mac(h->proof, probe_proof(token_, nonce))) {
    std::lock_guard lock(mu_);
    ++refused_;
    return;
  }
  std::vector<std::byte> echo(4 + h->echo_len);
  auto r = static_cast<std::uint32_t>(rank_);
  for (int i = 0; i < 4; ++i) echo[static_cast<std::size_t>(i)] = static_cast<std::byte>((r >> (24 - 8 * i)) & 0xff);
  if (!read_exact(conn.get(), std::span(echo).subspan(4), deadline, peer) ||
      !write_all(conn.get(), echo, deadline, peer))
    return;
  constexpr std::size_t k_chunk = 64 * 1024;
  auto chunk = std::make_unique_for_overwrite<std::byte[]>(k_chunk);  // read into, never zeroed
  std::uint32_t got = 0;
  while (got < h->bulk_len) {
    std::size_t want = std::min<std::size_t>(k_chunk, h->bulk_len - got);
    if (!read_exact(conn.get(), std::span(chunk.get(), want), deadline, peer)) return;
    got += static_cast<std::uint32_t>(want);
  }
  std::array<std::byte, 8> done{std::byte{'D'},
                                std::byte{'O'},
                                std::byte{'N'},
                                std::byte{'E'},
                                static_cast<std::byte>(got >> 24),
                                static_cast<std::byte>((got >> 16) & 0xff),
                                static_cast<std::byte>((got >> 8) & 0xff),
                                static_cast<std::byte>(got & 0xff)};
  if (!write_all(conn.get(), done, deadline, peer)) return;
  // Let the client read DONE before the close (no RST on unread data).
  wait_readable(conn.get(), core::Deadline(std::chrono::milliseconds(2000)));
  std::lock_guard lock(mu_);
  ++served_;
}

}  // namespace dd::cluster
