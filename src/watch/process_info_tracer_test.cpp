// read_process on the real /proc: a process in a tracer's stop names its tracer (clusters-2026-12-07l
// w3: `kill -CONT` was printed for a rank a hung ptrace attacher held). The test process attaches to
// a child of its own (ptrace permits a parent under Yama's default scope, no root needed).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "os/file_tree.hpp"
#include "watch/process_info.hpp"

namespace dd::watch {
namespace {

TEST(ProcessInfoTracer, AProcessInATracersStopNamesItsTracer) {
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    for (int i = 0; i < 600; ++i) pause();  // until killed; a bound all the same
    _exit(0);
  }
  os::DiskFileTree tree("/");
  auto untraced = read_process(tree, child);
  ASSERT_TRUE(untraced);
  EXPECT_EQ(untraced->tracer_pid, 0);
  ASSERT_EQ(ptrace(PTRACE_ATTACH, child, nullptr, nullptr), 0) << "ptrace attach: errno " << errno;
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, __WALL), child);  // the attach stop: the child is in state t now
  auto traced = read_process(tree, child);
  ptrace(PTRACE_DETACH, child, nullptr, nullptr);
  kill(child, SIGKILL);
  waitpid(child, &status, 0);
  ASSERT_TRUE(traced);
  EXPECT_EQ(traced->state, 't');
  EXPECT_EQ(traced->tracer_pid, getpid());
  EXPECT_FALSE(traced->tracer_comm.empty());
}

}  // namespace
}  // namespace dd::watch
