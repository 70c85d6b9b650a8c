#include "watch/own_waits.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include <fmt/format.h>

#include "core/strings.hpp"
#include "watch/diagnose_network.hpp"

namespace dd::watch {

namespace {

bool holds(const ProcessInfo& p, std::uint64_t inode) {
  return std::find(p.socket_inodes.begin(), p.socket_inodes.end(), inode) != p.socket_inodes.end();
}

// The inode of "socket:[123]", 0 for anything else.
std::uint64_t socket_inode(const std::string& target) {
  if (!core::starts_with(target, "socket:[") || target.back() != ']') return 0;
  auto v = core::parse_int(std::string_view(target).substr(8, target.size() - 9));
  return v && *v > 0 ? static_cast<std::uint64_t>(*v) : 0;
}

// What the main thread blocks reading: its syscall and the fd's target. Empty when it is in none.
struct MainRead {
  std::string call;
  std::uint64_t fd = 0;
  std::string target;
};

std::optional<MainRead> main_read(const os::FileTree& tree, const ProcessInfo& p) {
  auto t = std::find_if(p.threads.begin(), p.threads.end(), [&](auto& th) { return th.tid == p.pid; });
  if (t == p.threads.end() || t->state == 'R') return std::nullopt;
  auto call = syscall_name(t->syscall);
  if (call != "read" && call != "readv" && call != "recvfrom" && call != "recvmsg") return std::nullopt;
  auto target = fd_target(tree, p.pid, t->arg0);
  if (target.empty()) return std::nullopt;
  return MainRead{call, t->arg0, target};
}

// The processes below `pid` in `s` (children, grandchildren, ...).
std::vector<const ProcessInfo*> below(const Snapshot& s, int pid) {
  std::vector<const ProcessInfo*> out;
  std::vector<int> todo = {pid};
  while (!todo.empty()) {
    int parent = todo.back();
    todo.pop_back();
    for (const auto& q : s.processes) {
      if (q.ppid == parent && q.pid != pid && std::none_of(out.begin(), out.end(), [&](auto* o) { return o == &q; })) {
        out.push_back(&q);
        todo.push_back(q.pid);
      }
    }
  }
  return out;
}

// How the unix socket `inode` the rank `p` reads reaches the stopped process `c`: its other end is
// c's, or c's listener holds it unaccepted. Empty when unix_diag shows neither.
std::string unix_link(const Snapshot& after, const ProcessInfo& p, const ProcessInfo& c, std::uint64_t inode) {
  const auto* u = after.unix_socket(inode);
  if (!u) return "";
  if (u->peer != 0 && holds(c, u->peer) && !holds(p, u->peer))
    return fmt::format("the other end of that unix socket (socket:[{}]) is pid {}'s", u->peer, c.pid);
  for (auto l : c.socket_inodes) {
    const auto* lu = after.unix_socket(l);
    if (!lu || !lu->listening || holds(p, l)) continue;
    if (std::find(lu->pending.begin(), lu->pending.end(), inode) != lu->pending.end())
      return fmt::format(
          "that unix socket is connected to pid {}'s listening socket (socket:[{}]), whose accept queue still holds "
          "it: pid {} has not accepted it",
          c.pid, l, c.pid);
  }
  return "";
}

// A read on a unix socket or a pipe while a child of the rank is stopped in both snapshots: that
// child, tied to the read where unix_diag shows it. A read on one of the tree's TCP sockets is the
// network rules'.
bool note_stopped_child(const Snapshot& before, const Snapshot& after, const ProcessInfo& p, const MainRead& m,
                        RankState& r) {
  std::uint64_t inode = socket_inode(m.target);
  bool tcp = inode != 0 &&
             std::any_of(after.sockets.begin(), after.sockets.end(), [&](auto& s) { return s.socket.inode == inode; });
  if (tcp || (inode == 0 && !core::starts_with(m.target, "pipe:["))) return false;
  const ProcessInfo* first = nullptr;
  for (const auto* c : below(after, p.pid)) {
    const auto* b = before.process(c->pid);
    if (!is_stopped(c->state) || !b || !is_stopped(b->state)) continue;
    std::string link = inode ? unix_link(after, p, *c, inode) : "";
    if (!first || !link.empty()) first = c;
    if (!link.empty()) {
      r.child_link = link;
      break;
    }
  }
  if (!first) return false;
  r.activity = Activity::waiting_child;
  r.child = first->pid;
  r.child_stopped = true;
  r.main_read = fmt::format("fd {} ({})", m.fd, m.target);
  return true;
}

// A receive on the rank's own client connection to its MASTER_PORT that received nothing in the window.
bool note_store_receive(const Snapshot& before, const Snapshot& after, const ProcessInfo& p, const MainRead& m,
                        RankState& r) {
  std::uint64_t inode = socket_inode(m.target);
  if (inode == 0 || !p.master_port || p.master_addr.empty()) return false;
  auto s = std::find_if(after.sockets.begin(), after.sockets.end(), [&](auto& o) {
    return o.socket.inode == inode && o.netns == p.netns && o.socket.state == TcpState::established &&
           o.socket.peer_port == *p.master_port;
  });
  if (s == after.sockets.end()) return false;
  const auto* b = before.socket(inode, s->netns);
  if (!b || s->socket.bytes_received != b->socket.bytes_received) return false;
  r.activity = Activity::store_wait;
  r.store = fmt::format("{}:{}", p.master_addr, *p.master_port);
  r.main_read = fmt::format("fd {} ({}), its connection {} -> {}", m.fd, m.target,
                            endpoint(unmapped(s->socket.local), s->socket.local_port),
                            endpoint(unmapped(s->socket.peer), s->socket.peer_port));
  return true;
}

// "python3, state T, started 40 s ago"
std::string child_state(const os::FileTree& tree, const ProcessInfo& c, long ticks_per_s) {
  std::string age;
  if (auto up = tree.read("/proc/uptime"); up && ticks_per_s > 0 && c.start_ticks > 0) {
    double now = std::strtod(up->c_str(), nullptr);
    double started = static_cast<double>(c.start_ticks) / static_cast<double>(ticks_per_s);
    if (now >= started) age = fmt::format(", started {:.0f} s ago", now - started);
  }
  return fmt::format("`{}`, state {}{}", c.cmdline.empty() ? c.comm : c.cmdline, std::string(1, c.state), age);
}

}  // namespace

void note_own_wait(const os::FileTree& tree, const Snapshot& before, const Snapshot& after, const ProcessInfo& p,
                   RankState& r) {
  if (r.activity == Activity::stopped || r.child) return;
  auto m = main_read(tree, p);
  if (!m) return;
  if (note_store_receive(before, after, p, *m, r)) return;
  note_stopped_child(before, after, p, *m, r);
}

core::Finding stopped_child_finding(const os::FileTree& tree, const Snapshot& after, const RankState& r,
                                    long ticks_per_s, const std::string& waiters) {
  const auto* c = after.process(r.child);
  std::string comm = c ? c->comm : "?";
  std::string state = c ? std::string(1, c->state) : "T";
  std::string title =
      r.child_link.empty()
          ? fmt::format(
                "{} has a child process, pid {} ({}), that is stopped (state {} in both snapshots) while its main "
                "thread waits in {} on {}; whether that read waits for the child is not seen here{}",
                who(r.rank, r.pid), r.child, comm, state, r.main_syscall, r.main_read, waiters)
          : fmt::format(
                "{} waits reading from its child pid {} ({}), which is stopped (state {} in both snapshots): not for a "
                "peer and not in a collective{}",
                who(r.rank, r.pid), r.child, comm, state, waiters);
  auto f = core::new_finding("watch.rank.stopped-child", core::Label::other, core::Severity::error, title);
  f.evidence.push_back(fmt::format("{}: main thread in {} on {}{}", who(r.rank, r.pid), r.main_syscall, r.main_read,
                                   r.child_link.empty() ? "" : ": " + r.child_link));
  if (c)
    f.evidence.push_back(
        fmt::format("pid {} (child of {}): {}", c->pid, who(r.rank, r.pid), child_state(tree, *c, ticks_per_s)));
  std::string resume =
      state == "t"
          ? fmt::format(
                "A tracer holds pid {} (state t: a debugger or strace): `grep TracerPid /proc/{}/status` names it; "
                "detach it and the child runs on.",
                r.child, r.child)
          : fmt::format(
                "`kill -CONT {}` on the rank's node resumes the child{}. What sent the stop is not seen here (a "
                "SIGSTOP or SIGTSTP from any process, the child's own code included): if it stops again, find who "
                "sends it.",
                r.child, r.child_link.empty() ? "" : ", and the rank's read with it");
  f.fix.text = r.child_link.empty()
                   ? resume + fmt::format(
                                  " `ss -xp` (the other end of the rank's socket) or `ls -l /proc/{}/fd` "
                                  "tells whether the rank reads from that child.",
                                  r.child)
                   : resume;
  if (r.rank) f.ranks = {*r.rank};
  return f;
}

core::Finding store_receive_finding(const Snapshot& after, const RankState& r, double window_s,
                                    const std::string& waiters) {
  auto f = core::new_finding(
      "watch.rank.store-wait", core::Label::other, core::Severity::error,
      fmt::format("{} waits at the torch store ({}), not for its peers: its main thread is blocked in {} on its "
                  "connection to the store and received nothing in {:.0f} s: a get or wait of a key no rank has set "
                  "yet, or a barrier at the store{}",
                  who(r.rank, r.pid), r.store, r.main_syscall, window_s, waiters));
  f.evidence.push_back(
      fmt::format("{}: main thread in {} on {} (MASTER_ADDR:MASTER_PORT = {}), 0 bytes received in "
                  "{:.0f} s",
                  who(r.rank, r.pid), r.main_syscall, r.main_read, r.store, window_s));
  const auto* p = after.process(r.pid);
  std::string host = p ? p->master_addr : "MASTER_ADDR";
  int port = p && p->master_port ? *p->master_port : 0;
  // The rank's own interpreter (its torch), where its command line starts with one.
  std::string python = p ? p->cmdline.substr(0, p->cmdline.find(' ')) : "";
  if (python.find("python") == std::string::npos || python.find('\'') != std::string::npos) python = "python3";
  f.fix.text = fmt::format(
      "`py-spy dump --pid {}` on the rank's node shows the store call it waits in (store.get or store.wait and the "
      "key it reads, or a barrier). Another rank's code sets that key: if that rank sets it only after a collective "
      "this rank must join first, neither goes on (set the key before that collective, or read it after). Setting "
      "the key from any process that reaches the store releases the rank now: `{} -c \"import datetime, "
      "torch.distributed as d; d.TCPStore('{}', {}, is_master=False, "
      "timeout=datetime.timedelta(seconds=30)).set('KEY', 'VALUE')\"`, with the key it reads and the value the job "
      "expects.",
      r.pid, python, host, port);
  if (r.rank) f.ranks = {*r.rank};
  return f;
}

bool is_own_wait(std::string_view id) {
  return id == "watch.rank.stopped-child" || id == "watch.rank.store-wait" || id == "watch.rank.file-lock" ||
         id == "watch.rank.pipe-write";
}

}  // namespace dd::watch
