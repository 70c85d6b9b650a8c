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
  auto r = build_report(
      fx.context(os::Environment(std::map<std::string, std::string>{{"NCCL_SOCKET_IFNAME", "^docker"}}), false),
      ReportScope::nics);
  ASSERT_TRUE(r.prediction.bootstrap.has_value());
  EXPECT_EQ(r.prediction.bootstrap->iface, "lo");
  EXPECT_TRUE(core::has_error(r.findings));
}

TEST(CheckReport, LoopbackLevelFollowsTheNodeCountTheEnvironmentSays) {
  // MASTER_ADDR=127.0.0.1 with GLOO_SOCKET_IFNAME=lo and an exclusion list that lands on lo: fine
  // for a world on one host, an error across hosts, and an error that says its assumption when the
  // environment does not say.
  auto run = [](std::map<std::string, std::string> extra) {
    Fixture fx;
    std::map<std::string, std::string> env = {
        {"NCCL_SOCKET_IFNAME", "^docker"}, {"GLOO_SOCKET_IFNAME", "lo"}, {"MASTER_ADDR", "127.0.0.1"}};
    env.insert(extra.begin(), extra.end());
    return build_report(fx.context(os::Environment(env), false), ReportScope::full).findings;
  };
  auto level = [](const std::vector<core::Finding>& fs, const std::string& id) -> const core::Finding* {
    for (const auto& f : fs)
      if (f.id == id) return &f;
    return nullptr;
  };
  for (const char* id : {"nccl.ifname.exclusion-picks-loopback", "gloo.ifname.loopback"}) {
    auto one = run({{"WORLD_SIZE", "1"}});
    const auto* f = level(one, id);
    ASSERT_NE(f, nullptr) << id;
    EXPECT_EQ(f->severity, core::Severity::info) << id;
    EXPECT_TRUE(f->fix.env.empty()) << id;
    EXPECT_NE(f->evidence.back().find("the environment says the job runs on one node"), std::string::npos)
        << f->evidence.back();
    EXPECT_FALSE(core::has_error(one)) << id;  // env.master-addr.loopback says nothing for one node either

    auto local = run({{"WORLD_SIZE", "8"}, {"LOCAL_WORLD_SIZE", "8"}});  // 8 ranks, one host
    EXPECT_EQ(level(local, id)->severity, core::Severity::info) << id;

    auto two = run({{"NNODES", "2"}});
    EXPECT_EQ(level(two, id)->severity, core::Severity::error) << id;
    EXPECT_EQ(level(two, id)->evidence.back(), "the environment says the job spans 2 nodes");

    auto unknown = run({});
    EXPECT_EQ(level(unknown, id)->severity, core::Severity::error) << id;
    EXPECT_NE(level(unknown, id)->evidence.back().find("assumed: the job spans hosts"), std::string::npos);
  }
}

TEST(CheckReport, NoProbeNeverRunsAChild) {
  Fixture fx;
  fx.files.file("/usr/local/cuda/lib64/libnccl.so.2", "ELF");
  fx.files.file("/usr/local/cuda/include/nccl.h",
                "#define NCCL_MAJOR 2\n#define NCCL_MINOR 27\n#define NCCL_PATCH 3\n");
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

// preflight --rank reaches the env audit: rank 0 without RANK in the environment, MASTER_ADDR naming
// another host (06e p1), gets env.master-addr.not-local with this host's address as its fix.
TEST(CheckReport, NodeRankReachesTheEnvAudit) {
  Fixture fx;
  fx.resolver.add("node2", "198.18.0.3");
  auto ctx = fx.context(os::Environment(std::map<std::string, std::string>{{"MASTER_ADDR", "node2"}}), false);
  EXPECT_FALSE(has_id(build_report(ctx, ReportScope::full).findings, "env.master-addr.not-local"));
  ctx.node_rank = 0;
  auto fs = build_report(ctx, ReportScope::full).findings;
  const core::Finding* f = nullptr;
  for (const auto& x : fs)
    if (x.id == "env.master-addr.not-local") f = &x;
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"MASTER_ADDR", "198.18.0.2"}}));
}

}  // namespace dd::check
