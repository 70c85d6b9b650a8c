// The bridge to the environment audit: every value a file sets is audited as if it came from a
// config file named "<file>:<line>", so env::audit's findings (same ids, labels and fixes) carry
// their location. With --here, NCCL_SOCKET_IFNAME values also go through nccl::predict against
// this machine's address entries.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "core/address.hpp"
#include "core/strings.hpp"
#include "lint/rules.hpp"
#include "lint/tf_config_shell_word.hpp"
#include "nccl/config.hpp"
#include "nccl/ifname_filter.hpp"
#include "nccl/ifname_wording.hpp"
#include "nccl/predict.hpp"

namespace dd::lint::detail {

namespace {

// Lint never looks names up: numeric addresses resolve to themselves, localhost to loopback.
class LiteralResolver final : public os::Resolver {
 public:
  std::string hostname() const override { return ""; }
  core::Result<std::vector<os::ResolvedAddress>> resolve(const std::string& host) const override {
    if (host == "localhost") return std::vector<os::ResolvedAddress>{{os::Family::inet, "127.0.0.1"}};
    auto ip = core::parse_numeric_ip(host);
    if (!ip) return core::make_error(core::ErrorKind::not_found, host + ": not looked up by lint");
    return std::vector<os::ResolvedAddress>{{ip->v6 ? os::Family::inet6 : os::Family::inet, host}};
  }
  bool can_bind(const os::ResolvedAddress&) const override { return false; }
};

// A value the file computes at run time ($VAR, $(cmd), {{ template }}) is not audited.
bool literal(const EnvValue& v) {
  return v.value.find('$') == std::string::npos && v.value.find('`') == std::string::npos &&
         v.value.find("{{") == std::string::npos;
}

bool audited(const EnvValue& v) {
  if (!literal(v)) return false;
  // Host names are not looked up at lint time; numeric and loopback MASTER_ADDR values are.
  if (v.name == "MASTER_ADDR") return v.value == "localhost" || core::parse_numeric_ip(v.value).has_value();
  return true;
}

// The line of "(<path>:<line>)" in a finding's evidence, 0 when absent.
int located(const core::Finding& f, const std::string& path) {
  std::string key = "(" + path + ":";
  for (const auto& e : f.evidence) {
    auto at = e.find(key);
    if (at == std::string::npos) continue;
    auto n = core::parse_int(std::string_view(e).substr(at + key.size(), e.find(')', at) - at - key.size()));
    if (n && *n > 0) return static_cast<int>(*n);
  }
  return 0;
}

// Where `v`'s value is written on its line (after its name when the name is there too), or npos.
std::size_t value_at(std::string_view line, const EnvValue& v) {
  if (v.value.empty()) return std::string_view::npos;
  auto name = line.find(v.name);
  if (name != std::string_view::npos) return line.find(v.value, name + v.name.size());
  auto at = line.find(v.value);  // a YAML `value:` line: the value once, or it is ambiguous
  return at != std::string_view::npos && line.find(v.value, at + 1) == std::string_view::npos ? at
                                                                                              : std::string_view::npos;
}

// Whether `text` can stand where [at, at + len) of `line` is without changing how the shell,
// Python or YAML reads the rest: inside quotes it holds no quote, backslash, $ or backquote;
// unquoted, only characters no reader treats specially.
bool fits(std::string_view line, std::size_t at, std::size_t len, std::string_view text) {
  char before = at > 0 ? line[at - 1] : '\0';
  char after = at + len < line.size() ? line[at + len] : '\0';
  if ((before == '"' || before == '\'') && after == before) {
    return text.find(before) == std::string_view::npos && text.find_first_of("\\$`") == std::string_view::npos;
  }
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("_.,:/+-=@%").find(c) != std::string_view::npos;
  });
}

