#include "check/container.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "os/fake/memory_file_tree.hpp"

namespace dd::check {
namespace {

using os::fake::MemoryFileTree;

const char* k_limits_ok =
    "Limit                     Soft Limit           Hard Limit           Units     \n"
    "Max open files            1048576              1048576              files     \n"
    "Max locked memory         unlimited            unlimited            bytes     \n";
const char* k_limits_docker =
    "Limit                     Soft Limit           Hard Limit           Units     \n"
    "Max open files            1048576              1048576              files     \n"
    "Max locked memory         65536                65536                bytes     \n";

os::Environment make_env(std::map<std::string, std::string> vars = {}) { return os::Environment(std::move(vars)); }

os::AddressEntry v4(const std::string& link, const std::string& addr) {
  os::AddressEntry e;
  e.name = e.link = link;
  e.addr = addr;
  e.prefix = 16;
  e.up = e.running = true;
  return e;
}

// A bare-metal host: physical NIC, tmpfs /dev/shm without size= (half of RAM), generous limits.
MemoryFileTree healthy_host() {
  MemoryFileTree t;
  t.file("/proc/1/cgroup", "0::/init.scope\n")
      .file("/proc/self/mountinfo",
            "22 1 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw\n"
            "25 24 0:23 / /dev/shm rw,nosuid,nodev shared:4 - tmpfs tmpfs rw,inode64\n"
            "300 22 0:60 / /var/lib/docker/overlay2/abc/merged rw - overlay overlay rw,lowerdir=/x\n")
      .file("/proc/meminfo", "MemTotal:       65536000 kB\nMemFree:         1000 kB\n")
      .file("/proc/self/limits", k_limits_ok)
      .link("/sys/class/net/lo", "../../devices/virtual/net/lo")
      .link("/sys/class/net/eno1", "../../devices/pci0000:00/0000:00:1f.6/net/eno1");
  return t;
}

// Docker's defaults: /.dockerenv, bind mounts from /var/lib/docker/containers, 64 MiB /dev/shm,
// bridge networking on a veth eth0 at 172.17.0.2 whose peer is in the host namespace.
MemoryFileTree docker_default() {
  MemoryFileTree t;
  t.file("/.dockerenv", "")
      .file("/proc/1/cgroup", "0::/\n")
      .file("/proc/self/mountinfo",
            "600 500 0:50 / / rw,relatime - overlay overlay rw,lowerdir=/var/lib/docker/overlay2/l/A\n"
            "610 600 0:55 / /dev rw,nosuid - tmpfs tmpfs rw,size=65536k,mode=755\n"
            "620 610 0:56 / /dev/shm rw,nosuid,nodev,noexec,relatime - tmpfs shm rw,size=65536k,inode64\n"
            "630 600 259:2 /var/lib/docker/containers/0123abcd/hostname /etc/hostname rw - ext4 /dev/nvme0n1p2 rw\n")
      .file("/proc/meminfo", "MemTotal:       65536000 kB\n")
      .file("/proc/self/limits", k_limits_docker)
      .link("/sys/class/net/lo", "../../devices/virtual/net/lo")
      .link("/sys/class/net/eth0", "../../devices/virtual/net/eth0")
      .file("/sys/class/net/eth0/ifindex", "9\n")
      .file("/sys/class/net/eth0/iflink", "10\n");
  return t;
}

const core::Finding* find(const std::vector<core::Finding>& fs, const std::string& id) {
  auto it = std::find_if(fs.begin(), fs.end(), [&](const core::Finding& f) { return f.id == id; });
  return it == fs.end() ? nullptr : &*it;
}

TEST(Container, HealthyHostHasNoFindings) {
  auto tree = healthy_host();
  auto info = detect_container(tree, make_env(), {v4("eno1", "10.1.2.3")});
  EXPECT_FALSE(info.in_container) << ::testing::PrintToString(info.evidence);
  EXPECT_EQ(info.network, NetworkMode::host);
  EXPECT_TRUE(info.shm.mounted);
  EXPECT_EQ(info.shm.size_bytes, 65536000ULL * 1024 / 2);
  auto fs = container_findings(info, make_env());
  EXPECT_TRUE(fs.empty()) << fs.front().id;
}

TEST(Container, DockerDefaultsGiveShmErrorAndBridgeWarning) {
  auto tree = docker_default();
  auto info = detect_container(tree, make_env(), {v4("eth0", "172.17.0.2")});
  EXPECT_TRUE(info.in_container);
  EXPECT_EQ(info.runtime, "docker");
  EXPECT_EQ(info.network, NetworkMode::bridge);
  EXPECT_NE(info.network_reason.find("172.17.0.2"), std::string::npos);
  EXPECT_EQ(info.shm.size_bytes, 64ULL << 20);

  auto fs = container_findings(info, make_env());
  const auto* shm = find(fs, "container.shm.too-small");
  ASSERT_NE(shm, nullptr);
  EXPECT_EQ(shm->label, core::Label::shm_exhausted);
  EXPECT_EQ(shm->severity, core::Severity::error);
  EXPECT_NE(shm->title.find("64 MiB"), std::string::npos);
  EXPECT_NE(shm->fix.text.find("--shm-size="), std::string::npos);
  EXPECT_NE(shm->fix.text.find("--ipc=host"), std::string::npos);
  EXPECT_EQ(shm->evidence[0], "/proc/self/mountinfo: size=65536k");

  const auto* bridge = find(fs, "container.network.bridge");
  ASSERT_NE(bridge, nullptr);
  EXPECT_EQ(bridge->severity, core::Severity::warning);
  EXPECT_NE(bridge->fix.text.find("--network=host"), std::string::npos);

  const auto* detected = find(fs, "container.detected");
  ASSERT_NE(detected, nullptr);
  EXPECT_EQ(detected->severity, core::Severity::info);
  EXPECT_EQ(find(fs, "limits.memlock.too-low"), nullptr);  // no InfiniBand here
}

TEST(Container, KubernetesSmallShmGetsEmptyDirFixAndNoBridgeWarning) {
  MemoryFileTree tree = docker_default();
  tree.file("/proc/1/cgroup", "12:memory:/kubepods/burstable/pod1234/abcd\n");
  auto info = detect_container(tree, make_env({{"KUBERNETES_SERVICE_HOST", "10.96.0.1"}}), {v4("eth0", "10.244.1.5")});
  EXPECT_EQ(info.runtime, "kubernetes");
  auto fs = container_findings(info, make_env());
  const auto* shm = find(fs, "container.shm.too-small");
  ASSERT_NE(shm, nullptr);
  EXPECT_NE(shm->fix.text.find("emptyDir"), std::string::npos);
  EXPECT_NE(shm->fix.text.find("medium: Memory"), std::string::npos);
  EXPECT_EQ(find(fs, "container.network.bridge"), nullptr);
}

TEST(Container, InfinibandWithoutDeviceNodesAndLowMemlock) {
  MemoryFileTree tree = docker_default();
  tree.dir("/sys/class/infiniband/mlx5_0").dir("/sys/class/infiniband/mlx5_1");
  auto info = detect_container(tree, make_env(), {v4("eth0", "172.17.0.2")});
  EXPECT_EQ(info.ib_devices, (std::vector<std::string>{"mlx5_0", "mlx5_1"}));
  EXPECT_FALSE(info.ib_device_nodes);
  auto fs = container_findings(info, make_env());
  const auto* ib = find(fs, "container.ib.no-device-nodes");
  ASSERT_NE(ib, nullptr);
  EXPECT_EQ(ib->label, core::Label::ib_misconfiguration);
  EXPECT_NE(ib->title.find("mlx5_0, mlx5_1"), std::string::npos);
  EXPECT_NE(ib->fix.text.find("--device=/dev/infiniband"), std::string::npos);
  EXPECT_NE(ib->fix.text.find("--cap-add=IPC_LOCK"), std::string::npos);
  const auto* memlock = find(fs, "limits.memlock.too-low");
  ASSERT_NE(memlock, nullptr);
  EXPECT_EQ(memlock->severity, core::Severity::error);

  // NCCL_IB_DISABLE=1: the user chose sockets, so neither IB finding applies.
  auto off = container_findings(info, make_env({{"NCCL_IB_DISABLE", "1"}}));
  EXPECT_EQ(find(off, "container.ib.no-device-nodes"), nullptr);
  EXPECT_EQ(find(off, "limits.memlock.too-low"), nullptr);
}

TEST(Container, InfinibandPassedThroughWithUnlimitedMemlockIsFine) {
  MemoryFileTree tree = healthy_host();
  tree.dir("/sys/class/infiniband/mlx5_0").file("/dev/infiniband/uverbs0", "").file("/dev/infiniband/rdma_cm", "");
  auto info = detect_container(tree, make_env(), {});
  EXPECT_TRUE(info.ib_device_nodes);
  EXPECT_TRUE(container_findings(info, make_env()).empty());
}

TEST(Container, BareMetalWithoutUverbsSuggestsModprobe) {
  MemoryFileTree tree = healthy_host();
  tree.dir("/sys/class/infiniband/mlx5_0");
  auto fs = container_findings(tree, make_env(), {});
  const auto* ib = find(fs, "container.ib.no-device-nodes");
  ASSERT_NE(ib, nullptr);
  EXPECT_NE(ib->fix.text.find("modprobe ib_uverbs"), std::string::npos);
}

TEST(Container, RuntimesFromTheirClues) {
  MemoryFileTree podman;
  podman.file("/run/.containerenv", "engine=\"podman-4.3.1\"\n");
  EXPECT_EQ(detect_container(podman, make_env(), {}).runtime, "podman");

  MemoryFileTree lxc;
  lxc.file("/proc/1/cgroup", "0::/lxc.payload.ct1/init.scope\n");
  EXPECT_EQ(detect_container(lxc, make_env(), {}).runtime, "lxc");

  MemoryFileTree containerd;
  containerd.file("/proc/self/mountinfo",
                  "700 600 259:2 /var/lib/containerd/io.containerd.grpc.v1.cri/sandboxes/x/hostname /etc/hostname rw "
                  "- ext4 /dev/sda1 rw\n");
  auto c = detect_container(containerd, make_env(), {});
  EXPECT_TRUE(c.in_container);
  EXPECT_EQ(c.runtime, "containerd");

  MemoryFileTree overlay_only;
  overlay_only.file("/proc/self/mountinfo", "1 0 0:50 / / rw - overlay overlay rw\n");
  EXPECT_EQ(detect_container(overlay_only, make_env(), {}).runtime, "container");
}

TEST(Container, HostRunningDockerIsNotAContainer) {
  MemoryFileTree tree = healthy_host();
  tree.link("/sys/class/net/docker0", "../../devices/virtual/net/docker0");
  auto info = detect_container(tree, make_env(), {});
  EXPECT_FALSE(info.in_container);
  EXPECT_EQ(info.network, NetworkMode::host);
}

TEST(Container, ShmSizeSourcesAndThresholds) {
  MemoryFileTree stacked;  // two mounts on /dev/shm: the later one is visible
  stacked.file("/proc/self/mountinfo",
               "25 24 0:23 / /dev/shm rw - tmpfs tmpfs rw,size=65536k\n"
               "30 25 0:27 / /dev/shm rw - tmpfs tmpfs rw,size=786432k\n");
  auto info = detect_container(stacked, make_env(), {});
  EXPECT_EQ(info.shm.size_bytes, 768ULL << 20);
  auto fs = container_findings(info, make_env());
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].severity, core::Severity::warning);            // 768 MiB: below 1 GiB, above the error line
  EXPECT_NE(fs[0].fix.text.find("remount"), std::string::npos);  // not in a container

