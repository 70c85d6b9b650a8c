#include "watch/blocked_elsewhere.hpp"

#include <cctype>
#include <string_view>

#include <fmt/format.h>

#include "core/finding_factory.hpp"
#include "core/push_unique.hpp"
#include "core/strings.hpp"

namespace dd::watch {

namespace {

// One row per syscall a blocked main thread shows outside the collectives; PID in a step is the
// rank's pid. Waits for peers (futex, poll, recv...), sleeps, flock and wait4 on a known child have
// rules of their own (rank_states.cpp, file_lock.hpp, diagnose.cpp): a row here is for what is left.
struct HintRow {
  std::string_view syscall, what, step;
};
constexpr std::string_view k_signal_step =
    "the line py-spy shows (or the end of the rank's output) says which signal it waits for; whatever should send "
    "it (an agent, a hook, a scheduler's notice) has not";
constexpr std::string_view k_fd_step = "`ls -l /proc/PID/fd` on that node shows what its file descriptors are";
// clang-format off
constexpr HintRow k_hints[] = {
    {"rt_sigtimedwait", "a wait for a signal (signal.sigwait, signal.sigtimedwait)", k_signal_step},
    {"rt_sigsuspend", "a wait for a signal (signal.pause, sigsuspend)", k_signal_step},
    {"pause", "a wait for a signal (signal.pause)", k_signal_step},
    {"connect", "a connect() that has not completed: a unix socket whose listener accepts nothing (its queue full), "
                "or a host that does not answer",
     "`ss -xp` (unix sockets) and `ss -tnp` on that node name the connection and the process that should accept it"},
    {"accept", "a wait for a connection to come in", "`ss -tlnp` on that node shows what it listens on"},
    {"accept4", "a wait for a connection to come in", "`ss -tlnp` on that node shows what it listens on"},
    {"wait4", "a wait for a child process to end", "`ps --ppid PID -o pid,stat,etime,args` on that node shows it"},
    {"waitid", "a wait for a child process to end", "`ps --ppid PID -o pid,stat,etime,args` on that node shows it"},
    {"read", "a read that delivers nothing (a pipe, a socket, a terminal or a device)", k_fd_step},
    {"readv", "a read that delivers nothing (a pipe, a socket, a terminal or a device)", k_fd_step},
    {"write", "a write that does not complete (a full pipe or socket, a slow device)", k_fd_step},
    {"writev", "a write that does not complete (a full pipe or socket, a slow device)", k_fd_step},
    {"sendto", "a send that does not complete (the receiver reads nothing)", "`ss -tnp` on that node shows the queue"},
    {"sendmsg", "a send that does not complete (the receiver reads nothing)", "`ss -tnp` on that node shows the queue"},
    {"semop", "a System V semaphore wait", "`ipcs -s -p` on that node lists the semaphores"},
    {"semtimedop", "a System V semaphore wait", "`ipcs -s -p` on that node lists the semaphores"},
    {"msgrcv", "a System V message queue wait", "`ipcs -q -p` on that node lists the queues"},
};
// clang-format on

// `text` with each `word` replaced by `by`.
std::string replace_word(std::string_view text, std::string_view word, const std::string& by) {
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    auto next = text.find(word, at);
    out += text.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at);
    if (next == std::string_view::npos) break;
    out += by;
    at = next + word.size();
  }
  return out;
}

// `step` with each PID replaced by the rank's pid.
std::string with_pid(std::string_view step, const std::string& pid) { return replace_word(step, "PID", pid); }

std::string pid_text(const OutsideRank& r) {
  return r.pid ? std::to_string(r.pid) : fmt::format("PID-of-rank-{}", r.rank);
}

// "it is outside the collectives, its main thread blocked in connect: a connect() that ..." (one
// rank; "rank 1 is ..." for several); without a syscall (an older node's report), the first part.
std::string where_it_is(const OutsideRank& r, bool alone) {
  std::string out = (alone ? std::string("it") : r.name) + " is outside the collectives";
  if (r.syscall.empty()) return out;
  if (r.syscall == "running") return out + ", its main thread running code of its own at little CPU";
  out += ", its main thread blocked in " + r.syscall;
  auto hint = syscall_hint(r.syscall);
  return hint.what.empty() ? out : out + ": " + hint.what;
}

}  // namespace

SyscallHint syscall_hint(const std::string& syscall) {
  for (const auto& h : k_hints) {
    if (h.syscall == syscall) return {std::string(h.what), std::string(h.step)};
  }
  return {};
}

core::Finding blocked_elsewhere_finding(const std::string& waiters, bool many_waiters,
                                        const std::vector<OutsideRank>& outside) {
  std::vector<std::string> names, wheres, dumps, steps;
  std::vector<int> ranks;
  std::vector<std::string> hosts;
  const bool alone = outside.size() == 1;
  for (const auto& r : outside) {
    names.push_back(r.name);
    wheres.push_back(where_it_is(r, alone));
    const std::string on = r.host.empty() ? "" : " on " + r.host;
    dumps.push_back(fmt::format("`py-spy dump --pid {}`{}", pid_text(r), on));
    if (auto hint = syscall_hint(r.syscall); !hint.step.empty())
      core::push_unique(steps, replace_word(with_pid(hint.step, pid_text(r)), "on that node",
                                            r.host.empty() ? std::string("here") : "on " + r.host));
    ranks.push_back(r.rank);
    if (!r.host.empty()) core::push_unique(hosts, r.host);
  }
  auto f = core::new_finding(
      "watch.rank.blocked-elsewhere", core::Label::other, core::Severity::error,
      fmt::format("{} {} in a collective that {} {} not joined: {}", waiters, many_waiters ? "wait" : "waits",
                  core::join(names, ", "), alone ? "has" : "have", core::join(wheres, "; ")));
  std::string fix = fmt::format(
      "Look at what {} waits for: {} shows {} Python stack, the line it waits in (the end of {} output often says "
      "it too).",
      alone ? "the rank" : "each rank", core::join(dumps, ", "), alone ? "its" : "each one's", alone ? "its" : "their");
  if (!steps.empty()) {
    std::string more = core::join(steps, "; ");
    more[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(more[0])));
    fix += " " + more + ".";
  }
  fix +=
      " Only if that line is a collective or barrier the waiting ranks are not in did the ranks call different "
      "collectives: then look for one inside `if rank == ...`, an early return/continue on some ranks, or uneven data "
      "(a rank with fewer batches).";
  f.fix.text = fix;
  f.ranks = ranks;
  f.hosts = hosts;
  return f;
}

}  // namespace dd::watch