// `v`'s line changed as the audit's fix says, when that is a change of this one line: the value
// replaced (VAR -> new value), or the name (a misspelt VAR unset, the right name set, same or new
// value). nullopt for anything else: a variable to add, one to remove, per-host values.
// `at_line`: the line to change (0: v.line; a continuation line of v's command otherwise).
std::optional<std::string> env_edit(const FileContext& ctx, const EnvValue& v, const core::Fix& fix, int at_line = 0) {
  if (!fix.per_host.empty()) return std::nullopt;
  std::string line(ctx.line_text(at_line ? at_line : v.line));
  auto it = fix.env.find(v.name);
  if (it == fix.env.end()) return std::nullopt;
  std::string name = v.name, value = it->second;
  if (it->second.empty()) {  // unset: only as the rename of a misspelt name
    if (fix.env.size() != 2) return std::nullopt;
    auto other = fix.env.begin()->first == v.name ? std::next(fix.env.begin()) : fix.env.begin();
    if (other->second.empty()) return std::nullopt;
    name = other->first;
    value = other->second;
  } else if (fix.env.size() != 1 || value == v.value) {
    return std::nullopt;
  }
  auto at = value_at(line, v);
  if (at == std::string::npos) return std::nullopt;
  if (!fits(line, at, v.value.size(), value)) {
    // A shell value in double quotes whose new text holds double quotes (TF_CONFIG made JSON,
    // fix-2026-12-06l p11): the word in single quotes, inside which the shell reads nothing.
    bool in_dq = ctx.kind() == FileKind::shell && at > 0 && line[at - 1] == '"' && at + v.value.size() < line.size() &&
                 line[at + v.value.size()] == '"';
    if (!in_dq || name != v.name || value.find('\'') != std::string::npos ||
        v.value.find_first_of("$`\\") != std::string::npos) {
      return std::nullopt;
    }
    line.replace(at - 1, v.value.size() + 2, "'" + value + "'");
    return line;
  }
  // A plain YAML scalar that now reads as a number or a boolean would no longer be a string, and a
  // pod's env value must be one: quote it.
  // A Compose list item is the string `NAME=value` whatever the value: quotes there would be kept in it.
  bool quoted = at > 0 && (line[at - 1] == '"' || line[at - 1] == '\'');
  if (!quoted && ctx.kind() == FileKind::yaml && v.syntax != core::EnvSyntax::compose_list) value = "\"" + value + "\"";
  line.replace(at, v.value.size(), value);
  if (name != v.name) {
    auto n = line.find(v.name);
    if (n == std::string::npos || line.find(v.name, n + 1) != std::string::npos) return std::nullopt;
    // The misspelt name used elsewhere in the file (read back, exported again): renaming it on this
    // line alone would break those uses (a KeyError on os.environ["..."]); the fix stays prose.
    std::string_view all = ctx.text();
    std::size_t uses = 0;
    for (auto at_name = all.find(v.name); at_name != std::string_view::npos; at_name = all.find(v.name, at_name + 1)) {
      char after = at_name + v.name.size() < all.size() ? all[at_name + v.name.size()] : ' ';
      char before = at_name > 0 ? all[at_name - 1] : ' ';
      bool word = !(std::isalnum(static_cast<unsigned char>(after)) || after == '_') &&
                  !(std::isalnum(static_cast<unsigned char>(before)) || before == '_');
      uses += word ? 1 : 0;
    }
    if (uses > 1) return std::nullopt;
    line.replace(n, v.name.size(), name);
  }
  return line;
}

// A value passed by an option of the command (`mpirun -x NCCL_DEBUG=INFO`, `docker run -e ...`,
// `srun --export=...`, `NAME=value cmd`) wins over the environment the command starts in: an
// `export` line printed as the fix would not reach the processes.
// The fix then names the command's own line with the value changed there (or says what to remove
// from it), and carries no fix.env, whose export lines would be the wrong advice.
void fix_on_the_command(const FileContext& ctx, const EnvValue& v, core::Fix& fix) {
  std::string reason = v.via == "a prefix on the command"
                           ? "it is set as a prefix of the command, which wins over an exported value"
                           : v.via + " passes it to the processes, over the environment it starts in";
  int last = v.line;
  while (last < ctx.line_count() && !core::trim(ctx.line_text(last)).empty() &&
         core::trim(ctx.line_text(last)).back() == '\\' && last - v.line < 64)
    ++last;
  std::optional<std::string> changed;
  int at = v.line;
  for (; at <= last && !changed; ++at) {
    std::string_view l = ctx.line_text(at);
    if (l.find(v.name + "=" + v.value) == std::string_view::npos) continue;
    changed = env_edit(ctx, v, fix, at);
  }
  auto to = fix.env.find(v.name);
  std::string head = fix.text.empty() ? "" : fix.text + "; ";
  if (changed) {
    fix.text = head + "change it on the command (" + reason + "):\n" + std::string(core::trim(*changed));
  } else if (to != fix.env.end() && to->second.empty() && fix.env.size() == 1) {
    fix.text = head + "remove " + v.name + "=" + v.value + " from the command on line " + std::to_string(v.line) +
               " (" + reason + ")";
  } else {
    std::vector<std::string> sets;
    for (const auto& [k, val] : fix.env) sets.push_back(val.empty() ? "no " + k : k + "=" + val);
    fix.text = head + "on the command on line " + std::to_string(v.line) + " (" + reason + "), set " +
               core::join(sets, ", ") + " instead of " + v.name + "=" + v.value;
  }
  fix.env.clear();
}

