// Cause of a stall, from two snapshots a few seconds apart (`before`, `after`) and the ranks that
// vanished while the job ran. Rules, checked against Linux 6.x /proc and inet_diag:
//  - SYN_SENT that stays: the peer never answers a connect (firewall, nothing listening; the
//    nftables rule that drops it is named when `rules` holds the ruleset that has it), or the
//    address is on no network of this host (interface-mismatch: peers were given a wrong address;
//    the fix names the interface the ranks' working connections use);
//  - a listening socket on a specific address nobody connects to while its process talks to its
//    peers over another interface: interface-mismatch (diagnose_network.hpp);
//  - ESTABLISHED with bytes in the send queue that are not acked, whose local address sits on an
//    interface of its own namespace that is down (or has no carrier) with no route to the peer
//    left: the fault is on this node, the interface is named (diagnose_local_link.hpp);
//  - ESTABLISHED with bytes in the send queue that are not acked and retransmits: an MTU black
//    hole when `probe` shows small echoes pass and full-size ones vanish (mtu-mismatch), else
//    packets are dropped on the way while the peer process is alive (firewall added), or the
//    peer stopped (its process or host is gone); before those, a route of this end through a
//    gateway its ARP table holds unresolved is named as the cause (watch.tcp.dead-gateway);
//  - a listener whose own namespace's nftables drops its port and that no remote peer reached
//    (diagnose_firewall.hpp);
//  - a rank that held sockets has exited while the others still wait;
//  - a rank whose process is stopped (state T or t in both snapshots: SIGSTOP, Ctrl-Z, a debugger)
//    while the others wait: that rank is named, with `kill -CONT`, before any other rank rule;
//  - a rank whose main thread blocks reading its standard input (fd 0) in both snapshots, CPU below
//    a computing share: it waits at a prompt (watch.rank.stdin-wait; the prompt its output ends in
//    quoted where seen), with the answer (`c` at a `(Pdb) ` prompt) and PYTHONBREAKPOINT=0; never
//    the input pipeline's advice;
//  - the job's output ends in an uncaught exception's traceback (OutputTracker) and the tree's one
//    rank lives on, not computing: it failed and will not join (watch.rank.raised, the exception
//    quoted, its threads listed); a rank whose main thread waits (wait4, waitid) for a child
//    process of its own, alive in both snapshots: it waits for that child, not for a peer
//    (watch.rank.waits-on-child, the child named with its command, state and age); a rank whose main
//    thread reads a unix socket or pipe while a child of its own is stopped, or blocks in a receive
//    on its store connection that receives nothing: own_waits.hpp (watch.rank.stopped-child,
//    watch.rank.store-wait); the tree's one rank whose output holds a thread's traceback ("Exception
//    in thread NAME:" ... its exception line) and whose main thread waits: that thread died and the
//    main thread may wait for what it produced (watch.rank.thread-died; clusters-2026-12-06h w2);
//  - ranks wait in a collective (main thread in futex, no socket moves) while another rank reads
//    its input (file reads, D state, or its main thread waits on its own loader workers that burn
//    CPU between the snapshots): data-pipeline-stall;
//  - a rank serves the torch store, has no connection but the store's, and fewer ranks than
//    WORLD_SIZE joined it: ranks never joined (diagnose_peers.hpp; the store's polling is not progress);
//  - ranks poll the torch store (at_store) while another waits in a collective: that one skipped a
//    call the others made (new_group's store barrier); ranks at the store alone are named as such;
//  - ranks wait in a collective while another rank sleeps (main thread in clock_nanosleep) or
//    computes (main thread running, or CPU above its share of a loaded machine): that rank is named
//    as sleeping / computing, not in a collective (watch.rank.not-in-collective), with the step that
//    tells a long task from a skipped collective; no collective-order claim;
//  - ranks wait in a collective while another rank is blocked elsewhere (a syscall that is no wait
//    for peers): that rank and its syscall are named (watch.rank.blocked-elsewhere, blocked_elsewhere.hpp),
//    its stack is the step, and the collective order only the last candidate;
//  - ranks wait and their connections to peers outside the tree are healthy and quiet: the peer is
//    named (address, rank where the evidence allows), not a cause; a process that is no
//    distributed job gets the plain socket finding (diagnose_peers.hpp);
//  - several ranks of the tree wait on each other alone and no byte moves: collective-mismatch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "os/file_tree.hpp"
#include "watch/diagnose_firewall.hpp"
#include "watch/output_tracker.hpp"
#include "watch/path_probe.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {

struct GoneRank {
  int pid = 0;
  std::optional<int> rank;
  std::string comm;
  double gone_at_s = 0;
  std::vector<std::string> addresses;  // local addresses its sockets used
};

