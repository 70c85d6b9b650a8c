#include "watch/diagnose.hpp"

#include <sys/syscall.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/push_unique.hpp"
#include "core/strings.hpp"
#include "core/utf8.hpp"
#include "watch/blocked_elsewhere.hpp"
#include "watch/diagnose_local_link.hpp"
#include "watch/diagnose_neighbour.hpp"
#include "watch/diagnose_network.hpp"
#include "watch/diagnose_peers.hpp"
#include "watch/file_lock.hpp"
#include "watch/own_waits.hpp"
#include "watch/pipe_write.hpp"
#include "watch/stall_detector.hpp"

namespace dd::watch {

namespace {

using core::Label;
using core::Severity;

std::string via_name(const os::FileTree& tree, int pid, const std::string& local) {
  auto r = route_for(tree, pid, local);
  return r.found ? r.iface : "?";
}

std::string via(const os::FileTree& tree, int pid, const std::string& local) {
  auto r = route_for(tree, pid, local);
  return r.found ? " on " + r.iface : "";
}

std::vector<int> ranks_of(const std::vector<RankState>& states, Activity a) {
  std::vector<int> out;
  for (const auto& r : states) {
    if (r.activity == a && r.rank) out.push_back(*r.rank);
  }
  return out;
}

std::string names(const std::vector<RankState>& states, Activity a) {
  std::vector<std::string> out;
  for (const auto& r : states) {
    if (r.activity == a) out.push_back(who(r.rank, r.pid));
  }
  return core::join(out, ", ");
}

// "waits" for one rank, "wait" for several.
std::string_view verb(const std::vector<RankState>& states, Activity a, std::string_view one, std::string_view many) {
  auto n = std::count_if(states.begin(), states.end(), [&](auto& r) { return r.activity == a; });
  return n == 1 ? one : many;
}

std::vector<core::Finding> unexplained(const std::vector<std::string>& table) {
  auto f = core::new_finding("watch.stall.unexplained", Label::other, Severity::warning,
                             "the job made no progress and no known cause was found");
  f.evidence = table;
  f.fix.text = "Look at the per-thread states above; `py-spy dump --pid PID` shows the Python stacks.";
  return {std::move(f)};
}

// Every rank computes (main thread running or CPU above its share) and none waits: an observation,
// not a fault (clusters-2026-12-06h w4). A long compute step and a stall inside the computation look
// alike here; the next progress check tells them apart.
// A rank whose main thread runs user code with CPU time growing counts as computing here even below
// its share: at load 20 on 2 CPUs an evaluation pass got 2 % of a core (clusters-2026-12-06h w4).
bool all_computing(const std::vector<RankState>& states) {
  return !states.empty() && std::all_of(states.begin(), states.end(), [](auto& r) {
    return r.activity == Activity::computing ||
           (r.activity == Activity::elsewhere && r.main_syscall == "running" && r.cpu_pct > 0);
  });
}

std::vector<core::Finding> computing(const std::vector<RankState>& states, const std::vector<std::string>& table) {
  std::vector<std::string> all;
  for (const auto& r : states) all.push_back(who(r.rank, r.pid));
  auto f = core::new_finding(
      "watch.stall.all-computing", Label::other, Severity::info,
      fmt::format("no progress seen, and every rank here computes ({}: main thread running its own code, CPU "
                  "time growing); none waits: a long compute step (an evaluation pass, a step that prints nothing), "
                  "a stall inside the computation, or a rank spinning while it waits for its GPU (a kernel or an NCCL "
                  "call that does not finish looks the same from here)",
                  core::join(all, ", ")));
  f.evidence = table;
  f.fix.text =
      "Nothing to fix yet: watch goes on checking progress. Progress again (output or traffic) means a long step; "
      "no progress for a long time while every rank still computes means a loop inside the computation or a wait "
      "on the GPU: `py-spy dump --native --pid PID` shows where each rank stands (Python and native frames: a "
      "cudaStreamSynchronize or ncclGroupEnd frame is a GPU wait).";
  for (const auto& r : states) {
    if (r.rank) f.ranks.push_back(*r.rank);
  }
  return {std::move(f)};
}

// Ranks whose process is stopped. What the others do is told, not inferred: a stopped peer makes
// them wait, whatever collective they are in.
std::optional<core::Finding> stopped_ranks(const Snapshot& after, const std::vector<RankState>& states) {
  std::vector<std::string> stopped, pids, unread, tracers, traced_by, traced_pids;
  std::vector<int> ranks;
  for (const auto& r : states) {
    if (r.activity != Activity::stopped) continue;
    stopped.push_back(who(r.rank, r.pid));
    // a tracer's stop (state t): kill -CONT does not end it; the tracer does (clusters-2026-12-07l w3)
    auto p = std::find_if(after.processes.begin(), after.processes.end(),
                          [&](const ProcessInfo& x) { return x.pid == r.pid; });
    if (p != after.processes.end() && p->tracer_pid > 0) {
      std::string tracer = fmt::format("pid {}{}", p->tracer_pid,
                                       p->tracer_comm.empty() ? "" : " (" + core::escape_control(p->tracer_comm) + ")");
      traced_by.push_back(who(r.rank, r.pid) + " by " + tracer);
      traced_pids.push_back(std::to_string(r.pid));
      core::push_unique(tracers, std::to_string(p->tracer_pid));
      continue;
    }
    pids.push_back(std::to_string(r.pid));
    if (r.rank) ranks.push_back(*r.rank);
    for (const auto& s : after.sockets) {
      if (s.pid == r.pid && s.socket.recv_queue > 0) {
        unread.push_back(fmt::format("{} has {} B received and unread on {} -> {}", who(r.rank, r.pid),
                                     s.socket.recv_queue, endpoint(unmapped(s.socket.local), s.socket.local_port),
                                     endpoint(unmapped(s.socket.peer), s.socket.peer_port)));
      }
    }
  }
  if (stopped.empty()) return std::nullopt;
  bool others_wait =
      std::any_of(states.begin(), states.end(), [](auto& r) { return r.activity == Activity::in_collective; });
  std::string title =
      fmt::format("{} {} stopped (process state T or t in both snapshots): it cannot run until it is continued",
                  core::join(stopped, ", "), stopped.size() == 1 ? "is" : "are");
  if (others_wait)
    title += fmt::format("; {} {} for it", names(states, Activity::in_collective),
                         verb(states, Activity::in_collective, "waits", "wait"));
  if (!traced_by.empty()) title += "; a tracer holds " + core::join(traced_by, ", ");
  auto f = core::new_finding("watch.rank.stopped", Label::other, Severity::error, title);
  for (const auto& r : states) f.evidence.push_back(describe(r));
  f.evidence.insert(f.evidence.end(), unread.begin(), unread.end());
  if (!traced_by.empty())
    f.evidence.push_back("TracerPid in /proc/PID/task/TID/status of a thread in state t: " +
                         core::join(traced_by, ", "));
  std::vector<std::string> steps;
  if (!pids.empty())
    steps.push_back(fmt::format(
        "`kill -CONT {}` resumes it (`fg` in its shell after a Ctrl-Z). Something stopped it: a job scheduler's "
        "suspend (scontrol suspend), a Ctrl-Z or a script sending SIGSTOP.",
        core::join(pids, " ")));
  if (!tracers.empty())
    steps.push_back(fmt::format(
        "A tracer's stop does not end with kill -CONT: detach the tracer (a debugger: `detach`), or end it, `kill {}`: "
        "the kernel then detaches {} and restarts {} (ptrace(2)), unless {} also stopped by a signal: still in "
        "state T afterwards, `kill -CONT {}`. A stuck py-spy, gdb or strace attach is the usual tracer.",
        core::join(tracers, " "), traced_by.size() == 1 ? "the rank" : "the ranks",
        traced_by.size() == 1 ? "it" : "them", traced_by.size() == 1 ? "it was" : "they were",
        core::join(traced_pids, " ")));
  f.fix.text = core::join(steps, " ");
  f.ranks = ranks;
  return f;
}

// The ranks of the tree that wait in a collective, for "; rank 0 (pid 7) waits for it".
std::string waiters_suffix(const std::vector<RankState>& states) {
  if (std::none_of(states.begin(), states.end(), [](auto& r) { return r.activity == Activity::in_collective; }))
    return "";
  return fmt::format("; {} {} for it", names(states, Activity::in_collective),
                     verb(states, Activity::in_collective, "waits", "wait"));
}

// The ranks of `states` in `activity`: "rank 1 (pid 200)" each, and their rank numbers.
struct HeldRanks {
  std::vector<std::string> who;
  std::vector<int> ranks;
  bool one() const { return who.size() == 1; }
};
HeldRanks held_ranks(const std::vector<RankState>& states, Activity activity) {
  HeldRanks out;
  for (const auto& r : states) {
    if (r.activity != activity) continue;
    out.who.push_back(who(r.rank, r.pid));
    if (r.rank) out.ranks.push_back(*r.rank);
  }
  return out;
}

// A finding about ranks that a limit of their own holds (a cgroup's CPU quota, its memory limit):
// every rank described as evidence, the held ones as its ranks.
core::Finding limit_finding(const std::string& id, const std::string& title, const std::vector<RankState>& states,
                            const HeldRanks& held) {
  auto f = core::new_finding(id, Label::resource_limits, Severity::error, title);
  for (const auto& r : states) f.evidence.push_back(describe(r));
  f.ranks = held.ranks;
  return f;
}

// "Lift the WHAT, as root on its node: `COMMAND` (or write a larger one)EXTRA. Whoever set it sets it
// again on the next run: raise it there (SOURCES)TAIL": the command lifts it now, the source keeps it.
std::string lift_limit_fix(const std::string& what, const std::vector<std::string>& commands, bool one,
                           const std::string& extra, const std::string& sources, const std::string& tail) {
  return fmt::format(
      "Lift the {}, as root on {} node: `{}` (or write a larger one){}. Whoever set it sets it again on the next "
      "run: raise it there ({}){}",
      what, one ? "its" : "their", core::join(commands, "`; `"), extra, sources, tail);
}

// Ranks with threads ready to run whose cgroup's CPU quota throttled them in most periods of the
// window, below a quarter of a core (rank_states.cpp, cpu_limit.hpp): the kernel holds them; the
// quota is named with the command that lifts it (clusters-2026-12-07i w3).
std::optional<core::Finding> throttled_ranks(const std::vector<RankState>& states) {
  auto held = held_ranks(states, Activity::throttled);
  if (held.who.empty()) return std::nullopt;
  std::vector<std::string> cpu, commands;
  bool outside = false;
  for (const auto& r : states) {
    if (r.activity != Activity::throttled) continue;
    cpu.push_back(fmt::format("{:.1f}%", r.cpu_pct));
    if (r.unthrottle.empty())
      outside = true;
    else
      core::push_unique(commands, r.unthrottle);
  }
  bool one = held.one();
  auto f = limit_finding(
      "watch.rank.cpu-throttled",
      fmt::format("{} {} {} of one core though {} threads ready to run: {} cgroup's CPU quota is used up and "
                  "the kernel throttles {}{}",
                  core::join(held.who, ", "), one ? "gets" : "get", core::join(cpu, ", "), one ? "it has" : "they have",
                  one ? "its" : "their", one ? "it" : "them", waiters_suffix(states)),
      states, held);
  std::string sources =
      "a container's --cpus (`docker update --cpus N CONTAINER`), Kubernetes resources.limits.cpu, a systemd unit's "
      "CPUQuota=, the batch system's cgroup";
  f.fix.text =
      commands.empty()
          ? fmt::format("The quota is set from outside this container: raise its CPU limit where it is set ({}).",
                        sources)
          : lift_limit_fix(
                "quota", commands, one,
                outside ? "; a rank whose cgroup this container sees from inside: raise its container's limit" : "",
                sources,
                ". Check: nr_throttled in the cgroup's cpu.stat stops growing (a parent cgroup may hold a "
                "quota too: its cpu.stat then still grows).");
  return f;
}

// Ranks with a thread asleep in state D in a memory wait in both snapshots (rank_states.cpp): they
// wait for memory, not for a peer (clusters-2026-12-07j w1: a memory cgroup at its limit with the OOM
// killer off). The limit file is named with the command that lifts it, where the cgroup is seen.
std::optional<core::Finding> memory_waits(const Snapshot& after, const std::vector<RankState>& states) {
  auto held = held_ranks(states, Activity::memory_wait);
  if (held.who.empty()) return std::nullopt;
  std::vector<std::string> commands;
  bool oom = false;
  for (const auto& r : states) {
    if (r.activity != Activity::memory_wait) continue;
    oom = oom || r.memory_wait.find("oom") != std::string::npos;
    const auto* p = after.process(r.pid);
    if (!p || !p->memory_cgroup || p->memory_cgroup->container_view) continue;
    const auto& cg = *p->memory_cgroup;
    core::push_unique(commands, fmt::format("echo {} > '{}/{}'", cg.v2 ? "max" : "-1", cg.dir, cg.limit_file()));
  }
  bool one = held.one();
  auto f = limit_finding(
      "watch.rank.memory-wait",
      fmt::format("{} {} for memory in the kernel, not for a peer and not in a collective: a thread of {} sleeps in "
                  "state D in a memory wait in both snapshots ({}){}",
                  core::join(held.who, ", "), one ? "waits" : "wait", one ? "it" : "each",
                  oom ? "a memory cgroup's out-of-memory wait: the cgroup is at its limit and its OOM killer does not "
                        "free it (memory.oom_control oom_kill_disable 1 waits forever)"
                      : "the kernel reclaims memory for it: its memory cgroup or the node is at its limit",
                  waiters_suffix(states)),
      states, held);
  std::string sources = "a container's --memory, Kubernetes resources.limits.memory, Slurm's --mem";
  f.fix.text = commands.empty()
                   ? fmt::format(
                         "Give {} more memory: raise the memory limit where it is set ({}), or use less memory "
                         "(smaller batches, fewer DataLoader workers); `cat /proc/PID/cgroup` names the cgroup.",
                         one ? "it" : "them", sources)
                   : lift_limit_fix("memory limit", commands, one, "; the rank goes on once the memory is there",
                                    sources, ", or use less memory (smaller batches, fewer DataLoader workers).");
  return f;
}

// Ranks a cgroup freezer holds frozen in both snapshots (rank_states.cpp, cpu_limit.hpp): their
// threads sleep in state D with whatever wchan they had (clusters-2026-12-07k w1: hrtimer_nanosleep,
// read as "reading input"). Named with the command that thaws the cgroup, where it is seen.
std::optional<core::Finding> frozen_ranks(const std::vector<RankState>& states) {
  auto held = held_ranks(states, Activity::frozen);
  if (held.who.empty()) return std::nullopt;
  std::vector<std::string> commands;
  for (const auto& r : states)
    if (r.activity == Activity::frozen && !r.thaw_command.empty()) core::push_unique(commands, r.thaw_command);
  bool one = held.one();
  auto f = limit_finding(
      "watch.rank.frozen",
      fmt::format("{} {} frozen by a cgroup freezer, not waiting for a peer and not in a collective: {} cgroup is "
                  "frozen in both snapshots and {} threads cannot run until it is thawed{}",
                  core::join(held.who, ", "), one ? "is" : "are", one ? "its" : "their", one ? "its" : "their",
                  waiters_suffix(states)),
      states, held);
  std::string who_froze =
      "`docker pause` (`docker unpause CONTAINER`), a scheduler's suspend (Slurm `scontrol resume JOBID`), a "
      "checkpoint tool";
  f.fix.text = commands.empty()
                   ? fmt::format("Thaw it where it was frozen ({}); the cgroup is frozen from outside this container.",
                                 who_froze)
                   : fmt::format(
                         "Thaw it, as root on {} node: `{}`; the rank goes on where it stopped. Whoever "
                         "froze it may do it again: {}.",
                         one ? "its" : "their", core::join(commands, "`; `"), who_froze);
  return f;
}

// Ranks whose main thread sleeps in state D in a write or sync call in both snapshots
// (rank_states.cpp): they wait for storage to take what they write, not for a peer
// (clusters-2026-12-07k w2: a checkpoint fsync on a disk throttled to 16 KiB/s).
std::optional<core::Finding> storage_writes(const std::vector<RankState>& states) {
  auto held = held_ranks(states, Activity::storage_write);
  if (held.who.empty()) return std::nullopt;
  std::vector<std::string> what;
  for (const auto& r : states)
    if (r.activity == Activity::storage_write) what.push_back(r.storage_write);
  bool one = held.one();
  auto f = limit_finding(
      "watch.rank.storage-write",
      fmt::format("{} {} blocked writing to storage, not waiting for a peer and not in a collective: {} main thread "
                  "sleeps in state D in {} in both snapshots{}",
                  core::join(held.who, ", "), one ? "is" : "are", one ? "its" : "each one's", core::join(what, "; "),
                  waiters_suffix(states)),
      states, held);
  f.label = Label::other;
  f.fix.text = fmt::format(
      "The write waits for the device: a slow, full or throttled disk, or a network file system that does not "
      "answer. On {} node: `df -h` for the file's file system, `iostat -x 1` for the device, and a write limit on "
      "the rank's cgroup (io.max, or blkio.throttle.write_bps_device in v1; `cat /proc/PID/cgroup` names it). The "
      "rank goes on when the write completes; checkpoints written to fast local storage, then copied, keep the job "
      "from waiting on them.",
      one ? "its" : "their");
  return f;
}

// What a prompt a rank's output ends in says waits for an answer, and that answer.
struct PromptKind {
  std::string what, answer;
};
PromptKind prompt_kind(const std::string& prompt) {
  if (prompt.find("(Pdb)") != std::string::npos || prompt.find("ipdb>") != std::string::npos)
    return {"a debugger's prompt (a breakpoint() or pdb.set_trace() stopped it there)",
            fmt::format("type `c` (continue) at the `{}` prompt", core::escape_control(prompt))};
  if (core::starts_with(prompt, ">>>"))
    return {"an interactive Python prompt (code.interact(), python -i)", "end that session (`exit()` at the prompt)"};
  return {"a prompt of its own (input() or another read of stdin)", "type the answer it asks for"};
}

// fd 0's target as main_read shows it: "fd 0 (pipe:[4711])" -> "pipe:[4711]".
std::string stdin_target(const std::string& main_read) {
  auto open = main_read.find('(');
  if (open == std::string::npos || main_read.empty() || main_read.back() != ')') return "";
  return main_read.substr(open + 1, main_read.size() - open - 2);
}

// The command that lists the processes holding `target` (a pipe or a FIFO) open: its writer among
// them. -lname takes a glob: "pipe:[4711]"'s brackets are escaped to match themselves.
std::string holders_command(const std::string& target) {
  std::string glob;
  for (char c : target) {
    if (c == '[' || c == ']' || c == '*' || c == '?' || c == '\\') glob += '\\';
    glob += c;
  }
  return fmt::format("find /proc/[0-9]*/fd -lname {} 2>/dev/null", core::shell_quote(glob));
}

// What feeds fd 0 when it is not a terminal, for "... has stopped writing": "the program that writes
// into that pipe" (pipe:[N]), "... that FIFO" (a path), "the peer at the other end of that socket"
// (socket:[N]); "" for a terminal, and "?" where what fd 0 is could not be read.
std::string stdin_feeder(const std::string& target) {
  if (core::starts_with(target, "/dev/pts/") || core::starts_with(target, "/dev/tty")) return "";
  if (core::starts_with(target, "pipe:[")) return "the program that writes into that pipe";
  if (core::starts_with(target, "socket:[")) return "the peer at the other end of that socket";
  if (core::starts_with(target, "/")) return "the program that writes into that FIFO";
  return "?";
}

// Ranks whose main thread blocks reading its standard input (Activity::stdin_wait) with no data
// read: a prompt waiting for an answer typed there (clusters-2026-12-06h w1), or, where fd 0 is a
// pipe, FIFO or socket and no prompt is seen, a feeder that stopped writing: both are named then,
// the feeder first in the fix (an answer cannot be typed into a pipe), with the command that lists
// the pipe's or FIFO's holders. Where the rank's output ends in a prompt, the prompt is the cause.
std::optional<core::Finding> stdin_waits(const std::vector<RankState>& states) {
  std::vector<std::string> parts, sources, finds;
  std::vector<int> ranks;
  std::string prompt, feeder;
  for (const auto& r : states) {
    if (r.activity != Activity::stdin_wait) continue;
    parts.push_back(fmt::format("{} waits on its standard input, {}, CPU {:.0f} % of a core, no data read",
                                who(r.rank, r.pid), r.main_read, r.cpu_pct));
    sources.push_back(fmt::format("{}'s {}", who(r.rank, r.pid), r.main_read));
    auto target = stdin_target(r.main_read);
    auto fed = stdin_feeder(target);
    if (feeder.empty() || feeder == "?") feeder = fed;
    if (core::starts_with(target, "pipe:[") || core::starts_with(target, "/")) {
      if (!stdin_feeder(target).empty()) finds.push_back(holders_command(target));
    }
    if (r.rank) ranks.push_back(*r.rank);
    if (prompt.empty()) prompt = r.prompt;
  }
  if (parts.empty()) return std::nullopt;
  auto kind = prompt_kind(prompt);
  const char* prompts = "a debugger's breakpoint() or pdb.set_trace(), or input()";
  std::string title = core::join(parts, "; ");
  if (!prompt.empty())
    title += fmt::format(", after its output printed `{}` (no line end after it): {} waits for an answer",
                         core::escape_control(prompt), kind.what);
  else if (feeder.empty())
    title += fmt::format(
        ": a prompt waits for an answer on its terminal ({}); the end of the rank's own output "
        "shows which (a prompt has no line end after it)",
        prompts);
  else if (feeder == "?")
    title += fmt::format(
        ": a prompt waits for an answer there ({}), or whatever feeds it has stopped; what its fd 0 "
        "is could not be read",
        prompts);
  else
    title += fmt::format(
        ": either a prompt waits for an answer there ({}) or {} has stopped writing; the end of "
        "the rank's own output tells which (a prompt has no line end after it)",
        prompts, feeder);
  title += waiters_suffix(states);
  auto f = core::new_finding("watch.rank.stdin-wait", Label::other, Severity::error, title);
  for (const auto& r : states) f.evidence.push_back(describe(r));
  std::string writer;
  if (prompt.empty() && !feeder.empty() && feeder != "?") {
    writer = "If the rank's output does not end in a prompt, " + feeder + " is stuck";
    writer += finds.empty() ? ": look at it. "
                            : fmt::format(
                                  ": `{}` lists the processes that hold it open; look at the one that should "
                                  "write. ",
                                  core::join(finds, "`, `"));
    writer += "If it ends in a prompt: ";
  }
  f.fix.text = fmt::format(
      "{}Answer it where that standard input comes from ({}: the rank's terminal, or whatever writes into that pipe or "
      "FIFO): {}. At a debugger's prompt (`(Pdb) `, `ipdb> `) `c` continues. For the next run remove the "
      "breakpoint() / pdb.set_trace() (or input()) from the script, or `export PYTHONBREAKPOINT=0` where the ranks "
      "are launched (it turns breakpoint() calls off).",
      writer, core::join(sources, ", "),
      prompt.empty() ? "at a debugger's prompt type `c`, at input()'s the answer" : kind.answer);
  f.ranks = ranks;
  return f;
}

// "/proc/42/task: 3 threads: 42 python3 in futex, 43 uploader in clock_nanosleep, ..."
std::string thread_list(const ProcessInfo& p) {
  std::vector<std::string> ts;
  for (const auto& t : p.threads)
    ts.push_back(fmt::format("{} {} in {}", t.tid, t.comm, t.state == 'R' ? "running" : syscall_name(t.syscall)));
  return fmt::format("/proc/{}/task: {} thread{}: {}", p.pid, ts.size(), ts.size() == 1 ? "" : "s",
                     core::join(ts, ", "));
}

// A rank whose output ends in an uncaught exception and whose process lives on (rank_states()):
// the exception is the failure, and whatever keeps the process alive keeps it from ending.
core::Finding raised_finding(const Snapshot& after, const std::vector<RankState>& states, const RankState& r) {
  const auto* p = after.process(r.pid);
  std::size_t threads = p ? p->threads.size() : 0;
  std::string rank = r.rank ? fmt::format("rank {}", *r.rank) : fmt::format("pid {}", r.pid);
  auto f = core::new_finding(
      "watch.rank.raised", Label::other, Severity::error,
      fmt::format("{}'s output ends in a Python traceback, `{}`, and its process lives on ({} thread{}): if its main "
                  "thread raised it, {} will never join its peers' collectives{}",
                  who(r.rank, r.pid), r.exception, threads, threads == 1 ? "" : "s", rank, waiters_suffix(states)));
  f.evidence.push_back("the job's output ends in a Python traceback whose last line is: " + r.exception);
  if (p) f.evidence.push_back(thread_list(*p));
  for (const auto& s : states) f.evidence.push_back(describe(s));
  f.fix.text = fmt::format(
      "`py-spy dump --pid {}` tells whether the main thread raised it (it stands in threading._shutdown) or logged "
      "it and went on (it stands in a collective or elsewhere in the script). If it raised, the exception is the "
      "failure: fix what raised `{}` (its traceback is in the job's output). A thread that is not a daemon keeps the "
      "failed process alive, so its peers wait instead of failing: start such threads with daemon=True, or end the "
      "process on an uncaught exception (a sys.excepthook that calls os._exit(1)); torchrun then restarts or stops "
      "the job. `kill {}` ends it now.",
      r.pid, r.exception, r.pid);
  if (r.rank) f.ranks = {*r.rank};
  return f;
}

// "pid 43 (`sh -c 'sleep 3600'`, state S, started 25 s ago)"
std::string child_line(const os::FileTree& tree, const ProcessInfo& c, long ticks_per_s) {
  std::string age;
  if (auto up = tree.read("/proc/uptime"); up && ticks_per_s > 0 && c.start_ticks > 0) {
    double now = std::strtod(up->c_str(), nullptr);
    double started = static_cast<double>(c.start_ticks) / static_cast<double>(ticks_per_s);
    if (now >= started) age = fmt::format(", started {:.0f} s ago", now - started);
  }
  return fmt::format("pid {} (`{}`, state {}{})", c.pid, c.cmdline.empty() ? c.comm : c.cmdline,
                     std::string(1, c.state), age);
}

// The CPU share of one core the child `pid` and every process below it used between the snapshots
// (review58: `make -j` or a script's grandchild does the work).
double child_cpu_share(const Snapshot& before, const Snapshot& after, int pid, long ticks_per_s) {
  const double window_s = after.at_s - before.at_s;
  if (window_s <= 0 || ticks_per_s <= 0) return 0;
  std::set<int> subtree = {pid};
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& q : after.processes)
      if (subtree.count(q.ppid) && subtree.insert(q.pid).second) grew = true;
  }
  std::uint64_t used = 0;
  for (const auto& q : after.processes) {
    if (!subtree.count(q.pid)) continue;
    const auto* b = before.process(q.pid);
    used += q.cpu_ticks - std::min(q.cpu_ticks, b ? b->cpu_ticks : 0);
  }
  return static_cast<double>(used) / static_cast<double>(ticks_per_s) / window_s;
}