// The value's interface names when every one of them selects only loopback on any Linux machine
// (NCCL: "lo" as a prefix or "=lo" exact; Gloo: the exact name "lo"); empty otherwise. An
// exclusion list ("^eth0") leaves whatever else the machine has, so it is judged only with --here.
bool only_loopback(const EnvValue& v) {
  std::string_view value = core::trim(v.value);
  if (value.empty() || value[0] == '^') return false;
  if (v.name == "NCCL_SOCKET_IFNAME" && value[0] == '=') value.remove_prefix(1);
  for (const auto& t : core::split(value, ',')) {
    if (core::trim(t) != "lo") return false;
  }
  return true;
}

// Whether the line is the setting alone (`export NAME=lo`, `NAME=lo`, `ENV NAME=lo`): then removing
// it removes nothing else.
bool setting_alone(const FileContext& ctx, const EnvValue& v) {
  std::string_view l = core::trim(ctx.line_text(v.line));
  for (std::string_view lead : {"export ", "ENV "}) {
    if (core::starts_with(l, lead)) l = core::trim(l.substr(lead.size()));
  }
  return core::starts_with(l, v.name + "=") && l.find_first_of(" \t;&|#") == std::string_view::npos;
}

// The first line after `line` that reads $NAME or ${NAME} without a default (0 when none): removing
// the setting would leave that use empty, and under `set -u` stop the script there (a use with a
// default, ${NAME:-x}, expands either way).
int read_after(const FileContext& ctx, const std::string& name, int line) {
  for (int l = line + 1; l <= ctx.line_count(); ++l) {
    for (const auto& use : variables_in(std::string(ctx.line_text(l))))
      if (use.name == name) return l;
  }
  return 0;
}

// lint.env.ifname-loopback: NCCL_SOCKET_IFNAME=lo (or GLOO_SOCKET_IFNAME=lo) in a file whose job spans
// nodes. lo is loopback on every machine, so no --here is needed: each node offers the others
// 127.0.0.1 and they dial themselves.
void ifname_loopback(FileContext& ctx) {
  if (!ctx.shape().multi_node) return;
  FileKind kind = ctx.kind();
  for (const auto& v : ctx.env()) {
    if ((v.name != "NCCL_SOCKET_IFNAME" && v.name != "GLOO_SOCKET_IFNAME") || !literal(v) || !only_loopback(v))
      continue;
    bool shell = kind == FileKind::shell || kind == FileKind::dockerfile || kind == FileKind::env_file;
    int read_at = shell ? read_after(ctx, v.name, v.line) : 0;
    bool remove = shell && setting_alone(ctx, v) && read_at == 0;
    std::string library = v.name == "NCCL_SOCKET_IFNAME" ? "NCCL" : "Gloo";
    auto& f =
        ctx.add("lint.env.ifname-loopback", core::Label::loopback_interface, core::Severity::error,
                v.name + "=" + v.value +
                    " in a multi-node job: lo is loopback on every machine, so each node "
                    "offers the others 127.0.0.1 and " +
                    library + " cannot connect across nodes",
                v.line,
                remove ? "remove this line (" + library +
                             " then picks a non-loopback interface itself), or name "
                             "an interface every node has"
                : read_at ? "set " + v.name + " to an interface every node has, or remove this line and the use of $" +
                                v.name + " on line " + std::to_string(read_at) + " (" + library +
                                " then picks a non-loopback interface itself; with the use left, `set -u` "
                                "stops the script there)"
                          : "set " + v.name + " to an interface every node has, or remove the setting (" + library +
                                " then picks a non-loopback interface itself)");
    f.evidence.push_back(ctx.shape().multi_node_why);
    if (remove) ctx.last().edits.push_back({ctx.path(), v.line, v.line, ""});
  }
}

