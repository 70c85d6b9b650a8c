// WindowsResolver: the Resolver seam over Winsock (gethostname, getaddrinfo, bind test), for the
// Windows build's `check` and `env`. Winsock is started once per process on first use.
#pragma once

#include "os/resolver.hpp"

namespace dd::os {

class WindowsResolver final : public Resolver {
 public:
  // gethostname(); "" when it fails.
  std::string hostname() const override;
  // Numeric addresses in getaddrinfo order, duplicates removed; error (kind not_found) names the host.
  core::Result<std::vector<ResolvedAddress>> resolve(const std::string& host) const override;
  // socket() + bind() to (addr, port 0), closed at once; false on any failure.
  bool can_bind(const ResolvedAddress& addr) const override;
};

}  // namespace dd::os
