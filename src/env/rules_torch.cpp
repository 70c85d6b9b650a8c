// PyTorch and Gloo rules (nccl-facts §7.1, §7.2): the old NCCL_ names of TORCH_NCCL_ variables
// (still read, the TORCH_ name wins when both are set), and GLOO_SOCKET_IFNAME / TP_SOCKET_IFNAME
// written in NCCL's filter syntax, which Gloo and TensorPipe do not understand (exact names only).
#include "core/strings.hpp"
#include "env/catalog.hpp"
#include "env/rules.hpp"

namespace dd::env::detail {

namespace {

using core::Label;
using core::Severity;

void old_alias(const Context& ctx, const Setting& s, const VarSpec& spec, std::vector<core::Finding>& out) {
  std::string current(spec.replacement);
  const Setting* now = ctx.find(current);
  if (!now) {
    auto f = make_finding("env.torch.deprecated-alias", Label::config_typo, Severity::warning,
                          s.name + " is the old name of " + current + " (PyTorch logs a deprecation warning)", &s);
    f.fix.env[s.name] = "";
    f.fix.env[current] = s.value;
    f.fix.text = "rename " + s.name + " to " + current;
    out.push_back(std::move(f));
    return;
  }
  bool same = core::trim(now->value) == core::trim(s.value);
  auto f = make_finding("env.torch.alias-conflict", Label::config_typo, same ? Severity::info : Severity::warning,
                        same ? s.name + " and " + current + " are both set; the old name is redundant"
                             : s.name + " and " + current + " disagree; PyTorch uses " + current + "=" + now->value,
                        &s);
  f.evidence.push_back(evidence(*now));
  f.fix.env[s.name] = "";
  f.fix.text = "remove " + s.name + "; " + current + " is the name PyTorch reads first";
  out.push_back(std::move(f));
}

// GLOO_SOCKET_IFNAME: comma list of exact names; TP_SOCKET_IFNAME: one exact name.
void exact_ifnames(const Context& ctx, const std::string& name, bool list, std::vector<core::Finding>& out) {
  const Setting* s = ctx.find(name);
  if (!s || s->value.empty()) return;
  std::vector<std::string> entries = list ? core::split(s->value, ',', true) : std::vector<std::string>{s->value};
  std::vector<std::string> fixed;
  std::vector<std::string> problems;
  bool repairable = true;
  for (const auto& e : entries) {
    std::string_view t = core::trim(e);
    if (!t.empty() && t.size() != e.size()) problems.push_back("\"" + e + "\": spaces are part of the interface name");
    if (t.empty()) {
      problems.push_back("empty entry (Gloo looks up an interface named \"\")");
      continue;
    }
    if (t[0] == '^') {
      problems.push_back("\"" + std::string(t) + "\": exclusion lists are NCCL syntax; " + name + " takes exact names");
      repairable = false;
      continue;
    }
    if (t[0] == '=') {
      problems.push_back("\"" + std::string(t) + "\": '=' is NCCL syntax; names are always exact here");
      t.remove_prefix(1);
    }
    if (!list && t.find(',') != std::string_view::npos) {
      problems.push_back("\"" + std::string(t) + "\": " + name + " takes one interface name, not a list");
      repairable = false;
    }
    fixed.emplace_back(t);
  }
  if (problems.empty()) return;
  auto f = make_finding(list ? "env.gloo.ifname-syntax" : "env.tensorpipe.ifname-syntax", Label::config_typo,
                        list ? Severity::error : Severity::warning,
                        list ? name + " must list exact interface names; Gloo fails with \"Unable to find address for\""
                             : name + " must be one exact interface name; TensorPipe falls back to 127.0.0.1",
                        s);
  for (auto& p : problems) f.evidence.push_back(std::move(p));
  if (repairable && !fixed.empty()) {
    f.fix.env[name] = core::join(fixed, ",");
    f.fix.text = "write the interface names themselves: " + name + "=" + core::join(fixed, ",");
  } else {
    f.fix.text = "name the interface(s) to use exactly, e.g. " + name + "=eth0 (see `distdoctor nics`)";
  }
  out.push_back(std::move(f));
}

}  // namespace

void check_torch(const Context& ctx, std::vector<core::Finding>& out) {
  for (const auto& s : ctx.settings()) {
    const VarSpec* spec = find_var(s.name);
    if (spec && spec->family == VarFamily::torch && spec->status == Status::deprecated) old_alias(ctx, s, *spec, out);
  }
  exact_ifnames(ctx, "GLOO_SOCKET_IFNAME", true, out);
  exact_ifnames(ctx, "TP_SOCKET_IFNAME", false, out);
}

}  // namespace dd::env::detail
