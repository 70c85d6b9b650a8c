// lint.docker.env-legacy-pairs (fix-2026-12-06m p24): `ENV NAME VALUE NAME2 VALUE2` is Docker's
// legacy one-variable form; the edit writes the key=value form and no rule edits the run-together
// value (the port check used to drop NCCL_SOCKET_IFNAME from the line).
#include <gtest/gtest.h>

#include <string>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::first_of;
using test::ids;
using test::lint_as;

const std::string k_legacy =
    "FROM nvcr.io/nvidia/pytorch:24.05-py3\n"
    "ENV MASTER_PORT 29500 NCCL_SOCKET_IFNAME eth0\n"
    "ENTRYPOINT [\"bash\", \"/app/launch.sh\"]\n";

TEST(LintDockerEnv, LegacyFormWithPairsSetsOneVariable) {
  auto fs = lint_as("Dockerfile", k_legacy);
  const auto* f = first_of(fs, "lint.docker.env-legacy-pairs");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->finding.severity, core::Severity::error);
  EXPECT_NE(f->finding.title.find("sets MASTER_PORT to the whole rest of the line, '29500 NCCL_SOCKET_IFNAME eth0', "
                                  "and sets no NCCL_SOCKET_IFNAME"),
            std::string::npos)
      << f->finding.title;
  // no rule edits the run-together value (the port rule's edit dropped NCCL_SOCKET_IFNAME)
  EXPECT_EQ(first_of(fs, "env.master-port.invalid"), nullptr) << ids(fs);
  std::string fixed = test::fixed("Dockerfile", k_legacy, fs);
  EXPECT_NE(fixed.find("\nENV MASTER_PORT=29500 NCCL_SOCKET_IFNAME=eth0\n"), std::string::npos) << fixed;
  auto again = lint_as("Dockerfile", fixed);
  EXPECT_EQ(first_of(again, "lint.docker.env-legacy-pairs"), nullptr) << ids(again);
}

TEST(LintDockerEnv, LegacyFormWithOneValueIsNoPairs) {
  // One step short: one variable with a one-word value, a value that is a quoted phrase, a later
  // word that is no variable name: the legacy form means what it says there.
  for (const char* line :
       {"ENV MASTER_PORT 29500", "ENV NCCL_DEBUG_SUBSYS \"INIT NET\"", "ENV NCCL_DEBUG_SUBSYS INIT NET GRAPH",
        "ENV GREETING hello World wide", "ENV MASTER_PORT=29500 NCCL_SOCKET_IFNAME=eth0"}) {
    auto fs = lint_as("Dockerfile", std::string("FROM debian:12\n") + line + "\n");
    EXPECT_EQ(first_of(fs, "lint.docker.env-legacy-pairs"), nullptr) << line << ": " << ids(fs);
  }
}

}  // namespace
}  // namespace dd::lint
