// dd_nccl_oracle: asks the real libnccl which interfaces it picks, for the namespace system tests
// that check `distdoctor nics` against it. Checked against NCCL 2.28.9.
//
// Method: call ncclGetUniqueId() (runs NCCL's bootstrapNetInit), decode the 128-byte id (2.16+:
// bytes 0-7 magic, bytes 8.. a sockaddr_in/sockaddr_in6), then read NCCL's own bootstrap choice
// from its internal statics bootstrapNetIfName/bootstrapNetIfAddr and call the internal
// ncclFindInterfaces(names, addrs, nameMax=16, maxIfs=16, &n) - the list NET/Socket uses. Internal
// symbols are not exported: their offsets come from the library's .symtab, and the load base from
// dladdr() of the exported ncclGetUniqueId (cross-checked against its own .symtab entry).
//
// Output: one JSON object on stdout (NCCL's own log lines, if NCCL_DEBUG is set, go to stderr):
//   {"library": {"path", "version"}, "rc", "rc_text", "last_error",
//    "id": {"magic", "addr", "port", "iface"} | null,
//    "bootstrap": {"iface", "addr"} | null,            // null when rc != 0
//    "bootstrap_source": "internal" | "id",
//    "socket_rc", "socket": [{"iface", "addr"}],       // ncclFindInterfaces(maxIfs=16)
//    "internals": {"available", "error"}}
// addr is numeric without port, IPv6 link-local as fe80::x%iface (as NCCL prints it).
// Exit: 0 when the JSON was printed (whatever NCCL answered), 2 bad usage, 3 internal failure.
#include <arpa/inet.h>
#include <dlfcn.h>
#include <ifaddrs.h>
#include <nccl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "elf_symtab.hpp"

namespace {

// NCCL's union ncclSocketAddress (src/include/socket.h): 28 bytes, the stride of its address arrays.
union SocketAddress {
  sockaddr sa;
  sockaddr_in sin;
  sockaddr_in6 sin6;
};
static_assert(sizeof(SocketAddress) == 28, "must match NCCL's ncclSocketAddress");

// ncclResult_t ncclFindInterfaces(char* ifNames, ncclSocketAddress* ifAddrs, int ifNameMaxSize,
//                                 int maxIfs, int* nIfs)   (src/misc/socket.cc, 2.28)
using FindInterfacesFn = ncclResult_t (*)(char*, SocketAddress*, int, int, int*);

constexpr int k_max_ifs = 16;       // NCCL's MAX_IFS
constexpr int k_if_name_size = 16;  // NCCL's MAX_IF_NAME_SIZE
constexpr const char* k_sym_find = "_Z18ncclFindInterfacesPcP17ncclSocketAddressiiPi";
constexpr const char* k_sym_if_name = "_ZL18bootstrapNetIfName";
constexpr const char* k_sym_if_addr = "_ZL18bootstrapNetIfAddr";
constexpr const char* k_sym_init_done = "_ZL20bootstrapNetInitDone";
constexpr const char* k_sym_anchor = "ncclGetUniqueId";

// Numeric host of a v4/v6 sockaddr as NCCL prints it (getnameinfo NI_NUMERICHOST); "" otherwise.
std::string numeric_host(const SocketAddress& a) {
  socklen_t len = 0;
  if (a.sa.sa_family == AF_INET)
    len = sizeof(sockaddr_in);
  else if (a.sa.sa_family == AF_INET6)
    len = sizeof(sockaddr_in6);
  else
    return "";
  std::array<char, NI_MAXHOST> host{};
  if (::getnameinfo(&a.sa, len, host.data(), host.size(), nullptr, 0, NI_NUMERICHOST) != 0) return "";
  return host.data();
}

std::uint16_t port_of(const SocketAddress& a) {
  return ntohs(a.sa.sa_family == AF_INET ? a.sin.sin_port : a.sin6.sin6_port);
}

// Name of the first getifaddrs entry holding exactly this address (and, for IPv6, scope id).
std::optional<std::string> owning_interface(const SocketAddress& a) {
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return std::nullopt;
  std::optional<std::string> name;
  for (ifaddrs* e = list; e != nullptr && !name; e = e->ifa_next) {
    if (e->ifa_addr == nullptr || e->ifa_addr->sa_family != a.sa.sa_family) continue;
    if (a.sa.sa_family == AF_INET) {
      sockaddr_in s{};
      std::memcpy(&s, e->ifa_addr, sizeof s);
      if (s.sin_addr.s_addr == a.sin.sin_addr.s_addr) name = e->ifa_name;
    } else if (a.sa.sa_family == AF_INET6) {
      sockaddr_in6 s{};
      std::memcpy(&s, e->ifa_addr, sizeof s);
      if (std::memcmp(&s.sin6_addr, &a.sin6.sin6_addr, sizeof s.sin6_addr) == 0 &&
          s.sin6_scope_id == a.sin6.sin6_scope_id)
        name = e->ifa_name;
    }
  }
  ::freeifaddrs(list);
  return name;
}

// The id's magic, address, port and owning interface; null when it holds no v4/v6 sockaddr.
nlohmann::json decode_id(const ncclUniqueId& id) {
  std::uint64_t magic = 0;
  std::memcpy(&magic, id.internal, sizeof magic);
  SocketAddress a{};
  std::memcpy(&a, id.internal + 8, sizeof a);
  if (a.sa.sa_family != AF_INET && a.sa.sa_family != AF_INET6) return nullptr;
  std::array<char, 24> hex{};
  std::snprintf(hex.data(), hex.size(), "0x%016llx", static_cast<unsigned long long>(magic));
  bool tail_zero = true;
  for (std::size_t i = 8 + sizeof a; i < sizeof id.internal; ++i) tail_zero = tail_zero && id.internal[i] == 0;
  const auto owner = owning_interface(a);
  return {{"magic", hex.data()},
          {"addr", numeric_host(a)},
          {"port", port_of(a)},
          {"iface", owner ? nlohmann::json(*owner) : nlohmann::json(nullptr)},
          {"tail_zero", tail_zero}};
}

// Addresses of NCCL internals in this process, resolved through the library's .symtab.
struct Internals {
  FindInterfacesFn find = nullptr;
  const char* if_name = nullptr;
  const SocketAddress* if_addr = nullptr;
  const int* init_done = nullptr;
  std::string error;
};

Internals resolve_internals(std::string& library_path) {
  Internals in;
  Dl_info info{};
  void* anchor = ::dlsym(RTLD_DEFAULT, k_sym_anchor);
  if (anchor == nullptr || ::dladdr(anchor, &info) == 0 || info.dli_fname == nullptr) {
    in.error = "dladdr(ncclGetUniqueId) failed";
    return in;
  }
  library_path = info.dli_fname;
  std::string error;
  const auto values = dd::oracle::find_symtab_values(
      library_path, {k_sym_anchor, k_sym_find, k_sym_if_name, k_sym_if_addr, k_sym_init_done}, error);
  if (!error.empty()) {
    in.error = error;
    return in;
  }
  for (const char* want : {k_sym_anchor, k_sym_find, k_sym_if_name, k_sym_if_addr, k_sym_init_done}) {
    if (values.count(want) == 0) {
      in.error = library_path + ": symbol " + want + " not in .symtab (NCCL version other than 2.28?)";
      return in;
    }
  }
  const auto base = reinterpret_cast<std::uintptr_t>(info.dli_fbase);
  if (base + values.at(k_sym_anchor) != reinterpret_cast<std::uintptr_t>(anchor)) {
    in.error = "load base check failed: .symtab ncclGetUniqueId does not match dladdr";
    return in;
  }
  in.find = reinterpret_cast<FindInterfacesFn>(base + values.at(k_sym_find));
  in.if_name = reinterpret_cast<const char*>(base + values.at(k_sym_if_name));
  in.if_addr = reinterpret_cast<const SocketAddress*>(base + values.at(k_sym_if_addr));
  in.init_done = reinterpret_cast<const int*>(base + values.at(k_sym_init_done));
  return in;
}

nlohmann::json iface_addr(const std::string& iface, const SocketAddress& a) {
  return {{"iface", iface}, {"addr", numeric_host(a)}};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) {
    const bool help = std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0;
    std::fprintf(help ? stdout : stderr,
                 "usage: dd_nccl_oracle\n  prints, as JSON, what the linked libnccl picks for "
                 "bootstrap and NET/Socket in this network namespace and environment\n");
    return help ? 0 : 2;
  }
  // NCCL logs to stdout; keep stdout for the JSON only.
  const int json_fd = ::dup(STDOUT_FILENO);
  if (json_fd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::perror("dd_nccl_oracle: dup");
    return 3;
  }

