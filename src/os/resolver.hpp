// Resolver: host name lookups the way glibc does them for NCCL, Gloo and torch.
#pragma once

#include <string>
#include <vector>

#include "core/result.hpp"
#include "os/interface_source.hpp"

namespace dd::os {

struct ResolvedAddress {
  Family family = Family::inet;
  std::string addr;  // numeric
};

class Resolver {
 public:
  virtual ~Resolver() = default;
  virtual std::string hostname() const = 0;
  // getaddrinfo(host, AF_UNSPEC, SOCK_STREAM) results in order; error names the host.
  virtual core::Result<std::vector<ResolvedAddress>> resolve(const std::string& host) const = 0;
  // Whether a socket can bind() this local address (port 0): Gloo's test for its default device.
  virtual bool can_bind(const ResolvedAddress& addr) const = 0;
};

}  // namespace dd::os