// What one rank (or one socket-holding process when nothing has RANK) does in the window.
// stopped: the rank's process is in state T (SIGSTOP, Ctrl-Z) or t (a debugger) in both snapshots.
// sleeping: its main thread is in clock_nanosleep / nanosleep (time.sleep) and it does not compute.
// raised: the job's output ends in an uncaught exception and the process lives on (see diagnose()).
// waiting_child: its main thread is in wait4/waitid and a child of its process is alive in both snapshots.
// at_store: not computing, its main thread not in futex, and its client connection to the torch
// store (its MASTER_PORT) received 1 kB or more in the window, its other connections nothing: it
// polls the store (new_group's store-based barrier: a short sleep, then store.add), neither
// progress nor a sleep.
// waiting_child also: its main thread reads a unix socket or pipe while a child process of its own
// is stopped (own_waits.hpp; child_stopped). store_wait: its main thread blocks in a receive on its
// client connection to the torch store, which received nothing in the window (own_waits.hpp).
// file_lock: its main thread blocks taking a file lock (flock, fcntl F_SETLKW) in both snapshots
// (file_lock.hpp).
// pipe_write: its main thread blocks in write/writev on a pipe in both snapshots (pipe_write.hpp).
// throttled: a thread of it is in state R, it gets below a quarter of a core, and its cgroup's CPU
// quota, itself under a quarter of a core, held it for most of the window (cpu_limit.hpp).
// stdin_wait: its main thread blocks in read() of fd 0 (its standard input: a terminal, FIFO or
// pipe) in both snapshots, with CPU below a computing share and under 1 kB read from files: it
// waits for an answer typed there (a debugger's prompt: breakpoint(), pdb.set_trace(); input()).
// `prompt` then holds the text its output ends in without a newline ("(Pdb) "), where the tree
// holds this one rank (whose output it is, is known then) (clusters-2026-12-06h w1).
enum class Activity {
  in_collective,
  reading_input,
  elsewhere,
  computing,
  stopped,
  sleeping,
  raised,
  waiting_child,
  at_store,
  store_wait,
  file_lock,
  pipe_write,
  stdin_wait,
  throttled,
  memory_wait,
  storage_write,
  frozen
};

struct RankState {
  std::optional<int> rank;
  int pid = 0;  // the rank's own process
  Activity activity = Activity::elsewhere;
  std::string main_syscall;  // "futex", "clock_nanosleep", ...
  std::string main_wchan;
  double cpu_pct = 0;                        // the rank's processes together, % of one core
  std::uint64_t file_read_bytes = 0;         // read() bytes that were not socket bytes
  std::string reading;                       // file the main thread (or a worker) reads, when known
  int reading_tid = 0;                       // the thread that reads it (the main thread's tid is the pid)
  std::vector<int> busy_workers;             // its forked workers that ran while the main thread waited on them
  double worker_cpu_pct = 0;                 // those workers together, % of one core
  std::string exception;                     // raised: the exception line its output ends in
  int child = 0;                             // waiting_child: the child process it waits for
  std::string store = {};                    // at_store, store_wait: "MASTER_ADDR:MASTER_PORT" it polls / waits at
  std::uint64_t store_bytes = 0;             // at_store: bytes its store connection received in the window
  bool child_stopped = false;                // waiting_child: the child is stopped and the main thread reads
  std::string child_link = {};               // child_stopped: how that read reaches the child ("" when not seen)
  std::string main_read = {};                // child_stopped, store_wait: "fd 12 (socket:[345])", what it reads
  std::string lock = {};                     // file_lock: "flock on fd 5 (/ckpt/.lock)", what its main thread waits for
  int lock_holder = 0;                       // file_lock: the holder's pid in /proc/locks (0: none seen)
  std::string lock_holder_cmd = {};          // file_lock: the holder's command line ("" when unreadable)
  std::vector<std::string> lock_lines = {};  // file_lock: the /proc/locks lines of that lock
  std::string pipe = {};                     // pipe_write: "fd 5, pipe:[123]", what its main thread writes to
  std::vector<std::string> pipe_readers = {};  // pipe_write: "pid 9 (sleep, `sleep 3600`) fd 0", those seen
  std::string prompt = {};                     // stdin_wait: the text its output ends in, no newline after it
  std::string throttle =
      {};  // throttled: "cgroup DIR allows 1 ms of CPU per 1000 ms, ...; throttled in 5 of the 5 periods ..."
  std::string memory_wait = {};  // memory_wait: the kernel function its thread in state D waits in
  // storage_write: "fsync of fd 7 (/ckpt/shard1.pt)", what its main thread, in state D in both
  // snapshots, waits to write
  std::string storage_write = {};
  std::string thaw = {};  // frozen: "cgroup DIR is frozen (freezer.state FROZEN)"; its thaw command in thaw_command
  std::string thaw_command = {};
  std::string unthrottle =
      {};  // throttled: the command that removes the quota (CpuLimit::unlimit_command); "" in a container's view
};

std::string_view to_string(Activity a);

// A peer connection a rank has sent data on: its local and peer ends ("198.18.1.2:40000") and how
// long before the inspection it last sent (tcpi_last_data_sent). Gloo sends on the connections of
// the process group a collective runs in, so the connection a rank sent on last, per peer, tells
// which group's collective it entered last (merge_order.hpp).
struct PeerSend {
  std::string local, peer;
  std::uint32_t ago_ms = 0;
  bool operator==(const PeerSend&) const = default;
};