// lint.env.ifname-host-bridge: NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME naming only a host-private
// bridge (docker0, virbr0, lxcbr0, cni0, podman0) in a file whose job spans nodes. Those bridges
// carry a private subnet of each host (Docker: 172.17.0.1/16 on every host by default), which no
// other host routes to: the address a node offers is not the node to the others. Prose only: the
// interface the nodes share is not in the file.
void ifname_host_bridge(FileContext& ctx) {
  if (!ctx.shape().multi_node) return;
  static const std::set<std::string_view> bridges = {"docker0", "virbr0", "lxcbr0", "cni0", "podman0"};
  for (const auto& v : ctx.env()) {
    if ((v.name != "NCCL_SOCKET_IFNAME" && v.name != "GLOO_SOCKET_IFNAME") || !literal(v)) continue;
    std::string_view value = core::trim(v.value);
    if (value.empty() || value[0] == '^') continue;
    if (v.name == "NCCL_SOCKET_IFNAME" && value[0] == '=') value.remove_prefix(1);
    bool all = true, cni_only = true;
    for (const auto& t : core::split(value, ',')) {
      all = all && bridges.count(core::trim(t)) > 0;
      cni_only = cni_only && core::trim(t) == "cni0";
    }
    if (!all) continue;
    std::string library = v.name == "NCCL_SOCKET_IFNAME" ? "NCCL" : "Gloo";
    // cni0 holds each node's own pod-subnet gateway (10.244.N.1): an overlay CNI routes the nodes to each
    // other's pod subnets, so it may be reachable, through the overlay (fix-2026-12-07s p02: "not
    // reachable" said more than the file shows); docker0 and its kind hold one subnet on every host.
    auto& f = ctx.add(
        "lint.env.ifname-host-bridge", core::Label::virtual_interface,
        cni_only ? core::Severity::warning : core::Severity::error,
        v.name + "=" + v.value + " in a multi-node job: " +
            (cni_only ? std::string("cni0 is a node's pod-network bridge (its own pod subnet's gateway): the other "
                                    "nodes reach its address only if the cluster's network plugin routes node to "
                                    "pod subnet (an overlay), and then through that overlay (encapsulated, a "
                                    "smaller MTU), not the NIC the nodes share")
                      : std::string(value) +
                            " is a bridge private to each host (Docker's docker0 is 172.17.0.1/16 on every host by "
                            "default), so the address each node offers is not reachable from the others"),
        v.line,
        "set " + v.name +
            " to the interface the nodes share (`distdoctor nics` on a node lists them), or "
            "remove the setting (" +
            library +
            (library == "NCCL" ? " then picks an interface itself, skipping docker* and lo)"
                               : " then uses the address this host's name resolves to)"));
    f.evidence.push_back(ctx.shape().multi_node_why);
  }
}

void here_ifname(FileContext& ctx, const EnvValue& v) {
  const auto& entries = ctx.options().entries;
  nccl::NcclConfig config;
  config.set_env("NCCL_SOCKET_IFNAME", v.value);
  LiteralResolver resolver;
  auto p = nccl::predict(entries, config, nccl::k_default_version, resolver);
  std::string suggestion;
  std::set<std::string> names;
  for (const auto& e : entries) {
    names.insert(e.link);
    if (suggestion.empty() && !e.loopback && e.running && e.family == os::Family::inet) suggestion = e.link;
  }
  std::string here = core::join(std::vector<std::string>(names.begin(), names.end()), ", ");
  // A file that runs on other machines (a batch job, srun, ssh, a host list, a pod, an image) is
  // not judged by this machine's interfaces: it gets a note, never an edit to this machine's name.
  std::string elsewhere = runs_elsewhere(ctx);
  std::string line(ctx.line_text(v.line));
  auto at = value_at(line, v);
  bool editable =
      elsewhere.empty() && !suggestion.empty() && at != std::string::npos && fits(line, at, v.value.size(), suggestion);
  if (editable) line.replace(at, v.value.size(), suggestion);
  // An edit names an interface of this machine; prose when none fits.
  auto add = [&](std::string id, core::Label label, std::string title) -> core::Finding& {
    if (editable)
      return ctx.add(std::move(id), label, core::Severity::error, std::move(title), v.line,
                     LineEdit{v.line, v.line, line});
    return ctx.add(
        std::move(id), label, core::Severity::error, std::move(title), v.line,
        "set " + v.name + " to an interface every node of the job has (distdoctor nics on a node lists them)");
  };
  if (!p.bootstrap) {
    if (!elsewhere.empty()) {
      auto& f =
          ctx.add("lint.here.ifname-absent-here", core::Label::no_matching_interface, core::Severity::info,
                  "NCCL_SOCKET_IFNAME=" + v.value +
                      " selects no interface on this machine; the file may run on "
                      "other machines, whose interfaces lint cannot see",
                  v.line, "check on a node the job runs on: distdoctor nics (or ip -o link) lists its interfaces");
      f.evidence.push_back("interfaces here: " + (here.empty() ? std::string("none") : here));
      f.evidence.push_back(elsewhere);
      return;
    }
    auto& f = add("lint.here.ifname-matches-nothing", core::Label::no_matching_interface,
                  "NCCL_SOCKET_IFNAME=" + v.value + " selects no interface on this machine: NCCL fails to start");
    f.evidence.push_back("interfaces here: " + (here.empty() ? std::string("none") : here));
    if (!p.error.empty()) f.evidence.push_back("NCCL would say: " + p.error);
    return;
  }
  bool loopback = std::any_of(entries.begin(), entries.end(),
                              [&](const os::AddressEntry& e) { return e.name == p.bootstrap->iface && e.loopback; });
  // lo in a multi-node file is said without --here (lint.env.ifname-loopback): one finding.
  bool said = ctx.shape().multi_node && only_loopback(v);
  if (loopback && !said) {
    auto& f = add("lint.here.ifname-loopback", core::Label::loopback_interface,
                  "NCCL_SOCKET_IFNAME=" + v.value + " selects loopback here: other nodes cannot reach it");
    f.evidence.push_back("bootstrap: " + p.bootstrap->iface + " " + p.bootstrap->addr);
  }
}