  nlohmann::json out;
  int version = 0;
  (void)ncclGetVersion(&version);
  std::string library_path;
  const Internals in = resolve_internals(library_path);
  out["library"] = {{"path", library_path}, {"version", version}};

  ncclUniqueId id{};
  const ncclResult_t rc = ncclGetUniqueId(&id);
  out["rc"] = static_cast<int>(rc);
  out["rc_text"] = ncclGetErrorString(rc);
  const char* last = ncclGetLastError(nullptr);
  out["last_error"] = last != nullptr ? last : "";
  out["id"] = rc == ncclSuccess ? decode_id(id) : nlohmann::json(nullptr);
  out["internals"] = {{"available", in.error.empty()}, {"error", in.error}};

  out["bootstrap"] = nullptr;
  if (rc == ncclSuccess && in.error.empty()) {
    if (*in.init_done == 0) {
      std::fprintf(stderr, "dd_nccl_oracle: ncclGetUniqueId succeeded but bootstrapNetInitDone is 0\n");
      return 3;
    }
    out["bootstrap"] = iface_addr(std::string(in.if_name, ::strnlen(in.if_name, k_if_name_size + 1)), *in.if_addr);
    out["bootstrap_source"] = "internal";
  } else if (rc == ncclSuccess && out["id"].is_object()) {
    out["bootstrap"] = {{"iface", out["id"]["iface"]}, {"addr", out["id"]["addr"]}};
    out["bootstrap_source"] = "id";
  }

  out["socket"] = nlohmann::json::array();
  out["socket_rc"] = nullptr;
  if (in.error.empty()) {
    std::array<char, k_max_ifs * k_if_name_size> names{};
    std::array<SocketAddress, k_max_ifs> addrs{};
    int n = 0;
    const ncclResult_t src = in.find(names.data(), addrs.data(), k_if_name_size, k_max_ifs, &n);
    out["socket_rc"] = static_cast<int>(src);
    for (int i = 0; src == ncclSuccess && i < n && i < k_max_ifs; ++i) {
      const char* name = names.data() + i * k_if_name_size;
      out["socket"].push_back(
          iface_addr(std::string(name, ::strnlen(name, k_if_name_size)), addrs[static_cast<std::size_t>(i)]));
    }
  }

  const std::string text = out.dump() + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t w = ::write(json_fd, text.data() + done, text.size() - done);
    if (w <= 0) return 3;
    done += static_cast<std::size_t>(w);
  }
  std::fflush(stderr);
  // NCCL's root thread from ncclGetUniqueId is still listening; leave without running destructors.
  std::_Exit(0);
}
