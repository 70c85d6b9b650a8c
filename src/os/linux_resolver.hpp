// LinuxResolver: the real Resolver over glibc, asked the way NCCL, Gloo and torch ask:
// gethostname(), getaddrinfo(host, AF_UNSPEC, SOCK_STREAM) keeping glibc's order (RFC 6724 /
// gai.conf, /etc/hosts first per nsswitch), and bind() to port 0 for Gloo's default-device test.
#pragma once

#include "os/resolver.hpp"

namespace dd::os {

class LinuxResolver final : public Resolver {
 public:
  // gethostname(); "" when it fails.
  std::string hostname() const override;
  // Numeric addresses in getaddrinfo order, duplicates removed (one per address, as the
  // SOCK_STREAM hint already folds protocols). IPv6 link-local results carry "%scope" when the
  // scope id is set. Error (kind not_found) names the host and gai_strerror's text.
  core::Result<std::vector<ResolvedAddress>> resolve(const std::string& host) const override;
  // socket() + bind() to (addr, port 0), closed at once; false on any failure.
  bool can_bind(const ResolvedAddress& addr) const override;
};

}  // namespace dd::os