// An interface list with blanks inside a quoted value (`export NCCL_SOCKET_IFNAME="ens1f0 "`), or
// whose value holds the quotes themselves (a Compose list item `- NCCL_SOCKET_IFNAME="ens5"` is the
// string NAME=value split at '=', quotes kept: compose-go NewMappingWithEquals): neither NCCL nor
// Gloo trims or unquotes, so the name is one no interface has on any machine (nccl.ifname.whitespace
// and nccl.ifname.quoted in check say the same against this machine's interfaces).
//
// What the blanks do, in env's words (nccl/ifname_wording.hpp): in NCCL's `^` list " lo" excludes
// nothing, so lo stays eligible; in a selecting list (and Gloo's, which has no `^`) it selects nothing.
std::string blanks_effect(const std::string& name, std::string_view inner) {
  bool nccl = name == "NCCL_SOCKET_IFNAME";
  nccl::IfnameFilter f = nccl::parse_ifname_list(inner);
  std::vector<std::string> blanked;
  if (nccl) {
    for (const auto& t : f.tokens)
      if (t.find_first_of(" \t") != std::string::npos) blanked.push_back(t);
  } else {
    for (const auto& t : core::split(inner, ','))
      if (t.find_first_of(" \t") != std::string::npos && !core::trim(t).empty()) blanked.push_back(t);
  }
  if (blanked.empty()) return std::string(nccl ? "NCCL" : "Gloo") + " does not trim them";
  return std::string(nccl ? "NCCL" : "Gloo") + " does not trim them, " +
         nccl::blank_names_effect(blanked, nccl && f.negate, nccl && f.exact);
}

void ifname_whitespace(FileContext& ctx) {
  for (const auto& v : ctx.env()) {
    if ((v.name != "NCCL_SOCKET_IFNAME" && v.name != "GLOO_SOCKET_IFNAME") || !literal(v)) continue;
    std::string_view inner = v.value;
    bool quoted = inner.size() >= 2 && (inner.front() == '"' || inner.front() == '\'') && inner.back() == inner.front();
    if (quoted) inner = inner.substr(1, inner.size() - 2);
    if (!quoted && v.value.find_first_of(" \t") == std::string::npos) continue;
    // names separated by blanks instead of commas ("ens1f0 ens1f1", fix-2026-12-07s p01): each its own
    std::vector<std::string> tokens;
    bool blank_list = false;
    // A '#' inside the quotes is no comment there (review58: "eth0 # data NIC" is not three names).
    const bool hash = inner.find('#') != std::string_view::npos;
    for (const auto& t : core::split(inner, ',')) {
      std::string token(core::trim(t));
      std::replace(token.begin(), token.end(), '\t', ' ');
      const auto words = hash ? std::vector<std::string>{token} : core::split(token, ' ');
      int named = 0;
      for (const auto& w : words) {
        if (core::trim(w).empty()) continue;
        tokens.push_back(std::string(core::trim(w)));
        ++named;
      }
      blank_list = blank_list || named > 1;
    }
    std::string trimmed = core::join(tokens, ",");
    std::string line(ctx.line_text(v.line));
    auto at = value_at(line, v);
    if (trimmed.empty() || trimmed.find_first_of(" \t\"'") != std::string::npos || at == std::string::npos) continue;
    // The audit already said it about this line (env.gloo.ifname-syntax): one defect, one finding.
    bool said = std::any_of(ctx.findings().begin(), ctx.findings().end(), [&](const LintFinding& f) {
      return f.location.line == v.line && core::starts_with(f.finding.id, "env.") &&
             f.finding.title.find(v.name) != std::string::npos;
    });
    if (said) continue;
    line.replace(at, v.value.size(), trimmed);
    std::string title =
        quoted ? v.name + "=" + v.value + " holds the quote characters themselves" +
                     (v.syntax == core::EnvSyntax::compose_list
                          ? " (a Compose list item is NAME=value verbatim: Compose removes no quotes)"
                          : "") +
                     ": neither NCCL nor Gloo removes them, so no interface name matches"
               : v.name + "=\"" + v.value + "\" has blanks inside the value: " + blanks_effect(v.name, inner) +
                     (blank_list ? "; the list's separator is the comma, so names separated by blanks are read "
                                   "as one name"
                                 : "");
    ctx.add("lint.env.ifname-whitespace", core::Label::config_typo, core::Severity::error, title, v.line,
            LineEdit{v.line, v.line, line});
  }
}