// The fix of watch.rank.not-in-collective (here and in the merged verdict): the step that tells a
// long task on the ranks `pids` from a collective they skipped.
std::string not_in_collective_fix(const std::vector<std::string>& pids);

// watch.store.skipped-call (here and in the merged verdict): ranks `at_store` poll the store
// `store` for a rank that has not arrived while ranks `waiting` wait in a collective: the waiting
// ranks skipped a call the others made (new_group runs a store barrier over every rank). Empty
// `waiting`: the ranks at the store alone, whom they wait for is not known here.
core::Finding store_wait_finding(const std::string& at_store, const std::string& store, const std::string& waiting,
                                 const std::vector<std::string>& pids);

// "rank 1 (pid 42): sleeping, main thread in clock_nanosleep (hrtimer_nanosleep), CPU 0%"
std::string describe(const RankState& r);

// The file a reading rank's read is blocked on (a FIFO nobody writes, a socket, a hung mount): it
// reads something, read nothing in the window, burns no CPU (or only a trickle while a side thread
// reads and the main thread waits on a lock) and has no busy worker. Empty otherwise.
std::string blocked_read(const RankState& r);
// A thread of the rank other than its main thread does that read while the main thread waits on a
// futex (a lock; Python's GIL) at under 5 % CPU (rank_states.cpp).
bool side_thread_read_under_lock(const RankState& r);

// The reading ranks told apart (here and in the merged verdict), from each reader's blocked_read()
// in `each` (empty: that reader is not blocked): the sources they block on, each once, and whether
// every reader blocks. fix(): when every reader blocks, who should feed those sources (more
// DataLoader workers do not help a source that delivers nothing); else the input pipeline's advice.
struct BlockedReaders {
  std::vector<std::string> sources;
  bool all = false;
  std::string fix() const;
};
BlockedReaders blocked_readers(const std::vector<std::string>& each);
// The fix where every reader's input still arrives: raise --stall if the pace is expected, else
// make the input faster.
std::string slow_input_fix();
// Input that still arrives: a reader that read this much from files in the stall's window is slow,
// not stuck (clusters-2026-12-07l w4: a FIFO fed 4 KiB every 2 s made a false STALLED). One figure
// for a node's own verdict (diagnose.cpp) and the merged one (merge.cpp).
inline constexpr std::uint64_t k_input_arrives_bytes = 1024;
// "<readers> while <waiters>: its input still arrives (<detail>), so most likely a slow input
// pipeline ..." : the title of both verdicts where every reader's input still arrives.
std::string input_arrives_title(const std::string& readers, const std::string& waiters, const std::string& detail);

// How busy the machine is: the 1-minute load average (/proc/loadavg) and the CPUs (/proc/stat).
// share(): the part of one core a runnable thread gets, 1 when the load is at most the CPUs (or
// either is unknown), else CPUs / load. A rank's CPU % is read against it: at load 20 on 2 CPUs a
// rank spinning in a loop got 20 % of a core (w3 of clusters-2026-12-05).
struct MachineLoad {
  double load1 = 0;
  int cpus = 0;
  double share() const;
  std::string note() const;  // "load average 20.0 on 2 CPUs: ...", empty when share() is 1
};
MachineLoad machine_load(const os::FileTree& tree);

// `share`: MachineLoad::share() of the machine (1 unless given). `uncaught`: the exception line the
// job's output ends in (OutputTracker::uncaught_exception()), empty if none; it marks the tree's
// rank as raised only where the tree holds one rank (whose output it is, is known then). `prompt`:
// the text the job's output ends in without a newline (OutputTracker::prompt()), empty if none; it
// is a stdin_wait rank's prompt where the tree holds one rank.
std::vector<RankState> rank_states(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                                   long ticks_per_s, double share = 1, const std::string& uncaught = {},
                                   const std::string& prompt = {});

std::vector<core::Finding> diagnose(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                                    const std::vector<GoneRank>& gone, long ticks_per_s, PathProbe* probe = nullptr,
                                    const Rulesets* rules = nullptr, const std::string& uncaught = {},
                                    const std::string& prompt = {}, const ThreadDeath& thread_death = {});

// The interface that carries traffic to `addr` in `pid`'s namespace (longest prefix in
// /proc/PID/net/route, the main table), and whether that route is a directly connected network.
// IPv4 also gives the route itself (destination, prefix, gateway) and `connected_iface`: the
// interface of the longest directly connected route that also covers `addr` (empty if none), i.e.
// where the packets would go without a more specific gateway route.
struct RouteChoice {
  std::string iface;
  bool connected = false;
  bool found = false;
  std::string destination = {};
  int prefix = -1;
  std::string gateway = {};
  std::string connected_iface = {};
};
RouteChoice route_for(const os::FileTree& tree, int pid, const std::string& addr);

// Whether `pid`'s namespace's ARP table (/proc/PID/net/arp) holds `addr` on `iface` without a
// link-layer address (flags 0x0: INCOMPLETE or FAILED, its ARP requests unanswered). Absent: false.
bool neighbour_unresolved(const os::FileTree& tree, int pid, const std::string& addr, const std::string& iface);

}  // namespace dd::watch