  MemoryFileTree mounts;  // no mountinfo: /proc/mounts, size as a percentage of RAM
  mounts.file("/proc/mounts", "shm /dev/shm tmpfs rw,nosuid,size=50% 0 0\n")
      .file("/proc/meminfo", "MemTotal: 1000 kB\n");
  auto m = detect_container(mounts, make_env(), {});
  EXPECT_TRUE(m.shm.mounted);
  EXPECT_EQ(m.shm.size_bytes, 512000u);
  EXPECT_NE(m.shm.source.find("/proc/mounts"), std::string::npos);

  MemoryFileTree none;  // /dev/shm not a mount: size unknown, no finding
  auto n = detect_container(none, make_env(), {});
  EXPECT_FALSE(n.shm.mounted);
  EXPECT_FALSE(n.shm.size_bytes.has_value());
  EXPECT_TRUE(container_findings(n, make_env()).empty());
}

TEST(Container, ParseTmpfsSize) {
  EXPECT_EQ(parse_tmpfs_size("65536k"), 64ULL << 20);
  EXPECT_EQ(parse_tmpfs_size("1g"), 1ULL << 30);
  EXPECT_EQ(parse_tmpfs_size("2M"), 2ULL << 20);
  EXPECT_EQ(parse_tmpfs_size("4096"), 4096u);
  EXPECT_FALSE(parse_tmpfs_size("").has_value());
  EXPECT_FALSE(parse_tmpfs_size("big").has_value());
  EXPECT_FALSE(parse_tmpfs_size("k").has_value());
}