// lint.env.ifname-glob (fix-2026-12-06k p23): NCCL_SOCKET_IFNAME=eth*. NCCL compares each listed name
// as a prefix of the interface name (NCCL 2.x misc/utils.cc, matchIfList -> matchPrefix: strncmp over the
// listed name's length; '*' is no wildcard there), so "eth*" selects only names that begin with the
// characters "eth*": none. The edit drops a trailing '*' from each listed name ("eth*" -> "eth", the
// prefix the glob meant); a '*' elsewhere, or in an exact (=) list, gets prose. With --here,
// lint.here.ifname-matches-nothing judges the value against this machine's interfaces instead.
void ifname_glob(FileContext& ctx) {
  for (const auto& v : ctx.env()) {
    if (v.name != "NCCL_SOCKET_IFNAME" || !literal(v) || v.value.find_first_of("*?") == std::string::npos) continue;
    std::string_view inner = v.value;
    bool quoted = inner.size() >= 2 && (inner.front() == '"' || inner.front() == '\'') && inner.back() == inner.front();
    if (quoted) inner = inner.substr(1, inner.size() - 2);
    bool exact = core::starts_with(inner, "=") || core::starts_with(inner, "^=");
    std::vector<std::string> fixed;
    bool editable = !exact;
    for (const auto& t : core::split(inner, ',')) {
      std::string token(core::trim(t));
      while (!token.empty() && token.back() == '*') token.pop_back();
      if (token.find_first_of("*?") != std::string::npos || token.empty() || token == "^") editable = false;
      fixed.push_back(token);
    }
    std::string wanted = core::join(fixed, ",");
    // '^' makes the list one of names to leave out: the glob then leaves out nothing (review of 2026-12-06)
    bool negated = core::starts_with(inner, "^");
    std::string title =
        "NCCL_SOCKET_IFNAME=" + v.value +
        " is written as a glob: NCCL compares each listed name as a prefix of the interface name, '*' included, so " +
        (negated ? "no interface is left out" : "no interface matches") +
        (editable ? " (the prefix alone, " + wanted + ", " +
                        (negated ? "leaves out every name starting with it)" : "selects every name starting with it)")
                  : "");
    std::string line(ctx.line_text(v.line));
    auto at = value_at(line, v);
    core::Finding* f = nullptr;
    if (editable && at != std::string::npos) {
      line.replace(at, v.value.size(), quoted ? v.value.front() + wanted + v.value.back() : wanted);
      f = &ctx.add("lint.env.ifname-glob", core::Label::config_typo, core::Severity::error, title, v.line,
                   LineEdit{v.line, v.line, line});
    } else {
      f = &ctx.add("lint.env.ifname-glob", core::Label::config_typo, core::Severity::error, title, v.line,
                   "NCCL_SOCKET_IFNAME=PREFIX  # an interface name or its first characters (eth, ens), no '*'");
    }
    f->evidence.push_back(
        "NCCL misc/utils.cc: matchIfList/matchPrefix compare the listed name as a prefix "
        "(strncmp); only ^ (exclude) and = (exact) are special");
  }
}

// The first line of a launch file that asks for NCCL as the backend (`--backend nccl`,
// `--dist-backend=nccl`, `DIST_BACKEND=nccl`, `backend="nccl"`), 0 when none does; comment lines
// (#, REM, ::) are skipped.
int nccl_backend_line(const FileContext& ctx) {
  for (int n = 1; n <= ctx.line_count(); ++n) {
    std::string l = core::to_lower(core::trim(ctx.line_text(n)));
    if (l.empty() || l[0] == '#' || core::starts_with(l, "rem ") || core::starts_with(l, "::")) continue;
    for (auto at = l.find("backend"); at != std::string::npos; at = l.find("backend", at + 1)) {
      auto v = l.find_first_not_of(" \t=:\"'", at + 7);
      if (v != std::string::npos && v > at + 7 && l.compare(v, 4, "nccl") == 0) return n;
    }
  }
  return 0;
}

