// NCCL message rules: the text after "NCCL INFO " / "NCCL WARN ". Dispatches on the first
// character so that the common INFO lines (channels, rings, trees, affinity) cost a few
// comparisons. Message formats as printed by NCCL 2.3 - 2.28 (nccl-facts.md §1.8, 2.28.9).
#include "logs/address_text.hpp"
#include "logs/text_scan.hpp"
#include "logs/line_classifier.hpp"

namespace dd::logs::detail {

namespace {

bool has(std::string_view s, std::string_view n) { return s.find(n) != std::string_view::npos; }

// Integer after `key` in s ("rank 3" -> 3), -1 when absent.
int int_after(std::string_view s, std::string_view key) {
  std::size_t p = s.find(key);
  if (p == std::string_view::npos) return -1;
  p += key.size();
  int v = 0;
  std::size_t n = 0;
  while (p + n < s.size() && is_digit(s[p + n]) && n < 9) v = v * 10 + (s[p + n++] - '0');
  return n ? v : -1;
}

// The first entry of an NCCL interface list "[0]eth0:10.0.0.1<0> [1]eth1:...".
void first_iface(std::string_view list, LineEvent& ev) {
  std::size_t sp = list.find(' ');
  std::string_view entry = list.substr(0, sp);
  std::string_view iface, addr;
  if (parse_iface_entry(entry, iface, addr)) {
    ev.iface = iface;
    ev.addr = addr;
  }
}

std::string_view trim_end(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '.' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// "NET/Plugin : ..." / "NET/Plugin: ..." (init.cc 2.4 - 2.10, net.cc 2.11 - 2.25, plugin/ 2.26+): which net
// plugin the process runs. Tries that fail ("Failed to find ncclNetPlugin_v8 symbol.") are not an outcome.
bool classify_net_plugin(std::string_view msg, LineEvent& ev) {
  if (!starts(msg, "NET/Plugin")) return false;
  if (constexpr std::string_view k = "Loaded net plugin "; has(msg, k)) {
    std::string_view name = msg.substr(msg.find(k) + k.size());
    name = name.substr(0, name.find(" (v"));
    if (name.empty()) return false;
    ev.kind = EventKind::net_plugin;
    ev.text = name;
    return true;
  }
  if (has(msg, "No plugin found") || has(msg, "internal network plugin") || has(msg, "internal net plugin") ||
      has(msg, "internal implementation") || has(msg, "Could not find:") ||
      has(msg, "Plugin load returned") || has(msg, "Plugin load (")) {
    ev.kind = EventKind::net_plugin;
    ev.text = "internal";
    return true;
  }
  return false;
}

// Unsigned integer after `key` in `s`, in `base` (10 or 16, "0x" allowed), -1 when absent.
std::int64_t number_after(std::string_view s, std::string_view key, int base) {
  std::size_t p = s.find(key);
  if (p == std::string_view::npos) return -1;
  p += key.size();
  if (base == 16 && s.substr(p, 2) == "0x") p += 2;
  std::int64_t v = 0;
  std::size_t n = 0;
  for (; p + n < s.size() && n < 15; ++n) {
    char c = s[p + n];
    int d = is_digit(c) ? c - '0' : (base == 16 && c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
    if (d < 0) break;
    v = v * base + d;
  }
  return n ? v : -1;
}

// NCCL_DEBUG_SUBSYS=COLL's line per call (enqueue.cc, 2.3 - 2.28): "<Op>: opCount <hex> sendbuff <p>
// recvbuff <p> count <n> datatype <d> op <o> root <r> comm <p> [nranks=<n>] stream <p>".
bool classify_coll(std::string_view msg, LineEvent& ev) {
  if (msg.size() < 12 || msg[0] < 'A' || msg[0] > 'Z') return false;
  std::size_t at = msg.substr(0, 24).find(": opCount ");
  if (at == std::string_view::npos) return false;
  ev.seq = number_after(msg, ": opCount ", 16);
  ev.count = number_after(msg, " count ", 10);
  if (ev.seq < 0 || ev.count < 0) return false;
  ev.kind = EventKind::coll_call;
  ev.text = msg.substr(0, at);
  ev.datatype = int_after(msg, " datatype ");
  ev.op = int_after(msg, " op ");
  ev.root = int_after(msg, " root ");
  ev.nranks = int_after(msg, "[nranks=");
  if (std::size_t c = msg.find(" comm "); c != std::string_view::npos) {
    std::string_view rest = msg.substr(c + 6);
    ev.comm = rest.substr(0, rest.find(' '));
  }
  return true;
}

void classify_comm(std::string_view msg, LineEvent& ev) {
  ev.rank = int_after(msg, " rank ");
  ev.nranks = int_after(msg, " nranks ");
  ev.init_complete = has(msg, "Init COMPLETE");
  if (ev.rank >= 0 || ev.init_complete) ev.kind = EventKind::comm_rank;
  if (ev.rank < 0 && ev.init_complete) ev.kind = EventKind::init_complete;
}

// WARN texts that name a subsystem; returns true when it set a kind.
bool classify_warn(std::string_view msg, std::string_view src, LineEvent& ev) {
  // CUCHECK's "Cuda failure '%s'" from transport/nvls.cc (2.17+): a cuMulticast* call of the NVLS setup.
  if (has(src, "nvls") && has(msg, "Cuda failure")) {
    ev.kind = EventKind::nvls_error;
    ev.text = msg;
    return true;
  }
  if (has(msg, "libibverbs")) {
    ev.kind = EventKind::libibverbs_missing;
    return true;
  }
  if (has(msg, "ibv_reg_mr") && has(msg, "Cannot allocate memory")) {
    ev.kind = EventKind::resource_limit;
    return true;
  }
  if (has(msg, "peer access is not supported") || has(msg, "CUDA IPC")) {
    ev.kind = EventKind::p2p_error;  // before the shm source check: shm.cc reports cuMem peer-access failures
    return true;
  }
  if (has(msg, "No interface found in the same subnet")) {
    ev.kind = EventKind::subnet_mismatch;
    return true;
  }
  if (has(msg, "is neither AF_INET")) {
    ev.kind = EventKind::bad_socket_family;
    return true;
  }
  if (has(msg, "collective mismatch error") || has(msg, "essage truncated")) {
    ev.kind = EventKind::message_truncated;  // NET/IB and NET/Socket size checks, bootstrap.cc
    ev.text = msg;
    return true;
  }
  if (has(msg, "local access violation work queue error") || has(msg, "LOC_LEN_ERR") ||
      has(msg, "local length error")) {
    ev.kind = EventKind::ib_length_error;
    ev.text = msg;
    return true;
  }
  if (has(msg, "Socket creation failed") || has(msg, "no socket interface") || has(msg, "No IP interface")) {
    ev.kind = EventKind::no_socket_iface;
    ev.text = msg;
    return true;
  }
  if (is_ib_protection_error(msg)) {
    ev.kind = EventKind::driver_error;
    ev.text = msg;
    return true;
  }
  if (has(msg, "Unable to open device") || has(msg, "ibv_open_device")) {
    ev.kind = EventKind::ib_open_failed;  // net_ib.cc, and IBV_PTR_CHECK's "Call to %s failed"
    ev.text = msg;
    return true;
  }
  if (has(src, "ibvwrap") || has(src, "net_ib") || has(src, "ib_") || has(msg, "ibv_") || has(msg, "NET/IB") ||
      has(msg, "IBV_WC") || has(msg, "retry counter exceeded")) {
    ev.kind = EventKind::ib_error;
    ev.text = msg;
    return true;
  }
  if (has(msg, "Mismatched collective")) {
    ev.kind = EventKind::collective_mismatch;
    return true;
  }
  if (has(msg, "Message truncated")) {
    ev.kind = EventKind::message_truncated;
    return true;
  }
  if (has(src, "shm") || has(msg, "shared memory") || has(msg, "posix_fallocate") || has(msg, "/dev/shm")) {
    ev.kind = EventKind::shm_error;
    return true;
  }
  if (has(src, "p2p") || has(msg, "P2P") || has(msg, "peer access") || has(msg, "cudaIpc")) {
    ev.kind = EventKind::p2p_error;
    return true;
  }
  std::string_view err;
  ConnError ce = find_conn_error(msg, err);
  if (ce != ConnError::none || has(msg, "Connect to ")) {
    AddressMention ep = find_endpoint(msg);
    ev.kind = EventKind::connect_failed;
    ev.addr = ep.addr;
    ev.port = ep.port;
    ev.err = ce == ConnError::none ? ConnError::other : ce;
    ev.err_text = err;
    return true;
  }
  return false;
}

}  // namespace

void classify_nccl_message(std::string_view msg, std::string_view src, LineEvent& ev) {
  if (msg.empty()) return;
  if (classify_coll(msg, ev)) return;
  switch (msg[0]) {
    case 'B':
      if (starts(msg, "Bootstrap : Using ") || starts(msg, "Bootstrap: Using ")) {
        std::string_view list = msg.substr(msg.find("Using ") + 6);
        ev.kind = EventKind::bootstrap_iface;
        ev.text = list;
        first_iface(list, ev);
        return;
      }
      if (has(msg, "no socket interface")) {
        ev.kind = EventKind::no_socket_iface;
        ev.text = msg;
        return;
      }
      break;
    case 'N':
      if (classify_net_plugin(msg, ev)) return;
      if (starts(msg, "NET/Socket : Using ") || starts(msg, "NET/Socket: Using ")) {
        std::string_view list = msg.substr(msg.find("Using ") + 6);
        if (list.empty() || list[0] != '[') break;  // "Using 2 threads and 8 sockets per thread"
        ev.kind = EventKind::socket_ifaces;
        ev.text = list;
        first_iface(list, ev);
        return;
      }
      if (starts(msg, "NET : Using interface ")) {
        ev.kind = EventKind::legacy_iface;
        ev.text = msg.substr(22);
        first_iface(ev.text, ev);
        return;
      }
      if (starts(msg, "NET/Socket : no interface") || starts(msg, "NET/IB : No IP interface")) {
        ev.kind = EventKind::no_socket_iface;
        ev.text = msg;
        return;
      }
      if (starts(msg, "NET/IB : Using ") || starts(msg, "NET/IB: Using ")) {
        ev.kind = EventKind::ib_devices;
        ev.text = trim_end(msg.substr(msg.find("Using ") + 6));
        // "...; OOB ibp75s0:192.168.0.103<0>": the interface of NET/IB's own socket connections.
        if (std::size_t oob = ev.text.find("OOB "); oob != std::string_view::npos) first_iface(ev.text.substr(oob + 4), ev);
        return;
      }
      if ((starts(msg, "NET/IB : GPU Direct RDMA Disabled for HCA") || starts(msg, "NET/IB: GPU Direct RDMA Disabled for HCA"))) {
        ev.kind = EventKind::gdr_disabled;
        return;
      }
      if (starts(msg, "NET/IB : No device found") || starts(msg, "NET/IB: No device found")) {
        ev.kind = EventKind::ib_none;
        return;
      }
      if (starts(msg, "NCCL version ")) {
        std::string_view v = msg.substr(13);
        ev.kind = EventKind::nccl_version;
        ev.text = v.substr(0, v.find(' '));
        return;
      }
      if (constexpr std::string_view k = "NCCL_SOCKET_IFNAME set by environment to "; starts(msg, k)) {
        ev.kind = EventKind::ifname_env;
        ev.text = msg.substr(k.size());
        while (!ev.text.empty() && (ev.text.back() == ' ' || ev.text.back() == '\t')) ev.text.remove_suffix(1);
        return;
      }
      // net_ib's own "NCCL_IB_HCA set to %s" (2.7+), or ncclGetEnv's "%s set by environment to %s".
      for (std::string_view k : {std::string_view("NCCL_IB_HCA set to "), std::string_view("NCCL_IB_HCA set by environment to ")}) {
        if (starts(msg, k)) {
          ev.kind = EventKind::ib_hca_env;
          ev.text = trim_end(msg.substr(k.size()));
          return;
        }
      }
      break;
    case 'P':
      // Printed by the HPC-X / nccl-rdma-sharp-plugins net plugin itself (src/p2p_plugin.c): the
      // library it was loaded from, and the NCCL net it registers ("IBext", "IBext_v8").
      if (constexpr std::string_view k = "Plugin Path : "; starts(msg, k)) {
        ev.kind = EventKind::net_plugin;
        ev.text = trim_end(msg.substr(k.size()));
        return;
      }
      if (constexpr std::string_view k = "P2P plugin "; starts(msg, k)) {
        std::string_view name = trim_end(msg.substr(k.size()));
        if (starts(name, "v") && name.find(' ') != std::string_view::npos) name = name.substr(name.find(' ') + 1);
        if (name.empty()) break;
        ev.kind = EventKind::net_plugin;
        ev.text = name;
        return;
      }
      break;
    case 'U':
      if (starts(msg, "Using network ")) {
        ev.kind = EventKind::using_network;
        ev.text = trim_end(msg.substr(14));
        return;
      }
      break;
    case 'b':
      // NCCLCHECK's unwinding trace "%s:%d -> %d" through the bootstrap (bootstrap.cu before 2.4).
      if (starts(msg, "bootstrap.c")) {
        std::size_t arrow = msg.find(" -> ");
        if (arrow != std::string_view::npos && arrow + 4 < msg.size() && msg[arrow + 4] >= '1' && msg[arrow + 4] <= '9') {
          ev.kind = EventKind::bootstrap_failed;
          ev.text = msg;
          return;
        }
      }
      break;
    case 's':
      // misc/socket.cc: a peer announced another socket type than this listener expects.
      // 2.16 - 2.26 WARN "socketFinalizeAccept: wrong type %d != %d", 2.28 - 2.29 WARN
      // "socketFinalizeAccept from %s: wrong type %d != %d", 2.30 INFO "... wrong socket type (peer %d
      // != expected %d -- ...)"; types: 1 bootstrap, 2 proxy, 3 NET/Socket, 4 NET/IB, 5 RAS.
      if (starts(msg, "socketFinalizeAccept") && (has(msg, "wrong type ") || has(msg, "wrong socket type ")) &&
          has(msg, " != ")) {
        ev.kind = EventKind::socket_type_mismatch;
        ev.text = msg;
        return;
      }
      break;
    case 'c':
      if (starts(msg, "comm 0x") || starts(msg, "comm ")) {
        classify_comm(msg, ev);
        if (ev.kind != EventKind::none) return;
      }
      break;
    case 'n':
      if (starts(msg, "ncclCommInit") || starts(msg, "nranks ")) {
        classify_comm(msg, ev);
        if (starts(msg, "nranks ")) ev.nranks = int_after(msg, "nranks ");
        if (ev.nranks >= 0 && ev.kind == EventKind::none) ev.kind = EventKind::comm_rank;
        if (ev.kind != EventKind::none) return;
      }
      break;
    case 'R':
      if (starts(msg, "Ring ")) {
        ev.kind = EventKind::net_channel;
        ev.text = msg;
        return;
      }
      break;
    case 'I':
      if (starts(msg, "Init COMPLETE")) {
        classify_comm(msg, ev);
        return;
      }
      break;
    case 'C':
      if (starts(msg, "Channel")) {
        // The transport is looked up (channel_transport) only while the rank's is still unknown.
        ev.kind = EventKind::net_channel;
        ev.text = msg;
        return;
      }
      if (starts(msg, "Connected all rings")) {
        ev.kind = EventKind::rings_connected;
        return;
      }
      if (starts(msg, "Call to connect returned ")) {
        std::string_view err;
        ev.kind = EventKind::connect_failed;
        ev.err = find_conn_error(msg, err);
        if (ev.err == ConnError::none) ev.err = ConnError::other;
        ev.err_text = err;
        return;
      }
      if (starts(msg, "Connected")) return;
      break;
    default:
      break;
  }
  if (ev.warn) {
    if (classify_warn(msg, src, ev)) return;
    classify_free_text(msg, ev);
    return;
  }
  // Init COMPLETE printed after other words (2.19+: "ncclCommInitRankConfig comm ... - Init COMPLETE").
  if (msg.size() > 13 && msg.back() == 'E' && has(msg, "Init COMPLETE")) classify_comm(msg, ev);
}

}  // namespace dd::logs::detail

namespace dd::logs {

bool socket_type_pair(std::string_view msg, int& peer, int& expected) {
  std::size_t neq = msg.find(" != ");
  if (neq == std::string_view::npos || neq == 0) return false;
  std::size_t b = neq;
  while (b > 0 && is_digit(msg[b - 1]) && neq - b < 3) --b;
  std::size_t e = neq + 4;
  std::string_view tail = msg.substr(e);
  if (starts(tail, "expected ")) e += 9;
  std::size_t d = e;
  while (d < msg.size() && is_digit(msg[d]) && d - e < 3) ++d;
  if (b == neq || d == e) return false;
  auto num = [](std::string_view v) {
    int n = 0;
    for (char c : v) n = n * 10 + (c - '0');
    return n;
  };
  peer = num(msg.substr(b, neq - b));
  expected = num(msg.substr(e, d - e));
  return true;
}

std::string_view channel_transport(std::string_view msg) {
  // "via" ends the connection part of a channel line: search from the end (the line's hot path).
  std::size_t via = msg.rfind(" via ");
  if (via == std::string_view::npos || msg.substr(via + 5, 4) != "NET/") return {};
  std::string_view t = msg.substr(via + 9);
  return t.substr(0, t.find('/'));
}

}  // namespace dd::logs