TEST(Container, JsonShape) {
  auto tree = docker_default();
  auto j = to_json(detect_container(tree, make_env(), {v4("eth0", "172.17.0.2")}));
  EXPECT_EQ(j["in_container"], true);
  EXPECT_EQ(j["runtime"], "docker");
  EXPECT_EQ(j["network"]["mode"], "bridge");
  EXPECT_EQ(j["shm"]["size_bytes"], 64ULL << 20);
  EXPECT_EQ(j["limits"]["memlock"]["soft"], 65536);
  EXPECT_EQ(j["infiniband"]["device_nodes"], false);
  auto host = to_json(detect_container(MemoryFileTree{}, make_env(), {}));
  EXPECT_TRUE(host["runtime"].is_null());
  EXPECT_TRUE(host["limits"]["memlock"].is_null());
}

TEST(Container, ReadsThisMachinesRealProcFormats) {
  os::DiskFileTree disk("/");
  auto info = detect_container(disk, make_env(), {});
  ASSERT_TRUE(info.limits.has_value()) << "/proc/self/limits did not parse";
  EXPECT_TRUE(info.limits->count(k_limit_memlock));
  EXPECT_TRUE(info.limits->count(k_limit_nofile));
  auto mountinfo = disk.read("/proc/self/mountinfo");
  ASSERT_TRUE(mountinfo.has_value());
  if (mountinfo->find(" /dev/shm ") != std::string::npos) {
    EXPECT_TRUE(info.shm.mounted);
    EXPECT_GT(info.shm.size_bytes.value_or(0), 0u) << info.shm.source;
  }
}

}  // namespace
}  // namespace dd::check