// On Windows: NCCL_* settings in the file are their own fact (the error variant) and stay. The
// generic warning "multi-GPU code must not ask for NCCL" (from MASTER_ADDR and the like, which show a
// distributed job, not NCCL) is what the file's own rules say precisely, or, in a Python file, check
// (the backend it passes); in a launch file it stands only on a line that asks for the NCCL backend,
// which becomes its line and evidence. False: not said.
bool keep_windows_warning(const FileContext& ctx, core::Finding& f, int& line, bool windows_said) {
  if (f.id != "env.windows.no-nccl" || f.severity == core::Severity::error) return true;
  if (windows_said || ctx.kind() == FileKind::python) return false;
  line = nccl_backend_line(ctx);
  if (!line) return false;
  f.evidence = {std::string(core::trim(ctx.line_text(line))) + " (" + ctx.path() + ":" + std::to_string(line) + ")"};
  return true;
}

}  // namespace

std::string runs_elsewhere(FileContext& ctx) {
  FileKind kind = ctx.kind();
  if (kind == FileKind::yaml) return "a Kubernetes manifest: its pods run on the cluster's nodes";
  if (kind == FileKind::dockerfile) return "a Dockerfile: its containers run wherever the image is started";
  // docker --env-file, compose env_file: read in containers, whose interfaces are not this machine's
  // (fix-2026-12-07t c07, clean: `lint --here` called its ens5 an error and wrote this VM's eth0 into it)
  if (kind == FileKind::env_file)
    return "an env file (docker --env-file, compose env_file): the processes that read it may run in containers or "
           "on the nodes it was written for";
  if (!ctx.shape().remote_why.empty()) return ctx.shape().remote_why;
  if (ctx.shape().multi_node) return "the job spans nodes (" + ctx.shape().multi_node_why + ")";
  return "";
}

namespace {

// A line that only shows a value (a comment, echo, printf, print(...)): what it expands reaches the
// log, not a program that reads the variable, so a typo read only there is still a typo.
// A redirect, a pipe, a second command or a command substitution on such a line hands the value on
// (`echo "$X" > f`, `echo hi; export Y=$X`, review54): then it is a read.
bool only_shows(std::string_view text) {
  auto t = core::trim(text);
  if (core::starts_with(t, "#")) return true;
  for (std::string_view head : {"echo ", "echo\t", "printf ", "print(", "logger "}) {
    if (!core::starts_with(t, head)) continue;
    for (std::string_view on : {">", "|", ";", "&&", "$(", "`"}) {
      if (t.find(on) != std::string_view::npos) return false;
    }
    return true;
  }
  return false;
}

// The setting of `round` on `line` is expanded on another line of the file that uses it (its own
// line is where it is set: PowerShell writes the setting itself as `$env:NAME = ...`). `$(NAME)`
// reads a variable only in a Kubernetes manifest; in a shell it runs a command.
bool expanded_in_file(const FileContext& ctx, const std::vector<const EnvValue*>& round, int line) {
  const bool kubernetes = ctx.kind() == FileKind::yaml;
  return std::any_of(round.begin(), round.end(), [&](const EnvValue* v) {
    if (v->line != line) return false;
    for (int l = 1; l <= ctx.line_count(); ++l) {
      if (l == line || only_shows(ctx.line_text(l))) continue;
      if (core::expands_variable(ctx.line_text(l), v->name, kubernetes)) return true;
    }
    return false;
  });
}

// An audit finding at `line` that the file itself answers (`master_addr_set`: a MASTER_ADDR of any
// value is set in this round).
bool said_by_the_file(FileContext& ctx, const core::Finding& f, const std::vector<const EnvValue*>& round, int line,
                      bool master_addr_set) {
  // MASTER_ADDR=localhost: lint knows better than "node count unknown" (lint.*.master-addr-localhost).
  if (f.id == "env.master-addr.loopback") return true;
  if (f.id == "env.master-addr.missing" && master_addr_set) return true;
  // A name the file itself expands (`$(MASTER_HOST)`, `$MASTER_HOST`) is read: a rename would leave that
  // reference literal or empty (fix-2026-12-07n c09); the audit sees only the literal values.
  if (f.id == "env.unknown-name" && expanded_in_file(ctx, round, line)) return true;
  // TF_CONFIG's task computed at run time (an index from sys.argv): only its cluster was read.
  return f.id == "tf-config.task-missing" && ctx.tf_config_without_task().count(line);
}

}  // namespace

