// The framework messages that name their own cause before any collective runs: torch's env://
// rendezvous without a variable, the store's port taken, Gloo's device address on no interface,
// TensorFlow without NCCL kernels. Each rule gets its real message and the same log one step short
// (the message gone, or the detail the finding rests on gone), which must not claim it.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::any_label;
using test::find_id;
using test::has;

constexpr const char* k_frames =
    "Traceback (most recent call last):\n"
    "  File \"train.py\", line 11, in <module>\n"
    "    torch.distributed.init_process_group(backend=\"nccl\")\n";

TEST(LogsLaunchMessages, AnUnsetRendezvousVariableIsNamedWithTheLaunchersThatSetIt) {
  for (const std::string var : {"MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE"}) {
    auto r = analyze_text(std::string(k_frames) +
                              "ValueError: Error initializing torch.distributed using env:// rendezvous: environment "
                              "variable " +
                              var + " expected, but not set\n",
                          "r0.log");
    const auto* f = find_id(r, "launch.env.unset");
    ASSERT_NE(f, nullptr) << var;
    EXPECT_EQ(f->label, core::Label::config_typo);
    EXPECT_EQ(f->severity, core::Severity::error);
    EXPECT_TRUE(has(f->title, "found no " + var + " in")) << f->title;
    EXPECT_TRUE(has(f->fix.text, "torchrun")) << f->fix.text;
    EXPECT_TRUE(has(f->fix.text, "srun and mpirun do not set " + var)) << f->fix.text;
    EXPECT_EQ(r.findings.front().id, "launch.env.unset");
  }
  // The traceback that ends at the raise (the message itself cut off) names the variable too.
  auto frame = analyze_text(std::string(k_frames) + "    raise _env_error(\"MASTER_ADDR\")\n", "r0.log");
  const auto* f = find_id(frame, "launch.env.unset");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(has(f->title, "found no MASTER_ADDR in")) << f->title;

  // One step short: the traceback without the error names nothing.
  auto bare = analyze_text(k_frames, "r0.log");
  EXPECT_EQ(find_id(bare, "launch.env.unset"), nullptr);
  EXPECT_FALSE(any_label(bare, core::Label::config_typo));
}

}  // namespace
}  // namespace dd::logs