// A rank whose main thread waits for a child process of its own: not for a peer, not in a collective.
// A child that works (half a core or more in the window: clusters-2026-12-07m w4, a compressor at full
// CPU for 40 s) is a long step, not a hang: a warning, and no `kill` (pasted, it crashed that clean job).
core::Finding child_finding(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                            const std::vector<RankState>& states, const RankState& r, long ticks_per_s) {
  const auto* c = after.process(r.child);
  std::string child = c ? child_line(tree, *c, ticks_per_s) : fmt::format("pid {}", r.child);
  std::vector<std::string> below;
  for (const auto& q : after.processes) {
    if (c && q.ppid == c->pid) below.push_back(child_line(tree, q, ticks_per_s));
  }
  const double share = child_cpu_share(before, after, r.child, ticks_per_s);
  const bool working = share >= 0.5;
  auto f = core::new_finding(
      "watch.rank.waits-on-child", Label::other, working ? Severity::warning : Severity::error,
      working ? fmt::format("{} waits for its own child process {}{}, which is busy (CPU {:.0f}% of a core in {:.0f} "
                            "s): most likely a long step of the job's own rather than a hang{}",
                            who(r.rank, r.pid), child, below.empty() ? "" : ", which runs " + core::join(below, ", "),
                            100 * share, after.at_s - before.at_s, waiters_suffix(states))
              : fmt::format("{} waits for its own child process {}{}, not for a peer and not in a collective{}",
                            who(r.rank, r.pid), child, below.empty() ? "" : ", which runs " + core::join(below, ", "),
                            waiters_suffix(states)));
  for (const auto& s : states) f.evidence.push_back(describe(s));
  if (working) {
    f.evidence.push_back(fmt::format(
        "the child (pid {}) and the processes below it used {:.0f}% of a core in the window", r.child, 100 * share));
    f.fix.text = fmt::format(
        "While the child works the rank goes on when it ends: where a step may take this long, raise --stall above "
        "it; `ps -o pid,stat,etime,args --ppid {}` shows what it runs. Killing it ends that work: the call gets the "
        "signal's exit status (subprocess.run(..., check=True) raises CalledProcessError), so kill it only if it "
        "runs forever.",
        r.pid);
  } else {
    f.fix.text = fmt::format(
        "Look at the child: `ps -o pid,stat,etime,args --ppid {}` and `cat /proc/{}/stack` show what it does and "
        "where it waits; `kill {}` ends it and lets the rank go on. Give the job's subprocess calls a timeout "
        "(subprocess.run(..., timeout=...)) so a command that hangs fails instead of holding up every rank.",
        r.pid, r.child, r.child);
  }
  if (r.rank) f.ranks = {*r.rank};
  return f;
}