void audit_env_values(FileContext& ctx) {
  // Rounds: the k-th setting of each name goes into round k, so a name set twice (master and
  // worker pods) is audited with each value.
  std::vector<std::vector<const EnvValue*>> rounds;
  std::map<std::string, std::size_t> seen;
  // MASTER_ADDR settings of any value: a host name (`- MASTER_ADDR=rank0`, a Compose service name)
  // or a value computed at run time is not audited, but it is set, never "missing".
  std::size_t master_addrs = 0;
  for (const auto& v : ctx.env()) {
    if (v.name == "MASTER_ADDR" && !core::trim(v.value).empty()) ++master_addrs;
    if (!audited(v)) continue;
    std::size_t k = seen[v.name]++;
    if (rounds.size() <= k) rounds.resize(k + 1);
    rounds[k].push_back(&v);
  }
  LiteralResolver resolver;
  std::set<std::pair<std::string, int>> done;
  // A file whose own rule already says what to change for Windows (the strategy or backend line)
  // does not also get the audit's generic "this is Windows" finding pinned to a variable's line.
  bool windows_said = std::any_of(ctx.findings().begin(), ctx.findings().end(),
                                  [](const LintFinding& f) { return f.finding.label == core::Label::windows_no_nccl; });
  for (std::size_t k = 0; k < rounds.size(); ++k) {
    const auto& round = rounds[k];
    env::AuditInput input(os::Environment{}, resolver);
    for (const EnvValue* v : round) {
      input.config_files.push_back({v->name, v->value, ctx.path() + ":" + std::to_string(v->line)});
    }
    input.platform = ctx.options().platform;
    input.ib_present = ctx.options().here && ctx.options().ib_present;
    if (ctx.options().here) {
      for (const auto& e : ctx.options().entries) input.local_addresses.push_back(e.addr);
    }
    for (auto& f : env::audit(input)) {
      int line = located(f, ctx.path());
      if (!line) continue;  // about the platform or the job as a whole, not a line of this file
      if (said_by_the_file(ctx, f, round, line, master_addrs > k)) continue;
      if (!keep_windows_warning(ctx, f, line, windows_said)) continue;
      if (!done.insert({f.id, line}).second) continue;
      LintFinding lf{std::move(f), {ctx.path(), line}, {}};
      // JSON in the file that an unquoted shell word loses its quotes in (tf_config_shell_word.hpp)
      if (lf.finding.id == "tf-config.invalid-json" && retell_unquoted_tf_config(ctx, line, lf)) {
        ctx.findings().push_back(std::move(lf));
        continue;
      }
      for (const EnvValue* v : round) {
        if (v->line == line && v->syntax) lf.syntax = v->syntax;
        if (v->line != line || lf.finding.severity == core::Severity::info) continue;
        // NCCL does not exist on Windows: rewriting its values there changes nothing.
        if (ctx.options().platform == env::Platform::windows && core::starts_with(v->name, "NCCL_")) continue;
        // An interface value rewritten to loopback alone in a multi-node job (GLOO_SOCKET_IFNAME==lo
        // -> lo) would trade this finding for lint.env.ifname-loopback: the fix stays prose.
        auto to = lf.finding.fix.env.find(v->name);
        if (to != lf.finding.fix.env.end() && ctx.shape().multi_node && only_loopback({v->name, to->second, line, ""}))
          break;
        if (auto changed = env_edit(ctx, *v, lf.finding.fix)) {
          lf.edits.push_back({ctx.path(), line, line, *changed});
          break;
        }
      }
      for (const EnvValue* v : round) {
        if (v->line == line && !v->via.empty() && lf.finding.fix.env.count(v->name)) {
          fix_on_the_command(ctx, *v, lf.finding.fix);
          break;
        }
      }
      ctx.findings().push_back(std::move(lf));
    }
  }
  ifname_whitespace(ctx);
  ifname_loopback(ctx);
  ifname_host_bridge(ctx);
  if (!ctx.options().here) {
    ifname_glob(ctx);
    return;
  }
  for (const auto& v : ctx.env()) {
    if (v.name == "NCCL_SOCKET_IFNAME" && literal(v) && !v.value.empty()) here_ifname(ctx, v);
  }
}

}  // namespace dd::lint::detail
