#include "nccl/predict.hpp"

#include <algorithm>

#include "core/strings.hpp"
#include "nccl/ip_address.hpp"

namespace dd::nccl {

std::string_view to_string(Step step) {
  switch (step) {
    case Step::none:
      return "none";
    case Step::ifname:
      return "NCCL_SOCKET_IFNAME";
    case Step::ib:
      return "auto:ib";
    case Step::comm_id:
      return "auto:NCCL_COMM_ID-subnet";
    case Step::auto_general:
      return "auto:general";
    case Step::docker:
      return "auto:docker";
    case Step::lo:
      return "auto:lo";
    case Step::virbr:
      return "auto:virbr";
  }
  return "none";
}

std::optional<os::Family> parse_socket_family(const std::optional<std::string>& value) {
  if (!value) return std::nullopt;
  if (*value == "AF_INET") return os::Family::inet;
  if (*value == "AF_INET6") return os::Family::inet6;
  return std::nullopt;
}

namespace {

Endpoint endpoint_of(const os::AddressEntry& e) {
  return Endpoint{e.name, nccl_address_text(e), e.link.empty() ? e.name : e.link};
}

std::string list_text(const std::vector<Endpoint>& list) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < list.size(); ++i) {
    parts.push_back("[" + std::to_string(i) + "]" + list[i].iface + ":" + list[i].addr);
  }
  return core::join(parts, " ");
}

// Everything one findInterfaces() scan needs besides the filter.
struct ScanContext {
  const std::vector<os::AddressEntry>& entries;
  const Version& version;
  std::optional<os::Family> family;
};

// One findInterfaces() pass (nccl-facts §1.2 / §9 `scan`).
// `skipped` (optional) collects the names that match but whose link is not running.
std::vector<Endpoint> scan(const ScanContext& ctx, const IfnameFilter& filter, std::size_t max_ifs,
                           std::vector<std::string>* skipped = nullptr) {
  std::vector<Endpoint> out;
  bool full = false;  // once max_ifs names are accepted, only `skipped` is still collected
  for (const auto& e : ctx.entries) {
    if (ctx.version.has_running_filter() && !e.running) {
      if (skipped && matches(filter, e.name) && (!ctx.family || e.family == *ctx.family) &&
          std::find(skipped->begin(), skipped->end(), e.name) == skipped->end()) {
        skipped->push_back(e.name);
      }
      continue;
    }
    if (ctx.family && e.family != *ctx.family) continue;
    if (e.family == os::Family::inet6) {
      auto ip = core::parse_numeric_ip(e.addr);
      if (ip && is_ipv6_loopback(*ip)) continue;
    }
    if (full || !matches(filter, e.name)) continue;
    if (std::any_of(out.begin(), out.end(), [&](const Endpoint& x) { return x.iface == e.name; })) continue;
    out.push_back(endpoint_of(e));
    if (out.size() >= max_ifs) {
      full = true;
      if (!skipped) break;
    }
  }
  return out;
}

struct FindResult {
  std::vector<Endpoint> list;
  Step step = Step::none;
  bool failed = false;  // NCCL_COMM_ID could not be parsed in the automatic step 2
  std::string description;
};

// ncclFindInterfaces(): the user's list, or the automatic order.
FindResult find_interfaces(const ScanContext& ctx, const Prediction& p, std::size_t max_ifs,
                           std::vector<std::string>* trace) {
  FindResult r;
  auto note = [&](const std::string& s) {
    if (trace) trace->push_back(s);
  };
  std::vector<std::string> skipped;
  auto note_skipped = [&]() {
    if (!skipped.empty()) {
      note("  skipped (link not running, NCCL 2.28.3+): " + core::join(skipped, ", "));
      skipped.clear();
    }
  };
  if (!p.ifname.ignored) {
    r.list = scan(ctx, p.ifname, max_ifs, trace ? &skipped : nullptr);
    r.step = Step::ifname;
    r.description = "NCCL_SOCKET_IFNAME=" + describe(p.ifname);
    note(r.description + (r.list.empty() ? " matched nothing" : " matched " + r.list.front().iface + " first"));
    note_skipped();
    return r;
  }
  note(p.ifname.raw.empty()
           ? "NCCL_SOCKET_IFNAME unset: automatic order"
           : "NCCL_SOCKET_IFNAME='" + p.ifname.raw + "' is one character long: ignored, automatic order");
  struct AutoStep {
    Step step;
    IfnameFilter filter;
    std::string text;
  };
  std::vector<AutoStep> steps;
  steps.push_back({Step::ib, prefix_filter({"ib"}, false), "step 1 (prefix 'ib')"});
  std::vector<std::string> general = {"docker", "lo"};
  if (ctx.version.has_virbr_step()) general.push_back("virbr");
  steps.push_back({Step::auto_general, prefix_filter(general, true),
                   "step 3 (everything except prefixes " + core::join(general, "/") + ")"});
  steps.push_back({Step::docker, prefix_filter({"docker"}, false), "step 4 (prefix 'docker')"});
  steps.push_back({Step::lo, prefix_filter({"lo"}, false), "step 5 (prefix 'lo')"});
  if (ctx.version.has_virbr_step())
    steps.push_back({Step::virbr, prefix_filter({"virbr"}, false), "step 6 (prefix 'virbr')"});

  for (const auto& s : steps) {
    if (s.step == Step::auto_general && p.comm_id.used_by_socket_step()) {
      if (!p.comm_id.usable) {
        r.failed = true;
        r.step = Step::comm_id;
        r.description = "step 2 (NCCL_COMM_ID subnet)";
        note("step 2: NCCL_COMM_ID='" + p.comm_id.value + "' cannot be parsed/resolved: the lookup fails");
        return r;
      }
      if (auto idx = match_comm_id_subnet(p.comm_id, ctx.entries)) {
        r.list.push_back(endpoint_of(ctx.entries[*idx]));
        r.step = Step::comm_id;
        r.description = "step 2 (interface in NCCL_COMM_ID's subnet)";
        note(r.description + " chose " + r.list.front().iface);
        return r;
      }
      note("step 2 (NCCL_COMM_ID subnet " + p.comm_id.addr + ") found nothing");
    }
    r.list = scan(ctx, s.filter, max_ifs, trace ? &skipped : nullptr);
    if (!r.list.empty()) {
      r.step = s.step;
      r.description = s.text;
      note(s.text + " chose " + r.list.front().iface);
      note_skipped();
      return r;
    }
    note(s.text + " found nothing");
    note_skipped();
  }
  return r;
}

}  // namespace

