// nccl::predict_gloo: the interface and address PyTorch's Gloo backend binds (nccl-facts §7.2;
// gloo/transport/tcp/device.cc and c10d ProcessGroupGloo as read at the commits named there):
//   * GLOO_SOCKET_IFNAME set (length > 1, as torch/csrc/distributed/c10d/init.cpp checks): split on ','
//     like std::getline (an empty entry is looked up as ""); each entry is an EXACT interface name and
//     becomes one device (the first is reported); its address is the first getifaddrs entry of
//     that name in family AF_INET or AF_INET6 (so IPv4 first), with no up/running check; an
//     unknown name throws "Unable to find address for: <name>";
//   * unset: gethostname() -> getaddrinfo(AF_UNSPEC) in order -> the first address bind() accepts;
//     none => 127.0.0.1 with Gloo's loopback warning; the interface is the one owning the address
//     (any 127.x or ::1 => the loopback interface).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "nccl/predict.hpp"
#include "os/environment.hpp"
#include "os/interface_source.hpp"
#include "os/resolver.hpp"

namespace dd::nccl {

enum class GlooSource { ifname, hostname, loopback_fallback };
std::string_view to_string(GlooSource source);  // "GLOO_SOCKET_IFNAME", "hostname", "loopback-fallback"

struct GlooPrediction {
  std::optional<Endpoint> device;  // the first (or only) device; nullopt on error
  std::vector<Endpoint> devices;   // one per GLOO_SOCKET_IFNAME entry
  GlooSource source = GlooSource::hostname;
  std::string error;                  // "Unable to find address for: X"
  std::string warning;                // Gloo's loopback-fallback warning
  std::string hostname;               // when source != ifname
  std::vector<std::string> resolved;  // the hostname's addresses, getaddrinfo order
  std::string resolve_error;          // why the lookup of `hostname` failed (gai_strerror text); "" when it resolved
  bool loopback = false;              // the chosen address is a loopback address
};

// Predicts Gloo's device from the environment; `resolver` is used only when GLOO_SOCKET_IFNAME is unset.
GlooPrediction predict_gloo(const std::vector<os::AddressEntry>& entries, const os::Environment& env,
                            const os::Resolver& resolver);

// The GLOO_SOCKET_IFNAME branch alone (pure; used to verify a proposed value).
GlooPrediction predict_gloo_ifname(const std::vector<os::AddressEntry>& entries, const std::string& value);

// {"iface", "addr", "source", "error", "warning", "devices"}; iface/addr null on error.
nlohmann::json to_json(const GlooPrediction& prediction);

inline constexpr const char* k_gloo_loopback_warning =
    "Unable to resolve hostname to a (local) address. Using the loopback address as fallback. Manually set the "
    "network interface to bind to with GLOO_SOCKET_IFNAME.";

}  // namespace dd::nccl
