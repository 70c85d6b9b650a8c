#include "bench/mesh.hpp"

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <map>

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
  std::size_t lanes_left = 0;

  void init(std::size_t bytes, std::size_t segment_bytes, int sockets) {
    size = bytes;
    seg = segment_bytes;
    segments = (bytes + seg - 1) / seg;
    lanes.assign(static_cast<std::size_t>(sockets), Lane{});
    lanes_left = 0;
    for (std::size_t s = 0; s < lanes.size(); ++s) {
      lanes[s].segment = s;
      lanes[s].done = s >= segments;
      if (!lanes[s].done) ++lanes_left;
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
    if (lane.segment >= segments) {
      lane.done = true;
      --lanes_left;
    }
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

cluster::NetStatus Mesh::transfer(std::span<SendOp> sends, std::span<RecvOp> recvs) {
  const auto stride = static_cast<std::size_t>(per_peer_);
  std::vector<OpState> ss(sends.size()), rs(recvs.size());
  // Per socket: which send and receive op use it (index, or -1).
  struct SocketUse {
    int fd = -1;
    int peer = -1;
    int lane = 0;
    int send = -1;
    int recv = -1;
  };
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
      if (fd < 0) return fail(NetError{NetFailure::closed, "send", 0, "", "connection already shut down"}, sends[i].peer);
      auto& u = use[fd];
      u = SocketUse{fd, sends[i].peer, l, static_cast<int>(i), u.recv};
    }
  }
  for (std::size_t i = 0; i < recvs.size(); ++i) {
    auto* socks = sockets_of(recvs[i].peer);
    if (!socks) return fail(NetError{NetFailure::other, "transfer", 0, "", "receive from an invalid peer"}, recvs[i].peer);
    rs[i].init(recvs[i].data.size(), options_.segment_bytes, per_peer_);
    rs[i].complete.assign(rs[i].segments, 0);
    if (recvs[i].ready_out) *recvs[i].ready_out = 0;
    for (int l = 0; l < per_peer_; ++l) {
      int fd = (*socks)[static_cast<std::size_t>(l)].get();
      if (fd < 0) return fail(NetError{NetFailure::closed, "recv", 0, "", "connection already shut down"}, recvs[i].peer);
      auto& u = use[fd];
      int keep_send = u.fd == fd ? u.send : -1;
      u = SocketUse{fd, recvs[i].peer, l, keep_send, static_cast<int>(i)};
    }
  }

  auto pending = [&] {
    for (const auto& s : ss)
      if (s.lanes_left) return true;
    for (const auto& r : rs)
      if (r.lanes_left) return true;
    return false;
  };
  std::vector<pollfd> pfds;
  std::vector<const SocketUse*> pus;
  pfds.reserve(use.size());
  while (pending()) {
    pfds.clear();
    pus.clear();
    for (const auto& [fd, u] : use) {
      short ev = 0;
      if (u.recv >= 0 && !rs[static_cast<std::size_t>(u.recv)].lanes[static_cast<std::size_t>(u.lane)].done) ev |= POLLIN;
      if (u.send >= 0) {
        auto& st = ss[static_cast<std::size_t>(u.send)];
        auto& lane = st.lanes[static_cast<std::size_t>(u.lane)];
        const auto* ready = sends[static_cast<std::size_t>(u.send)].ready;
        if (!lane.done && (!ready || *ready >= st.seg_begin(lane.segment) + st.seg_len(lane.segment))) ev |= POLLOUT;
      }
      if (!ev) continue;
      pfds.push_back(pollfd{fd, ev, 0});
      pus.push_back(&u);
    }
    if (pfds.empty()) {  // a send waits on a receive that cannot progress: a caller's bug
      return fail(NetError{NetFailure::other, "transfer", 0, "", "send gated on data that never arrives"}, rank_);
    }
    int n = ::poll(pfds.data(), pfds.size(), static_cast<int>(options_.stall.count()));
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail(cluster::errno_error("poll", errno, ""), rank_);
    }
    if (n == 0) {  // nobody moved a byte for `stall`: name a peer we wait on (a receive first)
      int peer = pus.front()->peer;
      for (const auto* u : pus)
        if (u->recv >= 0) {
          peer = u->peer;
          break;
        }
      return fail(NetError{NetFailure::timeout, "poll", 0, "",
                           fmt::format("no data moved for {} ms", options_.stall.count())},
                  peer);
    }
    for (std::size_t k = 0; k < pfds.size(); ++k) {
      const auto& p = pfds[k];
      const auto& u = *pus[k];
      if (!p.revents) continue;
      if ((p.revents & POLLIN) || ((p.revents & (POLLHUP | POLLERR)) && (p.events & POLLIN))) {
        auto ri = static_cast<std::size_t>(u.recv);
        auto& st = rs[ri];
        auto& lane = st.lanes[static_cast<std::size_t>(u.lane)];
        auto& op = recvs[ri];
        std::size_t at = st.seg_begin(lane.segment) + lane.offset;
        std::size_t want = st.seg_len(lane.segment) - lane.offset;
        ssize_t got = ::recv(u.fd, op.data.data() + at, want, 0);
        if (got == 0) return fail(NetError{NetFailure::closed, "recv", 0, "", "the peer closed the connection"}, u.peer);
        if (got < 0) {
          if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return fail(cluster::errno_error("recv", errno, ""), u.peer);
        } else {
          std::size_t j = lane.segment;
          if (st.advance(lane, static_cast<std::size_t>(got), stride)) {
            st.complete[j] = 1;
            if (op.on_segment) op.on_segment(st.seg_begin(j), st.seg_len(j));
            while (st.prefix_segments < st.segments && st.complete[st.prefix_segments]) ++st.prefix_segments;
            if (op.ready_out) *op.ready_out = std::min(st.size, st.prefix_segments * st.seg);
          }
        }
      }
      if ((p.revents & POLLOUT) || ((p.revents & (POLLHUP | POLLERR)) && !(p.events & POLLIN))) {
        auto si = static_cast<std::size_t>(u.send);
        auto& st = ss[si];
        auto& lane = st.lanes[static_cast<std::size_t>(u.lane)];
        if (lane.done) continue;
        std::size_t at = st.seg_begin(lane.segment) + lane.offset;
        std::size_t want = st.seg_len(lane.segment) - lane.offset;
        ssize_t put = ::send(u.fd, sends[si].data.data() + at, want, MSG_NOSIGNAL);
        if (put < 0) {
          if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return fail(cluster::errno_error("send", errno, ""), u.peer);
        } else {
          st.advance(lane, static_cast<std::size_t>(put), stride);
        }
      }
    }
  }
  return cluster::Done{};
}

std::vector<Mesh> socketpair_world(int world, int sockets_per_peer, MeshOptions options) {
  std::vector<std::vector<std::vector<os::UniqueFd>>> socks(static_cast<std::size_t>(world));
  for (auto& s : socks) s.resize(static_cast<std::size_t>(world));
  for (int a = 0; a < world; ++a)
    for (int b = a + 1; b < world; ++b)
      for (int k = 0; k < sockets_per_peer; ++k) {
        int sv[2];
        if (::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return {};
        socks[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)].emplace_back(sv[0]);
        socks[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)].emplace_back(sv[1]);
      }
  std::vector<Mesh> out;
  for (int r = 0; r < world; ++r) out.emplace_back(r, world, std::move(socks[static_cast<std::size_t>(r)]), options);
  return out;
}

}  // namespace dd::bench
