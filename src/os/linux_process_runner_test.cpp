#include "os/linux_process_runner.hpp"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>

namespace dd::os {
namespace {

using namespace std::chrono_literals;

ProcessSpec sh(const std::string& script, std::chrono::milliseconds timeout = 5000ms) {
  ProcessSpec spec;
  spec.argv = {"/bin/sh", "-c", script};
  spec.timeout = timeout;
  return spec;
}

// True when no child of this process is left unreaped.
bool no_children_left() { return ::waitpid(-1, nullptr, WNOHANG) < 0 && errno == ECHILD; }

TEST(LinuxProcessRunner, ExitCodeAndBothStreams) {
  LinuxProcessRunner runner;
  auto r = runner.run(sh("echo out; echo err >&2; exit 7"));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->exit_code, 7);
  EXPECT_EQ(r->signal, 0);
  EXPECT_FALSE(r->timed_out);
  EXPECT_EQ(r->out, "out\n");
  EXPECT_EQ(r->err, "err\n");
  EXPECT_TRUE(no_children_left());
}

TEST(LinuxProcessRunner, ReportsTerminatingSignal) {
  LinuxProcessRunner runner;
  auto r = runner.run(sh("kill -SEGV $$"));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->signal, SIGSEGV);
  EXPECT_FALSE(r->timed_out);
}

TEST(LinuxProcessRunner, TimeoutKillsSleepWithinDeadlineAndReaps) {
  LinuxProcessRunner runner(200ms);
  auto start = std::chrono::steady_clock::now();
  auto r = runner.run(sh("sleep 100", 300ms));
  auto took = std::chrono::steady_clock::now() - start;
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_TRUE(r->timed_out);
  EXPECT_EQ(r->signal, SIGTERM);
  EXPECT_GE(took, 300ms);  // a lower bound: the clock only moves forward, so it cannot flake
  // Not waited out: SIGTERM ended it (sleep 100 waited out would have exited 0, no signal).
  EXPECT_TRUE(no_children_left());
}

TEST(LinuxProcessRunner, IgnoredSigtermGetsSigkillAfterGrace) {
  LinuxProcessRunner runner(200ms);
  auto start = std::chrono::steady_clock::now();
  // The shell ignores TERM and so does the `sleep` it forks (ignored signals survive exec).
  auto r = runner.run(sh("trap '' TERM; sleep 100; echo survived", 200ms));
  auto took = std::chrono::steady_clock::now() - start;
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_TRUE(r->timed_out);
  EXPECT_EQ(r->signal, SIGKILL);
  EXPECT_GE(took, 400ms);  // the grace period passed before SIGKILL; SIGKILL (above) says it was not waited out
  EXPECT_EQ(r->out, "");
  EXPECT_TRUE(no_children_left());
}

TEST(LinuxProcessRunner, BigOutputIsCappedAndChildNotBlocked) {
  LinuxProcessRunner runner;
  auto spec = sh("head -c 5000000 /dev/zero; echo done >&2");
  spec.max_output = 1000;
  auto r = runner.run(spec);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->exit_code, 0);
  EXPECT_EQ(r->out.size(), 1000u);
  EXPECT_EQ(r->err, "done\n");
}

TEST(LinuxProcessRunner, EnvironmentIsReplacedWhenGiven) {
  LinuxProcessRunner runner;
  auto spec = sh("echo \"[$DD_PROBE_X][${HOME-unset}]\"");
  spec.env = std::map<std::string, std::string>{{"DD_PROBE_X", "42"}};
  auto r = runner.run(spec);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->out, "[42][unset]\n");
}

TEST(LinuxProcessRunner, InheritsEnvironmentWhenNotGiven) {
  ::setenv("DD_PROBE_INHERIT", "yes", 1);
  LinuxProcessRunner runner;
  auto r = runner.run(sh("echo $DD_PROBE_INHERIT"));
  ::unsetenv("DD_PROBE_INHERIT");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->out, "yes\n");
}

TEST(LinuxProcessRunner, MissingProgramIsAnErrorNamingIt) {
  LinuxProcessRunner runner;
  ProcessSpec spec;
  spec.argv = {"/nonexistent/dd-probe-prog"};
  auto r = runner.run(spec);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("/nonexistent/dd-probe-prog"), std::string::npos);
  EXPECT_NE(r.error().message.find("No such file"), std::string::npos);
  EXPECT_TRUE(no_children_left());

  spec.argv = {"dd-probe-no-such-program-anywhere"};
  auto r2 = runner.run(spec);
  ASSERT_FALSE(r2.ok());
  EXPECT_EQ(r2.error().kind, core::ErrorKind::not_found);
}

TEST(LinuxProcessRunner, ExitedChildWithBackgroundGrandchildDoesNotWaitForIt) {
  LinuxProcessRunner runner;
  auto r = runner.run(sh("sleep 60 & echo $!", 100000ms));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->exit_code, 0);
  int grandchild = std::atoi(r->out.c_str());
  ASSERT_GT(grandchild, 1) << r->out;
  // run() returned while the grandchild (sleep 60) still lives: it did not wait for it.
  EXPECT_EQ(::kill(grandchild, 0), 0) << "the grandchild is gone: run() waited for it";
  ::kill(grandchild, SIGKILL);  // an orphan of the shell's, now init's: not ours to reap
}

TEST(LinuxProcessRunner, StdinIsDevNull) {
  LinuxProcessRunner runner;
  auto r = runner.run(sh("cat; echo eof", 2000ms));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_FALSE(r->timed_out);
  EXPECT_EQ(r->out, "eof\n");
}

}  // namespace
}  // namespace dd::os
