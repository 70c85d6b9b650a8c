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
// not AWS/GCP the automatic thread count is 0, so it also needs NCCL_SOCKET_NTHREADS. Picks a
// thread count that keeps threads x sockets <= 64 (NCCL's cap), at most 4.
std::string threads_for(std::string_view nsocks) {
  auto s = core::parse_int(core::trim(nsocks));
  if (!s || *s <= 0) return "4";
  long long t = std::clamp<long long>(64 / *s, 1, 4);
  return std::to_string(t);
}

void unknown_name(const Context& ctx, const Setting& s, std::vector<core::Finding>& out) {
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
    f.fix.text += ". NCCL_NSOCKS_PERTHREAD only counts sockets per NET/Socket helper thread: on hosts that are not "
                  "AWS or GCP NCCL starts 0 helper threads unless NCCL_SOCKET_NTHREADS is set too, and then it has "
                  "no effect (threads x sockets is capped at 64)";
    if (!ctx.find("NCCL_SOCKET_NTHREADS")) {
      f.fix.env["NCCL_SOCKET_NTHREADS"] = threads_for(existing ? existing->value : s.value);
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
      f.fix.text = "remove " + s.name + " " + where(s) + "; it has no effect";
      out.push_back(std::move(f));
      return;
    }
    case Status::newer_version: {
      auto f = make_finding("env.newer-version-name", Label::config_typo, Severity::info,
                            s.name + " is only read by NCCL releases after 2.28.9 (" + std::string(spec.note) + ")",
                            &s);
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
    if (spec) retired_name(ctx, s, *spec, out);
    else if (checks_unknown_names(s.name)) unknown_name(ctx, s, out);
  }
}

}  // namespace dd::env::detail
