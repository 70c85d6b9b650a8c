#include "os/fake/fake_resolver.hpp"

#include <arpa/inet.h>

#include <algorithm>

namespace dd::os::fake {

FakeResolver& FakeResolver::add(const std::string& host, const std::string& addr) {
  Family family = addr.find(':') == std::string::npos ? Family::inet : Family::inet6;
  table_[host].push_back(ResolvedAddress{family, addr});
  return *this;
}

FakeResolver& FakeResolver::bindable(const std::string& addr) {
  bindable_.insert(addr);
  return *this;
}

core::Result<std::vector<ResolvedAddress>> FakeResolver::resolve(const std::string& host) const {
  lookups.push_back(host);
  auto it = table_.find(host);
  in_addr numeric{};
  if (it == table_.end() && ::inet_pton(AF_INET, host.c_str(), &numeric) == 1) {
    // numeric, like getaddrinfo (which also rejects a number above 255: "10.1.0.256" is no address)
    return std::vector<ResolvedAddress>{ResolvedAddress{Family::inet, host}};
  }
  in6_addr numeric6{};
  if (it == table_.end() && ::inet_pton(AF_INET6, host.c_str(), &numeric6) == 1) {  // "[fd00::2]" is none
    return std::vector<ResolvedAddress>{ResolvedAddress{Family::inet6, host}};
  }
  if (it == table_.end() || it->second.empty()) {
    return core::make_error(core::ErrorKind::not_found, host + ": Temporary failure in name resolution");
  }
  return it->second;
}

bool FakeResolver::can_bind(const ResolvedAddress& addr) const {
  binds.push_back(addr.addr);
  return bindable_.count(addr.addr) != 0;
}

}  // namespace dd::os::fake
