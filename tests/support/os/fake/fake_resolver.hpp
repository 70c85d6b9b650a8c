// In-memory Resolver for unit tests: a fixed hostname, a table host -> addresses (in the order
// getaddrinfo would return them) and the set of addresses bind() accepts. Records every lookup.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "os/resolver.hpp"

namespace dd::os::fake {

class FakeResolver final : public Resolver {
 public:
  explicit FakeResolver(std::string hostname = "node0") : hostname_(std::move(hostname)) {}

  // Adds `addr` (numeric; family from its text) to the results for `host`, in call order.
  FakeResolver& add(const std::string& host, const std::string& addr);
  // Makes bind() succeed for `addr`.
  FakeResolver& bindable(const std::string& addr);

  std::string hostname() const override { return hostname_; }
  core::Result<std::vector<ResolvedAddress>> resolve(const std::string& host) const override;
  bool can_bind(const ResolvedAddress& addr) const override;

  mutable std::vector<std::string> lookups;  // hosts asked for, in order
  mutable std::vector<std::string> binds;    // addresses tried with can_bind, in order

 private:
  std::string hostname_;
  std::map<std::string, std::vector<ResolvedAddress>> table_;
  std::set<std::string> bindable_;
};

}  // namespace dd::os::fake
