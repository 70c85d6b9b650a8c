// Golden tests of `check`'s text output (tests/data/golden_text/check_*.txt).
#include <gtest/gtest.h>

#include "check/check_test_util.hpp"
#include "check/report.hpp"
#include "report/golden_text.hpp"

namespace dd::check {
namespace {

using os::Family;

// eth0 beside docker0, and an NCCL 2.28.9 install in /usr/local/cuda.
struct TextMachine : testing::FakeMachine {
  TextMachine() {
    interfaces.link("lo", 1).link("docker0", 2).link("eth0", 3);
    interfaces.address("lo", Family::inet, "127.0.0.1", 8).address("docker0", Family::inet, "172.17.0.1", 16);
    interfaces.address("eth0", Family::inet, "198.18.0.2", 24);
    files.file("/usr/local/cuda/lib64/libnccl.so.2", "ELF");
    files.file("/usr/local/cuda/include/nccl.h", "#define NCCL_MAJOR 2\n#define NCCL_MINOR 28\n#define NCCL_PATCH 9\n");
  }
  std::string text(os::Environment env, bool probe) {
    return render_text(build_report(context(std::move(env), probe), ReportScope::nics), ReportScope::nics,
                       report::Style(false));
  }
};

TEST(CheckText, HealthyHostWithoutProbe) {
  TextMachine m;
  report::testing::expect_golden("check_healthy_no_probe", m.text(os::Environment{}, false));
}

TEST(CheckText, LoopbackChoiceShowsTheFindingAndItsFix) {
  TextMachine m;
  report::testing::expect_golden(
      "check_exclusion_picks_loopback",
      m.text(os::Environment(std::map<std::string, std::string>{{"NCCL_SOCKET_IFNAME", "^docker"}}), false));
}

// The probe ran and failed: the library line says so, not "--no-probe".
TEST(CheckText, FailedProbeIsNotReportedAsNoProbe) {
  TextMachine m;
  m.runner.fail(core::make_error(core::ErrorKind::internal, "fork: resource temporarily unavailable"));
  std::string text = m.text(os::Environment{}, true);
  EXPECT_EQ(text.find("not loaded: --no-probe"), std::string::npos) << text;
  EXPECT_NE(text.find("probe failed: NCCL probe of /usr/local/cuda/lib64/libnccl.so.2: fork: resource temporarily "
                      "unavailable"),
            std::string::npos)
      << text;
  report::testing::expect_golden("check_probe_failed", text);
}

}  // namespace
}  // namespace dd::check
