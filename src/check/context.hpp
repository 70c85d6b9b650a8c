// check::Context: the seams and settings one `check` (or `nics`) run reads from. Only src/cli
// builds it from the real Linux implementations; tests build it from fakes.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "os/environment.hpp"
#include "os/file_tree.hpp"
#include "os/interface_source.hpp"
#include "os/link_driver_source.hpp"
#include "os/process_runner.hpp"
#include "os/resolver.hpp"

namespace dd::check {

struct Context {
  const os::FileTree& files;              // "/" in production: /sys, /proc, /etc, /dev
  const os::InterfaceSource& interfaces;  // getifaddrs
  const os::LinkDriverSource* drivers;    // ethtool driver names (optional)
  const os::Resolver& resolver;
  const os::ProcessRunner& runner;
  os::Environment env;
  std::string home_dir;  // passwd home of the user (NCCL reads ~/.nccl.conf from there)
  std::string self_exe;  // this executable, re-run as the probe child
  bool probe = true;     // false: --no-probe, never load any libnccl
  std::chrono::milliseconds probe_timeout{10000};
  std::optional<int> node_rank;  // preflight --rank: this node's rank for the env audit (env::AuditInput)
};

}  // namespace dd::check
