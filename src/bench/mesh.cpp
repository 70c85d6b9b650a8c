#include "bench/mesh.hpp"

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>

namespace dd::bench {

namespace {

using cluster::NetError;
using cluster::NetFailure;

void make_nonblocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL, 0);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

// Progress of one op on one socket: the segments j = first, first + stride, ... of the op.
struct Lane {
  std::size_t segment = 0;  // current segment index
  std::size_t offset = 0;   // bytes done within it
  bool done = false;
};

// Per-op segment bookkeeping shared by its lanes.
struct OpState {
  std::size_t size = 0;
  std::size_t seg = 0;
  std::size_t segments = 0;
  std::vector<Lane> lanes;          // one per socket of the peer
  std::vector<char> complete;       // receives: which segments have fully arrived
  std::size_t prefix_segments = 0;  // receives: complete segments from the start

  void init(std::size_t bytes, std::size_t segment_bytes, int sockets) {
    size = bytes;
    seg = segment_bytes;
    segments = (bytes + seg - 1) / seg;
    lanes.assign(static_cast<std::size_t>(sockets), Lane{});
    for (std::size_t s = 0; s < lanes.size(); ++s) {
      lanes[s].segment = s;
      lanes[s].done = s >= segments;
    }
  }
  std::size_t seg_begin(std::size_t j) const { return j * seg; }
  std::size_t seg_len(std::size_t j) const { return std::min(seg, size - j * seg); }
  // Moves `lane` past `n` bytes; true when it finished its current segment.
  bool advance(Lane& lane, std::size_t n, std::size_t stride) {
    lane.offset += n;
    if (lane.offset < seg_len(lane.segment)) return false;
    lane.offset = 0;
    lane.segment += stride;
    if (lane.segment >= segments) lane.done = true;
    return true;
  }
};

}  // namespace

Mesh::Mesh(int rank, int world, std::vector<std::vector<os::UniqueFd>> sockets, MeshOptions options,
           std::vector<std::string> peer_names)
    : rank_(rank), world_(world), sockets_(std::move(sockets)), options_(options), names_(std::move(peer_names)) {
  for (int p = 0; p < world_; ++p) {
    if (p == rank_) continue;
    per_peer_ = static_cast<int>(sockets_[static_cast<std::size_t>(p)].size());
    for (auto& fd : sockets_[static_cast<std::size_t>(p)]) {
      make_nonblocking(fd.get());
      int one = 1;
      ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // fails harmlessly on AF_UNIX
    }
  }
  opened_ = per_peer_;
  options_.threads = std::clamp(options_.threads, 1, std::max(per_peer_, 1));
}

std::string Mesh::peer_name(int peer) const {
  auto i = static_cast<std::size_t>(peer);
  if (i < names_.size() && !names_[i].empty()) return fmt::format("rank {} ({})", peer, names_[i]);
  return fmt::format("rank {}", peer);
}

void Mesh::shut_down() {
  for (auto& peer : sockets_)
    for (auto& fd : peer) fd.reset();
}

void Mesh::reshape(int sockets, int threads, std::size_t segment_bytes) {
  if (opened_ > 0) per_peer_ = std::clamp(sockets, 1, opened_);  // a world of one has no sockets
  options_.threads = std::clamp(threads, 1, std::max(per_peer_, 1));
  options_.segment_bytes = segment_bytes;
}

namespace {

// Per socket: which send and receive op use it (index, or -1).
struct SocketUse {
  int fd = -1;
  int peer = -1;
  int lane = 0;
  int send = -1;
  int recv = -1;
};

// What the workers of one transfer share: receive bookkeeping (`complete`, prefixes and every
// `ready` value) under `m`, the first failure, and eventfds that wake workers waiting on a gate.
struct Shared {
  std::mutex m;
  std::vector<int> wake;  // one per worker when threads > 1
  std::atomic<bool> stop{false};
  std::optional<NetError> error;
  int error_peer = -1;

  void wake_all() const {
    for (int fd : wake) {
      std::uint64_t one = 1;
      [[maybe_unused]] auto n = ::write(fd, &one, sizeof one);
    }
  }
  void fail(NetError e, int peer) {
    {
      std::lock_guard lock(m);
      if (!error) {
        error = std::move(e);
        error_peer = peer;
      }
    }
    stop = true;
    wake_all();
  }
};

}  // namespace

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// One transfer as its workers run it: the ops, their segment bookkeeping and what the workers
// share. Each worker serves its group of sockets in a poll loop (work) until its lanes are done or
// any worker fails.
struct TransferRun {
  std::span<SendOp> sends;
  std::span<RecvOp> recvs;
  std::vector<OpState>& ss;
  std::vector<OpState>& rs;
  Shared& sh;
  std::size_t stride;  // sockets per peer: a lane's next segment is this many further
  int threads;
  int rank;
  std::chrono::milliseconds stall;

  Lane& send_lane(const SocketUse& u) const { return ss[at(u.send)].lanes[at(u.lane)]; }
  Lane& recv_lane(const SocketUse& u) const { return rs[at(u.recv)].lanes[at(u.lane)]; }