// Ranks held up by their own process: an uncaught exception, a child they wait for (wait4, or a
// read while it is stopped), or a key they wait for at the torch store (own_waits.hpp).
std::vector<core::Finding> own_process_findings(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                                                const std::vector<RankState>& states, long ticks_per_s) {
  std::vector<core::Finding> out;
  const double window_s = after.at_s - before.at_s;
  for (const auto& r : states) {
    if (r.activity == Activity::raised) out.push_back(raised_finding(after, states, r));
    if (r.activity == Activity::waiting_child && !r.child_stopped)
      out.push_back(child_finding(tree, before, after, states, r, ticks_per_s));
    if (r.activity == Activity::waiting_child && r.child_stopped)
      out.push_back(stopped_child_finding(tree, after, r, ticks_per_s, waiters_suffix(states)));
    if (r.activity == Activity::store_wait)
      out.push_back(store_receive_finding(after, r, window_s, waiters_suffix(states)));
    if (r.activity == Activity::file_lock) out.push_back(file_lock_finding(r, waiters_suffix(states)));
    if (r.activity == Activity::pipe_write) out.push_back(pipe_write_finding(r, waiters_suffix(states)));
  }
  for (auto& f : out) {
    if (!is_own_wait(f.id)) continue;
    for (const auto& s : states) f.evidence.push_back(describe(s));
  }
  return out;
}

