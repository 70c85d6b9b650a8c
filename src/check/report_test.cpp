#include "check/report.hpp"

#include <gtest/gtest.h>

#include "check/check_test_util.hpp"
#include "check/probe_findings.hpp"

namespace dd::check {

namespace {

using os::Family;

// lo and eth0 only (IPv4 and ::1), no NCCL installed.
struct Fixture : testing::FakeMachine {
  Fixture() {
    interfaces.link("lo", 1).link("eth0", 2);
    interfaces.address("lo", Family::inet, "127.0.0.1", 8).address("eth0", Family::inet, "198.18.0.2", 24);
    interfaces.address("lo", Family::inet6, "::1", 128);
  }
};

bool has_id(const std::vector<core::Finding>& fs, const std::string& id) {
  for (const auto& f : fs) {
    if (f.id == id) return true;
  }
  return false;
}

}  // namespace

TEST(CheckReport, PredictsEth0AndGlooFromHostname) {
  Fixture fx;
  auto r = build_report(fx.context(os::Environment{}, true), ReportScope::nics);
  ASSERT_TRUE(r.prediction.bootstrap.has_value());
  EXPECT_EQ(r.prediction.bootstrap->iface, "eth0");
  EXPECT_EQ(r.prediction.bootstrap->addr, "198.18.0.2");
  ASSERT_TRUE(r.gloo.device.has_value());
  EXPECT_EQ(r.gloo.device->iface, "eth0");
  // No library on this fake machine: nothing is probed and the report says so.
  EXPECT_TRUE(fx.runner.calls.empty());
  EXPECT_TRUE(has_id(r.findings, "nccl.library.not-found"));
  auto j = to_json(r, ReportScope::nics);
  EXPECT_EQ(j["nccl"]["prediction"]["bootstrap"]["iface"], "eth0");
  EXPECT_EQ(j["nccl"]["prediction"]["socket"][0]["addr"], "198.18.0.2");
  EXPECT_TRUE(j["nccl"]["library"].is_null());
  EXPECT_EQ(j["gloo"]["prediction"]["iface"], "eth0");
  EXPECT_EQ(j["interfaces"].size(), 2u);
  EXPECT_EQ(j["host"], "node1");
}

TEST(CheckReport, ExclusionListPicksLoopbackAndThatIsAnError) {
  Fixture fx;
  auto r = build_report(fx.context(os::Environment(std::map<std::string, std::string>{{"NCCL_SOCKET_IFNAME", "^docker"}}), false), ReportScope::nics);
  ASSERT_TRUE(r.prediction.bootstrap.has_value());
  EXPECT_EQ(r.prediction.bootstrap->iface, "lo");
  EXPECT_TRUE(core::has_error(r.findings));
}

TEST(CheckReport, NoProbeNeverRunsAChild) {
  Fixture fx;
  fx.files.file("/usr/local/cuda/lib64/libnccl.so.2", "ELF");
  fx.files.file("/usr/local/cuda/include/nccl.h", "#define NCCL_MAJOR 2\n#define NCCL_MINOR 27\n#define NCCL_PATCH 3\n");
  auto r = build_report(fx.context(os::Environment{}, false), ReportScope::nics);
  EXPECT_TRUE(fx.runner.calls.empty());
  EXPECT_FALSE(r.probe.has_value());
  EXPECT_EQ(r.model_version.to_string(), "2.27.3");  // rules follow the version found beside the library
  auto j = to_json(r, ReportScope::nics);
  EXPECT_EQ(j["nccl"]["library"]["path"], "/usr/local/cuda/lib64/libnccl.so.2");
  EXPECT_FALSE(j["nccl"]["library"]["probed"].get<bool>());
}

TEST(CheckReport, ProbeDisagreementIsAFinding) {
  CheckReport r;
  r.prediction.bootstrap = nccl::Endpoint{"eth0", "198.18.0.2", "eth0"};
  nccl::LibraryProbe p;
  p.path = "/x/libnccl.so.2";
  p.version = r.model_version.to_string();
  p.ok = true;
  p.status = nccl::ProbeStatus::ok;
  p.observed = nccl::ObservedAddress{"eth1", "198.18.4.2", 1234, "unique-id", ""};
  r.probe = p;
  EXPECT_TRUE(has_id(probe_findings(r), "nccl.probe.disagrees-with-prediction"));
  r.probe->observed = nccl::ObservedAddress{"eth0", "198.18.0.2", 1234, "unique-id", ""};
  EXPECT_FALSE(has_id(probe_findings(r), "nccl.probe.disagrees-with-prediction"));
  // Both fail: agreement.
  r.prediction.bootstrap.reset();
  r.probe->status = nccl::ProbeStatus::nccl_error;
  r.probe->observed.reset();
  EXPECT_FALSE(has_id(probe_findings(r), "nccl.probe.disagrees-with-prediction"));
}

}  // namespace dd::check