  bool pending(const std::vector<SocketUse>& mine) const {
    for (const auto& u : mine) {
      if (u.recv >= 0 && !recv_lane(u).done) return true;
      if (u.send >= 0 && !send_lane(u).done) return true;
    }
    return false;
  }

  // The sockets with something to do now: a receive not done, a send whose next segment is ready.
  void poll_set(const std::vector<SocketUse>& mine, std::vector<pollfd>& pfds,
                std::vector<const SocketUse*>& pus) const {
    std::lock_guard lock(sh.m);  // `ready` is written by whichever worker completes a segment
    for (const auto& u : mine) {
      short ev = 0;
      if (u.recv >= 0 && !recv_lane(u).done) ev |= POLLIN;
      if (u.send >= 0) {
        auto& st = ss[at(u.send)];
        auto& lane = st.lanes[at(u.lane)];
        const auto& op = sends[at(u.send)];
        if (!lane.done &&
            (!op.ready || *op.ready + op.ready_bias >= st.seg_begin(lane.segment) + st.seg_len(lane.segment)))
          ev |= POLLOUT;
      }
      if (!ev) continue;
      pfds.push_back(pollfd{u.fd, ev, 0});
      pus.push_back(&u);
    }
  }

  // Fails the transfer for a poll that timed out: names a peer we wait on (a receive first).
  void fail_stalled(const std::vector<SocketUse>& mine, const std::vector<const SocketUse*>& pus) const {
    int peer = mine.empty() ? rank : mine.front().peer;
    for (const auto* u : pus)
      if (u && u->recv >= 0) {
        peer = u->peer;
        break;
      }
    sh.fail(NetError{NetFailure::timeout, "poll", 0, "", fmt::format("no data moved for {} ms", stall.count())}, peer);
  }

  // After a segment of receive `ri` arrived: runs its callback, then moves the contiguous prefix.
  void segment_arrived(std::size_t ri, std::size_t j) const {
    auto& st = rs[ri];
    auto& op = recvs[ri];
    // The reduction runs outside the lock (segments are disjoint); the prefix moves only after it,
    // so a send gated on it forwards reduced data.
    if (op.on_segment) op.on_segment(st.seg_begin(j), st.seg_len(j));
    bool moved = false;
    {
      std::lock_guard lock(sh.m);
      st.complete[j] = 1;
      std::size_t before = st.prefix_segments;
      while (st.prefix_segments < st.segments && st.complete[st.prefix_segments]) ++st.prefix_segments;
      if (op.ready_out) *op.ready_out = std::min(st.size, st.prefix_segments * st.seg);
      moved = op.ready_out && st.prefix_segments != before;
    }
    if (moved && threads > 1) sh.wake_all();
  }

  // One recv on `u`'s lane; false when the transfer failed.
  bool receive(const SocketUse& u) const {
    auto ri = at(u.recv);
    auto& st = rs[ri];
    auto& lane = st.lanes[at(u.lane)];
    std::size_t offset = st.seg_begin(lane.segment) + lane.offset;
    std::size_t want = st.seg_len(lane.segment) - lane.offset;
    ssize_t got = ::recv(u.fd, recvs[ri].data.data() + offset, want, 0);
    if (got == 0) {
      sh.fail(NetError{NetFailure::closed, "recv", 0, "", "the peer closed the connection"}, u.peer);
      return false;
    }
    if (got < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return true;
      sh.fail(cluster::errno_error("recv", errno, ""), u.peer);
      return false;
    }
    std::size_t j = lane.segment;
    if (st.advance(lane, static_cast<std::size_t>(got), stride)) segment_arrived(ri, j);
    return true;
  }

  // One send on `u`'s lane; false when the transfer failed.
  bool send(const SocketUse& u) const {
    auto si = at(u.send);
    auto& st = ss[si];
    auto& lane = st.lanes[at(u.lane)];
    if (lane.done) return true;
    std::size_t offset = st.seg_begin(lane.segment) + lane.offset;
    std::size_t want = st.seg_len(lane.segment) - lane.offset;
    ssize_t put = ::send(u.fd, sends[si].data.data() + offset, want, MSG_NOSIGNAL);
    if (put < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return true;
      sh.fail(cluster::errno_error("send", errno, ""), u.peer);
      return false;
    }
    st.advance(lane, static_cast<std::size_t>(put), stride);
    return true;
  }

