// A rank outside the collectives while others wait in one: its main thread blocks in a syscall that
// is no wait for peers, no sleep and no computing (Activity::elsewhere). Its state says where it is,
// not that the ranks called different collectives: a collective of another kind would show as a
// wait on its sockets (in_collective), so "collective mismatch" is only the last candidate, after
// the stack that tells (clusters-2026-12-07m w1: rank 1 in rt_sigtimedwait, waiting for a SIGUSR1 no
// agent sent; w2: rank 1 in connect on a unix socket whose listener accepts nothing; both were called
// "a collective that rank 1 never joined" with the collective-order advice, nothing of it in the script).
#pragma once

#include <string>
#include <vector>

#include "core/finding.hpp"

namespace dd::watch {

// What a main thread blocked in `syscall` waits for, as far as the syscall alone says ("a wait for a
// signal (signal.sigwait, signal.pause)"), and the step that shows more on its node; both empty
// for a syscall that says nothing of its own.
struct SyscallHint {
  std::string what, step;
};
SyscallHint syscall_hint(const std::string& syscall);

// One rank outside the collectives: "rank 1 (pid 200)" or "rank 1 (node1)", its rank, its pid (0:
// not known), its node where seen from another ("" on the node itself), its main thread's syscall.
struct OutsideRank {
  std::string name;
  int rank = 0;
  int pid = 0;
  std::string host;
  std::string syscall;
};

// watch.rank.blocked-elsewhere: `waiters` ("rank 0 (pid 100)") wait in a collective that `outside`
// have not joined; each one's syscall with its hint, the py-spy step for each, the hints' steps, and
// the collective-order advice as the last candidate. `many_waiters`: "wait" rather than "waits".
core::Finding blocked_elsewhere_finding(const std::string& waiters, bool many_waiters,
                                        const std::vector<OutsideRank>& outside);

}  // namespace dd::watch
