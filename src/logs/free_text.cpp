// Free-text rules: torch / torchrun / c10d, Gloo, TensorFlow / gRPC, nccl-tests, shells, and NCCL
// WARN texts no NCCL rule claimed. Ordered from the most specific cause to the most generic
// symptom, so that e.g. a shared-memory error mentioning "No space left" is not read as a
// network error. Texts as printed by torch 1.0 - 2.5, Gloo (pair.cc), TF 2.x and nccl-tests.
#include <algorithm>
#include <charconv>
#include <system_error>

#include "logs/address_text.hpp"
#include "logs/text_scan.hpp"
#include "logs/line_classifier.hpp"
#include "logs/tf_config_text.hpp"

namespace dd::logs::detail {

namespace {

bool has(std::string_view s, std::string_view n) { return s.find(n) != std::string_view::npos; }

std::int64_t int64_after(std::string_view s, std::string_view key) {
  std::size_t p = s.find(key);
  if (p == std::string_view::npos) return -1;
  p += key.size();
  std::int64_t v = 0;
  std::size_t n = 0;
  while (p + n < s.size() && is_digit(s[p + n]) && n < 18) v = v * 10 + (s[p + n++] - '0');
  return n ? v : -1;
}

std::string_view token_after(std::string_view s, std::string_view key) {
  std::size_t p = s.find(key);
  if (p == std::string_view::npos) return {};
  p += key.size();
  std::size_t e = p;
  while (e < s.size() && s[e] != ',' && s[e] != ')' && s[e] != ' ' && e - p < 64) ++e;
  return s.substr(p, e - p);
}

bool classify_watchdog(std::string_view line, LineEvent& ev) {
  if (!has(line, "Watchdog caught collective operation timeout")) return false;
  ev.kind = EventKind::watchdog_timeout;
  ev.seq = int64_after(line, "SeqNum=");
  ev.text = token_after(line, "OpType=");
  std::int64_t r = int64_after(line, "[Rank ");
  ev.rank = r >= 0 && r < 10000000 ? static_cast<int>(r) : -1;
  return true;
}

bool any_of(std::string_view line, std::initializer_list<std::string_view> needles) {
  for (std::string_view n : needles)
    if (has(line, n)) return true;
  return false;
}

void set_connect(std::string_view line, ConnError ce, std::string_view err, LineEvent& ev) {
  AddressMention ep = find_endpoint(line);
  ev.kind = EventKind::connect_failed;
  ev.addr = ep.addr;
  ev.port = ep.port;
  ev.err = ce;
  ev.err_text = err;
}


// The endpoint torch rejected before connecting, as printed (quotes included), or empty:
// - torch elastic's parse_rendezvous_endpoint (torch/distributed/elastic/rendezvous/utils.py):
//   "The port number of the rendezvous endpoint '%s' must be an integer between 0 and 65536." and
//   "The hostname of the rendezvous endpoint '%s' must be a dot-separated list of labels, ...";
// - pybind11's overload error for TCPStore(host_name: str, port: int, ...), whose last line is
//   "Invoked with: 'localhost', 80000, 1, True, ...": a port outside 0-65535 converts to no overload.
std::string_view rejected_endpoint(std::string_view line) {
  constexpr auto npos = std::string_view::npos;
  for (std::string_view key : {"port number of the rendezvous endpoint '", "hostname of the rendezvous endpoint '"}) {
    std::size_t p = line.find(key);
    if (p == npos) continue;
    std::size_t open = p + key.size() - 1;
    std::size_t close = line.find('\'', open + 1);
    return close == npos || close - open > 256 ? std::string_view() : line.substr(open, close - open + 1);
  }
  std::size_t p = line.find("Invoked with: '");
  if (p == npos) return {};
  std::size_t open = p + 14;
  std::size_t close = line.find("', ", open + 1);
  if (close == npos || close - open > 256) return {};
  // The port argument: an integer (a sign allowed), then the next argument or the end.
  const char* first = line.data() + close + 3;
  const char* last = line.data() + line.size();
  std::int64_t port = 0;
  auto [end, ec] = std::from_chars(first, last, port);
  if (end == first || (end != last && *end != ',' && *end != ';')) return {};
  if (ec == std::errc() && port >= 0 && port <= 65535) return {};  // a valid port: another argument failed
  return line.substr(open, static_cast<std::size_t>(end - line.data()) - open);
}

// The CUDA runtime's texts (cudaGetErrorString) for code that holds no kernel for the GPU it runs
// on: cudaErrorInvalidDeviceFunction, cudaErrorNoKernelImageForDevice, and cudaErrorSymbolNotFound,
// which NCCL's enqueue.cc gets for its kernels when libnccl was built without the GPU's sm_XX
// (NCCL_WARN "Cuda failure '%s'", torch "CUDA error: %s").
bool is_missing_gpu_arch(std::string_view line) {
  return any_of(line, {"'invalid device function'", "CUDA error: invalid device function",
                       "'named symbol not found'", "CUDA error: named symbol not found",
                       "no kernel image is available for execution on the device"});
}

// A Python stack frame of an iterator step in input-pipeline code: the function that yields the
// next item (__next__, __iter__, _next_data, __getitem__) in a module under a data/ or datasets/
// package or in a file named for loading data (*loader*.py, *dataset*.py). Frames as py-spy dumps
// them ("    __next__ (fairseq/data/iterators.py:648)") and as tracebacks and faulthandler print
// them ('  File ".../data/iterators.py", line 648, in __next__'). A rank whose stack shows it there
// waits for its input, not for its peers.
bool is_input_frame(std::string_view line) {
  constexpr auto npos = std::string_view::npos;
  std::size_t b = 0;
  while (b < line.size() && (line[b] == ' ' || line[b] == '\t')) ++b;
  std::string_view s = line.substr(b);
  std::string_view func, path;
  if (starts(s, "File \"")) {
    std::size_t close = s.find('"', 6);
    std::size_t in = s.rfind(" in ");
    if (close == npos || in == npos || in < close) return false;
    path = s.substr(6, close - 6);
    func = s.substr(in + 4);
  } else {
    std::size_t open = s.find(" (");
    if (open == npos || open == 0 || s.back() != ')') return false;
    func = s.substr(0, open);
    path = s.substr(open + 2, s.size() - open - 3);
    std::size_t colon = path.rfind(':');
    if (colon == npos || colon + 1 >= path.size() || !is_digit(path[colon + 1])) return false;
    path = path.substr(0, colon);
  }
  while (!func.empty() && (func.back() == ' ' || func.back() == '\r')) func.remove_suffix(1);
  if (func != "__next__" && func != "__iter__" && func != "_next_data" && func != "__getitem__") return false;
  if (path.size() < 4 || path.substr(path.size() - 3) != ".py") return false;
  std::size_t slash = path.rfind('/');
  std::string_view file = slash == npos ? path : path.substr(slash + 1);
  return starts(path, "data/") || has(path, "/data/") || starts(path, "datasets/") || has(path, "/datasets/") ||
         has(file, "loader") || has(file, "dataset");
}
}  // namespace

// A Hugging Face datasets progress bar ("Map: 9%|...| 280000/2969526 [29:55<4:48:08, 155.57
// examples/s]", "Running tokenizer on dataset: ...") that has not reached 100 %: the rank is still
// preprocessing while its peers wait in a barrier or collective.
bool is_unfinished_preprocessing(std::string_view s) {
  std::size_t bar = s.find("%|");
  if (bar == std::string_view::npos || bar < 1 || !is_digit(s[bar - 1])) return false;
  std::size_t unit = std::string_view::npos;
  for (std::string_view u : {" examples/s]", " ex/s]", " ba/s]", " examples/s,"}) unit = std::min(unit, s.find(u, bar));
  if (unit == std::string_view::npos) return false;
  std::size_t b = bar;
  while (b > 0 && is_digit(s[b - 1]) && bar - b < 3) --b;
  return !(bar - b == 3 && s.substr(b, 3) == "100");
}

// An IB work completion with status 4 (IBV_WC_LOC_PROT_ERR): the NIC was refused access to a
// registered buffer. With GPU buffers that is GPUDirect RDMA (PCI ACS / IOMMU, peer-memory module),
// not the fabric. NCCL prints "with error 4, opcode ..." (<= 2.9) and "with status=4 opcode=..." (2.10+).
bool is_ib_protection_error(std::string_view s) {
  if (!has(s, "completion")) return false;
  for (std::string_view key : {"with error ", "status="}) {
    std::size_t p = s.find(key);
    if (p == std::string_view::npos) continue;
    p += key.size();
    if (p < s.size() && s[p] == '4' && (p + 1 == s.size() || !is_digit(s[p + 1]))) return true;
  }
  return false;
}

ConnError find_conn_error(std::string_view s, std::string_view& err_text) {
  struct Pattern {
    std::string_view text;
    ConnError err;
  };
  static constexpr Pattern k_patterns[] = {
      {"Connection refused", ConnError::refused},
      {"ECONNREFUSED", ConnError::refused},
      {"No route to host", ConnError::unreachable},
      {"Network is unreachable", ConnError::unreachable},
      {"EHOSTUNREACH", ConnError::unreachable},
      {"Connection timed out", ConnError::timed_out},
      {"ETIMEDOUT", ConnError::timed_out},
      {"Connection reset by peer", ConnError::reset},
      {"Connection closed by", ConnError::reset},
      {"Software caused connection abort", ConnError::reset},
      {"Broken pipe", ConnError::reset},
  };
  for (const auto& p : k_patterns) {
    std::size_t pos = s.find(p.text);
    if (pos != std::string_view::npos) {
      err_text = s.substr(pos, p.text.size());
      return p.err;
    }
  }
  // c10d: "The client socket has timed out after 900s while trying to connect to (h, 29500)".
  if (has(s, "timed out") && (has(s, "connect") || has(s, "Connect"))) {
    err_text = "timed out";
    return ConnError::timed_out;
  }
  return ConnError::none;
}

void classify_free_text(std::string_view line, LineEvent& ev) {
  if (line.size() < 6) return;
  if (classify_watchdog(line, ev)) return;
  if (classify_launcher_text(line, ev)) return;
  if (any_of(line, {"Mismatched collective", "Detected mismatch between collectives", "mismatch between collectives",
                    "SIZE_OR_SYNTAX_MISMATCH", "COLLECTIVE_STATE_MISMATCH", "Culprit rank"})) {
    ev.kind = EventKind::collective_mismatch;
    return;
  }
  // torch's own source line, quoted in tracebacks, splits the literal: "...have NCCL " "built in".
  if (any_of(line, {"doesn't have NCCL", "NCCL is not available on Windows", "NCCL backend is not available"})) {
    ev.kind = EventKind::windows_no_nccl;
    return;
  }
  if (any_of(line, {"shared memory segment", "posix_fallocate", "insufficient shared memory", "shm_open"}) ||
      (has(line, "/dev/shm") && any_of(line, {"No space", "full", "Bus error", "failed"}))) {
    ev.kind = EventKind::shm_error;
    return;
  }
  if (any_of(line, {"peer access is not supported", "peer mapping resources exhausted", "P2P is not supported",
                    "cudaIpcOpenMemHandle failed", "cudaIpcGetMemHandle failed"})) {
    ev.kind = EventKind::p2p_error;
    return;
  }
  // TF's server_lib / grpc_server: a task index or job the cluster spec does not list
  // ("Task 2 was not defined in job \"worker\""); an evaluator listed inside the cluster (it must be
  // given only as the evaluator's own task type).
  if (has(line, "was not defined in job") ||
      (has(line, "TF_CONFIG") && has(line, "\"evaluator\":[") &&
       any_of(line, {"\"worker\":[", "\"chief\":[", "\"ps\":["}))) {
    ev.kind = EventKind::tf_config_error;
    return;
  }
  if (std::string_view v = printed_tf_config(line); !v.empty()) {
    ev.kind = EventKind::tf_config_printed;
    ev.text = v;
    return;
  }
  // The cluster-spec checks of tf.estimator's RunConfig (run_config.py
  // _validate_task_type_and_task_id, _init_distributed_setting_from_environment_var*) and of the
  // distribution strategies (multi_worker_util._validate_cluster_spec): their ValueErrors name the
  // task type and the cluster spec, and mention TF_CONFIG only on a later line or not at all.
  if (any_of(line, {"is not a valid task_type in the cluster_spec", "is not a valid task_id for task_type",
                    "Task index must be non-negative number", "If `master` node exists in `cluster`",
                    "Unrecognized task_type: ", "not found in cluster_spec", "There must be at most one 'chief' job",
                    "There must be at most one 'evaluator' job", "exceeds the maximum id of"})) {
    ev.kind = EventKind::tf_config_error;
    return;
  }
  if (has(line, "TF_CONFIG") &&
      any_of(line, {"rror", "nvalid", "JSONDecode", "must", "not found", "does not", "KeyError", "ValueError"})) {
    ev.kind = EventKind::tf_config_error;
    return;
  }
  if (std::string_view ep = rejected_endpoint(line); !ep.empty()) {
    ev.kind = EventKind::endpoint_invalid;
    ev.text = ep;
    return;
  }
  if (any_of(line, {"host not found", "Name or service not known", "Temporary failure in name resolution",
                    "nodename nor servname", "Unable to resolve hostname", "DNS resolution failed",
                    "No address associated with hostname", "getaddrinfo failed", "Could not resolve host"})) {
    ev.kind = EventKind::hostname_error;
    AddressMention ep = find_endpoint(line);
    ev.addr = ep.addr;
    ev.port = ep.port;
    return;
  }
  if (has(line, "Unable to find address for")) {
    std::size_t p = line.find("Unable to find address for");
    std::string_view rest = line.substr(p + 26);
    while (!rest.empty() && (rest.front() == ':' || rest.front() == ' ')) rest.remove_prefix(1);
    // Gloo's tcp/device.cc prints this text from two lookups: the interface one
    // (GLOO_SOCKET_IFNAME; "ifa != nullptr") and the hostname one ("rp != nullptr", or
    // "Unable to find address for HOST; bind(2) for ADDR failed with: ERR" when the name resolves
    // to an address this machine does not own). The enforce condition tells them apart.
    bool by_hostname = has(line, "rp != nullptr") || has(rest, "; bind(2) for");
    ev.kind = by_hostname ? EventKind::gloo_host_unusable : EventKind::gloo_iface_missing;
    ev.text = rest.substr(0, std::min(rest.find(' '), rest.find(';')));
    return;
  }
  if (any_of(line, {"driver version is insufficient", "Driver/library version mismatch",
                    "driver/library version mismatch", "NVIDIA driver on your system is too old"})) {
    ev.kind = EventKind::driver_version;
    return;
  }
  if (is_missing_gpu_arch(line)) {
    ev.kind = EventKind::gpu_arch_unsupported;
    return;
  }
  if ((has(line, "cuInit") && any_of(line, {"fail", "rror"})) ||
      (any_of(line, {"GPU Direct RDMA", "GDRDMA", "nvidia_peermem", "nv_peer_mem", "dmabuf"}) &&
       any_of(line, {"fail", "rror", "not supported"}))) {
    ev.kind = EventKind::driver_error;
    return;
  }
  if (any_of(line, {"Too many open files", "too many open files", "RLIMIT_MEMLOCK", "locked memory"}) ||
      (has(line, "ibv_reg_mr") && has(line, "Cannot allocate memory"))) {
    ev.kind = EventKind::resource_limit;
    return;
  }
  if (has(line, "No interface found in the same subnet")) {
    ev.kind = EventKind::subnet_mismatch;
    return;
  }
  if (has(line, "is neither AF_INET")) {
    ev.kind = EventKind::bad_socket_family;
    return;
  }
  if (any_of(line, {"no socket interface found", "no interface found"})) {
    ev.kind = EventKind::no_socket_iface;
    ev.text = line;
    return;
  }
  if (has(line, "NCCL_P2P_DISABLE=1") && any_of(line, {"work", "fix", "solve", "resolve"})) {
    ev.kind = EventKind::p2p_workaround;
    return;
  }
  // rdma-core's libibverbs (init.c): a uverbs device whose vendor provider library (libmlx5 ...) is
  // not installed in this image; NCCL then sees no usable IB device, or fails opening one.
  if (has(line, "no userspace device-specific driver found for")) {
    ev.kind = EventKind::verbs_provider_missing;
    return;
  }
  if (is_ib_protection_error(line)) {
    ev.kind = EventKind::driver_error;
    return;
  }
  if ((has(line, "ibv_") && any_of(line, {"fail", "rror"})) || has(line, "retry counter exceeded") ||
      (has(line, "NET/IB") && any_of(line, {"fail", "rror", "timeout"}))) {
    ev.kind = any_of(line, {"Unable to open device", "ibv_open_device"}) ? EventKind::ib_open_failed : EventKind::ib_error;
    return;
  }
  if (any_of(line, {"failed to connect to all addresses", "UNAVAILABLE:", "StatusCode.UNAVAILABLE"})) {
    ev.kind = EventKind::grpc_unavailable;
    AddressMention ep = find_endpoint(line);
    ev.addr = ep.addr;
    ev.port = ep.port;
    return;
  }
  if (any_of(line, {"DataLoader worker", "DataLoader timed out", "torch/utils/data/", "Filling up shuffle buffer",
                    "in _next_data", "tf.data", "data_loader", "dataloader.py", "main_process_first"}) ||
      is_unfinished_preprocessing(line) || is_input_frame(line)) {
    ev.kind = EventKind::data_stall;
    return;
  }
  if (has(line, "via NET/")) {
    ev.kind = EventKind::net_channel;
    ev.text = line;
    return;
  }
  std::string_view err;
  ConnError ce = find_conn_error(line, err);
  if (ce != ConnError::none) {
    set_connect(line, ce, err, ev);
    return;
  }
  // c10d: "The client socket will attempt to connect to an IPv6 address of (fe80::1, 29500)."
  if (has(line, "connect to") && has(line, "fe80::")) {
    std::size_t p = line.find("fe80::");
    std::size_t e = p;
    while (e < line.size() && line[e] != ',' && line[e] != ')' && line[e] != ' ' && line[e] != ']' && e - p < 48) ++e;
    ev.kind = EventKind::connect_failed;
    ev.addr = line.substr(p, e - p);
    ev.err = ConnError::other;
    ev.err_text = "link-local target";
    return;
  }
  // One entry of an interface list pasted one per line: "[3]br-dd40dc616638:172.30.0.1<0>".
  if (line[0] == '[' && line.size() > 4 && is_digit(line[1])) {
    std::size_t close = line.find(']');
    if (close != std::string_view::npos && close < 4) {
      std::string_view entry = line.substr(close + 1);
      entry = entry.substr(0, entry.find(' '));
      std::string_view iface, addr;
      if (!entry.empty() && entry.back() == '>' && parse_iface_entry(entry, iface, addr)) {
        ev.kind = EventKind::iface_list_entry;
        ev.iface = iface;
        ev.addr = addr;
        ev.text = line;
        return;
      }
    }
  }
  if (has(line, "127.0.1.1")) {
    ev.kind = EventKind::loopback_alias;
    ev.addr = "127.0.1.1";
    return;
  }
  if ((has(line, "it/s]") || has(line, "s/it]")) && has(line, "%|")) {
    ev.kind = EventKind::progress;
    return;
  }
  if (any_of(line, {"unhandled system error", "ncclSystemError", "NCCL failure", "ncclInternalError",
                    "unhandled cuda error", "ncclUnhandledCudaError", "NCCL Error", "NCCL error"})) {
    ev.kind = EventKind::opaque_error;
    return;
  }
  // nccl-tests: "#  Rank  0 Pid  15833 on jupyter device  0 [0x02] GeForce GTX 1080 Ti"
  if (line[0] == '#' && has(line, " Pid ") && has(line, " on ") && has(line, " device ")) {
    std::int64_t r = int64_after(line, "Rank ");
    if (r < 0) {
      std::size_t p = line.find("Rank");
      std::size_t q = p == std::string_view::npos ? p : line.find_first_not_of(' ', p + 4);
      if (q != std::string_view::npos) r = int64_after(line.substr(q - 1), " ");
    }
    std::size_t on = line.find(" on ") + 4;
    std::size_t hend = line.find(' ', on);
    if (ev.has_header) return;  // host/pid belong to the NCCL header (the fact builder keys on them)
    ev.kind = EventKind::nccl_tests_rank;
    ev.rank = r >= 0 && r < 10000000 ? static_cast<int>(r) : -1;
    ev.host = line.substr(on, hend == std::string_view::npos ? std::string_view::npos : hend - on);
    std::size_t dv = line.find(" device ");
    std::size_t d = line.find_first_not_of(' ', dv + 8);
    int dev = 0;
    std::size_t n = 0;
    while (d != std::string_view::npos && d + n < line.size() && is_digit(line[d + n]) && n < 6)
      dev = dev * 10 + (line[d + n++] - '0');
    ev.dev = n ? dev : -1;
    std::size_t pid = line.find(" Pid ");
    std::size_t ps = line.find_first_not_of(' ', pid + 5);
    std::size_t pe = ps == std::string_view::npos ? ps : line.find(' ', ps);
    if (ps != std::string_view::npos) ev.pid = line.substr(ps, pe == std::string_view::npos ? pe : pe - ps);
  }
}

}  // namespace dd::logs::detail