  // Serves `mine` until its lanes are done or the transfer failed.
  void work(const std::vector<SocketUse>& mine, int wake_fd) const {
    std::vector<pollfd> pfds;
    std::vector<const SocketUse*> pus;  // null: the wake eventfd
    pfds.reserve(mine.size() + 1);
    while (!sh.stop && pending(mine)) {
      pfds.clear();
      pus.clear();
      poll_set(mine, pfds, pus);
      if (pfds.empty() && wake_fd < 0)  // a send waits on a receive that cannot progress: a caller's bug
        return sh.fail(NetError{NetFailure::other, "transfer", 0, "", "send gated on data that never arrives"}, rank);
      if (wake_fd >= 0) {
        pfds.push_back(pollfd{wake_fd, POLLIN, 0});
        pus.push_back(nullptr);
      }
      int n = ::poll(pfds.data(), pfds.size(), static_cast<int>(stall.count()));
      if (n < 0) {
        if (errno == EINTR) continue;
        return sh.fail(cluster::errno_error("poll", errno, ""), rank);
      }
      if (n == 0) return fail_stalled(mine, pus);  // nobody moved a byte for `stall`
      for (std::size_t k = 0; k < pfds.size(); ++k) {
        const auto& p = pfds[k];
        if (!p.revents) continue;
        if (!pus[k]) {
          std::uint64_t v = 0;
          [[maybe_unused]] auto r = ::read(p.fd, &v, sizeof v);
          continue;
        }
        const auto& u = *pus[k];
        if ((p.revents & POLLIN) || ((p.revents & (POLLHUP | POLLERR)) && (p.events & POLLIN)))
          if (!receive(u)) return;
        if ((p.revents & POLLOUT) || ((p.revents & (POLLHUP | POLLERR)) && !(p.events & POLLIN)))
          if (!send(u)) return;
      }
    }
  }
};

}  // namespace

cluster::NetStatus Mesh::transfer(std::span<SendOp> sends, std::span<RecvOp> recvs) {
  const auto stride = static_cast<std::size_t>(per_peer_);
  const int threads = std::clamp(options_.threads, 1, std::max(per_peer_, 1));
  std::vector<OpState> ss(sends.size()), rs(recvs.size());
  std::map<int, SocketUse> use;
  auto fail = [&](NetError e, int peer) -> cluster::NetStatus {
    failed_peer_ = peer;
    e.peer = peer_name(peer);
    return e;
  };
  auto sockets_of = [&](int peer) -> std::vector<os::UniqueFd>* {
    if (peer < 0 || peer >= world_ || peer == rank_) return nullptr;
    return &sockets_[static_cast<std::size_t>(peer)];
  };
  for (std::size_t i = 0; i < sends.size(); ++i) {
    auto* socks = sockets_of(sends[i].peer);
    if (!socks) return fail(NetError{NetFailure::other, "transfer", 0, "", "send to an invalid peer"}, sends[i].peer);
    ss[i].init(sends[i].data.size(), options_.segment_bytes, per_peer_);
    for (int l = 0; l < per_peer_; ++l) {
      int fd = (*socks)[static_cast<std::size_t>(l)].get();
      if (fd < 0)
        return fail(NetError{NetFailure::closed, "send", 0, "", "connection already shut down"}, sends[i].peer);
      auto& u = use[fd];
      u = SocketUse{fd, sends[i].peer, l, static_cast<int>(i), u.recv};
    }
  }
  for (std::size_t i = 0; i < recvs.size(); ++i) {
    auto* socks = sockets_of(recvs[i].peer);
    if (!socks)
      return fail(NetError{NetFailure::other, "transfer", 0, "", "receive from an invalid peer"}, recvs[i].peer);
    rs[i].init(recvs[i].data.size(), options_.segment_bytes, per_peer_);
    rs[i].complete.assign(rs[i].segments, 0);
    if (recvs[i].ready_out) *recvs[i].ready_out = 0;
    for (int l = 0; l < per_peer_; ++l) {
      int fd = (*socks)[static_cast<std::size_t>(l)].get();
      if (fd < 0)
        return fail(NetError{NetFailure::closed, "recv", 0, "", "connection already shut down"}, recvs[i].peer);
      auto& u = use[fd];
      int keep_send = u.fd == fd ? u.send : -1;
      u = SocketUse{fd, recvs[i].peer, l, keep_send, static_cast<int>(i)};
    }
  }

  // Socket l of every peer is served by worker l % threads (NCCL's socket groups per thread).
  std::vector<std::vector<SocketUse>> groups(static_cast<std::size_t>(threads));
  for (const auto& [fd, u] : use) groups[static_cast<std::size_t>(u.lane % threads)].push_back(u);
  Shared sh;
  std::vector<os::UniqueFd> wake;
  if (threads > 1)
    for (int t = 0; t < threads; ++t) {
      wake.emplace_back(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC));
      if (wake.back().get() < 0) return fail(cluster::errno_error("eventfd", errno, ""), rank_);
      sh.wake.push_back(wake.back().get());
    }

  const TransferRun run{sends, recvs, ss, rs, sh, stride, threads, rank_, options_.stall};
  auto worker = [&](int t) { run.work(groups[at(t)], threads > 1 ? sh.wake[at(t)] : -1); };
  if (threads == 1) {
    worker(0);
  } else {
    std::vector<std::jthread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
    worker(0);
  }  // the pool joins here
  if (sh.error) return fail(*sh.error, sh.error_peer);
  return cluster::Done{};
}

}  // namespace dd::bench
