// libFuzzer target: arbitrary sysfs file contents through read_sysfs_link() and classify().
// The input is split on '\x01' into the values of type, operstate, carrier, mtu, speed, address,
// flags, ifindex, iflink, uevent, tun_flags and the link name. Build by hand (not wired in CMake):
//   clang++ -std=c++20 -g -fsanitize=fuzzer,address,undefined -Isrc src/netif/sysfs_link_fuzz.cpp \
//     src/netif/sysfs_link.cpp src/netif/classify.cpp src/netif/interface.cpp \
//     tests/support/os/fake/memory_file_tree.cpp src/os/file_tree.cpp src/core/strings.cpp -lfmt
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "netif/classify.hpp"
#include "netif/sysfs_link.hpp"
#include "os/fake/memory_file_tree.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  auto parts = dd::core::split(input, '\x01', true);
  static const char* const files[] = {"type",  "operstate", "carrier", "mtu",    "speed",    "address",
                                      "flags", "ifindex",   "iflink",  "uevent", "tun_flags"};
  const std::string name = parts.size() > 11 && !parts[11].empty() ? parts[11] : "eth0";
  dd::os::fake::MemoryFileTree tree;
  const std::string dir = "/sys/class/net/" + name;
  for (std::size_t i = 0; i < 11 && i < parts.size(); ++i) tree.file(dir + "/" + files[i], parts[i]);
  auto sys = dd::netif::read_sysfs_link(tree, name);
  auto c =
      dd::netif::classify(name, sys, parts.size() > 12 ? std::optional<std::string>(parts[12]) : std::nullopt, false);
  if (c.reason.empty()) __builtin_trap();  // every classification names its evidence
  return 0;
}
