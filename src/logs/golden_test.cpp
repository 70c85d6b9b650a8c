// Golden tests: every tests/data/logs/<case>.log beside <case>.expected, one line per finding in
// order: "<severity> <label> <id> @<evidence line numbers>". The .expected files are reviewed, never
// written by the test (report/golden_text.hpp; scripts/review-goldens.sh).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "logs/analyzer.hpp"
#include "report/golden_text.hpp"

namespace dd::logs {
namespace {

namespace fs = std::filesystem;

std::string describe(const LogsReport& report, const std::string& path) {
  std::string out;
  for (const auto& f : report.findings) {
    out += std::string(core::to_string(f.severity)) + " " + std::string(core::to_string(f.label)) + " " + f.id + " @";
    std::string lines;
    for (const auto& e : f.evidence) {
      if (e.rfind(path + ":", 0) != 0) continue;
      std::string rest = e.substr(path.size() + 1);
      std::string num = rest.substr(0, rest.find(':'));
      lines += (lines.empty() ? "" : ",") + num;
    }
    out += lines + "\n";
  }
  return out;
}

std::vector<fs::path> cases() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(fs::path(DD_TEST_DATA_DIR) / "logs"))
    if (e.path().extension() == ".log") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(LogsGolden, EveryFixtureMatchesItsExpectedFindings) {
  auto all = cases();
  ASSERT_GE(all.size(), 25u) << "fixtures missing in " << DD_TEST_DATA_DIR;
  for (const auto& log : all) {
    auto report = analyze_files({log.string()});
    ASSERT_TRUE(report.ok()) << report.error().message;
    std::string expected = "logs/" + log.stem().string() + ".expected";
    report::testing::expect_same_as_golden(expected, describe(*report, log.string()));
  }
}

TEST(LogsGolden, FirstFindingOfEachRuleFixtureNamesItsRule) {
  // The file name says which rule the fixture teaches; its first finding must carry that label.
  const std::vector<std::pair<std::string, std::string>> table = {
      {"loopback-across-hosts", "loopback-interface"},
      {"virtual-docker0", "virtual-interface"},
      {"docker-bridge-peer", "virtual-interface"},
      {"different-subnets", "interface-mismatch"},
      {"ipv6-link-local", "ipv6-link-local"},
      {"ifname-matches-nothing", "no-matching-interface"},
      {"exclusion-picks-lo", "loopback-interface"},
      {"firewall-refused", "firewall-or-port-blocked"},
      {"connect-timeout", "other"},
      {"no-route", "no-route"},
      {"mixed-transports", "ib-misconfiguration"},
      {"ib-error", "ib-misconfiguration"},
      {"shm-exhausted", "shm-exhausted"},
      {"p2p-failure", "p2p-failure"},
      {"version-mismatch", "version-mismatch"},
      {"watchdog-diverged", "collective-mismatch"},
      {"watchdog-rank-missing", "collective-mismatch"},
      {"mtu-data-path", "mtu-mismatch"},
      {"gloo-127011", "hostname-resolution"},
      {"hostname-dns", "hostname-resolution"},
      {"tf-config", "tf-config"},
      {"grpc-unavailable", "tf-config"},
      {"data-stall", "data-pipeline-stall"},
      {"windows-no-nccl", "windows-no-nccl"},
      {"not-enough-evidence", "other"},
      {"gloo-ifname", "no-matching-interface"},
      {"resource-limits", "resource-limits"},
      {"driver-too-old", "version-mismatch"},
      {"single-host-stall", "p2p-failure"},
      {"init-incomplete", "other"},
      {"prefixes-mpi-srun-ansi", "loopback-interface"},
      {"healthy", "other"},
      {"bootstrap-over-ipoib", "interface-mismatch"},
      {"rdma-open-failed", "performance"},
      {"rdma-open-failed-refused", "firewall-or-port-blocked"},
      {"unhandled-cuda-error", "version-mismatch"},
      {"socket-type-mismatch", "ib-misconfiguration"},
      {"gloo-hostname", "hostname-resolution"},
      {"tf-run-config", "tf-config"},
      {"link-local-bootstrap", "ipv6-link-local"},
      {"bare-info-gdr", "gdr-or-driver"},
      {"rendezvous-endpoint-invalid", "config-typo"},
      {"tcpstore-port-out-of-range", "config-typo"},
      {"gpu-arch-unsupported", "version-mismatch"},
      {"data-stall-stack-dump", "data-pipeline-stall"},
  };
  for (const auto& [name, label] : table) {
    auto path = fs::path(DD_TEST_DATA_DIR) / "logs" / (name + ".log");
    auto report = analyze_files({path.string()});
    ASSERT_TRUE(report.ok()) << report.error().message;
    ASSERT_FALSE(report->findings.empty()) << name;
    EXPECT_EQ(label, core::to_string(report->findings.front().label)) << name << ": " << report->findings.front().title;
  }
}

}  // namespace
}  // namespace dd::logs