Prediction predict_with_comm_id(const std::vector<os::AddressEntry>& entries, const NcclConfig& config,
                                const Version& version, const CommId& comm_id) {
  Prediction p;
  p.version = version;
  p.comm_id = comm_id;
  auto ifname = config.get("NCCL_SOCKET_IFNAME");
  p.ifname = parse_ifname_list(ifname.value_or(""),
                               version.has_exact_syntax() ? ExactSyntax::supported : ExactSyntax::unsupported);
  auto family_value = config.get("NCCL_SOCKET_FAMILY");
  p.family = parse_socket_family(family_value);
  if (family_value && !p.family) {
    p.notes.push_back("NCCL_SOCKET_FAMILY='" + *family_value +
                      "' is neither AF_INET nor AF_INET6 (exact, case-sensitive): NCCL ignores it");
  }
  if (!p.ifname.dropped.empty()) {
    p.notes.push_back("NCCL_SOCKET_IFNAME has more than 16 names; NCCL ignores " + core::join(p.ifname.dropped, ","));
  }
  if (!version.has_running_filter()) {
    p.notes.push_back("NCCL " + version.to_string() + " (< 2.28.3) also uses down / no-carrier interfaces");
  }
  ScanContext ctx{entries, version, p.family};

  // NET/Socket: ncclFindInterfaces(maxIfs = 16).
  FindResult sock = find_interfaces(ctx, p, k_max_ifs, nullptr);
  p.socket = sock.list;
  p.socket_step = sock.step;
  if (sock.failed) {
    p.socket_error = std::string(k_invalid_comm_id_warn);
  } else if (sock.list.empty()) {
    p.socket_error = "NET/Socket : no interface found";
  }

  // Bootstrap.
  if (comm_id.set && version.has_single_bootstrap_iface()) {
    p.bootstrap_step = Step::comm_id;
    p.trace.push_back("NCCL_COMM_ID='" + comm_id.value +
                      "' is set: the bootstrap ignores NCCL_SOCKET_IFNAME/NCCL_SOCKET_FAMILY and takes the first "
                      "interface (any state) in the subnet of its address");
    if (!comm_id.usable) {
      p.rc = k_rc_invalid_argument;
      p.error = comm_id.error;
      p.reason = "NCCL_COMM_ID='" + comm_id.value + "' is invalid: ncclGetUniqueId fails (rc 4)";
    } else if (auto idx = match_comm_id_subnet(comm_id, entries)) {
      p.bootstrap = endpoint_of(entries[*idx]);
      p.reason =
          "NCCL_COMM_ID " + comm_id.addr + " is in the subnet of " + p.bootstrap->iface + ":" + p.bootstrap->addr;
    } else {
      p.rc = k_rc_system_error;
      p.error = "NET/Socket : No usable listening interface found";
      p.reason = "no interface is in the subnet of NCCL_COMM_ID " + comm_id.addr + ": ncclGetUniqueId fails (rc 2)";
    }
    p.trace.push_back(p.reason);
  } else {
    FindResult boot = find_interfaces(ctx, p, version.has_list_bootstrap() ? k_max_ifs : 1, &p.trace);
    if (comm_id.set) {
      p.notes.push_back("NCCL " + version.to_string() +
                        " (< 2.8.3) bootstraps on its interface list; with NCCL_COMM_ID the root listens on the "
                        "wildcard address");
    }
    if (version.has_list_bootstrap() && boot.list.size() > 1) {
      p.notes.push_back("NCCL " + version.to_string() +
                        " logs the whole list as its bootstrap interfaces and uses [0]");
    }
    p.bootstrap_step = boot.step;
    if (boot.failed) {
      p.rc = k_rc_invalid_argument;
      p.error = comm_id.error;
      p.reason = "NCCL_COMM_ID='" + comm_id.value + "' is invalid: ncclGetUniqueId fails (rc 4)";
    } else if (boot.list.empty()) {
      p.rc = k_rc_invalid_usage;
      p.error = "Bootstrap : no socket interface found";
      p.reason = boot.step == Step::ifname ? boot.description + " matches no usable interface"
                                           : "no usable interface in any automatic step";
    } else {
      p.bootstrap = boot.list.front();
      p.reason = boot.description + " chose " + p.bootstrap->iface + ":" + p.bootstrap->addr;
    }
  }
  if (!p.socket.empty()) p.trace.push_back("NET/Socket : Using " + list_text(p.socket));
  return p;
}

Prediction predict(const std::vector<os::AddressEntry>& entries, const NcclConfig& config, const Version& version,
                   const os::Resolver& resolver) {
  CommId comm_id = resolve_comm_id(config.get("NCCL_COMM_ID"), entries, resolver);
  return predict_with_comm_id(entries, config, version, comm_id);
}

}  // namespace dd::nccl
