#include "os/windows/windows_resolver.hpp"

// clang-format off
#include <winsock2.h>
#include <ws2tcpip.h>
// clang-format on

#include <algorithm>
#include <array>
#include <cstring>

namespace dd::os {

namespace {

// WSAStartup once; Winsock stays up until the process ends.
bool winsock_ready() {
  static const bool ok = [] {
    WSADATA data{};
    return WSAStartup(MAKEWORD(2, 2), &data) == 0;
  }();
  return ok;
}

}  // namespace

std::string WindowsResolver::hostname() const {
  if (!winsock_ready()) return "";
  std::array<char, 256> buf{};
  if (gethostname(buf.data(), static_cast<int>(buf.size() - 1)) != 0) return "";
  return buf.data();
}

core::Result<std::vector<ResolvedAddress>> WindowsResolver::resolve(const std::string& host) const {
  if (!winsock_ready()) return core::make_error(core::ErrorKind::system, "cannot start Winsock to resolve " + host);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  int rc = getaddrinfo(host.c_str(), nullptr, &hints, &res);
  if (rc != 0) return core::make_error(core::ErrorKind::not_found, host + ": " + gai_strerrorA(rc));
  std::vector<ResolvedAddress> out;
  for (addrinfo* ai = res; ai != nullptr; ai = ai->ai_next) {
    std::array<char, INET6_ADDRSTRLEN> text{};
    ResolvedAddress r;
    if (ai->ai_family == AF_INET) {
      inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(ai->ai_addr)->sin_addr, text.data(), text.size());
      r.family = Family::inet;
    } else if (ai->ai_family == AF_INET6) {
      inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6*>(ai->ai_addr)->sin6_addr, text.data(), text.size());
      r.family = Family::inet6;
    } else {
      continue;
    }
    r.addr = text.data();
    bool seen = std::any_of(out.begin(), out.end(), [&](const ResolvedAddress& o) { return o.addr == r.addr; });
    if (!seen) out.push_back(std::move(r));
  }
  freeaddrinfo(res);
  return out;
}

bool WindowsResolver::can_bind(const ResolvedAddress& addr) const {
  if (!winsock_ready()) return false;
  sockaddr_storage ss{};
  int len = 0;
  int af = addr.family == Family::inet ? AF_INET : AF_INET6;
  if (af == AF_INET) {
    auto* in = reinterpret_cast<sockaddr_in*>(&ss);
    in->sin_family = AF_INET;
    if (inet_pton(AF_INET, addr.addr.c_str(), &in->sin_addr) != 1) return false;
    len = sizeof(sockaddr_in);
  } else {
    auto* in6 = reinterpret_cast<sockaddr_in6*>(&ss);
    in6->sin6_family = AF_INET6;
    if (inet_pton(AF_INET6, addr.addr.c_str(), &in6->sin6_addr) != 1) return false;
    len = sizeof(sockaddr_in6);
  }
  SOCKET s = socket(af, SOCK_STREAM, IPPROTO_TCP);
  if (s == INVALID_SOCKET) return false;
  bool ok = bind(s, reinterpret_cast<sockaddr*>(&ss), len) == 0;
  closesocket(s);
  return ok;
}

}  // namespace dd::os
