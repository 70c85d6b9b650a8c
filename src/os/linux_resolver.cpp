#include "os/linux_resolver.hpp"
#include "os/unique_fd.hpp"

#include <arpa/inet.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>

namespace dd::os {

namespace {

using Fd = UniqueFd;

struct AddrInfoDeleter {
  void operator()(addrinfo* ai) const { freeaddrinfo(ai); }
};

}  // namespace

std::string LinuxResolver::hostname() const {
  std::array<char, 256> buf{};
  if (gethostname(buf.data(), buf.size() - 1) != 0) return {};
  return std::string(buf.data());
}

core::Result<std::vector<ResolvedAddress>> LinuxResolver::resolve(const std::string& host) const {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* raw = nullptr;
  int rc = getaddrinfo(host.c_str(), nullptr, &hints, &raw);
  std::unique_ptr<addrinfo, AddrInfoDeleter> list(raw);
  if (rc != 0) {
    return core::make_error(core::ErrorKind::not_found, "cannot resolve '" + host + "': " + gai_strerror(rc));
  }
  std::vector<ResolvedAddress> out;
  for (const addrinfo* ai = list.get(); ai; ai = ai->ai_next) {
    std::array<char, INET6_ADDRSTRLEN + IF_NAMESIZE + 2> text{};
    ResolvedAddress r;
    if (ai->ai_family == AF_INET) {
      sockaddr_in sin{};
      std::memcpy(&sin, ai->ai_addr, sizeof sin);
      if (!inet_ntop(AF_INET, &sin.sin_addr, text.data(), static_cast<socklen_t>(text.size()))) continue;
      r.family = Family::inet;
      r.addr = text.data();
    } else if (ai->ai_family == AF_INET6) {
      sockaddr_in6 sin6{};
      std::memcpy(&sin6, ai->ai_addr, sizeof sin6);
      if (!inet_ntop(AF_INET6, &sin6.sin6_addr, text.data(), static_cast<socklen_t>(text.size()))) continue;
      r.family = Family::inet6;
      r.addr = text.data();
      if (sin6.sin6_scope_id != 0) {
        std::array<char, IF_NAMESIZE> name{};
        if (if_indextoname(sin6.sin6_scope_id, name.data()))
          r.addr += std::string("%") + name.data();
        else
          r.addr += "%" + std::to_string(sin6.sin6_scope_id);
      }
    } else {
      continue;
    }
    bool dup = std::any_of(out.begin(), out.end(), [&](const ResolvedAddress& o) { return o.addr == r.addr; });
    if (!dup) out.push_back(std::move(r));
  }
  if (out.empty()) {
    return core::make_error(core::ErrorKind::not_found, "'" + host + "' has no IPv4 or IPv6 address");
  }
  return out;
}

bool LinuxResolver::can_bind(const ResolvedAddress& addr) const {
  std::string numeric = addr.addr;
  std::string scope;
  if (auto pct = numeric.find('%'); pct != std::string::npos) {
    scope = numeric.substr(pct + 1);
    numeric.resize(pct);
  }
  if (addr.family == Family::inet) {
    sockaddr_in sin{};
    sin.sin_family = AF_INET;
    if (inet_pton(AF_INET, numeric.c_str(), &sin.sin_addr) != 1) return false;
    Fd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (fd.get() < 0) return false;
    return ::bind(fd.get(), reinterpret_cast<const sockaddr*>(&sin), sizeof sin) == 0;
  }
  sockaddr_in6 sin6{};
  sin6.sin6_family = AF_INET6;
  if (inet_pton(AF_INET6, numeric.c_str(), &sin6.sin6_addr) != 1) return false;
  if (!scope.empty()) sin6.sin6_scope_id = if_nametoindex(scope.c_str());
  Fd fd(::socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (fd.get() < 0) return false;
  return ::bind(fd.get(), reinterpret_cast<const sockaddr*>(&sin6), sizeof sin6) == 0;
}

}  // namespace dd::os