// The file a FileNotFoundError names ("... No such file or directory: '/data/shard4'"), else "".
std::string missing_file(const std::string& exception) {
  if (!core::starts_with(exception, "FileNotFoundError")) return "";
  auto at = exception.rfind(": '");
  if (at == std::string::npos || exception.back() != '\'') return "";
  return exception.substr(at + 3, exception.size() - at - 4);
}

// 4c. The tree's one rank, its main thread waiting (a wait syscall, no CPU to speak of), and its
// output holding a thread's traceback: that thread died. What the main thread waits for is not
// seen (a queue's get and a collective both wait in futex): the step that tells is named
// (clusters-2026-12-06h w2).
std::optional<core::Finding> thread_died(const std::vector<RankState>& states, const ThreadDeath& death) {
  if (death.empty() || states.size() != 1 || states.front().activity != Activity::in_collective) return std::nullopt;
  const auto& r = states.front();
  auto f = core::new_finding(
      "watch.rank.thread-died", Label::other, Severity::error,
      fmt::format("{}'s thread `{}` died: its output holds \"Exception in thread {}:\" and a traceback ending in "
                  "`{}`; its main thread lives on and waits ({}, CPU {:.0f}%): if it waits for what that thread "
                  "produced (a queue's get, an event), it waits forever",
                  who(r.rank, r.pid), death.name, death.name, death.exception, r.main_syscall, r.cpu_pct));
  f.evidence = {describe(r),
                fmt::format("the job's output: \"Exception in thread {}:\" ... `{}`", death.name, death.exception)};
  auto file = missing_file(death.exception);
  f.fix.text = fmt::format(
      "The thread will not come back: end the job (`kill {}`), remove the exception's cause ({}) and relaunch. "
      "`py-spy dump --pid {}` shows what the main thread waits in. So that it fails instead of hanging next time: "
      "take from the queue with a timeout (`q.get(timeout=...)`) or hand the thread's exception to the main thread.",
      r.pid,
      file.empty() ? fmt::format("`{}`", death.exception)
                   : fmt::format("the file it could not open, {}, is missing on this node: put it there", file),
      r.pid);
  if (r.rank) f.ranks = {*r.rank};
  return f;
}

}  // namespace

core::Finding store_wait_finding(const std::string& at_store, const std::string& store, const std::string& waiting,
                                 const std::vector<std::string>& pids) {
  std::string polls = fmt::format("{} {} at the torch store{} for a rank that has not arrived", at_store,
                                  pids.size() == 1 ? "waits" : "wait", store.empty() ? "" : " (" + store + ")");
  std::string stack = fmt::format("`py-spy dump --pid {}` on {} node shows the call they wait in",
                                  core::join(pids, " "), pids.size() == 1 ? "its" : "their");
  if (waiting.empty()) {
    auto f = core::new_finding(
        "watch.rank.at-store", Label::other, Severity::error,
        polls + ": it polls the store (neither progress nor a sleep) and no rank on this node waits in a collective");
    f.fix.text = fmt::format(
        "Find the rank that is not at that call: a rank that skipped it (torch.distributed.new_group must be called by "
        "every rank, even those outside the group), or one that is gone or slow. Run watch on every node with "
        "--rendezvous: the merged verdict names it; {}.",
        stack);
    return f;
  }
  auto f = core::new_finding(
      "watch.store.skipped-call", Label::other, Severity::error,
      fmt::format("{}; {} {} in a collective: {} skipped a call the others made (new_group, or another store barrier)",
                  polls, waiting, waiting.find(", ") == std::string::npos ? "waits" : "wait", waiting));
  f.fix.text = fmt::format(
      "Make {} call it too: torch.distributed.new_group(ranks) must be called by every rank of the default group, in "
      "the same order, even by ranks outside the new group (look for new_group under `if rank in ...` or `if rank == "
      "...`); the same holds for any call that waits at the store on some ranks only. {}.",
      waiting, stack);
  return f;
}

std::string not_in_collective_fix(const std::vector<std::string>& pids) {
  return fmt::format(
      "The waiting ranks go on when the others enter the collective they wait in; where those are tells whether they "
      "will: `py-spy dump --pid {}` (or `distdoctor watch --on-stall dump`) shows the stack. A sleep, an evaluation, a "
      "checkpoint or a loop on some ranks only: they arrive when it ends, unless the waiting ranks' collective timeout "
      "fires first (keep such work within it, or run it on every rank). A collective the waiting ranks called and "
      "these skip (under `if rank == ...`, after an early return or with fewer batches): they never arrive; make "
      "every rank call it.",
      core::join(pids, " "));
}

namespace {

// Some waiting process belongs to a distributed job (diagnose_peers.hpp).
bool any_job(const os::FileTree& tree, const Snapshot& after, const std::vector<RankState>& states) {
  return std::any_of(states.begin(), states.end(), [&](const RankState& r) {
    const auto* p = after.process(r.pid);
    return p && is_distributed_job(tree, *p);
  });
}

}  // namespace

