// Name rules: NCCL_/TORCH_NCCL_/GLOO_/MASTER_ names that no reader knows (with "did you mean"),
// and names NCCL 2.28.9 deprecated, renamed or removed (nccl-facts §5.3). Unknown variables are
// silently ignored by NCCL, so a typo turns a setting off without a word.
#include <algorithm>

#include "core/strings.hpp"
#include "env/catalog.hpp"
#include "env/rules.hpp"

namespace dd::env::detail {

namespace {

using core::Label;
using core::Severity;

bool from_environment(const Setting& s) { return s.source == "environment"; }

// Where to make the change, for fix.text.
std::string where(const Setting& s) {
  return from_environment(s) ? std::string("in the job's environment") : "in " + s.source;
}

// NCCL_NSOCKS_PERTHREAD only acts with helper threads (nccl-facts §6.1, §8.12): on hosts that are
// not AWS/GCP the automatic thread count is 0, so it also needs NCCL_SOCKET_NTHREADS. A connection
// to a peer has NCCL_SOCKET_NTHREADS x NCCL_NSOCKS_PERTHREAD sockets (ncclNetSocketGetNsockNthread,
// NCCL 2.28.9 src/transport/net_socket.cc, product capped at 64), so someone who wrote
// NCCL_NSOCKS_PER_PEER=N asked for N sockets per peer: N / T per thread with the threads they set,
// else one thread with N sockets (bench's own model writes 4 sockets as T=1, S=4).
struct SocketSplit {
  std::string threads;  // empty: keep the user's NCCL_SOCKET_NTHREADS
  std::string per_thread;
  long long total = 0;
};
SocketSplit split_sockets(long long per_peer, const Setting* threads) {
  per_peer = std::clamp<long long>(per_peer, 1, 64);
  SocketSplit out;
  auto t = threads ? core::parse_int(core::trim(threads->value)) : std::nullopt;
  if (t && *t > 0) {
    long long th = std::min<long long>(*t, 16);
    long long s = std::max<long long>(1, per_peer / th);
    out.per_thread = std::to_string(s);
    out.total = th * s;
  } else {
    out.threads = "1";
    out.per_thread = std::to_string(per_peer);
    out.total = per_peer;
  }
  return out;
}

// The setting whose unknown-name fix sets NCCL_SOCKET_NTHREADS (a misspelt NCCL_NSOCKS_PERTHREAD with a
// positive count, split_sockets with no thread count set), nullptr when none.
const Setting* threads_set_by_split(const Context& ctx) {
  if (ctx.find("NCCL_SOCKET_NTHREADS") || ctx.find("NCCL_NSOCKS_PERTHREAD")) return nullptr;
  for (const auto& s : ctx.settings()) {
    auto suggestion = suggest_name(s.name);
    auto n = core::parse_int(core::trim(s.value));
    if (suggestion && *suggestion == "NCCL_NSOCKS_PERTHREAD" && n && *n > 0) return &s;
  }
  return nullptr;
}

// Another setting's value expands `name` (core::expands_variable): then something does read it
// (fix-2026-12-07n c09: MASTER_HOST, read by `RDZV_ENDPOINT: "$(MASTER_HOST):29400"`; renamed, that
// reference is left unexpanded). lint also asks the whole file (env_values.cpp).
bool expanded_by_another(const Context& ctx, const Setting& s) {
  return std::any_of(ctx.settings().begin(), ctx.settings().end(), [&](const Setting& other) {
    return other.name != s.name && core::expands_variable(other.value, s.name);
  });
}

void unknown_name(const Context& ctx, const Setting& s, std::vector<core::Finding>& out) {
  if (expanded_by_another(ctx, s)) return;  // read by the setting that expands it
  auto suggestion = suggest_name(s.name);
  if (!suggestion) {
    // NCCL ignores unknown NCCL_ names silently; other families have more undocumented names.
    Severity sev = core::starts_with(s.name, "NCCL_") ? Severity::warning : Severity::info;
    auto f = make_finding("env.unknown-name", Label::config_typo, sev,
                          s.name + " is not a variable NCCL 2.28.9, PyTorch or Gloo reads", &s);
    f.fix.text = "check the spelling (distdoctor found no close match) or remove it " + where(s) +
                 "; a plugin may read its own names";
    out.push_back(std::move(f));
    return;
  }
  std::string right(*suggestion);
  const Setting* existing = ctx.find(right);
  if (right == "NCCL_SOCKET_NTHREADS" && !existing && threads_set_by_split(ctx)) {
    // The NCCL_NSOCKS_PER_PEER finding already sets NCCL_SOCKET_NTHREADS for the sockets per peer it
    // asked for: renaming this one too would multiply them (4 x 4 = 16, stranger fix-2026-12-06j p18).
    auto f = make_finding("env.unknown-name", Label::config_typo, Severity::error,
                          s.name + " is not a variable anything reads; did you mean " + right + "?", &s);
    f.fix.env[s.name] = "";
    f.fix.text = "remove " + s.name + " " + where(s) + ": the fix for " + threads_set_by_split(ctx)->name +
                 " sets NCCL_SOCKET_NTHREADS=1 for the sockets per peer it names; renaming " + s.name +
                 " as well would multiply them (threads x sockets per thread)";
    out.push_back(std::move(f));
    return;
  }
  auto f = make_finding("env.unknown-name", Label::config_typo, existing ? Severity::warning : Severity::error,
                        s.name + " is not a variable anything reads; did you mean " + right + "?", &s);
  f.fix.env[s.name] = "";  // unset the misspelt name
  if (existing) {
    f.evidence.push_back(evidence(*existing));
    f.fix.text = right + " is already set; remove " + s.name + " " + where(s);
  } else {
    f.fix.env[right] = s.value;
    f.fix.text = "rename " + s.name + " to " + right + " " + where(s);
  }
  if (right == "NCCL_NSOCKS_PERTHREAD") {
    f.title = s.name + " does not exist; NCCL reads NCCL_NSOCKS_PERTHREAD (sockets per helper thread)";
    const Setting* threads = ctx.find("NCCL_SOCKET_NTHREADS");
    auto per_peer = core::parse_int(core::trim(s.value));
    if (!existing && per_peer && *per_peer > 0) {
      SocketSplit split = split_sockets(*per_peer, threads);
      f.fix.env[right] = split.per_thread;
      if (!split.threads.empty()) f.fix.env["NCCL_SOCKET_NTHREADS"] = split.threads;
      std::string t = split.threads.empty() ? std::string(core::trim(threads->value)) : split.threads;
      f.fix.text =
          "NCCL opens NCCL_SOCKET_NTHREADS x NCCL_NSOCKS_PERTHREAD sockets per peer (at most 64), and on "
          "hosts that are not AWS or GCP 0 helper threads unless NCCL_SOCKET_NTHREADS is set: for " +
          std::to_string(*per_peer) + " sockets per peer rename " + s.name + " " + where(s) + " to " + right + "=" +
          split.per_thread + " with NCCL_SOCKET_NTHREADS=" + t + " (" + t + " x " + split.per_thread + " = " +
          std::to_string(split.total) + " sockets per peer)";
    } else {
      f.fix.text +=
          ". NCCL opens NCCL_SOCKET_NTHREADS x NCCL_NSOCKS_PERTHREAD sockets per peer (at most 64); on "
          "hosts that are not AWS or GCP it starts 0 helper threads unless NCCL_SOCKET_NTHREADS is set";
      if (!threads) f.fix.env["NCCL_SOCKET_NTHREADS"] = "1";
    }
  }
  out.push_back(std::move(f));
}

void retired_name(const Context& ctx, const Setting& s, const VarSpec& spec, std::vector<core::Finding>& out) {
  switch (spec.status) {
    case Status::deprecated: {
      if (spec.family == VarFamily::torch) return;  // old NCCL_ aliases of TORCH_NCCL_: rules_torch.cpp
      const Setting* repl = ctx.find(std::string(spec.replacement));
      auto f = make_finding("env.deprecated-name", Label::config_typo, Severity::warning,
                            s.name + " is deprecated; use " + std::string(spec.replacement), &s);
      f.fix.env[s.name] = "";
      if (repl) {
        f.evidence.push_back(evidence(*repl));
        f.fix.text = std::string(spec.replacement) + " is set and wins; remove " + s.name + " " + where(s);
      } else {
        f.fix.env[std::string(spec.replacement)] = s.value;
        f.fix.text = "rename " + s.name + " to " + std::string(spec.replacement) + " " + where(s);
      }
      out.push_back(std::move(f));
      return;
    }
    case Status::renamed: {
      auto f = make_finding("env.renamed-name", Label::config_typo, Severity::warning,
                            s.name + " is no longer read; NCCL reads " + std::string(spec.replacement), &s);
      f.evidence.push_back(std::string(spec.note));
      f.fix.env[s.name] = "";
      if (!ctx.find(std::string(spec.replacement))) f.fix.env[std::string(spec.replacement)] = s.value;
      f.fix.text = "rename " + s.name + " to " + std::string(spec.replacement) + " " + where(s);
      out.push_back(std::move(f));
      return;
    }
    case Status::removed: {
      auto f = make_finding("env.removed-name", Label::config_typo, Severity::warning,
                            s.name + " is not read by NCCL 2.28.9 (" + std::string(spec.note) + ")", &s);
      f.fix.env[s.name] = "";
      // What was checked is NCCL 2.28.9's reader: an NCCL older than the release that dropped the
      // name may still read it, so the fix says which release has no use for it.
      f.fix.text = "remove " + s.name + " " + where(s) + "; NCCL 2.28.9 does not read it (" + std::string(spec.note) +
                   "), so it has no effect unless a node runs an NCCL from before that";
      out.push_back(std::move(f));
      return;
    }
    case Status::newer_version: {
      auto f =
          make_finding("env.newer-version-name", Label::config_typo, Severity::info,
                       s.name + " is only read by NCCL releases after 2.28.9 (" + std::string(spec.note) + ")", &s);
      f.fix.text = "it has no effect with NCCL 2.28.9 or older; keep it only if every node runs a newer NCCL";
      out.push_back(std::move(f));
      return;
    }
    case Status::current:
    case Status::not_runtime:
      return;
  }
}

}  // namespace

void check_names(const Context& ctx, std::vector<core::Finding>& out) {
  for (const auto& s : ctx.settings()) {
    const VarSpec* spec = find_var(s.name);
    if (spec)
      retired_name(ctx, s, *spec, out);
    else if (checks_unknown_names(s.name))
      unknown_name(ctx, s, out);
  }
}

}  // namespace dd::env::detail
