// The dynamic loader's "undefined symbol: ncclX": the library that needs the symbol was built
// against a newer NCCL than the libnccl the loader found (a second NCCL wheel, a conda or system
// libnccl first on the search path). Logs are short synthetic lines in the printed formats; each
// rule has a "one step short" case whose evidence falls just short of it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::find_id;
using test::has;

// The commands the fix quotes between backticks.
std::vector<std::string> quoted_commands(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t at = text.find('`'); at != std::string::npos; at = text.find('`', at)) {
    std::size_t end = text.find('`', at + 1);
    if (end == std::string::npos) break;
    out.push_back(text.substr(at + 1, end - at - 1));
    at = end + 1;
  }
  return out;
}

// bash's verdict on a command's syntax (bash -n: parsed, not run).
bool bash_parses(const std::string& command) {
  std::string quoted = "'";
  for (char c : command) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  quoted += "'";
  return std::system(("bash -n -c " + quoted + " 2>/dev/null").c_str()) == 0;
}

const std::string k_torch = "/opt/venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so";

TEST(LogsLoader, ImportErrorOnAnNcclSymbolIsAnOlderLibncclLoaded) {
  auto r = analyze_text(
      "Traceback (most recent call last):\n"
      "  File \"<string>\", line 1, in <module>\n"
      "    from torch._C import *  # noqa: F403\n"
      "ImportError: " +
          k_torch + ": undefined symbol: ncclMemFree\n",
      "ci.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "nccl.library.symbol-missing");
  EXPECT_EQ(f.label, core::Label::version_mismatch);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "does not define ncclMemFree,")) << f.title;
  ASSERT_EQ(f.evidence.size(), 1u);
  EXPECT_TRUE(has(f.evidence[0], "ci.log:4: ImportError: " + k_torch)) << f.evidence[0];
  EXPECT_TRUE(has(f.fix.text, "`ldd`")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "`pip list | grep -i nccl`")) << f.fix.text;
  // Every command the fix quotes is one bash parses (and the variable stays a variable: '$' unescaped).
  auto commands = quoted_commands(f.fix.text);
  EXPECT_GE(commands.size(), 4u) << f.fix.text;
  for (const auto& c : commands) EXPECT_TRUE(bash_parses(c)) << c;
  EXPECT_FALSE(bash_parses("pip list | grep -i 'nccl"));  // the check itself can fail
  EXPECT_TRUE(has(f.fix.text, "`echo $LD_LIBRARY_PATH`")) << f.fix.text;
  // The line says which library needs the symbol, not which package put the old libnccl first.
  EXPECT_FALSE(has(f.title, "nvidia-nccl")) << f.title;
  EXPECT_TRUE(f.hosts.empty());
}

// ld.so's own message (a program started directly); a versioned symbol's ", version" is not part of its name.
TEST(LogsLoader, SymbolLookupErrorNamesTheSymbolAlone) {
  auto r = analyze_text(
      "python3: symbol lookup error: " + k_torch + ": undefined symbol: ncclCommInitRankConfig, version libnccl.so.2\n",
      "job.err");
  const auto* f = find_id(r, "nccl.library.symbol-missing");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->title, "does not define ncclCommInitRankConfig, which")) << f->title;
  EXPECT_EQ(&r.findings.front(), f);
}

// One step short: the missing symbol is not NCCL's (a CUDA runtime or a torch extension built for
// another torch), so nothing says the libnccl is old.
TEST(LogsLoader, AnotherLibrarysSymbolIsNotBlamedOnNccl) {
  for (const std::string symbol : {"cudaGetDriverEntryPointByVersion", "_ZN4c10d16ProcessGroupNCCL4initEv"}) {
    auto r = analyze_text("ImportError: " + k_torch + ": undefined symbol: " + symbol + "\n", "ci.log");
    EXPECT_EQ(find_id(r, "nccl.library.symbol-missing"), nullptr) << symbol;
    for (const auto& f : r.findings) EXPECT_NE(f.label, core::Label::version_mismatch) << symbol << ": " << f.id;
  }
}

// One step short: no libnccl was found at all, which says nothing about its version.
TEST(LogsLoader, AMissingLibncclIsNotAnOldOne) {
  auto r =
      analyze_text("ImportError: libnccl.so.2: cannot open shared object file: No such file or directory\n", "ci.log");
  EXPECT_EQ(find_id(r, "nccl.library.symbol-missing"), nullptr);
}

}  // namespace
}  // namespace dd::logs
