// The real seams of the platform this binary is built for, under one name each, so a command
// that works on Linux and Windows (env, lint --here) constructs them without knowing which:
// Linux: getifaddrs / getaddrinfo (linux_*.cpp); Windows: GetAdaptersAddresses / Winsock
// (windows/*.cpp, built only by windows/CMakeLists.txt).
#pragma once

#ifdef _WIN32
#include "os/windows/windows_interface_source.hpp"
#include "os/windows/windows_resolver.hpp"
#else
#include "os/linux_interface_source.hpp"
#include "os/linux_resolver.hpp"
#endif

namespace dd::os {

#ifdef _WIN32
using HostInterfaceSource = WindowsInterfaceSource;
using HostResolver = WindowsResolver;
#else
using HostInterfaceSource = LinuxInterfaceSource;
using HostResolver = LinuxResolver;
#endif

// The platform this binary runs on, the default of `env --platform` and `lint --platform`.
#ifdef _WIN32
inline constexpr const char* k_host_platform = "windows";
#else
inline constexpr const char* k_host_platform = "linux";
#endif

}  // namespace dd::os
