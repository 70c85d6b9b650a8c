// Value rules: what the reader will really do with each value. NCCL integers go through
// strtoll(value, nullptr, 0) (nccl-facts §4.5: "abc" is 0, "010" is 8, "12abc" is 12, overflow
// keeps the default); enums, booleans and the NCCL_ALGO / NCCL_PROTO / NCCL_DEBUG_SUBSYS lists
// are checked against NCCL 2.28.9 (§5.2, §6.3) and PyTorch (§7.1). Rendezvous integers
// (RANK, MASTER_PORT, ...) are rules_rendezvous.cpp's.
#include <regex>

#include "core/byte_size.hpp"
#include "core/strings.hpp"
#include "env/catalog.hpp"
#include "env/rules.hpp"
#include "env/value_check.hpp"

namespace dd::env::detail {

namespace {

using core::Label;
using core::Severity;

// NCCL integers that count bytes (buffers, chunks, socket buffers): a unit written after the
// number ("4MB") is read by strtoll as the bare number (NCCL 2.28.9 src/misc/param.cc,
// ncclLoadParam: strtoll(str, nullptr, 0)), so NCCL_BUFFSIZE=4MB is a 4-byte buffer. The
// intended value is the byte count in binary units, as NCCL's own defaults are (4194304 = 4 MiB).
bool counts_bytes(std::string_view name) {
  for (std::string_view end : {"BUFFSIZE", "CHUNKSIZE", "CHUNK_SIZE", "SNDBUF", "RCVBUF"}) {
    if (name.size() >= end.size() && name.substr(name.size() - end.size()) == end) return true;
  }
  return false;
}

// env.nccl.ib-timeout-range: NCCL_IB_TIMEOUT is the exponent of the IB verbs ack timeout (each try
// waits 4.096 us x 2^N), a 5-bit field in InfiniBand (0-31); a value such as 5000 (milliseconds
// meant) is outside it. NCCL hands it to ibv_modify_qp in struct ibv_qp_attr's 8-bit `timeout`
// (net_ib.cc ncclIbRtsQp: qpAttr.timeout = ncclParamIbTimeout()), so 5000 arrives as 136 and what
// the NIC then does (refuse the QP, or keep some bits) is the driver's (stranger fix-2026-12-06j p22).
core::Finding ib_timeout_range(const Setting& s, long long v) {
  std::string title = "NCCL_IB_TIMEOUT=" + std::to_string(v) +
                      " is outside 0..31: it is an exponent (each InfiniBand try waits 4.096 us x 2^N), not a time "
                      "in milliseconds or seconds";
  if (v > 255 || v < 0) {
    title += "; NCCL passes it in the verbs' 8-bit timeout field, so " + std::to_string(v) + " arrives as " +
             std::to_string(static_cast<unsigned char>(v & 0xff)) + " and whether the queue pair is refused or " +
             "runs with another timeout depends on the driver";
  }
  auto f = make_finding("env.nccl.ib-timeout-range", Label::config_typo, Severity::error, std::move(title), &s);
  f.fix.env[s.name] = "22";
  f.fix.text =
      "NCCL_IB_TIMEOUT=22 (4.096 us x 2^22, about 17 s per try), or unset it for NCCL's default (20, about 4.3 s, "
      "since 2.23; 18 from 2.14)";
  f.evidence.push_back(
      "NCCL_IB_TIMEOUT is InfiniBand's local ack timeout exponent (4.096 us x 2^N, a 5-bit field: 0-31); NCCL "
      "sets it with ibv_modify_qp (transport/net_ib.cc), where struct ibv_qp_attr's timeout is a uint8_t");
  return f;
}

// env.nccl.ib-retry-cnt-range: NCCL_IB_RETRY_CNT is the InfiniBand transport retry count, a 3-bit
// field of the queue pair (0-7; NCCL's default 7 is already the most). NCCL passes it unchecked to
// ibv_modify_qp (NVIDIA/nccl src/transport/net_ib/connect.cc, ncclIbQpRts: qpAttr.retry_cnt =
// rtsAttr->retryCnt, from NCCL_PARAM(IbRetryCnt, "IB_RETRY_CNT", 7)), so 20 cannot mean "more retries":
// whether the queue pair is refused or the value cut is the driver's (stranger fix-2026-12-06m p15).
core::Finding ib_retry_cnt_range(const Setting& s, long long v) {
  auto f = make_finding("env.nccl.ib-retry-cnt-range", Label::config_typo, Severity::error,
                        "NCCL_IB_RETRY_CNT=" + std::to_string(v) +
                            " is outside 0..7: InfiniBand's retry count is a 3-bit field and NCCL's default, 7, is "
                            "already the most; whether the queue pair is refused or runs with another count depends "
                            "on the driver",
                        &s);
  f.fix.env[s.name] = "7";
  f.fix.text =
      "NCCL_IB_RETRY_CNT=7 (the most retries InfiniBand allows; also NCCL's default, so unsetting it is the "
      "same); to wait longer per try raise NCCL_IB_TIMEOUT (an exponent, 0..31) instead";
  f.evidence.push_back(
      "NCCL sets it with ibv_modify_qp as the queue pair's retry_cnt (transport/net_ib/connect.cc, ncclIbQpRts), "
      "unchecked; the InfiniBand verbs take 0..7 there (3 bits)");
  return f;
}

void nccl_integer(const Setting& s, const VarSpec& spec, std::vector<core::Finding>& out) {
  NcclInt r = read_nccl_int(s.value);
  std::optional<std::int64_t> bytes;
  if (r.issue == NcclInt::Issue::trailing && counts_bytes(s.name)) {
    bytes = core::parse_byte_size(s.value);
    if (bytes) r.intended = std::to_string(*bytes);
  }
  std::string id;
  Severity sev = Severity::warning;
  std::string title;
  switch (r.issue) {
    case NcclInt::Issue::none:
    case NcclInt::Issue::empty:
      break;
    case NcclInt::Issue::not_a_number:
      id = "env.int.not-a-number";
      sev = r.intended == "0" ? Severity::warning : Severity::error;
      title = s.name + " is not a number; NCCL silently reads it as 0";
      break;
    case NcclInt::Issue::octal:
      id = "env.int.octal";
      title = s.name + " has a leading zero; NCCL reads it as octal " + std::to_string(*r.value);
      break;
    case NcclInt::Issue::trailing:
      id = "env.int.trailing-garbage";
      title = s.name + " has text after the number; NCCL reads only " + std::to_string(*r.value);
      if (bytes) {
        title = s.name + "=" + std::string(core::trim(s.value)) + ": NCCL reads integers only, so this is " +
                std::to_string(*r.value) + (*r.value == 1 ? " byte, not " : " bytes, not ") + r.intended;
      }
      break;
    case NcclInt::Issue::overflow:
      id = "env.int.overflow";
      title = s.name + " does not fit in 64 bits; NCCL ignores it and keeps the default";
      break;
  }
  if (!id.empty()) {
    auto f = make_finding(id, Label::config_typo, sev, title, &s);
    auto intended = core::parse_int(r.intended);
    bool in_range = !intended || ((!spec.min || *intended >= *spec.min) && (!spec.max || *intended <= *spec.max));
    if (!r.intended.empty() && !in_range) {
      f.fix.text = "write a plain decimal number in " + std::to_string(*spec.min) + ".." + std::to_string(*spec.max);
    } else if (!r.intended.empty()) {
      f.fix.env[s.name] = r.intended;
      f.fix.text = bytes ? "write the size in bytes: " + s.name + "=" + r.intended + " (" +
                               std::string(core::trim(s.value)) + " with 1 K = 1024)"
                         : "write the number in plain decimal: " + s.name + "=" + r.intended;
    } else {
      f.fix.env[s.name] = "";
      f.fix.text =
          "set " + s.name + " to a decimal number or unset it (default " + std::string(spec.default_value) + ")";
    }
    out.push_back(std::move(f));
    return;
  }
  if (!r.value || !spec.min || !spec.max) return;
  long long v = *r.value;
  if (v >= *spec.min && v <= *spec.max) return;
  if (s.name == "NCCL_IB_TIMEOUT") {
    out.push_back(ib_timeout_range(s, v));
    return;
  }
  if (s.name == "NCCL_IB_RETRY_CNT") {
    out.push_back(ib_retry_cnt_range(s, v));
    return;
  }
  auto f = make_finding(
      "env.int.out-of-range", Label::config_typo, Severity::warning,
      s.name + "=" + std::to_string(v) + " is outside " + std::to_string(*spec.min) + ".." + std::to_string(*spec.max),
      &s);
  if (s.name == "NCCL_SOCKET_NTHREADS" && v > 16) {
    f.title = "NCCL_SOCKET_NTHREADS above 16 is cut to 16 by NCCL";
    f.fix.env[s.name] = "16";
  }
  f.fix.text = "use a value in " + std::to_string(*spec.min) + ".." + std::to_string(*spec.max) + " (default " +
               std::string(spec.default_value) + ")";
  out.push_back(std::move(f));
}

void other_integer(const Setting& s, const VarSpec& spec, std::vector<core::Finding>& out) {
  if (auto v = core::parse_int(core::trim(s.value))) {
    if (!spec.min || !spec.max || (*v >= *spec.min && *v <= *spec.max)) return;
    auto f = make_finding("env.int.out-of-range", Label::config_typo, Severity::warning,
                          s.name + "=" + std::to_string(*v) + " is outside " + std::to_string(*spec.min) + ".." +
                              std::to_string(*spec.max),
                          &s);
    f.fix.text = "use a value in " + std::to_string(*spec.min) + ".." + std::to_string(*spec.max);
    out.push_back(std::move(f));
    return;
  }
  auto f =
      make_finding("env.int.invalid", Label::config_typo, Severity::error, s.name + " must be a decimal integer", &s);
  f.fix.text = "set " + s.name + " to a decimal integer";
  out.push_back(std::move(f));
}

// NCCL_SOCKET_FAMILY: common spellings of the two families NCCL accepts.
std::string socket_family_for(std::string_view v) {
  std::string l = core::to_lower(core::trim(v));
  if (l == "af_inet" || l == "inet" || l == "ipv4" || l == "4" || l == "af_inet4" || l == "v4") return "AF_INET";
  if (l == "af_inet6" || l == "inet6" || l == "ipv6" || l == "6" || l == "v6") return "AF_INET6";
  return {};
}

void enumeration(const Setting& s, const VarSpec& spec, std::vector<core::Finding>& out) {
  std::string_view v = s.value;
  for (auto choice : spec.values) {
    if (spec.case_sensitive ? v == choice : core::to_upper(v) == core::to_upper(choice)) return;
  }
  std::string choices = core::join(std::vector<std::string>(spec.values.begin(), spec.values.end()), ", ");
  std::string suggestion = closest_choice(v, spec.values);
  std::string id = "env.enum.invalid";
  Severity sev = Severity::warning;
  std::string title = s.name + " is not one of " + choices;
  if (s.name == "NCCL_SOCKET_FAMILY") {
    id = "env.nccl.socket-family-invalid";
    suggestion = socket_family_for(v);
    title = "NCCL_SOCKET_FAMILY must be exactly AF_INET or AF_INET6; NCCL treats this as no restriction";
  } else if (s.name == "NCCL_DEBUG") {
    id = "env.nccl.debug-invalid";
    title = "NCCL_DEBUG is not a level NCCL knows (VERSION, WARN, INFO, ABORT, TRACE); NCCL prints nothing";
  } else if (s.name == "TORCH_DISTRIBUTED_DEBUG") {
    id = "env.torch.distributed-debug-invalid";
    sev = Severity::error;
    title = "TORCH_DISTRIBUTED_DEBUG must be OFF, INFO or DETAIL; torch.distributed raises at start-up";
  }
  auto f = make_finding(id, Label::config_typo, sev, title, &s);
  if (!suggestion.empty()) {
    f.fix.env[s.name] = suggestion;
    f.fix.text = "did you mean " + s.name + "=" + suggestion + "?";
  } else {
    f.fix.text = "set " + s.name + " to one of " + choices;
  }
  out.push_back(std::move(f));
}

// Where switching `name` on makes the performance check warn (rules_perf.cpp), that reason.
std::string perf_note(const std::string& name) {
  if (name == "NCCL_P2P_DISABLE")
    return "; that turns off NVLink/PCIe peer-to-peer between a node's GPUs: env.perf.p2p-disabled";
  if (name == "NCCL_SHM_DISABLE")
    return "; that turns off the shared-memory transport inside a node: env.perf.shm-disabled";
  if (name == "NCCL_IB_DISABLE")
    return "; that sends inter-node traffic over TCP where IB is present: env.perf.ib-disabled";
  return "";
}

void boolean(const Setting& s, const VarSpec& spec, std::vector<core::Finding>& out) {
  auto b = read_torch_bool(s.value);
  if (spec.family == VarFamily::torch) {
    if (b) return;
    auto f = make_finding("env.bool.invalid", Label::config_typo, Severity::error,
                          s.name + " is not a boolean PyTorch accepts; it raises at start-up", &s);
    f.fix.text = "set " + s.name + " to 0 or 1";
    out.push_back(std::move(f));
    return;
  }
  std::string v(core::trim(s.value));
  if (v == "0" || v == "1") return;
  // NCCL reads these switches as integers with strtol/strtoll base 0 (NCCL_PARAM in
  // src/misc/param.cc; NCCL_P2P_DISABLE in ncclGetLevel, src/graph/paths.cc, which disables only
  // on exactly 1; NVIDIA/nccl v2.28.9-1): a word such as "true" or "yes" is the number 0.
  long long n = read_nccl_int(s.value).value.value_or(0);
  bool on = n == 1;
  std::string effect = n == 0   ? "the same as " + s.name + "=0"
                       : n == 1 ? "the same as " + s.name + "=1"
                                : "not 0 or 1 either";
  auto f = make_finding("env.bool.invalid", Label::config_typo, Severity::warning,
                        s.name + "=\"" + s.value + "\" is not 0 or 1: " +
                            (core::starts_with(s.name, "NCCL_") ? "NCCL reads it" : "it is read") + " as the number " +
                            std::to_string(n) + ", " + effect,
                        &s);
  if (b && *b == on && (n == 0 || n == 1)) {
    // What the word says is what NCCL already does: the digit keeps the behaviour.
    f.fix.env[s.name] = on ? "1" : "0";
    f.fix.text = "write " + s.name + "=" + (on ? "1" : "0") + " (the same behaviour, said as a number)";
  } else if (b) {
    // The word asks for the switch on, NCCL runs with it off: either choice changes something the
    // user can see or is warned about, so neither is applied for them.
    bool disable = s.name.ends_with("_DISABLE");
    f.fix.text = "choose one (--fix applies neither): " + s.name + "=0 keeps what happens now" +
                 (disable ? " (so does removing the line: the transport stays on)" : "") + "; " + s.name +
                 "=1 does what the word says" + perf_note(s.name);
  } else {
    f.fix.text = "set " + s.name + " to 0 or 1";
  }
  out.push_back(std::move(f));
}

void nccl_list(const Setting& s, std::vector<core::Finding>& out) {
  std::vector<ListProblem> problems;
  std::string id;
  Severity sev = Severity::error;
  std::string title;
  if (s.name == "NCCL_ALGO" || s.name == "NCCL_PROTO") {
    bool algo = s.name == "NCCL_ALGO";
    problems = check_algo_proto(s.value, algo ? AlgoOrProto::algo : AlgoOrProto::proto);
    id = algo ? "env.nccl.algo-invalid" : "env.nccl.proto-invalid";
    title = s.name + " does not parse; NCCL 2.24+ fails communicator creation (ncclInvalidUsage)";
  } else if (s.name == "NCCL_DEBUG_SUBSYS") {
    problems = check_debug_subsys(s.value);
    id = "env.nccl.debug-subsys-invalid";
    sev = Severity::warning;
    title = "NCCL_DEBUG_SUBSYS names a subsystem NCCL does not have";
  }
  if (problems.empty()) return;
  auto f = make_finding(id, Label::config_typo, sev, title, &s);
  for (const auto& p : problems) f.evidence.push_back(p.message);
  if (auto fixed = repair(s.value, problems)) {
    f.fix.env[s.name] = *fixed;
    f.fix.text = "correct the value: " + s.name + "=" + *fixed;
  } else {
    f.fix.env[s.name] = "";
    f.fix.text = "unset " + s.name + " (NCCL then chooses itself) or correct it";
  }
  out.push_back(std::move(f));
}

// env.nccl.net-ib-disabled: NCCL_NET=IB forces the IB NET, and NCCL_IB_DISABLE (non-zero) makes that
// NET's init fail (NVIDIA/nccl src/transport/net_ib/init.cc: `if (ncclParamIbDisable()) return
// ncclInternalError;`). NCCL_NET restricts the candidates to the one of that name (src/plugin/net.cc,
// ncclNetInit: strcasecmp(netName, ...->name)), so no NET is left: WARN "Failed to initialize any NET
// plugin", ncclInvalidUsage, no fallback to sockets (nccl-facts §3.1; stranger fix-2026-12-06m p16).
void net_ib_disabled(const Context& ctx, std::vector<core::Finding>& out) {
  const Setting* net = ctx.find("NCCL_NET");
  const Setting* off = ctx.find("NCCL_IB_DISABLE");
  if (!net || !off || core::to_upper(core::trim(net->value)) != "IB") return;
  auto v = read_nccl_int(off->value).value;
  if (!v || *v == 0) return;
  auto f = make_finding("env.nccl.net-ib-disabled", Label::config_typo, Severity::error,
                        "NCCL_NET=" + net->value + " forces the InfiniBand NET, but NCCL_IB_DISABLE=" + off->value +
                            " turns it off: NCCL has no NET left and fails communicator creation (\"Failed to "
                            "initialize any NET plugin\"); it does not fall back to sockets when NCCL_NET is set",
                        net);
  f.evidence.push_back(evidence(*off));
  f.evidence.push_back(
      "NCCL_NET keeps only the NET of that name (plugin/net.cc, ncclNetInit); IB's init returns an error when "
      "NCCL_IB_DISABLE is non-zero (transport/net_ib/init.cc)");
  f.fix.env["NCCL_NET"] = "Socket";
  f.fix.text =
      "NCCL_NET=Socket, the NET NCCL_IB_DISABLE=1 leaves (or unset NCCL_NET: NCCL then picks sockets "
      "itself); keep NCCL_NET=IB only where IB is meant, without NCCL_IB_DISABLE";
  out.push_back(std::move(f));
}

// env.nccl.ib-hca-netdev: NCCL_IB_HCA is matched against RDMA device names (ibv_get_device_list: mlx5_0,
// mlx4_1, bnxt_re0, irdma0, rocep65s0f0 ...), never network interfaces (nccl-facts §3.2). A token
// spelled like a network interface (ib0: IPoIB's netdev; eth0, ens1f0, enp65s0f0, bond0) selects no
// port where no RDMA device carries that name, and NCCL leaves IB for sockets (§3.1 item 5), or has no
// NET at all with NCCL_NET=IB (fix-2026-12-07s p03: NCCL_IB_HCA=ib0 beside NCCL_SOCKET_IFNAME=ib0).
void ib_hca_netdev(const Context& ctx, std::vector<core::Finding>& out) {
  const Setting* hca = ctx.find("NCCL_IB_HCA");
  if (!hca || core::trim(hca->value).empty()) return;
  static const std::regex netdev(R"((ib[0-9]+|eth[0-9]+|en[ospx][0-9a-z]+|bond[0-9]+)(\.[0-9]+)?)");
  std::string v(core::trim(hca->value));
  if (!v.empty() && v.front() == '^') return;  // an exclusion list removes nothing it does not name
  std::vector<std::string> named, kept;
  for (auto token : core::split(v, ',')) {
    std::string t(core::trim(token));
    const std::string whole = t;
    if (!t.empty() && t.front() == '=') t.erase(0, 1);
    t = t.substr(0, t.find(':'));
    if (std::regex_match(t, netdev))
      named.push_back(t);
    else if (!whole.empty())
      kept.push_back(whole);
  }
  if (named.empty()) return;
  const Setting* net = ctx.find("NCCL_NET");
  const bool all = kept.empty();
  const bool forced = all && net && core::to_upper(core::trim(net->value)) == "IB";
  const std::string them = named.size() == 1 ? "it" : "them";
  auto f = make_finding(
      "env.nccl.ib-hca-netdev", Label::config_typo, forced ? Severity::error : Severity::warning,
      "NCCL_IB_HCA=" + hca->value + " names " + core::join(named, ", ") +
          ", spelled as network interfaces are, not as RDMA devices: NCCL matches NCCL_IB_HCA against RDMA device "
          "names (mlx5_0, as "
          "/sys/class/infiniband lists them), which are seldom named so: " +
          (!all     ? "those names likely select no port, the others' ports stay"
           : forced ? "if no RDMA device has such a name, no port is selected and NCCL_NET=IB leaves NCCL no NET "
                      "(communicator creation fails)"
                    : "if no RDMA device has such a name, no port is selected and NCCL uses sockets instead of "
                      "InfiniBand (slower, no error)"),
      hca);
  f.evidence.push_back(
      "NCCL_IB_HCA takes RDMA device names with an optional :port (`mlx5_0:1`, a prefix unless "
      "led by `=`), the names `ibv_devices` prints; an interface such as ib0 is the IP side of a "
      "port (IPoIB), which NCCL_SOCKET_IFNAME names");
  if (forced) f.evidence.push_back(evidence(*net));
  const std::string rdma = "the RDMA device behind " + named.front() + ": `ls /sys/class/net/" + named.front() +
                           "/device/infiniband` on a node prints it (mlx5_0 on a ConnectX card)";
  if (all) {
    f.fix.env["NCCL_IB_HCA"] = "";
    f.fix.text = "unset NCCL_IB_HCA (NCCL then uses every active port), or set it to " + rdma +
                 ", then NCCL_IB_HCA==mlx5_0 with that name";
  } else {
    const std::string rest =
        (core::starts_with(v, "=") && !core::starts_with(kept.front(), "=") ? "=" : "") + core::join(kept, ",");
    f.fix.env["NCCL_IB_HCA"] = rest;
    f.fix.text = "NCCL_IB_HCA=" + rest + " (the list without " + core::join(named, ", ") + "), or put " + rdma +
                 " in " + them + " place";
  }
  out.push_back(std::move(f));
}

}  // namespace

void check_values(const Context& ctx, std::vector<core::Finding>& out) {
  for (const auto& s : ctx.settings()) {
    const VarSpec* spec = find_var(s.name);
    if (!spec || spec->family == VarFamily::rendezvous) continue;
    if (spec->status != Status::current && spec->status != Status::deprecated) continue;
    if (s.value.empty()) continue;  // empty = unset for NCCL and torch
    switch (spec->type) {
      case VarType::integer:
        if (spec->family == VarFamily::nccl)
          nccl_integer(s, *spec, out);
        else if (spec->family == VarFamily::torch)
          other_integer(s, *spec, out);
        break;
      case VarType::enum_:
        enumeration(s, *spec, out);
        break;
      case VarType::boolean:
        boolean(s, *spec, out);
        break;
      case VarType::list:
        nccl_list(s, out);
        break;
      case VarType::string:
      case VarType::json:
        break;
    }
  }
  net_ib_disabled(ctx, out);
  ib_hca_netdev(ctx, out);
}

}  // namespace dd::env::detail