namespace {

using LocalEnds = std::map<std::pair<std::string, int>, const OwnedSocket*>;  // (address, port) -> socket

void add_rank(core::Finding& f, const std::optional<int>& r) {
  if (r) core::push_unique(f.ranks, *r);
}

// 1. A connect to an address on no network of this host: the peers were given a wrong address.
core::Finding off_network_finding(const os::FileTree& tree, const Snapshot& after, const OwnedSocket& s,
                                  const std::string& ev, const std::string& key, const RouteChoice& route) {
  const auto* l = listener_of(after, s.socket.peer, s.socket.peer_port);
  std::string title =
      l ? fmt::format(
              "{} cannot reach {}, where {} listens on {}: that address is on no network of this host; the peers "
              "were given a wrong address",
              who(s.rank, s.pid), key, who(l->rank, l->pid), via_name(tree, l->pid, l->socket.local))
        : "peer address " + s.socket.peer + " is on no network of this host; the peers were given a wrong address";
  auto f = core::new_finding("watch.connect.off-network", Label::interface_mismatch, Severity::error, title);
  f.evidence = {ev, fmt::format("the route to {} goes through a gateway on {}", s.socket.peer, route.iface)};
  if (l) {
    const auto* p = after.process(l->pid);
    if (p && !p->interface_env.empty())
      f.evidence.push_back(fmt::format("{} runs with {}", who(l->rank, l->pid), core::join(p->interface_env, " ")));
  }
  fix_with_shared_interface(f, tree, after);
  if (s.rank) f.ranks = {*s.rank};
  if (l && l->rank && l->rank != s.rank) f.ranks.push_back(*l->rank);
  return f;
}

// 1. The SYN_SENT s dials an address outside the job (clusters-2026-12-06f w3: a metrics collector
// behind a router): its process already holds an ESTABLISHED connection to a peer that is not the
// store's (the ranks reach each other), and the dialled address is no end of any connection of the
// tree, no listener of it, not MASTER_ADDR, and its port is no port a process of the tree listens
// on or MASTER_PORT. Without that the address may be a rank's (the interface rules stand).
bool dials_outside_job(const Snapshot& after, const OwnedSocket& s) {
  bool talks_to_peers = std::any_of(after.sockets.begin(), after.sockets.end(), [&](const OwnedSocket& o) {
    return o.pid == s.pid && o.socket.state == TcpState::established && !after.is_store_socket(o);
  });
  if (!talks_to_peers) return false;
  for (const auto& o : after.sockets) {
    if (&o == &s) continue;
    if (same_address(o.socket.local, s.socket.peer) || same_address(o.socket.peer, s.socket.peer)) return false;
    if (o.socket.state == TcpState::listen && o.socket.local_port == s.socket.peer_port) return false;
  }
  return std::none_of(after.processes.begin(), after.processes.end(), [&](const ProcessInfo& p) {
    return same_address(p.master_addr, s.socket.peer) || (p.master_port && *p.master_port == s.socket.peer_port);
  });
}

// 1. A connect to an address outside the job that gets no answer: said as seen, the fix about that
// destination (not the job's interface).
core::Finding outside_job_finding(const OwnedSocket& s, const std::string& ev, const std::string& key,
                                  const RouteChoice& route) {
  std::string path = route.gateway.empty() ? fmt::format("on {}", route.iface)
                                           : fmt::format("via gateway {} on {}", route.gateway, route.iface);
  auto f = core::new_finding(
      "watch.connect.outside-job", Label::other, Severity::error,
      fmt::format("{} tries to connect to {} (an address no connection of the job seen here holds) and gets no answer: "
                  "SYN_SENT, {} retransmits, {}",
                  who(s.rank, s.pid), key, s.socket.retransmits, path));
  f.evidence = {ev, fmt::format("the route to {} goes {}", s.socket.peer, path),
                fmt::format("no connection, listener or MASTER_ADDR/MASTER_PORT of the job's processes holds {} or "
                            "port {}, while {} holds connections to its peers",
                            s.socket.peer, s.socket.peer_port, who(s.rank, s.pid))};
  f.fix.text = fmt::format(
      "Make {} answer from this node, or stop the job from dialling it. A SYN that is never answered (not refused) "
      "is dropped on the way or by a host that is down: from the rank's node `nc -vz -w 3 {} {}` (and `ip route get "
      "{}`); on the gateway {} and the hops after it, a firewall rule that drops TCP port {} (`nft list ruleset`, "
      "`iptables -S`); on {} itself, the service and its firewall. The job's own setting that names {} (a metrics, "
      "logging or upload endpoint) is where to point it elsewhere or turn it off. The job's interface variables "
      "(GLOO_SOCKET_IFNAME, NCCL_SOCKET_IFNAME) do not change this connection. Seen from this node alone, {} may "
      "still be a rank of the job on a node watch does not see here (with 3 or more ranks, one this rank has not "
      "connected to yet): `distdoctor watch` on that node, or `--rendezvous`, tells.",
      key, s.socket.peer, s.socket.peer_port, s.socket.peer, route.gateway.empty() ? route.iface : route.gateway,
      s.socket.peer_port, s.socket.peer, key, s.socket.peer);
  if (s.rank) f.ranks = {*s.rank};
  return f;
}

// 1. A connect that gets no answer. The rule that drops it, where a ruleset shows one: outbound in
// the connecting process's namespace, inbound in the listener's when the listener is one of the
// tree's (that listener is then added to `firewalled`).
core::Finding no_answer_finding(const Snapshot& after, const Rulesets* rules, const OwnedSocket& s,
                                const std::string& ev, const std::string& key, const RouteChoice& route,
                                std::set<std::pair<std::string, int>>& firewalled) {
  RuleMatch dropping;
  if (rules) {
    dropping = rules_dropping(*rules, s, s.socket.peer_port, firewall::Direction::output);
    if (const auto* l = listener_of(after, s.socket.peer, s.socket.peer_port)) {
      auto in = rules_dropping(*rules, *l, s.socket.peer_port, firewall::Direction::input);
      if (!in.empty()) firewalled.insert({l->netns, l->socket.local_port});
      dropping.evidence.insert(dropping.evidence.end(), in.evidence.begin(), in.evidence.end());
      dropping.fixes.insert(dropping.fixes.end(), in.fixes.begin(), in.fixes.end());
    }
  }
  auto f = core::new_finding(
      "watch.connect.no-answer", Label::firewall_or_port_blocked, Severity::error,
      dropping.empty() ? "connection to " + key + " never completes: a firewall drops it or nothing listens there"
                       : "connection to " + key + " never completes: an nftables rule drops it");
  f.evidence = {ev};
  if (!route.found) f.evidence.push_back("no route to " + s.socket.peer + " in the process's network namespace");
  f.evidence.insert(f.evidence.end(), dropping.evidence.begin(), dropping.evidence.end());
  f.fix.text = dropping.empty() ? fmt::format(
                                      "Allow TCP to port {} (and the job's ephemeral data ports) between the "
                                      "nodes, or pin the ports and open them; `distdoctor preflight` probes them.",
                                      s.socket.peer_port)
                                : core::join(dropping.fixes, "\n");
  if (s.rank) f.ranks = {*s.rank};
  return f;
}

// 1. Connects that never complete, one finding per endpoint dialled. Returns whether one of them
// dials an address on no network of this host.
bool connect_findings(const os::FileTree& tree, const Snapshot& after, const Rulesets* rules,
                      std::set<std::pair<std::string, int>>& firewalled, std::vector<core::Finding>& out) {
  std::map<std::string, std::size_t> syn_done;  // peer endpoint -> its finding in `out`
  bool off_network = false;
  for (const auto& s : after.sockets) {
    if (s.socket.state != TcpState::syn_sent) continue;
    std::string key = endpoint(unmapped(s.socket.peer), s.socket.peer_port);
    std::string ev =
        fmt::format("{} connects from {}{} to {} and gets no answer (SYN_SENT, {} retransmits)", who(s.rank, s.pid),
                    unmapped(s.socket.local), via(tree, s.pid, s.socket.local), key, s.socket.retransmits);
    if (auto seen = syn_done.find(key); seen != syn_done.end()) {
      // Another process of the tree dials the same endpoint: one finding, every connector in it.
      auto& f = out[seen->second];
      if (s.rank && std::find(f.ranks.begin(), f.ranks.end(), *s.rank) == f.ranks.end()) {
        f.ranks.push_back(*s.rank);
        auto after_connectors = std::find_if(f.evidence.begin(), f.evidence.end(), [](const std::string& e) {
          return e.find(" and gets no answer (SYN_SENT") == std::string::npos;
        });
        f.evidence.insert(after_connectors, ev);
      }
      continue;
    }
    syn_done[key] = out.size();
    auto route = route_for(tree, s.pid, s.socket.peer);
    if (route.found && !route.connected && dials_outside_job(after, s)) {
      out.push_back(outside_job_finding(s, ev, key, route));
    } else if (route.found && !route.connected) {
      out.push_back(off_network_finding(tree, after, s, ev, key, route));
      off_network = true;
    } else {
      out.push_back(no_answer_finding(after, rules, s, ev, key, route, firewalled));
    }
  }
  return off_network;
}

// 2. A rank that held sockets is gone.
core::Finding exited_finding(const GoneRank& g) {
  // A process without RANK may have been a helper (an upload, a store client): what it was to
  // the job is not known, so nobody is said to wait for it.
  auto f = core::new_finding(
      "watch.rank.exited", Label::other, Severity::error,
      g.rank ? fmt::format("{} [{}] exited {:.0f} s into the job; the other ranks wait for it", who(g.rank, g.pid),
                           g.comm, g.gone_at_s)
             : fmt::format("{} [{}], a process of the job that held TCP connections, exited {:.0f} s into the job; "
                           "no RANK in its environment says it was a rank",
                           who(g.rank, g.pid), g.comm, g.gone_at_s));
  f.evidence = {fmt::format("{} used {}", who(g.rank, g.pid), core::join(g.addresses, ", "))};
  f.fix.text =
      "Find why it exited (its own output above, dmesg for the OOM killer); torch: "
      "TORCH_NCCL_ASYNC_ERROR_HANDLING=1 / a collective timeout makes the others fail instead of waiting.";
  if (g.rank) f.ranks = {*g.rank};
  return f;
}

// 3. A stuck connection on a path where full-size packets are lost: one finding for every such
// connection, each adding its line and ranks.
void add_black_hole(const os::FileTree& tree, const OwnedSocket& s, const OwnedSocket* other, const MtuCheck& mtu,
                    const std::string& ev, std::vector<core::Finding>& out) {
  auto same = std::find_if(out.begin(), out.end(), [](auto& f) { return f.id == "watch.tcp.mtu-black-hole"; });
  if (same == out.end()) {
    std::string iface = via_name(tree, s.pid, s.socket.local);
    auto f = core::new_finding("watch.tcp.mtu-black-hole", Label::mtu_mismatch, Severity::error,
                               fmt::format("full-size packets from {} to {} are lost while small ones pass: an MTU "
                                           "black hole (path MTU {} on {}, a smaller MTU on the way)",
                                           s.socket.local, s.socket.peer, s.socket.path_mtu, iface));
    f.fix.text = fmt::format(
        "Give every link between the nodes one MTU: {}, or raise the smaller link to {}. With "
        "net.ipv4.tcp_mtu_probing=1 TCP finds a smaller path MTU by itself; `distdoctor preflight` measures each "
        "path.",
        mtu.passes ? fmt::format("`ip link set {} mtu {}` on every node (a {}-byte packet passes)", iface, mtu.passes,
                                 mtu.passes)
                   : fmt::format("lower {}'s MTU to the smallest on the path", iface),
        s.socket.path_mtu);
    out.push_back(std::move(f));
    same = out.end() - 1;
    same->evidence = mtu.evidence;
  }
  same->evidence.push_back(ev + fmt::format(", {}-byte segments", s.socket.send_mss));
  add_rank(*same, s.rank);
  if (other) add_rank(*same, other->rank);
}

// 3. The fix of watch.tcp.dropped when no rule was seen: only the candidates the evidence leaves.
// A lost small echo rules out an MTU black hole; rulesets read without a dropping rule rule out a
// rule on either node (a firewall between them stays possible).
std::string dropped_fix(const std::string& a, const std::string& b, int port_a, int port_b, const MtuCheck& mtu,
                        bool rules_drop_nothing) {
  if (mtu.small_lost && rules_drop_nothing) {
    return fmt::format(
        "Neither node's nftables drops this traffic and small packets are lost too (not an MTU black hole): the path "
        "between {} and {} loses packets while both processes are alive: a link or port down, a switch or a "
        "firewall between the nodes, or a route that changed. What tells them apart, from {}'s node: `ip link` "
        "(state DOWN or NO-CARRIER: the link), `ip route get {}` (a different interface or gateway than the "
        "connection's: routing), `ping -c 3 {}` (no answer with the link up and the route unchanged: the switch port "
        "or a firewall on the way; check them next).",
        a, b, a, b, b);
  }
  std::string candidates = mtu.small_lost ? "A firewall rule (on either node or between them) or a dead link"
                           : mtu.both_answered
                               ? "A firewall rule"
                               : "A firewall rule (or an MTU black hole: large frames lost, small ones pass)";
  std::string look = rules_drop_nothing
                         ? "neither node's nftables ruleset has a drop or reject rule: look at firewalls between "
                           "the nodes (security groups, a switch ACL)"
                         : fmt::format(
                               "on both nodes look for a rule that drops TCP to port {} or {} (`nft list ruleset`, "
                               "`iptables -S`) and allow TCP between the nodes' data addresses",
                               port_a, port_b);
  return fmt::format("{} drops the job's traffic on this connection: {}; {}.", candidates, look,
                     mtu.small_lost      ? fmt::format("`ip link` on both nodes shows a link that is down, `ping {}` "
                                                            "whether anything passes",
                                                       b)
                     : mtu.both_answered ? "`distdoctor preflight` probes the job's ports between the nodes"
                                         : "check MTU along the path with `distdoctor preflight`");
}

// 3. A stuck connection whose both ends are ours. A lost segment and a lost acknowledgement look the
// same from here (the receiver's byte count does not move for a retransmitted copy), so the
// direction stays open; both ends of one connection make one finding.
void add_dropped_between_ours(const Snapshot& before, const Rulesets* rules, const OwnedSocket& s,
                              const OwnedSocket& other, const MtuCheck& mtu, const std::string& ev,
                              std::vector<core::Finding>& out) {
  // Ordered by (address, port): the two ends of a loopback connection share the address.
  std::pair low{unmapped(s.socket.local), s.socket.local_port}, high{unmapped(s.socket.peer), s.socket.peer_port};
  if (high < low) std::swap(low, high);
  std::string pair = fmt::format("{} and {}", endpoint(low.first, low.second), endpoint(high.first, high.second));
  // The rules that drop this open connection's packets, where a ruleset shows one: at each end,
  // inbound to its own port and outbound to the other's (the same for both ends' turns).
  RuleMatch dropping;
  if (rules) {
    for (const OwnedSocket* e : {&s, &other}) {
      for (auto [port, d] : {std::pair{e->socket.local_port, firewall::Direction::input},
                             std::pair{e->socket.peer_port, firewall::Direction::output}}) {
        auto m = rules_dropping(*rules, *e, port, d, firewall::Packet::established);
        dropping.evidence.insert(dropping.evidence.end(), m.evidence.begin(), m.evidence.end());
        dropping.fixes.insert(dropping.fixes.end(), m.fixes.begin(), m.fixes.end());
      }
    }
  }
  // Both ends' rulesets read and neither can drop anything (no drop/reject rule, no drop policy: a
  // rule matching an address is one find_blocks cannot judge), and the small echo lost too: no rule
  // and no MTU black hole, the path itself loses packets.
  bool rules_drop_nothing = rules && rules->count(s.netns) && rules->count(other.netns) &&
                            firewall::drops_nothing(rules->at(s.netns)) &&
                            firewall::drops_nothing(rules->at(other.netns));
  bool dead_path = dropping.empty() && mtu.small_lost && rules_drop_nothing;
  std::string title =
      !dropping.empty()
          ? fmt::format(
                "packets between {} are dropped by an nftables rule: data queued there is not acknowledged while the "
                "processes at both ends are alive",
                pair)
      : dead_path ? fmt::format(
                        "packets between {} are lost on the path (in one direction or both): data queued there is not "
                        "acknowledged, small ICMP echoes are lost too, while the processes at both ends are alive",
                        pair)
                  : fmt::format(
                        "packets between {} are lost on the way (in one direction or both): data queued there is not "
                        "acknowledged while the processes at both ends are alive",
                        pair);
  auto same =
      std::find_if(out.begin(), out.end(), [&](auto& f) { return f.id == "watch.tcp.dropped" && f.title == title; });
  if (same == out.end()) {
    auto f = core::new_finding("watch.tcp.dropped", dead_path ? Label::no_route : Label::firewall_or_port_blocked,
                               Severity::error, title);
    f.evidence.insert(f.evidence.end(), mtu.evidence.begin(), mtu.evidence.end());
    f.evidence.insert(f.evidence.end(), dropping.evidence.begin(), dropping.evidence.end());
    if (rules_drop_nothing && dropping.empty())
      f.evidence.push_back(
          "the nftables rulesets of both ends' network namespaces were read: neither has a drop or reject rule "
          "or a drop policy");
    f.fix.text = !dropping.empty() ? core::join(dropping.fixes, "\n")
                                   : dropped_fix(unmapped(s.socket.local), unmapped(s.socket.peer), s.socket.local_port,
                                                 s.socket.peer_port, mtu, rules_drop_nothing);
    out.push_back(std::move(f));
    same = out.end() - 1;
  }
  same->evidence.insert(same->evidence.begin(), ev);
  const auto* peer_before = before.socket(other.socket.inode, other.netns);
  if (peer_before && peer_before->socket.bytes_received == other.socket.bytes_received) {
    same->evidence.insert(same->evidence.begin() + 1, fmt::format("the other end {} received no new byte meanwhile",
                                                                  endpoint(s.socket.peer, s.socket.peer_port)));
  }
  add_rank(*same, s.rank);
  add_rank(*same, other.rank);
}

// 3. The fix of watch.tcp.peer-silent when no rule of this end drops the packets: the candidates the
// echoes leave, and what tells them apart on the peer's node.
std::string peer_silent_fix(const std::string& local, const std::string& peer, const MtuCheck& mtu) {
  std::string steps = fmt::format(
      "On {}'s node, `distdoctor watch` names a route or an nftables rule of its own; there `ip route get {}` shows "
      "the route back (a gateway that does not answer: that route; \"Network is unreachable\": `ip -br addr` there "
      "shows whether {} is still on an interface), `ip link` a link that is down",
      peer, local, peer);
  if (mtu.small_lost)
    return fmt::format(
        "Small packets are lost too (not an MTU black hole). Check that the peer's rank is alive; if it is, the path "
        "between {} and {} loses packets: a route on the peer's node, its address lost, a link down, or a firewall. "
        "{}; "
        "with none of these, look at firewalls between the nodes.",
        local, peer, steps);
  if (mtu.both_answered)
    return fmt::format(
        "Check that the peer's rank is alive; if it is, echoes pass while the connection's packets do not: a firewall "
        "on the peer's node or between the nodes filters the job's ports. {}.",
        steps);
  return fmt::format(
      "Check that the peer's rank is alive; if it is, a route on the peer's node, a firewall or an MTU black hole "
      "(large frames lost, small ones pass) drops the traffic. {}; `distdoctor preflight` measures the path.",
      steps);
}

// 3. A stuck connection to a peer outside the tree: it stopped acknowledging. A firewall is named
// only where this end's ruleset drops the packets.
core::Finding peer_silent_finding(const Snapshot& after, const Rulesets* rules, const OwnedSocket& s,
                                  const MtuCheck& mtu, const std::string& ev) {
  PeerRank pr = peer_rank(after, s);
  auto f = core::new_finding(
      "watch.tcp.peer-silent", Label::other, Severity::error,
      fmt::format("{}{} stopped acknowledging data from {}: the peer host is down, the path drops packets, or {} is "
                  "no longer on an interface of the peer's node; a firewall on either node (this one's included: a "
                  "rule that drops the peer's replies) fits too",
                  s.socket.peer, pr.rank ? fmt::format(" (rank {})", *pr.rank) : "", s.socket.local,
                  unmapped(s.socket.peer)));
  f.evidence = {ev};
  f.evidence.insert(f.evidence.end(), mtu.evidence.begin(), mtu.evidence.end());
  if (pr.rank) f.evidence.push_back(pr.why);
  f.fix.text = peer_silent_fix(unmapped(s.socket.local), unmapped(s.socket.peer), mtu);
  // Only this end's namespace is read: a rule there that drops the connection's packets.
  bool named = false;
  if (rules) {
    auto in = rules_dropping(*rules, s, s.socket.local_port, firewall::Direction::input, firewall::Packet::established);
    auto outbound =
        rules_dropping(*rules, s, s.socket.peer_port, firewall::Direction::output, firewall::Packet::established);
    for (auto* m : {&in, &outbound}) {
      f.evidence.insert(f.evidence.end(), m->evidence.begin(), m->evidence.end());
      if (!m->empty()) {
        f.label = Label::firewall_or_port_blocked;
        named = true;
      }
      for (const auto& fix : m->fixes) f.fix.text += "\n" + fix;
    }
  }
  // What was not read (clusters-2026-12-06h w3: an iptables-legacy rule on this node dropped the replies).
  if (!named) {
    f.evidence.push_back(rules ? "firewall: this node's nftables ruleset was read and no rule there drops this "
                                 "connection; iptables-legacy rules were not read"
                               : "firewall: no ruleset was read here (nftables unreadable); iptables-legacy rules "
                                 "were not read either");
    f.fix.text += fmt::format(
        "\nwatch reads nftables only: on both nodes (this one, {}, and the peer's, {}) `iptables-legacy -S` and "
        "`iptables-legacy -L -n -v` list the legacy rules it cannot see; a DROP or REJECT there on the job's ports "
        "(on this node: on its local port {}, the peer's replies) is the cause, and `iptables-legacy -D` with that "
        "rule's own words removes it.",
        unmapped(s.socket.local), unmapped(s.socket.peer), s.socket.local_port);
  }
  if (s.rank) f.ranks = {*s.rank};
  return f;
}

// 3. A stuck connection whose packets this end routes through a gateway that does not answer (no
// link-layer address in its ARP table): that route is the cause. Its removal is printed where a
// directly connected route covers the peer (the gateway route overrides it); else the steps.
std::optional<core::Finding> dead_gateway_finding(const os::FileTree& tree, const OwnedSocket& s, const MtuCheck& mtu,
                                                  const std::string& ev) {
  std::string peer = unmapped(s.socket.peer);
  auto route = route_for(tree, s.pid, peer);
  if (!route.found || route.gateway.empty() || !neighbour_unresolved(tree, s.pid, route.gateway, route.iface))
    return std::nullopt;
  std::string spec = fmt::format("{}/{} via {} dev {}", route.destination, route.prefix, route.gateway, route.iface);
  auto f = core::new_finding(
      "watch.tcp.dead-gateway", Label::no_route, Severity::error,
      fmt::format("{} routes its packets to {} through {} on {}, which does not answer (no link-layer address): "
                  "they go nowhere",
                  who(s.rank, s.pid), peer, route.gateway, route.iface));
  f.evidence = {
      ev, fmt::format("{}'s network namespace routes {} by `{}` (main routing table)", who(s.rank, s.pid), peer, spec),
      fmt::format("its ARP table holds {} on {} with no link-layer address (INCOMPLETE or FAILED: ARP "
                  "requests unanswered)",
                  route.gateway, route.iface)};
  f.evidence.insert(f.evidence.end(), mtu.evidence.begin(), mtu.evidence.end());
  std::string where = fmt::format("in {}'s network namespace (on its node)", who(s.rank, s.pid));
  if (!route.connected_iface.empty()) {
    f.evidence.push_back(
        fmt::format("{} is on the network {} connects directly: without that route the packets go "
                    "there",
                    peer, route.connected_iface));
    f.fix.text = fmt::format("{}, remove the route that sends {} through the silent gateway:\n  ip route del {}", where,
                             peer, spec);
  } else {
    f.fix.text = fmt::format(
        "{}, make {} answer (`ip neigh show {}`), or route {} through a gateway that does (`ip route replace {}/{} via "
        "GATEWAY dev {}`); `ip route get {}` shows the route in use.",
        where, route.gateway, route.gateway, peer, route.destination, route.prefix, route.iface, peer);
  }
  if (s.rank) f.ranks = {*s.rank};
  return f;
}

// 3. One finding per cause: a second connection it explains adds its line to the first's evidence.
void add_once(core::Finding f, std::vector<core::Finding>& out) {
  auto same = std::find_if(out.begin(), out.end(), [&](auto& g) { return g.id == f.id && g.title == f.title; });
  if (same == out.end()) {
    out.push_back(std::move(f));
    return;
  }
  same->evidence.insert(same->evidence.begin() + 1, f.evidence.front());
}

// 3. Bytes that never leave: queued, not acked, retransmitted.
void stuck_findings(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                    const std::vector<GoneRank>& gone, PathProbe* probe, const Rulesets* rules,
                    std::vector<core::Finding>& out) {
  // Local endpoints of the tree, to find the other end of a connection among our own processes.
  LocalEnds local;
  for (const auto& s : after.sockets) local[{s.socket.local, s.socket.local_port}] = &s;
  std::set<std::string> stuck_done;
  std::map<std::string, MtuCheck> mtu_checks;  // "addr|addr": one probe per path
  for (const auto& s : after.sockets) {
    if (s.socket.state != TcpState::established || s.socket.send_queue == 0) continue;
    const auto* b = before.socket(s.socket.inode, s.netns);
    if (!b || b->socket.send_queue == 0 || s.socket.bytes_acked != b->socket.bytes_acked) continue;
    std::string ev =
        fmt::format("{}: {} -> {}, {} bytes queued and not acked, {} retransmits (+{} in {:.0f} s)", who(s.rank, s.pid),
                    endpoint(s.socket.local, s.socket.local_port) + via(tree, s.pid, s.socket.local),
                    endpoint(s.socket.peer, s.socket.peer_port), s.socket.send_queue, s.socket.total_retrans,
                    s.socket.total_retrans - b->socket.total_retrans, after.at_s - before.at_s);
    // Its own link down: nothing leaves (no retransmit needs to show), the peer is not blamed.
    if (auto f = local_link_down(tree, after, probe, s, ev)) {
      add_once(std::move(*f), out);
      continue;
    }
    if (s.socket.retransmits == 0 && s.socket.total_retrans == b->socket.total_retrans) continue;
    std::string key = s.socket.local + ">" + s.socket.peer;
    if (!stuck_done.insert(key).second) continue;
    auto other = local.find({s.socket.peer, s.socket.peer_port});
    const OwnedSocket* other_end = other == local.end() ? nullptr : other->second;
    bool peer_gone = std::any_of(gone.begin(), gone.end(), [&](auto& g) {
      return std::find(g.addresses.begin(), g.addresses.end(), s.socket.peer) != g.addresses.end();
    });
    if (peer_gone) continue;  // explained by the rank that exited
    // An echo and its answer cross the path both ways: one probe per pair of addresses.
    std::string probe_key = std::min(s.socket.local, s.socket.peer) + "|" + std::max(s.socket.local, s.socket.peer);
    auto checked = mtu_checks.find(probe_key);
    if (checked == mtu_checks.end()) checked = mtu_checks.emplace(probe_key, check_mtu(probe, s)).first;
    const MtuCheck& mtu = checked->second;
    if (auto f = dead_gateway_finding(tree, s, mtu, ev))
      add_once(std::move(*f), out);
    else if (auto n = other_end || mtu.black_hole || mtu.both_answered
                          ? std::nullopt
                          : static_neighbour_finding(tree, after, probe, s, mtu, ev))
      add_once(std::move(*n), out);
    else if (mtu.black_hole)
      add_black_hole(tree, s, other_end, mtu, ev, out);
    else if (other_end)
      add_dropped_between_ours(before, rules, s, *other_end, mtu, ev, out);
    else
      out.push_back(peer_silent_finding(after, rules, s, mtu, ev));
  }
}

// 6. Ranks wait while others sleep or compute: those are named, not a collective-order bug. One
// rank's state cannot say whether it will arrive (a long evaluation) or never will (it skipped the
// collective the others are in); its stack tells them apart.
core::Finding not_in_collective(const std::vector<RankState>& states, const std::vector<std::string>& table) {
  std::vector<std::string> busy, pids;
  std::vector<int> ranks;
  for (const auto& r : states) {
    if (r.activity != Activity::sleeping && r.activity != Activity::computing) continue;
    busy.push_back(
        fmt::format("{} is {} (main thread in {})", who(r.rank, r.pid), to_string(r.activity), r.main_syscall));
    pids.push_back(std::to_string(r.pid));
    if (r.rank) ranks.push_back(*r.rank);
  }
  auto f = core::new_finding(
      "watch.rank.not-in-collective", Label::other, Severity::error,
      fmt::format("{} {} for {} while {}, not in a collective", names(states, Activity::in_collective),
                  verb(states, Activity::in_collective, "waits", "wait"), busy.size() == 1 ? "its peer" : "their peers",
                  core::join(busy, "; ")));
  f.evidence = table;
  f.fix.text = not_in_collective_fix(pids);
  f.ranks = ranks;
  return f;
}

// 6. Ranks polling the store while others wait in a collective (or alone here).
core::Finding at_store(const std::vector<RankState>& states, const std::vector<std::string>& table) {
  std::vector<std::string> pids;
  std::string store;
  for (const auto& r : states) {
    if (r.activity != Activity::at_store) continue;
    pids.push_back(std::to_string(r.pid));
    if (store.empty()) store = r.store;
  }
  bool waiting =
      std::any_of(states.begin(), states.end(), [](auto& r) { return r.activity == Activity::in_collective; });
  auto f = store_wait_finding(names(states, Activity::at_store), store,
                              waiting ? names(states, Activity::in_collective) : "", pids);
  f.evidence = table;
  f.ranks = ranks_of(states, waiting ? Activity::in_collective : Activity::at_store);
  return f;
}

// 7. Ranks that wait while another is blocked elsewhere: where that one is (blocked_elsewhere.hpp),
// the collective order only as the last candidate.
core::Finding outside_collectives(const std::vector<RankState>& states, const std::vector<std::string>& table,
                                  std::uint64_t moved, double window_s) {
  std::vector<OutsideRank> outside;
  for (const auto& r : states) {
    if (r.activity == Activity::elsewhere)
      outside.push_back({who(r.rank, r.pid), r.rank.value_or(-1), r.pid, "", r.main_syscall});
  }
  auto f = blocked_elsewhere_finding(names(states, Activity::in_collective),
                                     verb(states, Activity::in_collective, "waits", "wait") == "wait", outside);
  f.evidence = table;
  f.evidence.push_back(
      fmt::format("{} socket bytes moved in {:.0f} s; send and receive queues empty", moved, window_s));
  f.ranks = ranks_of(states, Activity::elsewhere);
  return f;
}

// 7. Several ranks of the tree that wait on each other alone with no byte moving: they called
// different collectives.
core::Finding mismatch(const std::vector<RankState>& states, const std::vector<std::string>& table, std::uint64_t moved,
                       double window_s) {
  auto f = core::new_finding("watch.collective.mismatch", Label::collective_mismatch, Severity::error,
                             "every rank waits in a collective and no byte moves: the ranks called different "
                             "collectives");
  f.evidence = table;
  f.evidence.push_back(
      fmt::format("{} socket bytes moved in {:.0f} s; send and receive queues empty", moved, window_s));
  f.fix.text =
      "Every rank must call the same collectives in the same order: look for a collective (or barrier) inside `if "
      "rank == ...`, an early return/continue on some ranks, or uneven data (a rank with fewer batches).";
  f.ranks = ranks_of(states, Activity::in_collective);
  return f;
}

// 6. Ranks reading input. The bottleneck is claimed only where a rank waits for the readers; "not
// the network" only where no socket moved. Readers nobody on this node waits for: a warning that
// says just that. Readers blocked in a read that delivers nothing are not a slow pipeline: what
// they block on is named, and more workers are not offered.
core::Finding input_finding(const std::vector<RankState>& states, const std::vector<std::string>& table,
                            std::uint64_t moved, double window_s) {
  bool waiting =
      std::any_of(states.begin(), states.end(), [](auto& r) { return r.activity == Activity::in_collective; });
  bool quiet = moved < StallDetector::k_socket_bytes;
  std::vector<std::string> each;
  for (const auto& r : states) {
    if (r.activity == Activity::reading_input) each.push_back(blocked_read(r));
  }
  const auto blocked = blocked_readers(each);
  const bool all_blocked = blocked.all;
  const auto side = std::find_if(states.begin(), states.end(), [](const RankState& r) {
    return r.activity == Activity::reading_input && side_thread_read_under_lock(r);
  });
  std::string readers =
      all_blocked && side != states.end()
          ? fmt::format(
                "{} {} held up by a read that delivers nothing: {}'s thread {} blocks in a read of {} "
                "(nothing read in {:.0f} s) while its main thread waits on a lock (futex, CPU {:.0f}%), which "
                "that thread may hold (Python's GIL through a blocking C call such as a ctypes read, or a "
                "lock of the program)",
                names(states, Activity::reading_input), verb(states, Activity::reading_input, "is", "are"),
                who(side->rank, side->pid), side->reading_tid, side->reading, window_s, side->cpu_pct)
      : all_blocked
          ? fmt::format("{} {} blocked in a read of {} (CPU 0%, nothing read in {:.0f} s)",
                        names(states, Activity::reading_input), verb(states, Activity::reading_input, "is", "are"),
                        core::join(blocked.sources, ", "), window_s)
          : fmt::format("{} {} busy reading input", names(states, Activity::reading_input),
                        verb(states, Activity::reading_input, "is", "are"));
  std::string waiters = fmt::format("{} {} for {}", names(states, Activity::in_collective),
                                    verb(states, Activity::in_collective, "waits", "wait"),
                                    verb(states, Activity::reading_input, "it", "them"));
  // Every reader read input in the window: it still arrives; a slow job, not a hang.
  std::uint64_t read = 0;
  bool moving = !all_blocked && side == states.end();
  for (const auto& r : states) {
    if (r.activity != Activity::reading_input) continue;
    moving = moving && r.file_read_bytes >= k_input_arrives_bytes;
    read += r.file_read_bytes;
  }
  std::string title = waiting && moving
                          ? input_arrives_title(fmt::format("{} {} input", names(states, Activity::reading_input),
                                                            verb(states, Activity::reading_input, "reads", "read")),
                                                waiters, fmt::format("{} bytes read in {:.0f} s", read, window_s))
                      : !waiting ? readers +
                                       " and no rank on this node waits in a collective: nothing seen here is "
                                       "held up by the reading"
                      : all_blocked ? readers + " while " + waiters
                      : quiet       ? fmt::format(
                                          "{} while {}; no socket moves: the input pipeline, not the network, is "
                                                "the bottleneck",
                                          readers, waiters)
                              : fmt::format("{} while {}: the input pipeline is the bottleneck", readers, waiters);
  auto f = core::new_finding("watch.input.slow", Label::data_pipeline_stall,
                             waiting && !moving ? Severity::error : Severity::warning, title);
  f.evidence = table;
  f.evidence.push_back(fmt::format("{} socket bytes moved in {:.0f} s", moved, window_s));
  f.fix.text = waiting && moving ? slow_input_fix() : blocked.fix();
  f.ranks = ranks_of(states, Activity::reading_input);
  return f;
}

// 6./7. What each rank does, when no socket and no stopped rank explains the stall.
std::vector<core::Finding> activity_findings(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                                             const std::vector<RankState>& states, const MachineLoad& load) {
  std::vector<core::Finding> out;
  std::vector<std::string> table;
  for (const auto& r : states) table.push_back(describe(r));
  if (auto n = load.note(); !n.empty()) table.push_back(n);
  std::uint64_t moved = after.socket_bytes() - std::min(after.socket_bytes(), before.socket_bytes());
  bool waiting =
      std::any_of(states.begin(), states.end(), [](auto& r) { return r.activity == Activity::in_collective; });
  bool reading =
      std::any_of(states.begin(), states.end(), [](auto& r) { return r.activity == Activity::reading_input; });
  bool elsewhere = std::any_of(states.begin(), states.end(), [](auto& r) { return r.activity == Activity::elsewhere; });
  bool busy_elsewhere = std::any_of(states.begin(), states.end(), [](auto& r) {
    return r.activity == Activity::sleeping || r.activity == Activity::computing;
  });
  bool job = any_job(tree, after, states);
  bool quiet = moved < StallDetector::k_socket_bytes;
  auto n_waiting =
      std::count_if(states.begin(), states.end(), [](auto& r) { return r.activity == Activity::in_collective; });
  auto add_all = [&](std::vector<core::Finding> fs) {
    for (auto& f : fs) {
      f.evidence.insert(f.evidence.end(), table.begin(), table.end());
      out.push_back(std::move(f));
    }
  };
  bool polling = std::any_of(states.begin(), states.end(), [](auto& r) { return r.activity == Activity::at_store; });
  if (reading) {
    out.push_back(input_finding(states, table, moved, after.at_s - before.at_s));
  } else if (polling) {
    out.push_back(at_store(states, table));
  } else if (waiting && !job && (elsewhere || quiet)) {
    // Not a distributed job: no collective to speak of, only the connections it reads.
    auto peers = silent_peers(tree, before, after, states);
    if (peers.empty()) return unexplained(table);
    add_all(std::move(peers));
  } else if (waiting && busy_elsewhere) {
    out.push_back(not_in_collective(states, table));
  } else if (waiting && elsewhere) {
    out.push_back(outside_collectives(states, table, moved, after.at_s - before.at_s));
  } else if (waiting && quiet) {
    // Ranks that wait on peers outside the tree which send nothing: name those peers. Only when
    // several ranks of the tree wait on each other alone do they wait in different collectives.
    auto peers = silent_peers(tree, before, after, states);
    if (!peers.empty()) {
      add_all(std::move(peers));
    } else if (n_waiting >= 2) {
      out.push_back(mismatch(states, table, moved, after.at_s - before.at_s));
    } else {
      return unexplained(table);
    }
  } else if (!waiting && all_computing(states)) {
    return computing(states, table);
  } else {
    return unexplained(table);
  }
  return out;
}

}  // namespace

