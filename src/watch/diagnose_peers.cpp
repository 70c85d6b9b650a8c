#include "watch/diagnose_peers.hpp"

#include <sys/syscall.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "core/finding_factory.hpp"
#include "core/push_unique.hpp"
#include "core/strings.hpp"
#include "watch/diagnose_local_link.hpp"
#include "watch/diagnose_network.hpp"

namespace dd::watch {

namespace {

using core::Label;
using core::Severity;

bool reads_a_socket(long nr) { return nr == SYS_read || nr == SYS_recvfrom || nr == SYS_recvmsg; }

// The sockets of a rank (every process with its RANK) or of one process.
bool owned_by(const OwnedSocket& s, const RankState& r) { return r.rank ? s.rank == r.rank : s.pid == r.pid; }

// A peer connection that received nothing in the window and is not stuck in the ways the queue
// rules judge (unacked data with retransmits).
struct Quiet {
  const OwnedSocket* s = nullptr;
  bool window_full = false;  // data queued, none acked, no retransmits: the peer's host takes no more
  double quiet_s = 0;        // since the last data arrived (tcpi_last_data_recv), at least the window
};

std::optional<Quiet> quiet(const Snapshot& before, const OwnedSocket& s, double window_s) {
  if (s.socket.state != TcpState::established) return std::nullopt;
  const auto* b = before.socket(s.socket.inode, s.netns);
  if (!b || s.socket.bytes_received != b->socket.bytes_received) return std::nullopt;
  if (s.socket.retransmits > 0 || s.socket.total_retrans != b->socket.total_retrans) return std::nullopt;
  if (s.socket.send_queue > 0 && s.socket.bytes_acked != b->socket.bytes_acked)
    return std::nullopt;  // data still leaves
  return Quiet{&s, s.socket.send_queue > 0, std::max(window_s, s.socket.last_data_recv_ms / 1000.0)};
}

std::string socket_line(const Quiet& q, double window_s) {
  const auto& t = q.s->socket;
  return fmt::format(
      "{}: {} -> {} ESTABLISHED, send queue {}, receive queue {}, {} retransmits since it opened (none in the window), "
      "0 bytes received in {:.0f} s, last data {:.0f} s ago",
      who(q.s->rank, q.s->pid), endpoint(t.local, t.local_port), endpoint(t.peer, t.peer_port), t.send_queue,
      t.recv_queue, t.total_retrans, window_s, q.quiet_s);
}

// The store's address as this process reaches it: the peer of its client connection to MASTER_PORT.
std::string store_host(const Snapshot& after, const ProcessInfo& p) {
  if (!p.master_port) return "";
  for (const auto& s : after.sockets) {
    if (s.pid == p.pid && s.socket.state == TcpState::established && s.socket.peer_port == *p.master_port)
      return unmapped(s.socket.peer);
  }
  return "";
}

// Who is at a peer's address ("rank 1", and its rank), and why; nothing when the evidence does not say.
struct PeerIdentity {
  std::string id, why;
  std::optional<int> rank;
};

PeerIdentity peer_identity(const Snapshot& after, const ProcessInfo& p, const OwnedSocket& s) {
  if (auto pr = peer_rank(after, s); pr.rank) return {fmt::format("rank {}", *pr.rank), pr.why, pr.rank};
  std::string store = store_host(after, p);
  if (!store.empty() && same_address(store, s.socket.peer)) {
    return {"the store's host",
            fmt::format("{} is where {} reaches the torch store (MASTER_ADDR{})", unmapped(s.socket.peer),
                        who(p.rank, p.pid), p.master_addr.empty() ? "" : "=" + p.master_addr),
            std::nullopt};
  }
  return {};
}

std::string with_identity(const std::string& ep, const std::string& id) {
  return id.empty() ? ep : ep + " (" + id + ")";
}

std::string_view plural(std::size_t n, std::string_view one, std::string_view many) { return n == 1 ? one : many; }

// The store's clients as ranks, not connections: a torch rank holds one or two (its client, and
// its callback client once past the store's wait), so clients of this host count by process and
// those of other hosts by address.
struct StoreClients {
  std::set<int> local;                      // pids of this host's clients
  std::map<std::string, int> remote_hosts;  // address -> connections from it
  std::vector<std::string> names;           // "rank 0 (pid 42) itself", "2 from 198.18.1.2 (...)"
  int connections = 0;
  std::uint64_t store_bytes = 0;  // requests both ways in the window
};

StoreClients store_clients(const Snapshot& before, const Snapshot& after, const OwnedSocket& l,
                           const ProcessInfo& server) {
  StoreClients c;
  for (const auto& s : after.sockets) {
    if (s.netns != l.netns || s.socket.state != TcpState::established || s.socket.local_port != l.socket.local_port)
      continue;
    ++c.connections;
    if (const auto* b = before.socket(s.socket.inode, s.netns))
      c.store_bytes +=
          s.socket.bytes_acked + s.socket.bytes_received - b->socket.bytes_acked - b->socket.bytes_received;
    auto client = std::find_if(after.sockets.begin(), after.sockets.end(), [&](const OwnedSocket& o) {
      return o.netns == s.netns && o.socket.local_port == s.socket.peer_port &&
             same_address(o.socket.local, s.socket.peer);
    });
    if (client != after.sockets.end()) {
      if (c.local.insert(client->pid).second)
        c.names.push_back(who(client->rank, client->pid) + (client->pid == server.pid ? " itself" : ""));
    } else {
      ++c.remote_hosts[unmapped(s.socket.peer)];
    }
  }
  for (const auto& [host, n] : c.remote_hosts)
    c.names.push_back(fmt::format("{} from {}", n, host) + (n == 1 ? "" : " (one rank or several)"));
  return c;
}

}  // namespace

bool is_distributed_job(const os::FileTree& tree, const ProcessInfo& p) {
  if (p.job_env || p.rank) return true;
  auto maps = tree.read(fmt::format("/proc/{}/maps", p.pid));
  if (!maps) return false;
  for (std::string_view lib :
       {"libtorch", "libc10", "libnccl", "libtensorflow", "_pywrap_tensorflow", "libgloo", "horovod"}) {
    if (maps->find(lib) != std::string::npos) return true;
  }
  return false;
}

std::optional<core::Finding> store_join_incomplete(const Snapshot& before, const Snapshot& after) {
  double window_s = after.at_s - before.at_s;
  for (const auto& l : after.sockets) {
    if (l.socket.state != TcpState::listen) continue;
    const auto* server = after.process(l.pid);
    if (!server || !server->master_port || l.socket.local_port != *server->master_port) continue;
    if (!server->world_size || *server->world_size < 2) continue;
    const int port = *server->master_port, world = *server->world_size;
    // A rank past the store has its data connections (Gloo's mesh, NCCL's bootstrap ring).
    bool formed = std::any_of(after.sockets.begin(), after.sockets.end(), [&](const OwnedSocket& s) {
      bool mine = server->rank ? s.rank == server->rank : s.pid == server->pid;
      return mine && s.socket.state == TcpState::established && !after.is_store_socket(s);
    });
    if (formed) continue;
    StoreClients c = store_clients(before, after, l, *server);
    const int local = static_cast<int>(c.local.size()), hosts = static_cast<int>(c.remote_hosts.size());
    int remote_connections = 0;
    for (const auto& [host, n] : c.remote_hosts) remote_connections += n;
    const int connections = c.connections;
    const std::uint64_t store_bytes = c.store_bytes;
    const auto& clients = c.names;
    // At most world - local - hosts ranks are missing (each remote host runs one at least); at
    // least world - every connection, or one while the store still polls: torch polls it only while
    // it waits for ranks to arrive (TCPStore's wait for workers, the store-based barrier).
    const bool polls = store_bytes > 0;
    int most = world - local - hosts;
    int least = std::max(polls ? 1 : 0, world - local - remote_connections);
    if (most < 1 || least < 1) continue;
    int missing = least;
    bool exact = least == most;
    std::string store = endpoint(server->master_addr.empty() ? unmapped(l.socket.local) : server->master_addr, port);
    std::vector<std::string> evidence = {
        fmt::format("{} serves the torch store on port {} (MASTER_PORT) with WORLD_SIZE={}: {} client {}{}{}",
                    who(server->rank, server->pid), port, world, connections,
                    plural(static_cast<std::size_t>(connections), "connection", "connections"),
                    clients.empty() ? "" : ", ", core::join(clients, ", ")),
        hosts > 0 ? fmt::format("clients counted as ranks: {} of this host by process, {} other host(s) as one rank "
                                "each at least (a rank holds one or two connections: its client and its callback "
                                "client)",
                                local, hosts)
                  : fmt::format("clients counted as ranks by process: {}", local),
        fmt::format("{} has no connection but the store's: the process group has not formed",
                    who(server->rank, server->pid)),
        fmt::format("{} bytes of store requests in {:.0f} s: {}", store_bytes, window_s,
                    polls ? "the store polls for the ranks still missing, which is waiting, not progress"
                          : "nothing polls the store")};
    auto f = core::new_finding(
        "watch.store.incomplete", Label::other, Severity::error,
        fmt::format("{}{} of {} ranks never joined the store at {}: {} waits for {}", exact ? "" : "at least ", missing,
                    world, store, who(server->rank, server->pid),
                    plural(static_cast<std::size_t>(missing), "it", "them")),
        evidence,
        fmt::format("Start the missing {} with MASTER_ADDR:MASTER_PORT {} and WORLD_SIZE={} (a launcher that failed or "
                    "was never run on a node, "
                    "or a WORLD_SIZE larger than the ranks started), and check that every node reaches {} (`distdoctor "
                    "preflight`).",
                    plural(static_cast<std::size_t>(missing), "rank", "ranks"), store, world, store));
    if (server->rank) f.ranks = {*server->rank};
    return f;
  }
  return std::nullopt;
}

std::vector<core::Finding> store_closed(const Snapshot& after) {
  std::vector<core::Finding> out;
  for (const auto& p : after.processes) {
    if (!p.master_port) continue;
    std::vector<std::string> lines;
    std::string store;
    bool other_open = false;
    for (const auto& s : after.sockets) {
      if (s.pid != p.pid) continue;
      if (s.socket.state == TcpState::close_wait && s.socket.peer_port == *p.master_port) {
        store = endpoint(unmapped(s.socket.peer), s.socket.peer_port);
        lines.push_back(fmt::format("{}: {} -> {} CLOSE_WAIT: the store's end closed the connection",
                                    who(p.rank, p.pid), endpoint(unmapped(s.socket.local), s.socket.local_port),
                                    store));
      } else if (s.socket.state == TcpState::established && !after.is_store_socket(s)) {
        other_open = true;
      }
    }
    if (lines.empty() || other_open) continue;
    auto f = core::new_finding(
        "watch.store.closed", Label::other, Severity::error,
        fmt::format("the torch store at {}{} closed its connections to {}: the process serving it (rank 0, or the "
                    "launcher's agent) exited or dropped them; {} waits for ranks that are gone",
                    store, p.master_addr.empty() ? "" : " (MASTER_ADDR=" + p.master_addr + ")", who(p.rank, p.pid),
                    who(p.rank, p.pid)),
        lines,
        fmt::format("Read the job's output on the store's host ({}) for why it ended (a traceback, an error, the OOM "
                    "killer in dmesg); {} cannot go on without it: stop it and start the job again once that is fixed.",
                    store, who(p.rank, p.pid)));
    if (p.rank) f.ranks = {*p.rank};
    out.push_back(std::move(f));
  }
  return out;
}

namespace {

// The silent connections of one waiting rank, as the finding names and shows them.
struct SilentPeers {
  std::vector<std::string> peers, ids, reasons, evidence;
  std::vector<int> ranks;  // the peers' ranks, where the evidence names them
  double quiet_s = 0;
  bool full = false;  // some peer's receive window is full
};

SilentPeers describe_silent(const Snapshot& after, const ProcessInfo& p, bool job, const std::vector<Quiet>& qs,
                            double window_s) {
  SilentPeers out;
  out.quiet_s = qs.front().quiet_s;
  for (const auto& q : qs) {
    auto [id, why, rank] = peer_identity(after, p, *q.s);
    if (rank) core::push_unique(out.ranks, *rank);
    std::string ep = endpoint(unmapped(q.s->socket.peer), q.s->socket.peer_port);
    if (!job) {
      auto local = std::find_if(after.sockets.begin(), after.sockets.end(), [&](const OwnedSocket& o) {
        return o.socket.local == q.s->socket.peer && o.socket.local_port == q.s->socket.peer_port;
      });
      if (local != after.sockets.end()) id = who(local->rank, local->pid) + ", watched";
    }
    out.peers.push_back(with_identity(ep, id));
    if (!id.empty()) core::push_unique(out.ids, id);
    if (!why.empty() && std::find(out.reasons.begin(), out.reasons.end(), why) == out.reasons.end())
      out.reasons.push_back(why);
    out.evidence.push_back(socket_line(q, window_s));
    out.quiet_s = std::min(out.quiet_s, q.quiet_s);
    out.full = out.full || q.window_full;
  }
  return out;
}

// What the silent connections themselves show.
std::string connection_health(const std::vector<Quiet>& qs, bool full) {
  if (qs.size() > 1) return "each connection open, no retransmit in the window";
  return full ? "the peer's host acknowledges but its receive window is full (no retransmit in the window)"
              : "connection open and healthy (all data acked, no retransmit in the window)";
}

// Whether any other connection or listener of the tree, or a process's MASTER_ADDR, holds `s`'s peer address.
bool peer_address_in_job(const Snapshot& after, const OwnedSocket& s) {
  for (const auto& o : after.sockets) {
    if (&o == &s) continue;
    if (same_address(o.socket.local, s.socket.peer) || same_address(o.socket.peer, s.socket.peer)) return true;
  }
  return std::any_of(after.processes.begin(), after.processes.end(),
                     [&](const ProcessInfo& p) { return same_address(p.master_addr, s.socket.peer); });
}

// watch.peer.silent where the rank's main thread blocks reading its one silent connection, whose
// peer address nothing of the job seen here holds (clusters-2026-12-06g w3: a config service that
// accepted and never answers): said as seen, no rank and no collective named.
core::Finding silent_outside_peer(const RankState& r, const Quiet& q, const SilentPeers& sp) {
  std::string ep = endpoint(unmapped(q.s->socket.peer), q.s->socket.peer_port);
  auto f = core::new_finding(
      "watch.peer.silent", Label::other, Severity::error,
      fmt::format("{} waits on {}, an address no connection of the job seen here holds: its main thread is blocked "
                  "in {} on that connection, {}, nothing received for {:.0f} s: the process there accepted the "
                  "connection and sends no answer",
                  who(r.rank, r.pid), ep, r.main_syscall, connection_health({q}, sp.full), sp.quiet_s));
  f.evidence.push_back(
      fmt::format("no other connection or listener of the job's processes, and no MASTER_ADDR, holds {}",
                  unmapped(q.s->socket.peer)));
  f.fix.text = fmt::format(
      "Look at the service at {} (what the job asks it there: a configuration, metrics or data endpoint): restart "
      "or fix it, or stop it (the rank's receive then returns: the connection closes), and give the job's call a "
      "timeout (`sock.settimeout(...)`) so that a silent service fails the call instead of holding the rank. Seen "
      "from this node alone, {} may still be a rank of the job on a node not seen here: `distdoctor watch` there "
      "tells.",
      ep, unmapped(q.s->socket.peer));
  return f;
}

// watch.peer.silent: a rank of a distributed job whose peers send nothing.
core::Finding silent_job_peer(const RankState& r, const std::vector<Quiet>& qs, const SilentPeers& sp) {
  std::string health = connection_health(qs, sp.full);
  std::string subject = sp.ids.size() == 1 && sp.ranks.size() == 1 ? sp.ids.front()
                        : qs.size() == 1                           ? "the peer"
                                                                   : "those peers";
  bool one = qs.size() == 1;
  std::string nodes = one ? "its node " + unmapped(qs.front().s->socket.peer) : "their nodes";
  // Nothing in flight from here tests the path back: a peer whose node lost its address or route
  // since the last exchange looks the same (CI of stop 54, own-address-removed). A full window is
  // acknowledged, so the peer's host still answers.
  std::string cannot_send =
      sp.full ? ""
              : fmt::format(", or {} can no longer send here (nothing from here is in flight to test the path)",
                            one ? "its node" : "their nodes");
  std::string where = one ? fmt::format("whether {} is still on an interface", unmapped(qs.front().s->socket.peer))
                          : "whether their addresses are still on an interface";
  return core::new_finding(
      "watch.peer.silent", Label::other, Severity::error,
      fmt::format("{} waits on {}: {}, nothing received for {:.0f} s: {} {} stopped, busy, {}in another collective{}",
                  who(r.rank, r.pid), core::join(sp.peers, ", "), health, sp.quiet_s, subject,
                  subject == "those peers" ? "are" : "is", sp.full ? "or " : "", cannot_send),
      {},
      fmt::format("Look at what {} {} on {}: `distdoctor watch --pid PID` there (py-spy dump --pid PID shows its "
                  "stack){}{}.",
                  subject, subject == "those peers" ? "do" : "does", nodes,
                  sp.full ? "" : fmt::format("; `ip -br addr` there shows {}", where), k_rendezvous_advice));
}

// watch.socket.silent-peer: the same for a process that is no distributed job.
core::Finding silent_socket_peer(const RankState& r, const ProcessInfo& p, std::uint64_t read_inode,
                                 const std::vector<Quiet>& qs, const SilentPeers& sp) {
  std::string health = connection_health(qs, sp.full);
  return core::new_finding(
      "watch.socket.silent-peer", Label::other, Severity::warning,
      fmt::format("{} [{}] waits on {}{}: {}, nothing received for {:.0f} s: the other end sends nothing",
                  who(r.rank, r.pid), p.comm, core::join(sp.peers, ", "),
                  read_inode != 0 ? fmt::format(" (main thread in {})", r.main_syscall) : "", health, sp.quiet_s),
      {fmt::format("{} is no distributed job: no launcher variable (RANK, WORLD_SIZE, MASTER_ADDR, TF_CONFIG, ...) "
                   "in its environment and no torch, TensorFlow, NCCL or Horovod library mapped",
                   who(r.rank, r.pid))},
      fmt::format("Look at the process at the other end ({}): it is stopped, busy, or itself waiting for this one.",
                  core::join(sp.peers, ", ")));
}

// The socket the main thread reads, when it blocks in read/recv on one; 0 otherwise.
std::uint64_t main_thread_socket(const os::FileTree& tree, const ProcessInfo& p) {
  std::uint64_t read_inode = 0;
  for (const auto& t : p.threads) {
    if (t.tid != p.pid || !reads_a_socket(t.syscall)) continue;
    auto target = fd_target(tree, p.pid, t.arg0);
    if (core::starts_with(target, "socket:[")) read_inode = std::strtoull(target.c_str() + 8, nullptr, 10);
  }
  return read_inode;
}

}  // namespace

namespace {

// A waiting rank's silent connections to peers outside the tree (none: not waiting, or no such peer).
struct Waits {
  const ProcessInfo* p = nullptr;
  bool job = false;
  std::uint64_t read_inode = 0;  // the socket its main thread reads, 0 if none
  std::vector<Quiet> qs;
};

std::optional<Waits> waits_of(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                              const RankState& r) {
  if (r.activity != Activity::in_collective) return std::nullopt;
  Waits w;
  w.p = after.process(r.pid);
  if (!w.p) return std::nullopt;
  w.job = is_distributed_job(tree, *w.p);
  w.read_inode = main_thread_socket(tree, *w.p);
  for (const auto& s : after.sockets) {
    if (!owned_by(s, r) || after.is_store_socket(s)) continue;
    // A job's peers inside the tree are judged by their own state (collective-mismatch).
    bool in_tree = std::any_of(after.sockets.begin(), after.sockets.end(), [&](const OwnedSocket& o) {
      return o.socket.local == s.socket.peer && o.socket.local_port == s.socket.peer_port;
    });
    if (w.job && in_tree) continue;
    if (w.read_inode != 0 && s.socket.inode != w.read_inode) continue;
    if (auto q = quiet(before, s, after.at_s - before.at_s)) w.qs.push_back(*q);
  }
  if (w.qs.empty()) return std::nullopt;
  return w;
}

}  // namespace

RankLinks rank_links(const os::FileTree& tree, const Snapshot& before, const Snapshot& after, const RankState& r) {
  RankLinks out;
  for (const auto& s : after.sockets) {
    if (!owned_by(s, r) || s.socket.state != TcpState::established || after.is_store_socket(s)) continue;
    auto ep = endpoint(unmapped(s.socket.local), s.socket.local_port);
    core::push_unique(out.endpoints, ep);
    // bytes_acked counts the SYN of the side that connected: more than that (or bytes in flight) is data it sent
    if (s.socket.bytes_acked + s.socket.send_queue > 1)
      out.sends.push_back({ep, endpoint(unmapped(s.socket.peer), s.socket.peer_port), s.socket.last_data_sent_ms});
  }
  if (auto w = waits_of(tree, before, after, r); w && w->job) {
    for (const auto& q : w->qs) out.waits_on.push_back(endpoint(unmapped(q.s->socket.peer), q.s->socket.peer_port));
  }
  return out;
}

std::vector<core::Finding> silent_peers(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                                        const std::vector<RankState>& states) {
  double window_s = after.at_s - before.at_s;
  std::vector<core::Finding> out;
  for (const auto& r : states) {
    auto w = waits_of(tree, before, after, r);
    if (!w) continue;
    const auto& [p, job, read_inode, qs] = *w;
    SilentPeers sp = describe_silent(after, *p, job, qs, window_s);
    bool outside = job && read_inode != 0 && qs.size() == 1 && sp.ids.empty() && !peer_address_in_job(after, *qs[0].s);
    core::Finding f = outside ? silent_outside_peer(r, qs[0], sp)
                      : job   ? silent_job_peer(r, qs, sp)
                              : silent_socket_peer(r, *p, read_inode, qs, sp);
    f.evidence.insert(f.evidence.end(), sp.evidence.begin(), sp.evidence.end());
    f.evidence.insert(f.evidence.end(), sp.reasons.begin(), sp.reasons.end());
    if (r.rank) f.ranks = {*r.rank};
    // watch.peer.silent: the waiting rank, then the ranks of the peers it names (the merge reads them here)
    if (r.rank && job) f.ranks.insert(f.ranks.end(), sp.ranks.begin(), sp.ranks.end());
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace dd::watch
