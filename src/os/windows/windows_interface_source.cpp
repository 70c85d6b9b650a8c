#include "os/windows/windows_interface_source.hpp"

// clang-format off
#include <winsock2.h>
#include <ws2tcpip.h>
#include <iphlpapi.h>
// clang-format on

#include <algorithm>
#include <array>
#include <vector>

namespace dd::os {

namespace {

// UTF-16 friendly name -> UTF-8.
std::string utf8(const wchar_t* w) {
  if (w == nullptr || *w == 0) return "";
  int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, nullptr, 0, nullptr, nullptr);
  if (n <= 1) return "";
  std::string out(static_cast<std::size_t>(n), '\0');
  WideCharToMultiByte(CP_UTF8, 0, w, -1, out.data(), n, nullptr, nullptr);
  out.resize(static_cast<std::size_t>(n - 1));
  return out;
}

// The adapter list in one buffer; empty when the call fails (retried once when it grew).
std::vector<unsigned char> adapters_buffer() {
  ULONG size = 16 * 1024;
  std::vector<unsigned char> buf;
  for (int attempt = 0; attempt < 3; ++attempt) {
    buf.assign(size, 0);
    ULONG rc =
        GetAdaptersAddresses(AF_UNSPEC, GAA_FLAG_SKIP_ANYCAST | GAA_FLAG_SKIP_MULTICAST | GAA_FLAG_SKIP_DNS_SERVER,
                             nullptr, reinterpret_cast<IP_ADAPTER_ADDRESSES*>(buf.data()), &size);
    if (rc == ERROR_SUCCESS) return buf;
    if (rc != ERROR_BUFFER_OVERFLOW) break;
  }
  return {};
}

template <typename F>
void for_each_adapter(F&& f) {
  auto buf = adapters_buffer();
  if (buf.empty()) return;
  for (auto* a = reinterpret_cast<IP_ADAPTER_ADDRESSES*>(buf.data()); a != nullptr; a = a->Next) f(*a);
}

LinkEntry link_of(const IP_ADAPTER_ADDRESSES& a) {
  LinkEntry l;
  l.name = utf8(a.FriendlyName);
  if (l.name.empty()) l.name = a.AdapterName ? a.AdapterName : "";
  l.ifindex = static_cast<int>(a.IfIndex != 0 ? a.IfIndex : a.Ipv6IfIndex);
  l.up = a.OperStatus == IfOperStatusUp;
  l.running = l.up;
  l.loopback = a.IfType == IF_TYPE_SOFTWARE_LOOPBACK;
  return l;
}

}  // namespace

std::vector<LinkEntry> WindowsInterfaceSource::links() const {
  std::vector<LinkEntry> out;
  for_each_adapter([&](const IP_ADAPTER_ADDRESSES& a) { out.push_back(link_of(a)); });
  std::stable_sort(out.begin(), out.end(),
                   [](const LinkEntry& x, const LinkEntry& y) { return x.ifindex < y.ifindex; });
  return out;
}

std::vector<AddressEntry> WindowsInterfaceSource::addresses() const {
  std::vector<AddressEntry> v4, v6;
  for_each_adapter([&](const IP_ADAPTER_ADDRESSES& a) {
    LinkEntry link = link_of(a);
    for (auto* u = a.FirstUnicastAddress; u != nullptr; u = u->Next) {
      const sockaddr* sa = u->Address.lpSockaddr;
      if (sa == nullptr) continue;
      AddressEntry e;
      e.name = link.name;
      e.link = link.name;
      e.up = link.up;
      e.running = link.running;
      e.loopback = link.loopback;
      e.prefix = u->OnLinkPrefixLength;
      std::array<char, INET6_ADDRSTRLEN> text{};
      if (sa->sa_family == AF_INET) {
        const auto* in = reinterpret_cast<const sockaddr_in*>(sa);
        if (inet_ntop(AF_INET, &in->sin_addr, text.data(), text.size()) == nullptr) continue;
        e.family = Family::inet;
        e.addr = text.data();
        v4.push_back(std::move(e));
      } else if (sa->sa_family == AF_INET6) {
        const auto* in6 = reinterpret_cast<const sockaddr_in6*>(sa);
        if (inet_ntop(AF_INET6, &in6->sin6_addr, text.data(), text.size()) == nullptr) continue;
        e.family = Family::inet6;
        e.addr = text.data();
        e.scope_id = in6->sin6_scope_id;
        v6.push_back(std::move(e));
      }
    }
  });
  for (auto& e : v6) v4.push_back(std::move(e));
  return v4;
}

}  // namespace dd::os