std::vector<core::Finding> diagnose(const os::FileTree& tree, const Snapshot& before, const Snapshot& after,
                                    const std::vector<GoneRank>& gone, long ticks_per_s, PathProbe* probe,
                                    const Rulesets* rules, const std::string& uncaught, const std::string& prompt,
                                    const ThreadDeath& thread_death) {
  std::vector<core::Finding> out;
  // 1. connects that never complete
  std::set<std::pair<std::string, int>> firewalled;  // (netns, port) of listeners a connect finding blames
  bool off_network = connect_findings(tree, after, rules, firewalled, out);
  // 1b. a listening socket nobody reaches (when no connect shows the mismatch already)
  if (!off_network) {
    for (auto& f : unreached_listeners(tree, after)) out.push_back(std::move(f));
  }
  // 1c. a listener its own firewall keeps every other host from
  if (rules) {
    for (auto& f : firewalled_listeners(after, *rules, firewalled)) out.push_back(std::move(f));
  }
  // 2. a rank that held sockets is gone
  for (const auto& g : gone) out.push_back(exited_finding(g));
  // 3. bytes that never leave: queued, not acked, retransmitted
  stuck_findings(tree, before, after, gone, probe, rules, out);
  // 3b. the store's end closed a rank's store connections: the job ended there
  for (auto& f : store_closed(after)) out.push_back(std::move(f));
  if (!out.empty()) return out;

  // 4. a rank that cannot run: stopped in both snapshots; it explains every other rank's wait
  MachineLoad load = machine_load(tree);
  auto states = rank_states(tree, before, after, ticks_per_s, load.share(), uncaught, prompt);
  if (auto f = stopped_ranks(after, states)) {
    out.push_back(std::move(*f));
    return out;
  }
  // 4f. a rank a cgroup freezer holds
  if (auto f = frozen_ranks(states)) {
    out.push_back(std::move(*f));
    return out;
  }
  // 4''. a rank that waits for memory in the kernel
  if (auto f = memory_waits(after, states)) {
    out.push_back(std::move(*f));
    return out;
  }
  // 4-w. a rank that waits for storage to take a write
  if (auto f = storage_writes(states)) {
    out.push_back(std::move(*f));
    return out;
  }
  // 4'. a rank the kernel throttles: its cgroup's CPU quota is used up
  if (auto f = throttled_ranks(states)) {
    out.push_back(std::move(*f));
    return out;
  }
  // 4a. a rank at a prompt: its main thread reads its standard input
  if (auto f = stdin_waits(states)) {
    out.push_back(std::move(*f));
    return out;
  }
  // 4b. a rank held up by its own process: an uncaught exception, or a child it waits for
  if (auto own = own_process_findings(tree, before, after, states, ticks_per_s); !own.empty()) return own;
  // 4c. the tree's one rank, waiting, after one of its threads died on an exception
  if (auto f = thread_died(states, thread_death)) {
    out.push_back(std::move(*f));
    return out;
  }
  // 5. a store still waiting for ranks (its polling moves bytes, but no rank is past it)
  if (auto f = store_join_incomplete(before, after)) {
    out.push_back(std::move(*f));
    return out;
  }
  // 6./7. what each rank does
  return activity_findings(tree, before, after, states, load);
}

}  // namespace dd::watch
