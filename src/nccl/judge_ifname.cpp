// Judge rules about how NCCL_SOCKET_IFNAME and the config files are written (NCCL 2.28.9 parser,
// nccl-facts §1.3, §4, §8.1-8.2, §8.10) and about a list that selects nothing (§1.2, §8.8).
#include <algorithm>
#include <cctype>
#include <set>

#include "core/strings.hpp"
#include "nccl/ifname_wording.hpp"
#include "nccl/ip_address.hpp"
#include "nccl/judge_context.hpp"

namespace dd::nccl::detail {

namespace {

using core::Label;
using core::Severity;

std::set<std::string> known_names(const JudgeContext& ctx) {
  std::set<std::string> names;
  for (const auto& e : ctx.inventory.entries) names.insert(e.name);
  for (const auto& i : ctx.inventory.interfaces) names.insert(i.name);
  return names;
}

bool token_hits(const IfnameFilter& f, const std::string& token, const std::set<std::string>& names) {
  IfnameFilter one = f;
  one.negate = false;
  one.tokens = {token};
  return std::any_of(names.begin(), names.end(), [&](const std::string& n) { return matches(one, n); });
}

// The value with spaces, CR, quotes and "# comment" tails removed from every token.
std::string cleaned_value(const IfnameFilter& f) {
  std::vector<std::string> tokens;
  for (auto t : f.tokens) {
    auto hash = t.find('#');
    if (hash != std::string::npos) t = t.substr(0, hash);
    t.erase(std::remove_if(t.begin(), t.end(), [](char c) { return c == '"' || c == '\''; }), t.end());
    // names separated by blanks ("ens1f0 ens1f1", fix-2026-12-07s p01) are meant as a list: commas
    std::replace(t.begin(), t.end(), '\t', ' ');
    for (const auto& w : core::split(t, ' ')) {
      std::string trimmed(core::trim(w));
      if (!trimmed.empty()) tokens.push_back(trimmed);
    }
  }
  return std::string(f.negate ? "^" : "") + (f.exact ? "=" : "") + core::join(tokens, ",");
}

// What the model predicts on this host with NCCL_SOCKET_IFNAME set to `value`.
Prediction trial_prediction(const JudgeContext& ctx, const std::string& value) {
  NcclConfig trial = ctx.config;
  trial.set_env("NCCL_SOCKET_IFNAME", value);
  return predict_with_comm_id(ctx.inventory.entries, trial, ctx.version, ctx.prediction.comm_id);
}

// True when the model, given `value`, picks a non-loopback NET/Socket interface.
bool value_works(const JudgeContext& ctx, const std::string& value) {
  Prediction p = trial_prediction(ctx, value);
  return !p.socket.empty() && !is_loopback_endpoint(ctx, p.socket.front()) && (p.comm_id.set || p.bootstrap);
}

// A value of visible characters only: the user's names are kept in a fix only so (an escape
// sequence in a value never reaches the terminal: system.hardening.text).
bool printable(const std::string& v) {
  return !v.empty() &&
         std::all_of(v.begin(), v.end(), [](char c) { return std::isgraph(static_cast<unsigned char>(c)); });
}

// The user's names without the comment after them: the fix is that value whether or not this host
// has those interfaces (stranger14's fix-2026-12-06k p24: `ens5   # the 100G fabric NIC` got this
// machine's `=eth0`). Where they match nothing here, the evidence says so, and that this host need
// not be one of the job's nodes.
void keep_value_fix(const JudgeContext& ctx, core::Finding& f, const std::string& repaired,
                    const std::string& without = "without its comment") {
  f.fix.env["NCCL_SOCKET_IFNAME"] = repaired;
  f.fix.text = "export NCCL_SOCKET_IFNAME=" + core::shell_quote(repaired) + " (the value " + without + ")";
  if (!value_works(ctx, repaired)) {
    auto names = known_names(ctx);
    f.evidence.push_back(without + " the value is '" + repaired +
                         "', which matches no usable interface on this host either (interfaces here: " +
                         core::join({names.begin(), names.end()}, ", ") +
                         "): right on a node that has it; `distdoctor nics` on each node lists its names");
  }
}

// Whether a token of the value carries a "# comment" tail.
bool commented_value(const IfnameFilter& f) {
  return std::any_of(f.tokens.begin(), f.tokens.end(),
                     [](const std::string& t) { return t.find('#') != 0 && t.find('#') != std::string::npos; });
}

// True when the model, given `value`, picks loopback: a value kept without its comment must not be
// (oracle row 129: `NCCL_SOCKET_IFNAME==lo # comment` in nccl.conf).
bool value_picks_loopback(const JudgeContext& ctx, const std::string& value) {
  Prediction p = trial_prediction(ctx, value);
  return !p.socket.empty() && is_loopback_endpoint(ctx, p.socket.front());
}

void typo(const JudgeContext& ctx, std::vector<core::Finding>& out, std::string id, std::string title,
          std::vector<std::string> evidence, const std::optional<std::string>& repaired) {
  auto f = core::new_finding(std::move(id), Label::config_typo, Severity::warning, std::move(title));
  f.evidence = std::move(evidence);
  f.evidence.push_back(ctx.ifname_setting());
  f.evidence.push_back("model: " + ctx.prediction.reason);
  if (f.id == "nccl.ifname.inline-comment" && repaired && !repaired->empty() &&
      commented_value(ctx.prediction.ifname) && !value_picks_loopback(ctx, *repaired)) {
    keep_value_fix(ctx, f, *repaired);
  } else if (f.id == "nccl.ifname.whitespace" && repaired && printable(*repaired) &&
             !value_picks_loopback(ctx, *repaired)) {
    // the user's own names, trimmed (and comma-separated): right on the nodes that have them, not
    // this machine's interface (fix-2026-12-07s p01 got `=eth0` for "ens1f0 ens1f1")
    keep_value_fix(ctx, f, *repaired, "with its names trimmed and separated by commas");
  } else if (repaired && value_works(ctx, *repaired)) {
    f.fix.env["NCCL_SOCKET_IFNAME"] = *repaired;
    f.fix.text = "export NCCL_SOCKET_IFNAME=" + core::shell_quote(*repaired);
  } else {
    add_nccl_fix(ctx, f);
  }
  out.push_back(std::move(f));
}

// A value NCCL never reads (one character), or a '^'/'=' prefix NCCL reads otherwise than meant.
// True when the value is ignored altogether, so no other rule applies.
bool judge_ifname_prefix(const JudgeContext& ctx, const std::string& value, std::vector<core::Finding>& out) {
  const IfnameFilter& f = ctx.prediction.ifname;
  if (value.size() == 1) {
    typo(ctx, out, "nccl.ifname.one-char-ignored",
         "NCCL_SOCKET_IFNAME='" + value + "' is one character long: NCCL silently ignores it and chooses automatically",
         {"NCCL reads NCCL_SOCKET_IFNAME only when it is at least 2 characters long"}, std::nullopt);
    return true;
  }
  if (core::starts_with(value, "=^")) {
    typo(ctx, out, "nccl.ifname.equals-before-caret",
         "NCCL_SOCKET_IFNAME='" + value + "' looks for an interface literally named '" + value.substr(1) +
             "': '^' must come first ('^=" + value.substr(2) + "')",
         {"NCCL recognises '^' only as the first character, then '='"}, std::nullopt);
  }
  std::string rest = value.substr(f.negate ? 1 : 0);
  if (!ctx.version.has_exact_syntax() && core::starts_with(rest, "=")) {
    typo(ctx, out, "nccl.ifname.exact-unsupported",
         "NCCL " + ctx.version.to_string() + " has no '=' exact matching (added in 2.5.6): '" + rest +
             "' is taken as a name prefix",
         {}, std::string(f.negate ? "^" : "") + rest.substr(1));
  }
  return false;
}

// Names that carry spaces/CR, quotes or a "# comment" tail from a config file, repaired together.
void judge_ifname_token_text(const JudgeContext& ctx, std::vector<core::Finding>& out) {
  const IfnameFilter& f = ctx.prediction.ifname;
  std::vector<std::string> spaced, quoted, commented;
  for (const auto& t : f.tokens) {
    if (t.find_first_of(" \t\r\n") != std::string::npos && t.find('#') == std::string::npos) {
      spaced.push_back("'" + visible(t) + "'");
    }
    if (t.find_first_of("\"'") != std::string::npos) quoted.push_back("'" + t + "'");
    if (t.find('#') != std::string::npos) commented.push_back("'" + t + "'");
  }
  std::string repaired = cleaned_value(f);
  // Quotes and '#' tails are nccl.conf's verbatim values only when the value came from a file;
  // from the environment, whatever set it passed them through, and no file is to blame.
  auto src = ctx.config.source("NCCL_SOCKET_IFNAME");
  bool from_file = src && src->kind == SourceKind::file;
  std::string where = from_file ? src->describe() : std::string("the environment");
  if (!spaced.empty()) {
    std::vector<std::string> raw;
    for (const auto& t : f.tokens)
      if (t.find_first_of(" \t\r\n") != std::string::npos && t.find('#') == std::string::npos) raw.push_back(t);
    typo(ctx, out, "nccl.ifname.whitespace",
         "NCCL_SOCKET_IFNAME has names with spaces or CR: NCCL does not trim them, " +
             blank_names_effect(raw, f.negate, f.exact),
         {"tokens: " + core::join(spaced, ", ")}, repaired);
  }
  if (!quoted.empty()) {
    typo(ctx, out, "nccl.ifname.quoted",
         "NCCL_SOCKET_IFNAME contains quote characters (kept verbatim from " + where +
             "): NCCL takes them as part of the names " + core::join(quoted, ", "),
         {from_file ? "nccl.conf values are not shell: quotes are part of the value"
                    : "the environment holds the quotes themselves: whatever set it (an env file, a YAML value, "
                      "quotes inside quotes) passed them through"},
         repaired);
  }
  if (!commented.empty()) {
    typo(ctx, out, "nccl.ifname.inline-comment",
         from_file ? "NCCL_SOCKET_IFNAME contains '#': a comment after the value is part of the value in nccl.conf (" +
                         where + ")"
                   : "NCCL_SOCKET_IFNAME contains '#' (in the environment): NCCL takes it and what follows as part "
                     "of the names",
         {"tokens: " + core::join(commented, ", ")}, repaired);
  }
}

// The value with the wrong-case names lowered.
std::string lowered_value(const IfnameFilter& f, const std::vector<std::string>& wrong_case) {
  std::vector<std::string> fixed_tokens;
  for (const auto& t : f.tokens) {
    bool wc = std::find(wrong_case.begin(), wrong_case.end(), t) != wrong_case.end();
    fixed_tokens.push_back(wc ? core::to_lower(t) : t);
  }
  return std::string(f.negate ? "^" : "") + (f.exact ? "=" : "") + core::join(fixed_tokens, ",");
}

// Names that match no interface here: in the wrong case (a typo), or unknown beside names that do
// match (information only).
void judge_ifname_names(const JudgeContext& ctx, std::vector<core::Finding>& out) {
  const IfnameFilter& f = ctx.prediction.ifname;
  auto names = known_names(ctx);
  std::vector<std::string> wrong_case, unknown;
  bool any_hit = false;
  for (const auto& t : f.tokens) {
    if (token_hits(f, t, names)) {
      any_hit = true;
      continue;
    }
    std::string lower = core::to_lower(t);
    if (lower != t && token_hits(f, lower, names)) {
      wrong_case.push_back(t);
    } else if (std::string(core::trim(t)) == t && t.find_first_of("\"'#") == std::string::npos) {
      unknown.push_back(t);
    }
  }
  if (!wrong_case.empty()) {
    typo(ctx, out, "nccl.ifname.wrong-case",
         "NCCL_SOCKET_IFNAME names are case-sensitive: " + core::join(wrong_case, ", ") + " match nothing here",
         {"interface names here: " + core::join({names.begin(), names.end()}, ", ")}, lowered_value(f, wrong_case));
  }
  if (!unknown.empty() && any_hit && !f.negate) {
    auto fnd =
        core::new_finding("nccl.ifname.unknown-name", Label::config_typo, Severity::info,
                          "NCCL_SOCKET_IFNAME lists names that match no interface here: " + core::join(unknown, ", "));
    fnd.evidence.push_back(ctx.ifname_setting());
    fnd.evidence.push_back("interface names here: " + core::join({names.begin(), names.end()}, ", "));
    out.push_back(std::move(fnd));
  }
}

}  // namespace

void judge_ifname_syntax(const JudgeContext& ctx, std::vector<core::Finding>& out) {
  auto value = ctx.config.get("NCCL_SOCKET_IFNAME");
  if (!value || value->empty()) return;
  if (judge_ifname_prefix(ctx, *value, out)) return;
  judge_ifname_token_text(ctx, out);
  judge_ifname_names(ctx, out);
  const IfnameFilter& f = ctx.prediction.ifname;
  if (!f.dropped.empty()) {
    typo(ctx, out, "nccl.ifname.too-many-names",
         "NCCL_SOCKET_IFNAME has more than 16 names: NCCL silently ignores " + core::join(f.dropped, ","),
         {"NCCL parses at most 16 non-empty names"}, std::nullopt);
  }
}

void judge_config_files(const JudgeContext& ctx, std::vector<core::Finding>& out) {
  for (const auto& file : ctx.config.files) {
    if (file.read || file.why != "named by NCCL_CONF_FILE") continue;
    auto f = core::new_finding(
        "nccl.conf.unreadable", Label::config_typo, Severity::warning,
        "NCCL_CONF_FILE=" + file.path + " cannot be read: NCCL ignores it silently and skips ~/.nccl.conf");
    for (const auto& n : ctx.config.notes) f.evidence.push_back(n);
    f.fix.text = "point NCCL_CONF_FILE at a readable file, or unset it so ~/.nccl.conf and /etc/nccl.conf apply";
    out.push_back(std::move(f));
  }
  for (const auto& [key, v] : ctx.config.values) {
    if (v.source.kind != SourceKind::file) continue;
    std::string k(core::trim(key));
    if (core::starts_with(k, "export ")) k = std::string(core::trim(k.substr(7)));
    if (k != key && core::starts_with(k, "NCCL_")) {
      auto f = core::new_finding("nccl.conf.malformed-line", Label::config_typo, Severity::warning,
                                 v.source.describe() + " sets '" + key + "', not " + k +
                                     ": nccl.conf lines are KEY=VALUE with no spaces and no 'export'");
      f.evidence.push_back("value: '" + v.value + "'");
      f.fix.text = "write the line as " + k + "=" + std::string(core::trim(v.value)) + " in " + v.source.path;
      out.push_back(std::move(f));
    } else if (key != "NCCL_SOCKET_IFNAME" && core::starts_with(key, "NCCL_") &&
               (v.value.find('\r') != std::string::npos || v.value.find(" #") != std::string::npos ||
                (v.value.size() >= 2 && (v.value.front() == '"' || v.value.front() == '\'')))) {
      auto f = core::new_finding("nccl.conf.verbatim-value", Label::config_typo, Severity::warning,
                                 v.source.describe() + ": the value of " + key +
                                     " keeps its quotes / CR / '# comment' verbatim (nccl.conf is not a shell file)");
      f.evidence.push_back("value: '" + v.value + "'");
      f.fix.text = "remove quotes, trailing comments and CRLF line ends from " + v.source.path;
      out.push_back(std::move(f));
    }
  }
}

void judge_no_interface(const JudgeContext& ctx, std::vector<core::Finding>& out) {
  const Prediction& p = ctx.prediction;
  bool boot_failed = !p.comm_id.set && !p.bootstrap;
  bool socket_failed = p.socket.empty() && p.socket_step != Step::comm_id;
  if (!boot_failed && !socket_failed) return;
  const IfnameFilter& f = p.ifname;
  std::vector<std::string> down, other_family;
  std::set<std::string> seen;
  for (const auto& e : ctx.inventory.entries) {
    bool name_ok = f.ignored ? true : matches(f, e.name);
    auto ip = core::parse_numeric_ip(e.addr);
    if (!name_ok || (ip && is_ipv6_loopback(*ip)) || !seen.insert(e.name).second) continue;
    if (p.family && e.family != *p.family) {
      other_family.push_back(e.name);
    } else if (!e.running) {
      down.push_back(e.name);
    }
  }
  core::Finding fnd;
  if (!f.ignored && !down.empty() && ctx.version.has_running_filter()) {
    fnd =
        core::new_finding("nccl.ifname.matches-down-interface", Label::no_matching_interface, Severity::error,
                          "NCCL_SOCKET_IFNAME matches only " + core::join(down, ", ") +
                              ", which is down or has no carrier: NCCL 2.28.3+ skips interfaces that are not running");
    for (const auto& n : down) {
      if (const auto* i = ctx.iface(n)) {
        fnd.evidence.push_back(n + ": operstate " + (i->operstate.empty() ? "?" : i->operstate) +
                               (i->up ? ", up" : ", admin down") + (i->carrier ? ", carrier" : ", no carrier"));
      }
    }
  } else if (p.family && !other_family.empty()) {
    fnd =
        core::new_finding("nccl.family.no-address", Label::no_matching_interface, Severity::error,
                          "NCCL_SOCKET_FAMILY=" + std::string(*p.family == os::Family::inet ? "AF_INET" : "AF_INET6") +
                              " leaves no usable address (other family only: " + core::join(other_family, ", ") + ")");
    fnd.fix.env["NCCL_SOCKET_FAMILY"] = "";
    fnd.fix.text =
        "unset NCCL_SOCKET_FAMILY (empty means unrestricted) or give the interface an address of that family";
  } else if (!f.ignored && f.negate) {
    fnd = core::new_finding("nccl.ifname.excludes-everything", Label::no_matching_interface, Severity::error,
                            "NCCL_SOCKET_IFNAME='" + f.raw + "' excludes every running interface");
  } else if (!f.ignored) {
    fnd = core::new_finding(
        "nccl.ifname.matches-nothing", Label::no_matching_interface, Severity::error,
        "NCCL_SOCKET_IFNAME='" + f.raw + "' matches no usable interface here: " +
            // with NCCL_COMM_ID the bootstrap finds its own interface (by the root's
            // subnet): its failure is the comm-id finding's, not this one's
            // (fix-2026-12-07t p23 printed "fails with ''"; review59)
            (p.error.empty() || p.comm_id.set ? std::string("NCCL's NET/Socket transport finds no interface to use")
                                              : "ncclGetUniqueId fails with '" + p.error + "'"));
  } else {
    fnd = core::new_finding("nccl.interface.none", Label::no_matching_interface, Severity::error,
                            "NCCL finds no running interface with an IP address: '" + p.error + "'");
    if (!down.empty()) fnd.evidence.push_back("not running (skipped since NCCL 2.28.3): " + core::join(down, ", "));
  }
  fnd.evidence.push_back(ctx.ifname_setting());
  fnd.evidence.push_back("model: " + p.reason);
  auto names = known_names(ctx);
  fnd.evidence.push_back("interfaces here: " + core::join({names.begin(), names.end()}, ", "));
  // A value that only carries stray text (a CR, blanks, quotes, a '# comment') is repaired as the
  // typo finding about that text repairs it: one report, one value for the variable.
  std::string repaired = f.ignored ? f.raw : cleaned_value(f);
  const bool spaced = std::any_of(f.tokens.begin(), f.tokens.end(), [](const std::string& t) {
    return t.find('#') == std::string::npos && t.find_first_of(" \t\r\n") != std::string::npos;
  });
  if (fnd.fix.env.empty() && fnd.id == "nccl.ifname.matches-nothing" && repaired != f.raw && !repaired.empty() &&
      commented_value(f) && !value_picks_loopback(ctx, repaired)) {
    keep_value_fix(ctx, fnd, repaired);  // one value for the variable: the inline-comment finding's
  } else if (fnd.fix.env.empty() && fnd.id == "nccl.ifname.matches-nothing" && repaired != f.raw && !repaired.empty() &&
             spaced && printable(repaired) && !value_picks_loopback(ctx, repaired)) {
    keep_value_fix(ctx, fnd, repaired, "with its names trimmed and separated by commas");  // the whitespace one's
  } else if (fnd.fix.env.empty() && repaired != f.raw && !repaired.empty() && value_works(ctx, repaired)) {
    fnd.fix.env["NCCL_SOCKET_IFNAME"] = repaired;
    fnd.fix.text = "export NCCL_SOCKET_IFNAME=" + core::shell_quote(repaired) + " (the value without its stray text)";
  }
  if (fnd.fix.env.empty()) add_nccl_fix(ctx, fnd);
  out.push_back(std::move(fnd));
}

}  // namespace dd::nccl::detail
