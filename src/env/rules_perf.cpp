// Performance rules: settings that make NCCL 2.28.9 correct but slow (transports switched off,
// verbose logging left on, NET/Socket thread settings that do nothing, nccl-facts §6.1, §8.12).
#include <algorithm>

#include "core/strings.hpp"
#include "env/rules.hpp"
#include "env/value_check.hpp"

namespace dd::env::detail {

namespace {

using core::Label;
using core::Severity;

// The integer NCCL uses for `name` (strtoll base 0), or nullopt when unset/default.
std::optional<long long> nccl_int(const Context& ctx, const std::string& name) {
  const Setting* s = ctx.find(name);
  if (!s) return std::nullopt;
  return read_nccl_int(s->value).value;
}

// The title names the number NCCL reads (any non-zero value switches the transport off).
void switched_off(const Context& ctx, const std::string& name, const std::string& id, const std::string& what,
                  const std::string& text, std::vector<core::Finding>& out) {
  auto v = nccl_int(ctx, name);
  if (!v || *v == 0) return;
  auto f = make_finding(id, Label::performance, Severity::warning, name + "=" + std::to_string(*v) + " " + what,
                        ctx.find(name));
  f.fix.env[name] = "";
  f.fix.text = text;
  out.push_back(std::move(f));
}

void debug_level(const Context& ctx, std::vector<core::Finding>& out) {
  const Setting* s = ctx.find("NCCL_DEBUG");
  if (!s) return;
  std::string level = core::to_upper(core::trim(s->value));
  if (level != "TRACE" && level != "INFO") return;
  bool trace = level == "TRACE";
  auto f = make_finding(trace ? "env.perf.debug-trace" : "env.perf.debug-info", Label::performance,
                        trace ? Severity::warning : Severity::info,
                        trace ? "NCCL_DEBUG=TRACE logs every call and slows collectives down"
                              : "NCCL_DEBUG=INFO is on: fine while diagnosing, noisy in production runs",
                        s);
  f.fix.env["NCCL_DEBUG"] = "WARN";
  f.fix.text = "use NCCL_DEBUG=WARN for normal runs (INFO only while diagnosing)";
  out.push_back(std::move(f));
}

void net_socket_with_ib(const Context& ctx, std::vector<core::Finding>& out) {
  const Setting* s = ctx.find("NCCL_NET");
  if (!s || !ctx.input().ib_present || core::to_lower(core::trim(s->value)) != "socket") return;
  auto f = make_finding("env.perf.net-socket-with-ib", Label::performance, Severity::warning,
                        "NCCL_NET=Socket forces TCP although an InfiniBand/RoCE device is present", s);
  f.evidence.push_back("/sys/class/infiniband has devices");
  f.fix.env["NCCL_NET"] = "";
  f.fix.text = "unset NCCL_NET so NCCL uses the IB verbs transport (keep Socket only if IB is known broken)";
  out.push_back(std::move(f));
}

void socket_threads(const Context& ctx, std::vector<core::Finding>& out) {
  auto nsocks = nccl_int(ctx, "NCCL_NSOCKS_PERTHREAD");
  auto nthreads = nccl_int(ctx, "NCCL_SOCKET_NTHREADS");
  if (nsocks && *nsocks > 0 && !nthreads) {
    auto f = make_finding("env.perf.nsocks-without-nthreads", Label::performance, Severity::warning,
                          "NCCL_NSOCKS_PERTHREAD alone does nothing on hosts that are not AWS or GCP",
                          ctx.find("NCCL_NSOCKS_PERTHREAD"));
    f.evidence.push_back("NCCL_SOCKET_NTHREADS is unset: NCCL's automatic value is 0 helper threads on generic NICs");
    // One thread keeps the socket count the user asked for: sockets per peer = NTHREADS x
    // NSOCKS_PERTHREAD (NCCL 2.28.9 src/transport/net_socket.cc, capped at 64).
    f.fix.env["NCCL_SOCKET_NTHREADS"] = "1";
    f.fix.text = "set NCCL_SOCKET_NTHREADS=1 too: NCCL then opens " + std::to_string(std::min<long long>(*nsocks, 64)) +
                 " sockets per peer (NTHREADS x NSOCKS_PERTHREAD, at most 64)";
    out.push_back(std::move(f));
  }
  if (nsocks && nthreads && *nsocks > 0 && *nthreads > 0 && std::min<long long>(*nthreads, 16) * *nsocks > 64) {
    long long t = std::min<long long>(*nthreads, 16);
    auto f = make_finding("env.perf.socket-count-capped", Label::performance, Severity::info,
                          "NCCL_SOCKET_NTHREADS x NCCL_NSOCKS_PERTHREAD exceeds 64; NCCL lowers the sockets per thread",
                          ctx.find("NCCL_SOCKET_NTHREADS"));
    f.evidence.push_back(evidence(*ctx.find("NCCL_NSOCKS_PERTHREAD")));
    f.fix.env["NCCL_NSOCKS_PERTHREAD"] = std::to_string(std::max<long long>(1, 64 / t));
    f.fix.text = "keep threads x sockets <= 64";
    out.push_back(std::move(f));
  }
}

}  // namespace

void check_performance(const Context& ctx, std::vector<core::Finding>& out) {
  switched_off(ctx, "NCCL_P2P_DISABLE", "env.perf.p2p-disabled",
               "turns off NVLink/PCIe peer-to-peer between GPUs of a node",
               "unset it; if P2P hangs on this machine (IOMMU/ACS), limit it with NCCL_P2P_LEVEL instead", out);
  if (ctx.input().ib_present) {
    switched_off(ctx, "NCCL_IB_DISABLE", "env.perf.ib-disabled",
                 "sends inter-node traffic over TCP although an InfiniBand/RoCE device is present",
                 "unset it so NCCL uses the IB verbs transport (keep it only if IB is known broken)", out);
  }
  switched_off(ctx, "NCCL_SHM_DISABLE", "env.perf.shm-disabled",
               "turns off the shared-memory transport between processes of a node",
               "unset it; if /dev/shm is too small in a container, give it more (--shm-size or --ipc=host)", out);
  debug_level(ctx, out);
  net_socket_with_ib(ctx, out);
  socket_threads(ctx, out);
}

}  // namespace dd::env::detail
