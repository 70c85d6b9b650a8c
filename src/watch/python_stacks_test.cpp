// py-spy through the ProcessRunner seam: which processes, the command, its absence, its failure.
#include "watch/python_stacks.hpp"

#include <gtest/gtest.h>

#include "os/fake/fake_process_runner.hpp"

namespace dd::watch {
namespace {

Snapshot tree() {
  Snapshot s;
  ProcessInfo launcher;
  launcher.pid = 10;
  launcher.comm = "bash";
  launcher.cmdline = "bash ranks.sh";
  ProcessInfo rank;
  rank.pid = 11;
  rank.comm = "python3";
  rank.cmdline = "/usr/bin/python3 train.py";
  ProcessInfo torchrun;
  torchrun.pid = 12;
  torchrun.comm = "pt_main_thread";
  torchrun.cmdline = "/usr/bin/python3 -m torch.distributed.run train.py";
  s.processes = {launcher, rank, torchrun};
  return s;
}

TEST(WatchPythonStacks, DumpsEachPythonProcessWithPySpy) {
  EXPECT_EQ(python_pids(tree()), (std::vector<int>{11, 12}));
  os::fake::FakeProcessRunner runner;
  runner.answer({0, 0, false, "Thread 11 (idle): \"MainThread\"\n    all_reduce (torch/distributed.py:2050)\n\n", ""});
  runner.answer({0, 0, false, "Thread 12 (idle): \"MainThread\"\n", ""});
  auto lines = python_stacks(runner, {11, 12}, std::chrono::seconds(3));
  ASSERT_EQ(runner.calls.size(), 2u);
  EXPECT_EQ(runner.calls[0].argv, (std::vector<std::string>{"py-spy", "dump", "--pid", "11"}));
  EXPECT_EQ(runner.calls[0].timeout, std::chrono::seconds(3));
  std::vector<std::string> want = {"py-spy dump --pid 11", "  Thread 11 (idle): \"MainThread\"",
                                   "      all_reduce (torch/distributed.py:2050)", "py-spy dump --pid 12",
                                   "  Thread 12 (idle): \"MainThread\""};
  EXPECT_EQ(lines, want);
}

TEST(WatchPythonStacks, WithoutPySpyOneLineSaysSo) {
  os::fake::FakeProcessRunner runner;
  runner.fail(core::make_error(core::ErrorKind::not_found, "cannot run 'py-spy': not found in PATH"));
  auto lines = python_stacks(runner, {11, 12}, std::chrono::seconds(3));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("py-spy is not installed"), std::string::npos) << lines[0];
  EXPECT_EQ(runner.calls.size(), 1u);  // not tried again for the second process
}

TEST(WatchPythonStacks, AFailedDumpSaysWhyAndTheOthersStillRun) {
  os::fake::FakeProcessRunner runner;
  runner.answer({1, 0, false, "", "Permission Denied: Try running again with elevated permissions\n"});
  runner.answer({-1, 9, true, "", ""});
  auto lines = python_stacks(runner, {11, 12}, std::chrono::seconds(3));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_NE(lines[1].find("exit 1: Permission Denied"), std::string::npos) << lines[1];
  EXPECT_NE(lines[3].find("no answer within 3000 ms"), std::string::npos) << lines[3];
}

}  // namespace
}  // namespace dd::watch
