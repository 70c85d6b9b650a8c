// The real Linux seams, constructed once for a command run (only src/cli does this).
#pragma once

#include <string>

#include "check/context.hpp"
#include "os/file_tree.hpp"
#include "os/linux_firewall_source.hpp"
#include "os/linux_interface_source.hpp"
#include "os/linux_link_driver_source.hpp"
#include "os/linux_process_runner.hpp"
#include "os/linux_resolver.hpp"

namespace dd::cli {

struct RealSeams {
  os::DiskFileTree files{"/"};
  os::LinuxInterfaceSource interfaces;
  os::LinuxLinkDriverSource drivers;
  os::LinuxResolver resolver;
  os::LinuxProcessRunner runner;
  os::LinuxFirewallSource firewall;

  check::Context context(bool probe) const;
};

// passwd home directory of the current user (what NCCL uses for ~/.nccl.conf), "" if none.
std::string passwd_home();
// Absolute path of the running executable (/proc/self/exe).
std::string self_executable();

}  // namespace dd::cli
