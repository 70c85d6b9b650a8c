// The rule audit (docs/rules.md, check): each of check's own rule families is fed the
// evidence it needs one step short and must not claim its cause; a positive twin with the full
// evidence shows the same facts do make the rule fire, and asserts that its claim stays within
// what one machine's reading shows.
#include <gtest/gtest.h>

#include <algorithm>

#include "check/container.hpp"
#include "check/limits.hpp"
#include "os/fake/memory_file_tree.hpp"

namespace dd::check {
namespace {

constexpr std::uint64_t k_mib = 1024 * 1024;

const core::Finding* find_id(const std::vector<core::Finding>& fs, const std::string& id) {
  for (const auto& f : fs)
    if (f.id == id) return &f;
  return nullptr;
}

ContainerInfo docker_with_shm(std::uint64_t bytes) {
  ContainerInfo info;
  info.in_container = true;
  info.runtime = "docker";
  info.shm.mounted = true;
  info.shm.fstype = "tmpfs";
  info.shm.size_bytes = bytes;
  info.shm.source = "/proc/self/mountinfo: size=" + std::to_string(bytes / 1024) + "k";
  return info;
}

TEST(CheckShort, ShmTooSmallNeedsASizeBelowOneGibAndClaimsOnlyWhatTheSizeCanCause) {
  os::Environment env(std::map<std::string, std::string>{});
  // one step short: exactly 1 GiB, or a size that was not read
  EXPECT_EQ(find_id(container_findings(docker_with_shm(1024 * k_mib), env), "container.shm.too-small"), nullptr);
  auto unread = docker_with_shm(0);
  unread.shm.size_bytes.reset();
  EXPECT_EQ(find_id(container_findings(unread, env), "container.shm.too-small"), nullptr);
  // the full evidence: Docker's 64 MiB. Its size was read, not the job's use: "can run out"
  auto fs = container_findings(docker_with_shm(64 * k_mib), env);
  const auto* f = find_id(fs, "container.shm.too-small");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->title.find("can run out"), std::string::npos) << f->title;
  ASSERT_GE(f->evidence.size(), 2u);
  EXPECT_EQ(f->evidence[0], "/proc/self/mountinfo: size=65536k");  // what was read, and where
  EXPECT_NE(f->evidence[1].find("size was read here, not what the job puts in it"), std::string::npos);
}

TEST(CheckShort, BridgeNetworkingNeedsBridgeModeOutsideKubernetes) {
  os::Environment env(std::map<std::string, std::string>{});
  auto info = docker_with_shm(16 * 1024 * k_mib);
  info.network = NetworkMode::host;
  EXPECT_EQ(find_id(container_findings(info, env), "container.network.bridge"), nullptr);
  info.network = NetworkMode::bridge;
  info.network_reason = "eth0 198.18.17.2 is the container's only address";
  info.runtime = "kubernetes";  // pod networking routes pod IPs between nodes
  EXPECT_EQ(find_id(container_findings(info, env), "container.network.bridge"), nullptr);
  info.runtime = "docker";
  auto fs = container_findings(info, env);
  const auto* f = find_id(fs, "container.network.bridge");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::warning);  // one container's view: a warning, with its reason
  EXPECT_EQ(f->evidence.front(), info.network_reason);
}

TEST(CheckShort, IbWithoutDeviceNodesNeedsIbDevicesAndIbInUse) {
  auto info = docker_with_shm(16 * 1024 * k_mib);
  os::Environment none(std::map<std::string, std::string>{});
  EXPECT_EQ(find_id(container_findings(info, none), "container.ib.no-device-nodes"), nullptr);  // no IB device
  info.ib_devices = {"mlx5_0"};
  info.ib_device_nodes = true;
  EXPECT_EQ(find_id(container_findings(info, none), "container.ib.no-device-nodes"), nullptr);  // nodes present
  info.ib_device_nodes = false;
  os::Environment disabled(std::map<std::string, std::string>{{"NCCL_IB_DISABLE", "1"}});
  EXPECT_EQ(find_id(container_findings(info, disabled), "container.ib.no-device-nodes"), nullptr);  // IB not used
  auto fs = container_findings(info, none);
  const auto* f = find_id(fs, "container.ib.no-device-nodes");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::warning);
}

TEST(CheckShort, MemlockTooLowNeedsInfinibandInUse) {
  ProcessLimits low{{k_limit_memlock, Limit{64 * 1024, 64 * 1024}}};
  // one step short: a low limit with no InfiniBand in use limits nothing NCCL does over sockets
  EXPECT_EQ(find_id(limits_findings(low, /*ib_in_use=*/false, false), "limits.memlock.too-low"), nullptr);
  // unlimited
  ProcessLimits unlimited{{k_limit_memlock, Limit{std::nullopt, std::nullopt}}};
  EXPECT_EQ(find_id(limits_findings(unlimited, true, false), "limits.memlock.too-low"), nullptr);
  auto fs = limits_findings(low, true, false);
  const auto* f = find_id(fs, "limits.memlock.too-low");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->evidence.front().find("/proc/self/limits"), std::string::npos);  // where it was read
}

TEST(CheckShort, NofileLowIsAWarningThatSaysCanNotWill) {
  ProcessLimits l{{k_limit_nofile, Limit{1024, 4096}}};
  auto fs = limits_findings(l, false, false);
  const auto* f = find_id(fs, "limits.nofile.low");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::warning);
  EXPECT_NE(f->title.find("can run out"), std::string::npos);
  ProcessLimits high{{k_limit_nofile, Limit{1048576, 1048576}}};
  EXPECT_EQ(find_id(limits_findings(high, false, false), "limits.nofile.low"), nullptr);
}

TEST(CheckShort, ContainerDetectedSaysHowSureItIsAndWhatTheInterfacesLookLike) {
  os::Environment env(std::map<std::string, std::string>{});
  // one step short: a host whose root is an overlay and nothing else (a live or diskless image
  // looks the same): "probably", not "running inside"
  os::fake::MemoryFileTree overlay;
  overlay.file("/proc/self/mountinfo", "1 0 0:50 / / rw - overlay overlay rw\n");
  auto weak = container_findings(overlay, env, {});
  const auto* w = find_id(weak, "container.detected");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->title.find("running inside"), std::string::npos) << w->title;
  EXPECT_NE(w->title.find("probably inside a container"), std::string::npos) << w->title;
  EXPECT_NE(w->title.find("not determined"), std::string::npos) << w->title;  // no interface read
  // the full evidence: /.dockerenv and the overlay; the networking is what the interfaces look like
  overlay.file("/.dockerenv", "")
      .link("/sys/class/net/lo", "../../devices/virtual/net/lo")
      .link("/sys/class/net/eth0", "../../devices/pci0000:00/0000:00:03.0/net/eth0");
  auto docker = container_findings(overlay, env, {});
  const auto* d = find_id(docker, "container.detected");
  ASSERT_NE(d, nullptr);
  EXPECT_NE(d->title.find("running inside a docker container"), std::string::npos) << d->title;
  // a device-backed link is also what an SR-IOV function moved into the container shows
  EXPECT_NE(d->title.find("its interfaces look like host networking"), std::string::npos) << d->title;
  EXPECT_NE(std::find(d->evidence.begin(), d->evidence.end(), "network: physical interface eth0 is visible here"),
            d->evidence.end());
}

}  // namespace
}  // namespace dd::check
