// Rendezvous rules for torch.distributed's env:// (nccl-facts §7.1): MASTER_ADDR / MASTER_PORT
// must be set and usable on every rank, rank variables must be consistent, and MASTER_ADDR must
// neither resolve to loopback in a multi-node job (the Debian/Ubuntu "hostname -> 127.0.1.1" trap)
// nor, on the master itself, to an address this host does not have.
#include <algorithm>
#include <initializer_list>
#include <utility>

#include "core/address.hpp"
#include "core/strings.hpp"
#include "env/node_count.hpp"
#include "env/rules.hpp"

namespace dd::env::detail {

namespace {

using core::Label;
using core::Severity;

const char* const k_int_vars[] = {"RANK",      "WORLD_SIZE", "LOCAL_RANK",       "LOCAL_WORLD_SIZE",
                                  "NODE_RANK", "GROUP_RANK", "GROUP_WORLD_SIZE", "NNODES"};

bool is_loopback_or_any(const std::string& a) {
  return core::is_loopback_address(a) || core::is_unspecified_address(a);
}

// The job's nodes and processes per node, where the environment says them, and from which variables.
LaunchSize launch_size(const Context& ctx) {
  LaunchSize size;
  auto said = [&](const char* n) { return std::string(n) + "=" + ctx.value(n).value_or(""); };
  for (const char* n : {"NNODES", "GROUP_WORLD_SIZE", "SLURM_NNODES", "SLURM_JOB_NUM_NODES", "PET_NNODES"}) {
    if (auto v = ctx.int_value(n); v && *v >= 1 && !size.nodes) {
      size.nodes = *v;
      size.nodes_from = said(n);
    }
  }
  for (const char* n : {"LOCAL_WORLD_SIZE", "PET_NPROC_PER_NODE", "NPROC_PER_NODE"}) {
    if (auto v = ctx.int_value(n); v && *v >= 1 && !size.procs_per_node) {
      size.procs_per_node = *v;
      size.procs_from = said(n);
    }
  }
  auto world = ctx.int_value("WORLD_SIZE");
  if (!world || *world < 1) return size;
  if (*world == 1) {
    if (!size.nodes) {
      size.nodes = 1;
      size.nodes_from = said("WORLD_SIZE");
    }
    if (!size.procs_per_node) {
      size.procs_per_node = 1;
      size.procs_from = said("WORLD_SIZE");
    }
  } else if (!size.nodes && size.procs_per_node) {
    size.nodes = (*world + *size.procs_per_node - 1) / *size.procs_per_node;
    size.nodes_from = said("WORLD_SIZE") + " / " + size.procs_from;
  } else if (size.nodes && !size.procs_per_node && *world % *size.nodes == 0) {
    size.procs_per_node = *world / *size.nodes;
    size.procs_from = said("WORLD_SIZE") + " / " + size.nodes_from;
  }
  return size;
}

// How many nodes the job spans, when the environment says: 1, a count > 1, or nullopt (unknown).
std::optional<long long> node_count(const Context& ctx) { return launch_size(ctx).nodes; }

// Rank 0 or node 0: this host runs the TCPStore that every rank dials at MASTER_ADDR. A rank the
// command line gives (preflight --rank) wins over the environment's.
bool on_master(const Context& ctx) {
  if (ctx.input().node_rank) return *ctx.input().node_rank == 0;
  for (const char* n : {"RANK", "NODE_RANK", "GROUP_RANK"}) {
    if (auto v = ctx.int_value(n); v && *v == 0) return true;
  }
  return false;
}

void integers(const Context& ctx, std::vector<core::Finding>& out) {
  for (const char* n : k_int_vars) {
    const Setting* s = ctx.find(n);
    if (!s) continue;
    auto v = ctx.int_value(n);
    if (!v || *v < 0) {
      auto f = make_finding("env.int.invalid", Label::config_typo, Severity::error,
                            std::string(n) + " must be a non-negative decimal integer", s);
      f.fix.text = std::string("set ") + n + " to a non-negative decimal integer (torch parses it with int())";
      out.push_back(std::move(f));
    }
  }
  struct Pair {
    const char* index;
    const char* count;
    const char* id;
  };
  for (const Pair& p : {Pair{"RANK", "WORLD_SIZE", "env.rank.out-of-range"},
                        Pair{"LOCAL_RANK", "LOCAL_WORLD_SIZE", "env.local-rank.out-of-range"},
                        Pair{"NODE_RANK", "NNODES", "env.node-rank.out-of-range"},
                        Pair{"GROUP_RANK", "GROUP_WORLD_SIZE", "env.node-rank.out-of-range"}}) {
    auto i = ctx.int_value(p.index);
    auto c = ctx.int_value(p.count);
    if (!i || !c || *i < 0 || *i < *c) continue;
    auto f = make_finding(p.id, Label::config_typo, Severity::error,
                          std::string(p.index) + "=" + std::to_string(*i) + " is not below " + p.count + "=" +
                              std::to_string(*c) + ": no such rank exists in the job (they count from 0 to " + p.count +
                              "-1); the launcher rejects it, or the rendezvous waits for a rank that never comes",
                          ctx.find(p.index));
    f.evidence.push_back(evidence(*ctx.find(p.count)));
    f.fix.text =
        std::string("ranks count from 0 to ") + p.count + "-1; check the launcher's " + p.index + " / " + p.count;
    out.push_back(std::move(f));
  }
}

// env.world-size.not-product (fix-2026-12-06l p23): WORLD_SIZE beside the node count (NNODES,
// GROUP_WORLD_SIZE, PET_NNODES) and the processes per node (NPROC_PER_NODE, PET_NPROC_PER_NODE,
// LOCAL_WORLD_SIZE), each set as a number, and WORLD_SIZE is not their product. Where WORLD_SIZE is
// read as it is (env:// without torchrun: torchrun's agent gives its workers its own WORLD_SIZE,
// torch/distributed/elastic/agent/server/local_elastic_agent.py), the processes with ranks from
// WORLD_SIZE up have no place in the world. A warning: which number is wrong is the user's to say;
// the fix sets the product, the evidence names the other way.
void world_size_product(const Context& ctx, std::vector<core::Finding>& out) {
  auto world = ctx.int_value("WORLD_SIZE");
  if (!world || *world < 1) return;
  // The first of `names` set to a positive number: its name and value (nullptr, 0 when none is).
  auto first_count = [&ctx](std::initializer_list<const char*> names) -> std::pair<const char*, long long> {
    for (const char* n : names) {
      if (auto v = ctx.int_value(n); v && *v >= 1) return {n, *v};
    }
    return {nullptr, 0};
  };
  const auto [nodes_name, nodes] = first_count({"NNODES", "GROUP_WORLD_SIZE", "PET_NNODES"});
  const auto [procs_name, procs] = first_count({"NPROC_PER_NODE", "PET_NPROC_PER_NODE", "LOCAL_WORLD_SIZE"});
  if (!nodes_name || !procs_name) return;
  if (nodes > 100000 || procs > 100000 || nodes * procs == *world) return;
  std::string product = std::to_string(nodes * procs);
  auto f = make_finding("env.world-size.not-product", Label::config_typo, Severity::warning,
                        "WORLD_SIZE=" + std::to_string(*world) + " but " + nodes_name + "=" + std::to_string(nodes) +
                            " x " + procs_name + "=" + std::to_string(procs) + " is " + product +
                            " processes: where WORLD_SIZE is read as set (env:// without torchrun, which gives its "
                            "workers its own), " +
                            (*world < nodes * procs ? "the processes with ranks " + std::to_string(*world) + " to " +
                                                          std::to_string(nodes * procs - 1) + " have no place in it"
                                                    : std::string("the rendezvous waits for ranks no process has")),
                        ctx.find("WORLD_SIZE"));
  f.evidence.push_back(evidence(*ctx.find(nodes_name)));
  f.evidence.push_back(evidence(*ctx.find(procs_name)));
  f.evidence.push_back("if WORLD_SIZE is right, " + std::string(nodes_name) + " or " + procs_name +
                       " is not: their product must equal it");
  f.fix.env["WORLD_SIZE"] = product;
  f.fix.text = "WORLD_SIZE=" + product + "  # " + nodes_name + " x " + procs_name;
  out.push_back(std::move(f));
}

void master_port(const Context& ctx, std::vector<core::Finding>& out) {
  const Setting* s = ctx.find("MASTER_PORT");
  if (!s) return;
  auto v = ctx.int_value("MASTER_PORT");
  if (v && *v >= 1 && *v <= 65535) return;
  auto f = make_finding("env.master-port.invalid", Label::config_typo, Severity::error,
                        "MASTER_PORT is not a TCP port (1-65535)", s);
  f.fix.env["MASTER_PORT"] = "29500";
  f.fix.text = "use a free port in 1024-65535, the same on every node (29500 is torchrun's default)";
  out.push_back(std::move(f));
}

// WORLD_SIZE>1 with MASTER_ADDR unset or empty (`s`: the empty setting, or null).
void master_addr_missing(const Context& ctx, const Setting* s, std::vector<core::Finding>& out) {
  auto world = ctx.int_value("WORLD_SIZE");
  if (!world || *world <= 1 || ctx.find("TF_CONFIG")) return;
  auto f = make_finding("env.master-addr.missing", Label::config_typo, Severity::warning,
                        "WORLD_SIZE>1 but MASTER_ADDR is " + std::string(s ? "empty" : "unset") +
                            "; torch.distributed's env:// rendezvous needs it on every rank",
                        s ? s : ctx.find("WORLD_SIZE"));
  f.fix.text =
      "set MASTER_ADDR (the rank-0 node's address or host name) and MASTER_PORT in every rank's environment "
      "(torchrun sets both)";
  out.push_back(std::move(f));
}

// MASTER_ADDR (`s`, trimmed: `host`) for which this host's resolver found no address. torch passes
// the value as it is to getaddrinfo, so that is what was asked: with blanks or a CR around it (a file
// saved with CRLF line endings, then sourced) the fix is the trimmed value (glibc 2.36 fails on
// "10.4.0.2\r" with EAI_NONAME; a resolver that takes the value as it is gets no such finding).
// The part of a dotted quad of digits ("10.1.0.256") above 255: "256"; "" when `host` is not four
// all-digit parts or each is 0-255.
std::string octet_above_255(const std::string& host) {
  auto parts = core::split(host, '.');
  if (parts.size() != 4) return "";
  std::string above;
  for (const auto& p : parts) {
    auto n = core::parse_int(p);
    if (!n || *n < 0 || p.size() > 3) return "";
    if (*n > 255 && above.empty()) above = std::string(p);
  }
  return above;
}

void master_addr_unresolved(const Setting& s, const std::string& host,
                            const core::Result<std::vector<os::ResolvedAddress>>& resolved,
                            std::vector<core::Finding>& out) {
  bool padded = host != s.value;
  auto f = make_finding("env.master-addr.unresolvable", Label::hostname_resolution, Severity::error,
                        padded ? "MASTER_ADDR has blanks or a CR around " + host +
                                     ", and this host's resolver finds no address for the value as it is "
                                     "(getaddrinfo takes them as part of the name)"
                               : "MASTER_ADDR=" + host + " does not resolve on this host",
                        &s);
  if (!resolved) f.evidence.push_back(resolved.error().message);
  if (padded) {
    f.fix.env["MASTER_ADDR"] = host;
    f.fix.text = "set MASTER_ADDR=" + host +
                 " without them (a file saved with CRLF line endings keeps a CR in every value it sets: convert "
                 "it to LF)";
  } else if (std::string above = octet_above_255(host); !above.empty()) {
    // A typo'd address, not a name to register (fix-2026-12-07n p24: 10.1.0.256).
    f.label = Label::config_typo;
    f.title = "MASTER_ADDR=" + host + " is not an IPv4 address: " + above +
              " is above 255 (each of the four numbers is 0-255), and as a host name it resolves nowhere";
    f.fix.text = "set MASTER_ADDR to the rank-0 node's real address (`hostname -I` on that node lists them)";
  } else if (host.size() > 2 && host.front() == '[' && host.back() == ']' &&
             core::is_ipv6_address(host.substr(1, host.size() - 2))) {
    // An IPv6 address written as in a URL: getaddrinfo takes no brackets (fix-2026-12-07p p04: torch
    // 1.13 "The IPv6 network addresses of ([fd00::2], 29651) cannot be retrieved"; fd00::2 works).
    std::string bare = host.substr(1, host.size() - 2);
    f.label = Label::config_typo;
    f.title = "MASTER_ADDR=" + host +
              " is an IPv6 address in square brackets: torch hands the value to getaddrinfo, which takes the "
              "address without them (brackets belong only around an address followed by :PORT, as in "
              "--rdzv_endpoint=[" +
              bare + "]:29500)";
    f.fix.env["MASTER_ADDR"] = bare;
    f.fix.text = "set MASTER_ADDR=" + bare + " (the address without the brackets) on every node";
  } else {
    f.fix.text = "use the master's IP address, or add " + host + " to DNS or /etc/hosts on every node";
  }
  out.push_back(std::move(f));
}

// A dotted quad of digits with a part written with a leading zero ("198.19.120.010"): glibc's
// getaddrinfo reads such a part as octal (inet_aton: 010 is 8; 08 and 09 are no number, and the
// value is then taken as a host name). The value as meant (leading zeros dropped) and the parts
// that change; nullopt when no part has a leading zero (clusters-2026-12-07k p1: node2 dialled
// 198.19.120.8).
struct ZeroPadded {
  std::string meant, part;
};
std::optional<ZeroPadded> zero_padded_quad(const std::string& host) {
  auto parts = core::split(host, '.', true);
  if (parts.size() != 4) return std::nullopt;
  std::optional<ZeroPadded> out;
  std::vector<std::string> meant;
  for (const auto& p : parts) {
    if (p.empty() || p.size() > 4 || !std::all_of(p.begin(), p.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::nullopt;
    std::string bare = p.substr(std::min(p.find_first_not_of('0'), p.size() - 1));
    if (bare != p && !out) out = ZeroPadded{"", p};
    meant.push_back(bare);
  }
  if (out) out->meant = core::join(meant, ".");
  return out;
}

// MASTER_ADDR with a zero-padded part (zero_padded_quad): what getaddrinfo made of it here.
bool master_addr_zero_padded(const Context& ctx, const Setting& s, const std::string& host,
                             std::vector<core::Finding>& out) {
  auto z = zero_padded_quad(host);
  if (!z) return false;
  auto resolved = ctx.input().resolver.resolve(host);
  bool octal = std::all_of(z->part.begin(), z->part.end(), [](char c) { return c >= '0' && c <= '7'; });
  std::string read_as = resolved && !resolved->empty() ? resolved->front().addr : std::string();
  if (read_as == z->meant) return false;  // 001 and 00 read as octal are the same numbers
  auto f = make_finding(
      "env.master-addr.zero-padded", Label::config_typo, Severity::error,
      "MASTER_ADDR=" + host + " writes " + z->part + " with a leading zero: getaddrinfo reads such a number as " +
          (octal ? "octal" : "octal, and " + z->part + " is no octal number") +
          (read_as.empty() ? ", so this host finds no address for it" : ", so this host dials " + read_as) + ", not " +
          z->meant,
      &s);
  f.evidence.push_back(read_as.empty() ? "getaddrinfo(\"" + host + "\") here: no address"
                                       : "getaddrinfo(\"" + host + "\") here: " + read_as);
  f.fix.env["MASTER_ADDR"] = z->meant;
  f.fix.text = "write each number without leading zeros: MASTER_ADDR=" + z->meant + " on every node";
  out.push_back(std::move(f));
  return true;
}

// MASTER_ADDR written as a fully qualified name with its final dot ("node0."), which this host does
// not resolve while the name without the dot resolves: /etc/hosts entries are matched without it
// (clusters-2026-12-07k p3). Claimed only with both lookups seen.
bool master_addr_trailing_dot(const Context& ctx, const Setting& s, const std::string& host,
                              std::vector<core::Finding>& out) {
  if (host.size() < 2 || host.back() != '.' || core::is_numeric_address(host.substr(0, host.size() - 1))) return false;
  std::string bare = host.substr(0, host.size() - 1);
  auto with_dot = ctx.input().resolver.resolve(host);
  if (with_dot && !with_dot->empty()) return false;
  auto without = ctx.input().resolver.resolve(bare);
  if (!without || without->empty()) return false;
  auto f = make_finding("env.master-addr.trailing-dot", Label::config_typo, Severity::error,
                        "MASTER_ADDR=" + host + " ends in a dot: this host finds no address for it, while " + bare +
                            " resolves to " + without->front().addr +
                            " (a name ending in a dot is taken as complete: entries and search domains written "
                            "without the dot do not apply to it)",
                        &s);
  if (!with_dot) f.evidence.push_back("getaddrinfo(\"" + host + "\"): " + with_dot.error().message);
  f.evidence.push_back("getaddrinfo(\"" + bare + "\"): " + without->front().addr);
  f.fix.env["MASTER_ADDR"] = bare;
  f.fix.text = "drop the final dot: MASTER_ADDR=" + bare + " on every node";
  out.push_back(std::move(f));
  return true;
}

void master_addr(const Context& ctx, std::vector<core::Finding>& out) {
  const Setting* s = ctx.find("MASTER_ADDR");
  if (!s || core::trim(s->value).empty()) {
    master_addr_missing(ctx, s, out);
    return;
  }
  if (master_addr_not_a_host(ctx, *s, out)) return;  // a scheme or port in it, not a name to resolve
  std::string host(core::trim(s->value));
  if (host == s->value && (master_addr_zero_padded(ctx, *s, host, out) || master_addr_trailing_dot(ctx, *s, host, out)))
    return;
  auto resolved = ctx.input().resolver.resolve(s->value);  // as it is: what torch's getaddrinfo gets
  if (!resolved || resolved->empty()) {
    master_addr_unresolved(*s, host, resolved, out);
    return;
  }
  std::vector<std::string> addrs;
  for (const auto& r : *resolved) addrs.push_back(r.addr);
  std::string resolves = "MASTER_ADDR=" + s->value + " resolves to " + core::join(addrs, ", ") + " (getaddrinfo order)";
  const auto& local = ctx.input().local_addresses;
  std::vector<std::string> routable;
  for (const auto& a : local) {
    if (core::is_routable_address(a)) routable.push_back(a);
  }
  // This host's addresses are a hint for rank 0's only where this process says it is on the rank-0
  // node (preflight --rank 0, else RANK, NODE_RANK or GROUP_RANK 0): on node rank 1 they are the
  // wrong node's.
  std::string candidates = routable.empty() || !on_master(ctx)
                               ? ""
                               : " (this host, the rank-0 node, has " + core::join(routable, ", ") + ")";

  if (is_loopback_or_any(addrs.front())) {
    auto nodes = node_count(ctx);
    if (nodes && *nodes == 1) return;  // a single-node job may rendezvous on loopback
    bool local_name = core::names_this_machine(host) || (host.size() > 2 && host.front() == '[');
    auto f = make_finding("env.master-addr.loopback", Label::hostname_resolution,
                          nodes ? Severity::error : Severity::warning,
                          local_name ? "MASTER_ADDR resolves to a loopback address; ranks on other nodes cannot reach "
                                       "it (there it is their own loopback)"
                                     : "MASTER_ADDR=" + host + " resolves to a loopback address (" + addrs.front() +
                                           ") on this host; nodes that resolve it the same way cannot reach rank 0",
                          s);
    f.evidence.push_back(resolves);
    f.evidence.push_back(nodes ? "the job spans " + std::to_string(*nodes) + " nodes"
                               : "the node count is unknown (no NNODES, GROUP_WORLD_SIZE or LOCAL_WORLD_SIZE)");
    if (on_master(ctx) && routable.size() == 1) f.fix.env["MASTER_ADDR"] = routable.front();
    // localhost and loopback literals are this machine on every node and must stay so (remapping
    // localhost breaks local services; a 127.x literal cannot be remapped): only the address helps.
    // Another name mapped to loopback (Debian's "127.0.1.1 <hostname>") can instead be fixed where
    // it is mapped, naming the address it resolved to here.
    f.fix.text = "set MASTER_ADDR to the rank-0 node's routable address" + candidates + " on every node";
    if (!local_name) {
      f.fix.text += ", or change the line of /etc/hosts (or DNS) that maps " + host + " to " + addrs.front() +
                    " so that it maps to that address, on every node (leave localhost as it is)";
    }
    out.push_back(std::move(f));
    return;
  }
  if (!on_master(ctx) || local.empty()) return;
  bool mine = std::any_of(addrs.begin(), addrs.end(), [&](const std::string& a) {
    return std::find(local.begin(), local.end(), a) != local.end();
  });
  if (mine) return;
  auto f = make_finding("env.master-addr.not-local", Label::hostname_resolution, Severity::error,
                        "this is the master (rank 0) but MASTER_ADDR resolves to no address of this host", s);
  f.evidence.push_back(resolves);
  if (!routable.empty()) f.evidence.push_back("local addresses: " + core::join(routable, ", "));
  if (routable.size() == 1) f.fix.env["MASTER_ADDR"] = routable.front();
  std::string mine_are = routable.empty() ? "" : " (it has " + core::join(routable, ", ") + ")";
  f.fix.text = "point MASTER_ADDR at this host" + mine_are + ", or fix the name's DNS / /etc/hosts entry";
  out.push_back(std::move(f));
}

}  // namespace

}  // namespace dd::env::detail

namespace dd::env {

std::optional<long long> node_count(const AuditInput& input) { return detail::node_count(detail::Context(input)); }

LaunchSize launch_size(const AuditInput& input) { return detail::launch_size(detail::Context(input)); }

}  // namespace dd::env

namespace dd::env::detail {

void check_rendezvous(const Context& ctx, std::vector<core::Finding>& out) {
  integers(ctx, out);
  world_size_product(ctx, out);
  master_port(ctx, out);
  master_addr(ctx, out);
}

}  // namespace dd::env::detail
