// nccl::Version: an NCCL release number and the interface-selection features that depend on it
// (nccl-facts §1.9, checked against sources 2.4.2 - 2.30.7 and the 2.28.9 binary).
#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace dd::nccl {

struct Version {
  int major = 2;
  int minor = 28;
  int patch = 9;

  auto operator<=>(const Version&) const = default;

  // "2.28.9" (also "2.28.9-1", "v2.28.9"); nullopt on anything else.
  static std::optional<Version> parse(std::string_view text);
  // NCCL_VERSION_CODE: 22809 for 2.28.9 (X*10000+Y*100+Z since 2.9), 2708 for 2.7.8 (X*1000+Y*100+Z).
  static std::optional<Version> from_code(long code);
  std::string to_string() const;  // "2.28.9"

  // 2.28.3+: entries of links without IFF_RUNNING are skipped; 'virbr' is excluded in the
  // automatic step 3 and tried last.
  bool has_running_filter() const { return *this >= Version{2, 28, 3}; }
  bool has_virbr_step() const { return has_running_filter(); }
  // 2.5.6+: '=' exact matching in NCCL_SOCKET_IFNAME.
  bool has_exact_syntax() const { return *this >= Version{2, 5, 6}; }
  // 2.8.3+: bootstrap keeps one interface and uses the NCCL_COMM_ID subnet routine.
  bool has_single_bootstrap_iface() const { return *this >= Version{2, 8, 3}; }
  // 2.4.8 - 2.7.8: bootstrap used the whole finder list and, with NCCL_COMM_ID, the root
  // listened on the wildcard address.
  bool has_list_bootstrap() const { return *this >= Version{2, 4, 8} && !has_single_bootstrap_iface(); }
};

// The version the model assumes when no library version is known.
inline constexpr Version k_default_version{2, 28, 9};

}  // namespace dd::nccl
