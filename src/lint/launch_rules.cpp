// Launch files: shell scripts, sbatch scripts and Dockerfiles (tokenised by shell_lexer), and the
// command rules shared with pod specs: docker run flags, torchrun / torch.distributed.launch,
// srun / mpirun environment, MASTER_ADDR=localhost across nodes.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>

#include "core/address.hpp"
#include "core/byte_size.hpp"
#include "core/json_limits.hpp"
#include "core/strings.hpp"
#include "env/catalog.hpp"
#include "lint/export_blanks_rule.hpp"
#include "lint/mpi_exclude_rule.hpp"
#include "lint/placeholder_fix.hpp"
#include "lint/rules.hpp"
#include "lint/shell_lexer.hpp"
#include "lint/slurm_counts_rule.hpp"
#include "lint/statefulset_rank0.hpp"
#include "lint/used_before_set_rule.hpp"
#include "nccl/shm_wording.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

// NAME=value; a value that is only `${OTHER:-default}` (or `${OTHER-default}`) is audited as its
// default, the value the variable gets where OTHER is not set.
void add_assignment(FileContext& ctx, std::string_view w, int line, std::string via = "") {
  auto eq = w.find('=');
  std::string_view value = w.substr(eq + 1);
  if (core::starts_with(value, "${") && value.size() > 3 && value.back() == '}' &&
      value.find('}') == value.size() - 1) {
    std::string_view inner = value.substr(2, value.size() - 3);
    auto dash = inner.find('-');
    bool plain_name =
        dash != std::string_view::npos && dash > 0 &&
        std::all_of(inner.begin(), inner.begin() + static_cast<std::ptrdiff_t>(dash) - (inner[dash - 1] == ':' ? 1 : 0),
                    [](unsigned char c) { return std::isalnum(c) || c == '_'; });
    std::string_view def = dash == std::string_view::npos ? std::string_view{} : inner.substr(dash + 1);
    if (plain_name && !def.empty() && def.find_first_of("$`") == std::string_view::npos) value = def;
  }
  ctx.env().push_back({std::string(w.substr(0, eq)), std::string(value), line, std::move(via)});
}

// `--export=ALL,NAME=value,...` (srun, sbatch, salloc, #SBATCH): the NAME=value parts.
// `via`: the program ("srun") when the option is on its command line, "" for #SBATCH (the batch
// script's own exports come after it and win).
void add_slurm_export(FileContext& ctx, std::string_view word, int line, const std::string& via = "") {
  if (!core::starts_with(word, "--export=")) return;
  for (const auto& part : core::split(word.substr(9), ',')) {
    if (is_assignment(part)) add_assignment(ctx, part, line, via.empty() ? "" : via + " --export");
  }
}

bool is_python(std::string_view w) { return core::starts_with(program_name(w), "python"); }

// "2", "1:4", "2-4" -> the largest count.
long long max_count(std::string_view v) {
  long long best = 0;
  for (const auto& part : core::split(v, v.find(':') != std::string_view::npos ? ':' : '-')) {
    if (auto n = core::parse_int(core::trim(part))) best = std::max<long long>(best, *n);
  }
  return best;
}

// "--flag=value" or "--flag value": the value of any of `names` among words[from..to).
struct Flags {
  std::map<std::string, std::string> values;
  std::set<std::string> joined;  // the flags written "--flag=value"
  std::size_t end = 0;           // the first word that is not an option (script or image)
};

Flags parse_flags(const std::vector<std::string>& w, std::size_t from, const std::vector<std::string_view>& valued) {
  Flags f;
  std::size_t i = from;
  while (i < w.size()) {
    const std::string& a = w[i];
    if (a.size() < 2 || a[0] != '-') break;
    auto eq = a.find('=');
    if (eq != std::string::npos) {
      f.values[a.substr(0, eq)] = a.substr(eq + 1);
      f.joined.insert(a.substr(0, eq));
      ++i;
      continue;
    }
    bool takes = std::find(valued.begin(), valued.end(), a) != valued.end();
    if (takes && i + 1 < w.size()) {
      // repeated flags (-e, -v, --device) keep every value, newline-separated
      auto& slot = f.values[a];
      slot += (slot.empty() ? "" : "\n") + w[i + 1];
      i += 2;
    } else {
      f.values[a] = "";
      ++i;
    }
  }
  f.end = i;
  return f;
}

// A word for a shell command line that keeps $VAR, ${VAR} and $(cmd) expanding: single quotes
// (core::shell_quote) would hand torchrun the literal text "$SLURM_NNODES".
std::string expanding_word(const std::string& w) {
  if (w.find_first_of("$`") == std::string::npos) return core::shell_quote(w);
  bool bare = std::all_of(w.begin(), w.end(), [](unsigned char c) {
    return std::isalnum(c) ||
           std::string_view("_-./:,=^+@%${}()`").find(static_cast<char>(c)) != std::string_view::npos;
  });
  if (bare) return w;
  std::string out = "\"";
  for (char c : w) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string joined(const std::vector<std::string>& w) {
  std::vector<std::string> q;
  for (const auto& x : w) q.push_back(expanding_word(x));
  return core::join(q, " ");
}

// The command starting at `line` as written, continuation lines included ("a \\\n  b").
std::vector<std::string> command_lines(const FileContext& ctx, int line) {
  std::vector<std::string> out;
  for (int l = line; l <= ctx.line_count() && out.size() < 64; ++l) {
    std::string text(ctx.line_text(l));
    out.push_back(text);
    std::string_view t = core::trim(text);
    if (t.empty() || t.back() != '\\') break;
  }
  return out;
}

}  // namespace

int command_line_holding(const FileContext& ctx, int line, std::string_view token) {
  auto indent = [](std::string_view t) { return t.find_first_not_of(" \t"); };
  std::string_view first = ctx.line_text(line);
  bool yaml = ctx.kind() == FileKind::yaml;
  bool items = core::starts_with(core::trim(first), "-");
  for (int l = line; l <= ctx.line_count() && l < line + 64; ++l) {
    std::string_view t = ctx.line_text(l);
    std::string_view trimmed = core::trim(t);
    if (yaml && l > line && !trimmed.empty()) {
      // A pod's command list goes on while its items stay indented as far as the first (a block
      // scalar's lines further); a key at that indentation ends it.
      if (indent(t) < indent(first) || (indent(t) == indent(first) && items && trimmed[0] != '-')) break;
    }
    if (t.find(token) != std::string_view::npos) return l;
    if (!yaml && (trimmed.empty() || trimmed.back() != '\\')) break;
  }
  return 0;
}

namespace {

// `python [-u] -m torch.distributed.launch ... --use_env ...` rewritten on the user's own text:
// the module becomes torch.distributed.run (torchrun's own module, torch >= 1.9: the same
// interpreter and its flags keep running it) and --use_env goes (it always sets LOCAL_RANK); every
// other character, quoting and line break stays as written. Shell lines and JSON exec forms
// (Dockerfile CMD [...], a pod's command: [...]). nullopt when neither form is found, and when the
// command has no --use_env: then the script reads --local_rank, which torch.distributed.run does
// not pass, and it must change first.
std::optional<std::string> torchrun_in_place(const FileContext& ctx, int line) {
  static const std::regex shell_launch(
      R"((?:[^\s;&|()'"]*/)?python[0-9.]*(?:[ \t]+-[A-Za-z]+)*[ \t]+-m[ \t]+torch\.distributed\.launch(?=[\s;&|)]|$))");
  static const std::regex json_launch(
      R"("(?:[^"]*/)?python[0-9.]*"(?:\s*,\s*"-[A-Za-z]+")*\s*,\s*"-m"\s*,\s*"torch\.distributed\.launch")");
  static const std::regex shell_use_env(R"([ \t]+--use[_-]env(?=[\s;&|)]|$))");
  static const std::regex json_use_env(R"(\s*,\s*"--use[_-]env")");
  std::vector<std::string> lines = command_lines(ctx, line);
  // libstdc++'s std::regex recurses per character: a huge line would exhaust the stack.
  for (const auto& l : lines) {
    if (l.size() > 4096) return std::nullopt;
  }
  bool use_env = false;
  for (const auto& l : lines)
    use_env = use_env || std::regex_search(l, shell_use_env) || std::regex_search(l, json_use_env);
  if (!use_env) return std::nullopt;
  bool found = false;
  for (auto& l : lines) {
    std::smatch m;
    if (!std::regex_search(l, m, json_launch) && !std::regex_search(l, m, shell_launch)) continue;
    std::string launcher = m.str(0);
    launcher.replace(launcher.rfind("torch.distributed.launch"), 24, "torch.distributed.run");
    l = m.prefix().str() + launcher + m.suffix().str();
    found = true;
    break;
  }
  if (!found) return std::nullopt;
  std::vector<std::string> kept;
  for (auto& l : lines) {
    std::string before = l;
    l = std::regex_replace(std::regex_replace(l, json_use_env, ""), shell_use_env, "");
    if (l != before && core::trim(l) == "\\") continue;  // a line that held only --use_env
    kept.push_back(l);
  }
  return core::join(kept, "\n");
}

std::vector<std::string> all_values(const Flags& f, std::initializer_list<const char*> names) {
  std::vector<std::string> out;
  for (const char* n : names) {
    auto it = f.values.find(n);
    if (it == f.values.end()) continue;
    for (auto& v : core::split(it->second, '\n', true)) out.push_back(v);
  }
  return out;
}

std::optional<std::string> value(const Flags& f, std::initializer_list<const char*> names) {
  for (const char* n : names) {
    auto it = f.values.find(n);
    if (it != f.values.end()) return it->second;
  }
  return std::nullopt;
}

// The `docker run` line with `flag` inserted after "run" (nullopt when "docker ... run" is not on it).
std::optional<std::string> insert_after_run(const FileContext& ctx, int line, const std::string& flag) {
  std::string l(ctx.line_text(line));
  auto d = l.find("docker");
  auto r = d == std::string::npos ? std::string::npos : l.find(" run", d);
  if (r == std::string::npos) return std::nullopt;
  l.insert(r + 4, " " + flag);
  return l;
}

// The first line of the command starting at `line` (it and its continuation lines) that holds
// `flag=value` or `flag value` as words, and that line with them replaced by `with`.
std::optional<std::pair<int, std::string>> replace_flag(const FileContext& ctx, int line, const std::string& flag,
                                                        const std::string& value, const std::string& with) {
  for (int l = line; l <= ctx.line_count(); ++l) {
    std::string text(ctx.line_text(l));
    for (const std::string& sep : {std::string("="), std::string(" ")}) {
      std::string word = flag + sep + value;
      for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
        std::size_t end = at + word.size();
        bool starts = at == 0 || text[at - 1] == ' ' || text[at - 1] == '\t';
        bool ends = end == text.size() || text[end] == ' ' || text[end] == '\t';
        if (starts && ends) return std::pair{l, text.substr(0, at) + with + text.substr(end)};
      }
    }
    std::string_view t = core::trim(text);
    if (t.empty() || t.back() != '\\') break;
  }
  return std::nullopt;
}

// A docker finding whose fix adds `flag` to the command: an edit of its line when `editable` (no
// conflicting flag on the command) and the line holds "docker ... run", else prose.
core::Finding& add_docker(FileContext& ctx, std::string id, Label label, Severity sev, std::string title, int line,
                          const std::string& flag, bool editable) {
  auto changed = editable ? insert_after_run(ctx, line, flag) : std::nullopt;
  if (changed) return ctx.add(std::move(id), label, sev, std::move(title), line, LineEdit{line, line, *changed});
  return ctx.add(std::move(id), label, sev, std::move(title), line, "docker run " + flag + " ...");
}

bool ib_expected(FileContext& ctx, const std::vector<EnvValue>& extra) {
  auto says_ib = [](const EnvValue& v) {
    return (v.name == "NCCL_IB_HCA" && !v.value.empty()) || (v.name == "NCCL_NET" && core::to_upper(v.value) == "IB") ||
           (v.name == "NCCL_IB_DISABLE" && v.value == "0");
  };
  return std::any_of(ctx.env().begin(), ctx.env().end(), says_ib) || std::any_of(extra.begin(), extra.end(), says_ib) ||
         (ctx.options().here && ctx.options().ib_present);
}

// lint.docker.small-shm for one training `docker run` (its flags `f`, starting at `line`).
// An --ipc mode other than host (`ipc`): `none` mounts no /dev/shm at all, the others (private,
// shareable, container:NAME) a 64 MB one unless --shm-size is given (docker run reference). The fix
// replaces that --ipc with --ipc=host: a second --ipc added beside it leaves the later one in force
// (fix-2026-12-07p p13).
void other_ipc(FileContext& ctx, const std::string& ipc, const std::optional<std::string>& shm, int line) {
  std::string title =
      ipc == "none" ? "docker run --ipc=none: the container has no /dev/shm at all (its own IPC namespace, with no "
                      "/dev/shm mounted); " +
                          std::string(nccl::k_shm_users) + " use it"
                    : "docker run --ipc=" + ipc +
                          (shm ? " with --shm-size=" + *shm + " below 1 GiB: "
                               : " without --shm-size: the container's /dev/shm is 64 MB, ") +
                          nccl::shm_can_run_out(nccl::k_shm_users);
  auto changed = replace_flag(ctx, line, "--ipc", ipc, "--ipc=host");
  if (changed && shm) changed.reset();  // --ipc=host beside --shm-size: Podman refuses the pair; said in prose
  auto& fi = changed ? ctx.add("lint.docker.small-shm", Label::shm_exhausted, Severity::warning, std::move(title), line,
                               LineEdit{changed->first, changed->first, changed->second})
                     : ctx.add("lint.docker.small-shm", Label::shm_exhausted, Severity::warning, std::move(title), line,
                               "docker run --ipc=host ... (in place of --ipc=" + ipc +
                                   (shm ? " and --shm-size=" + *shm : std::string()) + ")");
  fi.evidence.push_back("--ipc=host in place of --ipc=" + ipc + ": with two --ipc flags the later one is in force");
}

// A /dev/shm the command mounts itself: `--tmpfs /dev/shm[:OPTIONS]` or `-v HOST:/dev/shm`. Docker
// then mounts no IPC /dev/shm (moby container_unix.go IpcMounts: nothing where HasMountFor("/dev/shm"),
// which counts tmpfs mounts and binds), so --ipc and --shm-size do not size it (fix-2026-12-07q p19,
// c06). True when the command has one; a tmpfs with size= below 1 GiB is reported with an edit that
// raises it (no size= is the kernel's default, half the memory).
bool own_shm_mount(FileContext& ctx, const Flags& f, int line) {
  for (const auto& v : all_values(f, {"-v", "--volume"})) {
    auto parts = core::split(v, ':', true);
    if (parts.size() >= 2 && parts[1] == "/dev/shm") return true;
  }
  // --mount type=tmpfs,destination=/dev/shm,tmpfs-size=BYTES (or a bind / volume there)
  for (const auto& m : all_values(f, {"--mount"})) {
    std::map<std::string, std::string> kv;
    for (const auto& part : core::split(m, ',')) {
      auto eq = part.find('=');
      kv[part.substr(0, eq)] = eq == std::string::npos ? "" : part.substr(eq + 1);
    }
    std::string target = kv.count("destination") ? kv["destination"] : kv.count("dst") ? kv["dst"] : kv["target"];
    if (target != "/dev/shm") continue;
    if (kv["type"] != "tmpfs" || kv["tmpfs-size"].empty() ||
        core::parse_byte_size(kv["tmpfs-size"]).value_or(0) >= (1LL << 30))
      return true;
    ctx.add("lint.docker.small-shm", Label::shm_exhausted, Severity::warning,
            "docker run --mount " + m + ": the container's /dev/shm is this tmpfs of " + kv["tmpfs-size"] +
                " bytes (--ipc and --shm-size do not change a /dev/shm the command mounts itself), " +
                nccl::shm_can_run_out(nccl::k_shm_users),
            line, "raise tmpfs-size in that --mount: tmpfs-size=17179869184 (16 GiB, a ceiling, not an allocation)");
    return true;
  }
  for (const auto& t : all_values(f, {"--tmpfs"})) {
    auto colon = t.find(':');
    if (t.substr(0, colon) != "/dev/shm") continue;
    std::string size;
    if (colon != std::string::npos)
      for (const auto& o : core::split(t.substr(colon + 1), ','))
        if (core::starts_with(o, "size=")) size = o.substr(5);
    if (size.empty() || core::parse_byte_size(size).value_or(0) >= (1LL << 30)) return true;
    std::string title = "docker run --tmpfs " + t + ": the container's /dev/shm is this " + size +
                        " tmpfs (--ipc and --shm-size do not change a /dev/shm the command mounts itself), " +
                        nccl::shm_can_run_out(nccl::k_shm_users);
    std::string raised = t;
    raised.replace(raised.find("size=" + size), 5 + size.size(), "size=16g");
    auto changed = replace_flag(ctx, line, "--tmpfs", t, "--tmpfs " + raised);
    auto& fi = changed ? ctx.add("lint.docker.small-shm", Label::shm_exhausted, Severity::warning, std::move(title),
                                 line, LineEdit{changed->first, changed->first, changed->second})
                       : ctx.add("lint.docker.small-shm", Label::shm_exhausted, Severity::warning, std::move(title),
                                 line, "docker run --tmpfs " + raised + " ... (in place of --tmpfs " + t + ")");
    fi.evidence.push_back(
        "size=16g is a ceiling, not an allocation: a tmpfs takes memory only for what is written to it; or drop "
        "the --tmpfs /dev/shm flag and run with --ipc=host");
    return true;
  }
  return false;
}

void small_shm(FileContext& ctx, const Flags& f, int line) {
  if (own_shm_mount(ctx, f, line)) return;
  auto ipc = value(f, {"--ipc"});
  bool ipc_host = ipc.value_or("") == "host";
  auto shm = value(f, {"--shm-size"});
  // No size, or one that does not parse, counts as below 1 GiB (value_or: no read of an empty optional).
  const bool small = (shm ? core::parse_byte_size(*shm) : std::nullopt).value_or(0) < (1LL << 30);
  if (ipc && !ipc_host && (*ipc == "none" || small)) {
    other_ipc(ctx, *ipc, shm, line);
    return;
  }
  if (!ipc_host && small) {
    std::string title =
        (shm ? "docker run --shm-size=" + *shm + " is below 1 GiB: "
             : std::string("docker run without --ipc=host or --shm-size: the container's /dev/shm is 64 MB, ")) +
        nccl::shm_can_run_out(nccl::k_shm_users);
    if (!shm) {
      add_docker(ctx, "lint.docker.small-shm", Label::shm_exhausted, Severity::warning, std::move(title), line,
                 "--ipc=host", !value(f, {"--ipc"}));
    } else {
      // --ipc=host replaces --shm-size: Docker ignores the size in the host's IPC namespace (moby
      // daemon setupIpcDirs: host mode uses the host's /dev/shm) and Podman refuses the pair
      // (containers/podman pkg/specgen: "cannot set shmsize when running in the host IPC Namespace").
      auto changed = value(f, {"--ipc"}) ? std::nullopt : replace_flag(ctx, line, "--shm-size", *shm, "--ipc=host");
      auto& fi = changed ? ctx.add("lint.docker.small-shm", Label::shm_exhausted, Severity::warning, std::move(title),
                                   line, LineEdit{changed->first, changed->first, changed->second})
                         : ctx.add("lint.docker.small-shm", Label::shm_exhausted, Severity::warning, std::move(title),
                                   line, "docker run --ipc=host ... (in place of --shm-size=" + *shm + ")");
      fi.evidence.push_back(
          "--ipc=host in place of --shm-size: Docker ignores the size with --ipc=host, Podman "
          "refuses the two together");
    }
  }
}

void docker_run(FileContext& ctx, const std::vector<std::string>& w, std::size_t from, int line) {
  static const std::vector<std::string_view> valued = {
      "-e",         "--env",          "-v",           "--volume",    "--device",
      "--network",  "--net",          "--ipc",        "--shm-size",  "--name",
      "-w",         "--workdir",      "--gpus",       "--runtime",   "-p",
      "--publish",  "--mount",        "--entrypoint", "-u",          "--user",
      "--env-file", "--label",        "-l",           "--cpus",      "--memory",
      "-m",         "--ulimit",       "--cap-add",    "--hostname",  "-h",
      "--add-host", "--security-opt", "--restart",    "--pid",       "--uts",
      "--platform", "--pull",         "--tmpfs",      "--group-add", "--device-cgroup-rule"};
  Flags f = parse_flags(w, from, valued);
  std::vector<EnvValue> env;
  for (const auto& e : all_values(f, {"-e", "--env"})) {
    if (is_assignment(e)) {
      auto eq = e.find('=');
      env.push_back({e.substr(0, eq), e.substr(eq + 1), line, "docker run -e"});
    }
  }
  bool gpus = value(f, {"--gpus"}).has_value() || value(f, {"--runtime"}).value_or("") == "nvidia";
  bool training = gpus;
  for (const auto& e : env) {
    training = training || core::starts_with(e.name, "NCCL_") || e.name == "MASTER_ADDR" || e.name == "WORLD_SIZE" ||
               e.name == "TF_CONFIG";
  }
  for (std::size_t i = f.end; i < w.size(); ++i) {
    std::string b = program_name(w[i]);
    training = training || b == "torchrun" || is_python(b) || b == "mpirun" || b == "deepspeed" || b == "horovodrun" ||
               b == "accelerate";
  }
  for (auto& e : env) ctx.env().push_back(e);
  if (!training) return;

  std::string net = value(f, {"--network", "--net"}).value_or("");
  if (net != "host") {
    bool across = ctx.shape().multi_node ||
                  std::any_of(env.begin(), env.end(), [](const EnvValue& e) { return e.name == "MASTER_ADDR"; });
    // With another --network on the command, a second one conflicts: prose, not an edit.
    auto& fi = add_docker(
        ctx, "lint.docker.no-host-network", Label::virtual_interface, across ? Severity::warning : Severity::info,
        across ? "docker run without --network=host: NCCL and Gloo see only the container's veth on the "
                 "docker bridge and advertise a NATed address the other nodes cannot reach"
               : "docker run without --network=host: fine while the job stays on this machine; across "
                 "machines NCCL and Gloo would advertise the container's NATed bridge address, which "
                 "other nodes cannot reach",
        line, "--network=host", net.empty());
    if (!net.empty()) fi.evidence.push_back("--network=" + net);
  }
  small_shm(ctx, f, line);
  bool ib_dev = value(f, {"--privileged"}).has_value();
  for (const auto& d : all_values(f, {"--device", "-v", "--volume", "--mount"})) {
    ib_dev = ib_dev || d.find("/dev/infiniband") != std::string::npos;
  }
  if (!ib_dev && ib_expected(ctx, env)) {
    add_docker(ctx, "lint.docker.no-infiniband-device", Label::ib_misconfiguration, Severity::warning,
               "InfiniBand is expected (NCCL_IB_* / this host has an HCA) but docker run passes no /dev/infiniband: "
               "NCCL falls back to sockets or fails to open the HCA",
               line, "--device=/dev/infiniband", true);
  }
}

// lint.torch.local-rank-literal: `torchrun ... train.py --local_rank 0` hands every process it starts
// the same value, while torchrun sets LOCAL_RANK per process and passes no --local_rank (torch >= 1.9,
// torch/distributed/run.py; torch.distributed.launch passes it itself unless --use_env). No edit:
// removing the flag breaks a script whose argparse requires it; the script changes first.
void local_rank_literal(FileContext& ctx, const std::vector<std::string>& w, std::size_t script, int line,
                        bool launcher_passes_it) {
  if (launcher_passes_it || script >= w.size()) return;
  for (std::size_t i = script + 1; i < w.size(); ++i) {
    std::string flag = w[i].substr(0, w[i].find('='));
    if (flag != "--local_rank" && flag != "--local-rank") continue;
    auto& f = ctx.add("lint.torch.local-rank-literal", Label::config_typo, Severity::warning,
                      w[script] + " is given " + flag +
                          " on the command line: every process torchrun starts gets "
                          "the same value, while torchrun sets LOCAL_RANK per process and passes no " +
                          flag,
                      line,
                      "make " + w[script] + " read local_rank = int(os.environ[\"LOCAL_RANK\"]) instead of " + flag +
                          ", then remove " + flag + " from this command");
    f.evidence.push_back("script arguments: " + joined(std::vector<std::string>(
                                                    w.begin() + static_cast<std::ptrdiff_t>(script + 1), w.end())));
    return;
  }
}

// A Docker Compose file: a top-level `services:` and no Kubernetes apiVersion.
bool compose_file(std::string_view text) {
  return (core::starts_with(text, "services:") || text.find("\nservices:") != std::string_view::npos) &&
         text.find("apiVersion:") == std::string_view::npos;
}

// The addresses the file itself gives rank 0 (another MASTER_ADDR, a --master_addr), not loopback
// and not computed ("$VAR"), each with the line that says it.
std::vector<std::pair<std::string, std::string>> rank0_addresses(FileContext& ctx) {
  std::vector<std::pair<std::string, std::string>> out;
  auto keep = [&out](const std::string& value, std::string said) {
    if (value.empty() || value.find('$') != std::string::npos || core::names_this_machine(value)) return;
    out.emplace_back(value, std::move(said));
  };
  for (const auto& v : ctx.env()) {
    if (v.name == "MASTER_ADDR") keep(v.value, "line " + std::to_string(v.line) + ": MASTER_ADDR=" + v.value);
  }
  for (const auto& f : ctx.launch_flags()) {
    if (f.flag == "--master_addr" || f.flag == "--master-addr") {
      keep(f.value, "line " + std::to_string(f.line) + ": " + f.flag + "=" + f.value);
    }
  }
  return out;
}

// The same in a YAML file (a Compose service's or a pod's command): neither Compose nor Kubernetes puts
// the service's `environment:` into `$MASTER_ADDR` there (Compose interpolates the shell's that runs
// `docker compose`, empty when unset; a pod expands only `$(NAME)`), so the fix writes the rank-0
// address the file gives elsewhere when it gives exactly one, else RANK0_HOST. `port`: the one an
// --rdzv_endpoint keeps, empty for --master_addr.
PlaceholderFix yaml_rendezvous_fix(FileContext& ctx, const std::string& flag, const std::string& port, int at,
                                   const std::string& value, const std::string& host) {
  auto addresses = rank0_addresses(ctx);
  std::set<std::string> distinct;
  for (const auto& a : addresses) distinct.insert(a.first);
  std::string word = distinct.size() == 1 ? *distinct.begin() : "RANK0_HOST";
  std::string fragment = flag + "=" + word + (port.empty() ? "" : ":" + port);
  std::string note = "the host name or address of the rank-0 node, the same on every node";
  if (distinct.size() == 1) {
    std::vector<std::string> said;
    for (const auto& a : addresses) said.push_back(a.second);
    note = "the rank-0 address the file gives elsewhere (" + core::join(said, "; ") + ")";
  }
  return placeholder_fix(ctx, at, value, host, word, fragment, note);
}

// The fix for a loopback rendezvous address: the flag as the command spells it, the user's own port,
// and $MASTER_ADDR only where the file sets it to something that is not loopback; otherwise a word
// that pastes into bash (RANK0_HOST, as master_addr_fix writes it). Line `at` holds `value`, the
// address as written (placeholder_fix: no comment after a continuation or inside quotes).
PlaceholderFix rendezvous_fix(FileContext& ctx, const std::vector<std::string>& w, bool master_addr,
                              const std::string& port, int at, const std::string& value, const std::string& host) {
  std::string flag = master_addr ? "--master_addr" : "--rdzv_endpoint";
  for (const auto& word : w) {
    for (std::string_view spelt : {"--master_addr", "--master-addr", "--rdzv_endpoint", "--rdzv-endpoint"}) {
      bool same_kind = master_addr == core::starts_with(spelt, "--master");
      if (same_kind && (word == spelt || core::starts_with(word, std::string(spelt) + "="))) flag = std::string(spelt);
    }
  }
  if (ctx.kind() == FileKind::yaml) return yaml_rendezvous_fix(ctx, flag, master_addr ? "" : port, at, value, host);
  bool defined = std::any_of(ctx.env().begin(), ctx.env().end(), [](const EnvValue& v) {
    return v.name == "MASTER_ADDR" && !v.value.empty() && !core::names_this_machine(v.value);
  });
  std::string word = defined ? "$MASTER_ADDR" : "RANK0_HOST";
  std::string fragment = flag + "=" + word + (master_addr || port.empty() ? "" : ":" + port);
  std::string note = defined ? "the address of the rank-0 node, the same on every node"
                             : "the host name or address of the rank-0 node, the same on every node";
  return placeholder_fix(ctx, at, value, host, word, fragment, note);
}

void torch_launcher(FileContext& ctx, const std::vector<std::string>& w, std::size_t from, int line, bool deprecated,
                    std::size_t python_at) {
  static const std::vector<std::string_view> valued = {
      "--nnodes",        "--nproc_per_node", "--nproc-per-node", "--node_rank",   "--node-rank",
      "--master_addr",   "--master-addr",    "--master_port",    "--master-port", "--rdzv_endpoint",
      "--rdzv-endpoint", "--rdzv_backend",   "--rdzv-backend",   "--rdzv_id",     "--rdzv-id",
      "--max_restarts",  "--max-restarts",   "--log_dir",        "--log-dir"};
  Flags f = parse_flags(w, from, valued);
  bool under_srun = std::any_of(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(python_at),
                                [](const std::string& x) { return program_name(x) == "srun"; });
  for (const auto& [flag, v] : f.values) {
    for (const auto& one : core::split(v, '\n', true)) {
      ctx.launch_flags().push_back({flag, one, line, under_srun, f.joined.count(flag) > 0});
    }
  }
  if (deprecated) {
    // The same interpreter and its flags, the module replaced (the word before `from` is the module).
    std::vector<std::string> fixed(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(from - 1));
    fixed.push_back("torch.distributed.run");
    bool use_env = false;
    for (std::size_t i = from; i < w.size(); ++i) {
      if (w[i] == "--use_env" || w[i] == "--use-env")
        use_env = true;
      else
        fixed.push_back(w[i]);
    }
    std::string title =
        "python -m torch.distributed.launch is deprecated: use torchrun / python -m torch.distributed.run "
        "(they set LOCAL_RANK in the environment and pass no --local_rank)";
    if (auto in_place = torchrun_in_place(ctx, line)) {
      int last = line + static_cast<int>(command_lines(ctx, line).size()) - 1;
      ctx.add("lint.torch.launch-deprecated", Label::config_typo, Severity::warning, std::move(title), line,
              LineEdit{line, last, *in_place});
    } else {
      // Without --use_env the script reads --local_rank: it has to change before the launcher does.
      ctx.add("lint.torch.launch-deprecated", Label::config_typo, Severity::warning, std::move(title), line,
              joined(fixed) + (use_env ? ""
                                       : "  # first make the script read int(os.environ[\"LOCAL_RANK\"]) "
                                         "instead of --local_rank"));
    }
  }
  local_rank_literal(ctx, w, f.end, line, deprecated && !value(f, {"--use_env", "--use-env"}));
  auto addr = value(f, {"--master_addr", "--master-addr"});
  auto rdzv = value(f, {"--rdzv_endpoint", "--rdzv-endpoint"});
  std::string host = addr ? *addr : rdzv ? rdzv->substr(0, rdzv->rfind(':')) : "";
  bool loopback = core::names_this_machine(host);
  if (loopback && ctx.shape().multi_node) {
    // The finding points at the line that holds the address (a continuation line, a pod's list item).
    int at = command_line_holding(ctx, line, addr ? *addr : *rdzv);
    auto fix = rendezvous_fix(ctx, w, addr.has_value(), rdzv ? rdzv->substr(rdzv->rfind(':') + 1) : "", at ? at : line,
                              addr ? *addr : *rdzv, host);
    // Node 0's own command (--node_rank=0 in a Compose service, one container unless the file scales
    // it): only node 0 reads this line, and 127.0.0.1 there reaches node 0's own store (stranger
    // fix-2026-12-06j p16 line 10). Not in a shell file (an ssh loop runs one line on every host)
    // nor a pod template (replicas).
    auto rank = value(f, {"--node_rank", "--node-rank"});
    bool compose = ctx.kind() == FileKind::yaml && ctx.text().find("services:") != std::string::npos &&
                   ctx.text().find("replicas:") == std::string::npos && ctx.text().find("scale:") == std::string::npos;
    bool node0 = compose && rank && *rank == "0";
    std::string title =
        node0 ? "the rendezvous address " + host + " on node 0's own command (" +
                    (addr ? "--master_addr" : "--rdzv_endpoint") +
                    ", --node_rank=0): only node 0 reads this line, and there it reaches node 0's own store; every "
                    "other node reads its own command, which must name node 0's address, not itself: write the same "
                    "address on every node"
              : "the rendezvous address " + host +
                    " is this machine in a multi-node launch: the other nodes dial themselves and wait";
    auto& fi = ctx.add("lint.launch.master-addr-localhost", Label::hostname_resolution,
                       node0 ? Severity::warning : Severity::error, title, at ? at : line, fix.text);
    fi.evidence.push_back(ctx.shape().multi_node_why);
    if (!fix.note.empty()) fi.evidence.push_back(fix.note);
  }
}

}  // namespace

std::string program_name(std::string_view word) {
  auto slash = word.rfind('/');
  return std::string(slash == std::string_view::npos ? word : word.substr(slash + 1));
}

// What the command says about the job's size (first pass, before any rule).
void note_shape(FileContext& ctx, const std::vector<std::string>& w) {
  for (std::size_t i = 0; i < w.size(); ++i) {
    std::string_view a = w[i];
    std::optional<std::string> n;
    for (std::string_view flag :
         {"--nnodes", "--nodes", "-N", "--num_nodes", "--num-nodes", "--num_machines", "--num-machines"}) {
      if (a == flag && i + 1 < w.size()) n = w[i + 1];
      if (core::starts_with(a, std::string(flag) + "=")) n = std::string(a.substr(flag.size() + 1));
    }
    if (n && max_count(*n) > 1 && !ctx.shape().multi_node) {
      ctx.shape().multi_node = true;
      ctx.shape().multi_node_why = std::string(a) + (a.find('=') == std::string_view::npos ? " " + *n : "");
    }
    // mpirun / horovodrun -H node1:8,node2:8: a host list of two or more hosts.
    bool host_flag = a == "-H" || a == "--host" || a == "-host" || a == "--hosts";
    if (host_flag && i + 1 < w.size() && w[i + 1].find(',') != std::string::npos && !ctx.shape().multi_node) {
      ctx.shape().multi_node = true;
      ctx.shape().multi_node_why = std::string(a) + " " + w[i + 1];
    }
    if (core::starts_with(a, "NNODES=") && max_count(a.substr(7)) > 1 && !ctx.shape().multi_node) {
      ctx.shape().multi_node = true;
      ctx.shape().multi_node_why = std::string(a);
    }
  }
}

// `env [-i] [-u NAME] NAME=value ... command` at words[at]: the assignments reach the command.
// Returns the index of the command's first word.
std::size_t env_assignments(FileContext& ctx, const std::vector<std::string>& w, std::size_t at, int line) {
  std::size_t i = at + 1;
  for (; i < w.size() && (is_assignment(w[i]) || core::starts_with(w[i], "-")); ++i) {
    if (is_assignment(w[i]))
      add_assignment(ctx, w[i], line, "env");
    else if (w[i] == "-u" || w[i] == "--unset" || w[i] == "-C" || w[i] == "--chdir" || w[i] == "-S")
      ++i;
  }
  return i;
}

void check_command(FileContext& ctx, const std::vector<std::string>& w, int line) {
  std::size_t i = 0;
  std::size_t before = ctx.env().size();
  while (i < w.size() && is_assignment(w[i])) add_assignment(ctx, w[i++], line);
  if (i == w.size()) return;
  // NAME=value before a command reaches that command only, over any exported value.
  for (std::size_t k = before; k < ctx.env().size(); ++k) ctx.env()[k].via = "a prefix on the command";
  std::string prog = program_name(w[i]);
  if (prog == "env") {
    i = env_assignments(ctx, w, i, line);
    if (i == w.size()) return;
    prog = program_name(w[i]);
  }
  if (prog == "export" || prog == "declare" || prog == "setenv") {
    for (std::size_t j = i + 1; j < w.size(); ++j) {
      if (is_assignment(w[j])) add_assignment(ctx, w[j], line);
    }
    if (prog == "setenv" && w.size() >= i + 3) ctx.env().push_back({w[i + 1], w[i + 2], line, ""});
    return;
  }
  for (std::size_t j = i; j < w.size(); ++j) {
    std::string b = program_name(w[j]);
    if (ctx.shape().remote_why.empty()) {
      bool hosts = false;
      for (std::size_t k = j + 1; k < w.size() && (b == "mpirun" || b == "mpiexec" || b == "horovodrun"); ++k) {
        for (std::string_view flag :
             {"-H", "--host", "-host", "--hosts", "-hostfile", "--hostfile", "-machinefile", "--machinefile"}) {
          hosts = hosts || w[k] == flag;
        }
      }
      if (b == "srun" || b == "sbatch" || b == "salloc" || b == "ssh" || b == "pdsh" || b == "clush" || hosts) {
        ctx.shape().remote_why = "line " + std::to_string(line) + ": " + b + (hosts ? " with a host list" : "") +
                                 " runs commands on other machines";
      }
    }
    if (b == "env" && j > i) {  // srun env NAME=value python ...
      j = env_assignments(ctx, w, j, line) - 1;
      continue;
    }
    if ((b == "docker" || b == "nvidia-docker" || b == "podman") && j + 1 < w.size()) {
      std::size_t r = w[j + 1] == "run"                                                    ? j + 2
                      : (w[j + 1] == "container" && j + 2 < w.size() && w[j + 2] == "run") ? j + 3
                                                                                           : 0;
      if (r) docker_run(ctx, w, r, line);
      continue;
    }
    if (b == "torchrun") {
      torch_launcher(ctx, w, j + 1, line, false, j);
      break;
    }
    if (b == "deepspeed" || b == "accelerate") {
      other_launcher(ctx, w, j, line);
      break;
    }
    if (w[j] == "-m" && j + 1 < w.size() &&
        (w[j + 1] == "torch.distributed.launch" || w[j + 1] == "torch.distributed.run")) {
      bool python = j > 0 && is_python(w[j - 1]);
      torch_launcher(ctx, w, j + 2, line, w[j + 1] == "torch.distributed.launch", python ? j - 1 : j);
      break;
    }
    if ((b == "mpirun" || b == "mpiexec")) {
      for (std::size_t k = j + 1; k + 1 < w.size(); ++k) {
        if (w[k] == "-x" && is_assignment(w[k + 1])) add_assignment(ctx, w[k + 1], line, b + " -x");
      }
    }
    if (b == "srun" || b == "sbatch" || b == "salloc") {
      for (std::size_t k = j + 1; k < w.size(); ++k) add_slurm_export(ctx, w[k], line, b);
    }
  }
}

namespace {

// A YAML MASTER_ADDR entry (line `line`, value `value`) with its value replaced, in the line's own
// syntax: a Compose map (`MASTER_ADDR: addr`), a Compose list (`- MASTER_ADDR=addr`), a pod's
// `value: addr`. The file's own rank-0 address when it names exactly one, else RANK0_HOST with a
// note (a trailing `# comment` only where the value ends the line: inside a flow map it would not).
PlaceholderFix yaml_master_addr_fix(FileContext& ctx, int line, const std::string& value, bool compose) {
  std::string text(core::trim(ctx.line_text(line)));
  auto addresses = rank0_addresses(ctx);
  std::set<std::string> distinct;
  for (const auto& a : addresses) distinct.insert(a.first);
  std::string to = distinct.size() == 1 ? *distinct.begin() : "RANK0_HOST";
  std::string note;
  auto pod0 = compose || !distinct.empty() ? std::nullopt : statefulset_rank0(ctx.text());
  if (distinct.size() == 1) {
    std::vector<std::string> said;
    for (const auto& a : addresses) said.push_back(a.second);
    note = to + ": the rank-0 address the file gives elsewhere (" + core::join(said, "; ") + "), likely " +
           (compose ? "this service's too, if it reaches rank 0's container at that address"
                    : "this pod's too, if it reaches rank 0 at that address");
  } else if (pod0 && pod0->ordinal_is_rank) {
    // fix-2026-12-07r p05: the file names the StatefulSet, its headless Service and the rank's ordinal
    to = pod0->host;
    note = to + ": pod 0 of the file's " + pod0->said +
           " (each pod is NAME-ORDINAL.SERVICE in the namespace's DNS), and the node rank is the pod's ordinal "
           "(${HOSTNAME##*-}), so pod 0 is rank 0";
  } else {
    note = compose ? "RANK0_HOST: the rank-0 container's address (its host's address with network_mode: host, "
                     "else its service name), the same in every service"
                   : "RANK0_HOST: the rank-0 pod's service name or address, the same in every pod" +
                         (pod0 ? " (pod 0 of the file's " + pod0->said + " is " + pod0->host + ")" : std::string());
    if (distinct.size() > 1) {
      note += "; the file names several:";
      for (const auto& a : addresses) note += " " + a.second + ";";
      note.pop_back();
    }
  }
  auto at = text.rfind(value);
  if (at == std::string::npos) return {compose ? "MASTER_ADDR: " + to : "value: \"" + to + "\"", note};
  std::string fixed = text.substr(0, at) + to + text.substr(at + value.size());
  std::string_view rest = core::trim(std::string_view(text).substr(at + value.size()));
  bool ends_line = rest.empty() || rest == "\"" || rest == "'";
  if (to == "RANK0_HOST" && ends_line) return {fixed + "  # " + note, ""};
  return {fixed, note};
}

}  // namespace

// The fix for a loopback MASTER_ADDR in this kind of file: Slurm's first node in a Slurm script,
// nothing in a PyTorchJob (its operator sets MASTER_ADDR in every replica), the line in its own YAML
// syntax in a Compose file or a pod, else the rank-0 node.
std::string master_addr_fix(FileContext& ctx, const EnvValue& v, std::string& note) {
  std::string_view text = ctx.text();
  if (ctx.kind() == FileKind::yaml) {
    if (text.find("PyTorchJob") != std::string_view::npos) {
      return "remove this MASTER_ADDR entry: the PyTorchJob operator sets MASTER_ADDR (the master replica's "
             "service) and MASTER_PORT in every replica";
    }
    auto fix = yaml_master_addr_fix(ctx, v.line, v.value, compose_file(text));
    note = fix.note;
    return fix.text;
  }
  if (text.find("#SBATCH") != std::string_view::npos || text.find("SLURM_") != std::string_view::npos) {
    return "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)";
  }
  // A word, not "<...>": pasted into bash the line must still run (an apostrophe or '<' before the
  // comment left bash waiting for a closing quote, or read a redirection). A Dockerfile has no
  // comment after an instruction (`ENV A=b  # c` makes "#" part of the value): the comment goes above.
  if (ctx.kind() == FileKind::dockerfile) {
    return "# RANK0_HOST: the rank-0 node's host name or address, the same on every node\nENV MASTER_ADDR=RANK0_HOST";
  }
  if (ctx.kind() == FileKind::batch) {  // cmd.exe: `set`, comments on their own REM line
    return "REM RANK0_HOST: the rank-0 node's host name or address, the same on every node\nset MASTER_ADDR=RANK0_HOST";
  }
  if (ctx.kind() == FileKind::powershell) {
    return "# RANK0_HOST: the rank-0 node's host name or address, the same on every node\n$env:MASTER_ADDR = "
           "\"RANK0_HOST\"";
  }
  if (ctx.kind() == FileKind::env_file) {  // docker's --env-file takes no trailing comment, nor `export`
    return "# RANK0_HOST: the rank-0 node's host name or address, the same on every node\nMASTER_ADDR=RANK0_HOST";
  }
  return "export MASTER_ADDR=RANK0_HOST  # RANK0_HOST: the rank-0 node's host name or address, the same on every node";
}

namespace {

// The command's `-H` / `--host` / `-host` / `--hosts` list (Open MPI, horovodrun): `option` as written
// ("-H node1:8,node2:8"), `first` its first host with `:slots` cut: where rank 0 runs when ranks are
// mapped in host order (by slot or by node). Empty when the launcher's own options (from `line`,
// continuations followed, up to the program it starts: review58, `python train.py --hosts list.txt`
// is the program's option) list none, or place ranks otherwise (a rankfile).
struct HostList {
  std::string option, first;
};
HostList listed_hosts(const FileContext& ctx, int line) {
  static const std::regex host_list(
      R"((?:^|\s)((?:-H|--host|-host|--hosts)(?:[ \t]+|=)([A-Za-z0-9_.-]+)[A-Za-z0-9_.,:-]*))");
  static const std::regex program(
      R"((?:^|\s)(?:--|(?:\S*/)?(?:python[0-9.]*|bash|sh|torchrun|env)|\S+\.(?:py|sh)|\./\S+)(?=\s|$))");
  static const std::regex rankfile(R"((?:^|\s)(?:--rankfile|-rf|rank_file)(?=[\s=]|$))");
  std::string command;
  for (int l = line; l <= ctx.line_count() && l < line + 64; ++l) {
    std::string_view t = core::trim(ctx.line_text(l));
    const bool more = !t.empty() && t.back() == '\\';
    command += " " + std::string(more ? t.substr(0, t.size() - 1) : t);
    if (!more) break;
  }
  std::smatch m;
  // from the second word on: the first is the launcher itself
  const auto launcher_end = command.find_first_of(" \t", command.find_first_not_of(" \t"));
  if (launcher_end != std::string::npos &&
      std::regex_search(command.cbegin() + static_cast<std::ptrdiff_t>(launcher_end), command.cend(), m, program))
    command.resize(static_cast<std::size_t>(m.position(0)) + launcher_end);
  if (std::regex_search(command, rankfile)) return {};
  if (!std::regex_search(command, m, host_list)) return {};
  return {m[1].str(), m[2].str()};
}

// Where `name=value` stands on `text` as an assignment of its own (not MY_NAME=...), its value bare or
// quoted ("value", 'value'); npos when not. `written` gets the text found.
std::size_t assignment_at(const std::string& text, const std::string& name, const std::string& value,
                          std::string& written) {
  for (const std::string q : {"", "\"", "'"}) {
    const std::string form = name + "=" + q + value + q;
    for (auto at = text.find(form); at != std::string::npos; at = text.find(form, at + 1)) {
      const char before = at == 0 ? ' ' : text[at - 1];
      if (std::isalnum(static_cast<unsigned char>(before)) || before == '_') continue;
      written = form;
      return at;
    }
  }
  return std::string::npos;
}

// MASTER_ADDR handed to the ranks by the command itself (`mpirun -x MASTER_ADDR=127.0.0.1`, `docker run
// -e`, `env A=b cmd`): an `export` before the command does not reach them (fix-2026-12-07s p21: the
// printed export left `-x MASTER_ADDR=127.0.0.1` in force and lint repeated itself). The option's own
// value changes: to the first listed host under mpirun/horovodrun -H, else to the RANK0_HOST word.
bool master_addr_in_command(FileContext& ctx, const EnvValue& v, const std::string& title) {
  if (v.via.empty() || ctx.kind() == FileKind::yaml || ctx.kind() == FileKind::dockerfile) return false;
  int at = 0;
  std::string written;
  std::size_t pos = std::string::npos;
  for (int l = v.line; l <= ctx.line_count() && l < v.line + 64 && pos == std::string::npos; ++l) {
    pos = assignment_at(std::string(ctx.line_text(l)), v.name, v.value, written);
    at = l;
    std::string_view t = core::trim(ctx.line_text(l));
    if (pos == std::string::npos && (t.empty() || t.back() != '\\')) return false;
  }
  if (pos == std::string::npos) return false;
  const std::string line(ctx.line_text(at));
  const std::string quote =
      written.size() > v.name.size() + 1 + v.value.size() ? written.substr(v.name.size() + 1, 1) : "";
  const HostList hosts = v.via.ends_with(" -x") ? listed_hosts(ctx, v.line) : HostList{};
  const std::string& host = hosts.first;
  core::Finding* f = nullptr;
  std::string note;
  if (!host.empty() && !core::names_this_machine(host)) {
    std::string changed = line.substr(0, pos) + v.name + "=" + quote + host + quote + line.substr(pos + written.size());
    f = &ctx.add("lint.launch.master-addr-localhost", Label::hostname_resolution, Severity::error, title, v.line,
                 LineEdit{at, at, changed});
    note = "rank 0 runs on " + host +
           ", the first host the command lists (with Open MPI's default placement, by slot or by node)";
  } else {
    auto fix = placeholder_fix(ctx, at, v.value, v.value, "RANK0_HOST", v.name + "=RANK0_HOST",
                               "the rank-0 node's host name or address, the same on every node");
    f = &ctx.add("lint.launch.master-addr-localhost", Label::hostname_resolution, Severity::error, title, v.line,
                 fix.text);
    note = fix.note;
  }
  if (at != v.line)
    f->evidence.push_back(ctx.path() + ":" + std::to_string(at) + ": " + std::string(core::trim(line)) + " (" + v.via +
                          " hands this value to every rank, whatever the shell exports)");
  else
    f->evidence.push_back(v.via + " hands this value to every rank, whatever the shell exports");
  // this command's own host list where it lists several (review58: with two commands in a file, the
  // file's first reason quoted the other command's -H)
  f->evidence.push_back(hosts.option.find(',') != std::string::npos ? hosts.option : ctx.shape().multi_node_why);
  if (!note.empty()) f->evidence.push_back(note);
  return true;
}

}  // namespace

void master_addr_rule(FileContext& ctx) {
  if (!ctx.shape().multi_node) return;
  for (const auto& v : ctx.env()) {
    if (v.name != "MASTER_ADDR") continue;
    if (!core::names_this_machine(v.value)) continue;
    const std::string title =
        "MASTER_ADDR=" + v.value + " in a multi-node launch: every node's ranks dial their own machine and wait";
    if (master_addr_in_command(ctx, v, title)) continue;
    std::string note;
    std::string fixed = master_addr_fix(ctx, v, note);
    auto& f = ctx.add("lint.launch.master-addr-localhost", Label::hostname_resolution, Severity::error, title, v.line,
                      std::move(fixed));
    f.evidence.push_back(ctx.shape().multi_node_why);
    if (!note.empty()) f.evidence.push_back(note);
  }
}

// lint.docker.tf-config-task-baked: `ENV TF_CONFIG=...` with a "task" in an image: every container
// started from it is that one task, so with two or more tasks in the cluster the workers share an
// index (TensorFlow reads task.type/index from TF_CONFIG alone, in each process).
void tf_config_in_image(FileContext& ctx) {
  for (const auto& v : ctx.env()) {
    if (v.name != "TF_CONFIG") continue;
    auto parsed = core::parse_json_bounded(v.value, "TF_CONFIG");
    if (!parsed || !parsed->is_object() || !parsed->contains("task") || !(*parsed)["task"].is_object()) continue;
    std::size_t tasks = 0;
    if (parsed->contains("cluster") && (*parsed)["cluster"].is_object()) {
      for (const auto& [job, list] : (*parsed)["cluster"].items()) {
        if (list.is_array()) tasks += list.size();
      }
    }
    if (tasks < 2) continue;
    const auto& task = (*parsed)["task"];
    std::string who = (task.contains("type") && task["type"].is_string() ? task["type"].get<std::string>() : "?") +
                      " " + (task.contains("index") ? task["index"].dump() : "?");
    auto& f = ctx.add("lint.docker.tf-config-task-baked", Label::tf_config, Severity::warning,
                      "TF_CONFIG in the image names its task (" + who + "): every container started from it is " + who +
                          " unless TF_CONFIG is set again at run time, so the " + std::to_string(tasks) +
                          " tasks of its cluster would share one index",
                      v.line,
                      "keep the cluster in the image if you like, but give each container its own TF_CONFIG at "
                      "run time (docker run -e TF_CONFIG=..., the pod's env, or the launcher), with its own "
                      "task index");
    f.evidence.push_back("cluster of " + std::to_string(tasks) + " tasks; task " + who);
  }
}

namespace {

// lint.docker.env-legacy-pairs (fix-2026-12-06m p24): `ENV NAME value` is Docker's legacy form, which
// sets ONE variable to the rest of the line (Docker's reference, ENV; its build check
// LegacyKeyValueFormat), so `ENV MASTER_PORT 29500 NCCL_SOCKET_IFNAME eth0` sets MASTER_PORT to
// "29500 NCCL_SOCKET_IFNAME eth0" and no NCCL_SOCKET_IFNAME. Said where the rest is VALUE followed by
// NAME VALUE pairs of plain words whose names are upper-case variable names; the edit writes the
// key=value form. The values audited are the ones the line means (the edit's), so that no rule
// edits the run-together value on its own. False where the line is no such run-together form.
bool docker_env_pairs(FileContext& ctx, const std::vector<std::string>& rest, int line) {
  if (rest.size() < 4 || rest.size() % 2 != 0) return false;
  auto plain = [](const std::string& w) { return !w.empty() && w.find_first_of("\"'$`=\\ \t") == std::string::npos; };
  auto name = [&](const std::string& w) {
    return plain(w) && (std::isupper(static_cast<unsigned char>(w[0])) || w[0] == '_') &&
           std::all_of(w.begin(), w.end(),
                       [](unsigned char c) { return std::isupper(c) || std::isdigit(c) || c == '_'; });
  };
  for (std::size_t i = 0; i < rest.size(); ++i)
    if (!(i % 2 == 0 ? name(rest[i]) : plain(rest[i]))) return false;
  // the later names are variables the distributed stack reads (the audit's catalogue): a value of
  // several words (`ENV NCCL_DEBUG_SUBSYS INIT NET GRAPH`) is no run-together pair
  for (std::size_t i = 2; i < rest.size(); i += 2)
    if (env::find_var(rest[i]) == nullptr) return false;
  std::string_view text = ctx.line_text(line);
  // continued, or quoted (the words lost their quotes): the edit could not write the line back
  if (text.find_first_of("\"'\\") != std::string_view::npos) return false;
  std::vector<std::string> pairs, later;
  for (std::size_t i = 0; i < rest.size(); i += 2) {
    pairs.push_back(rest[i] + "=" + rest[i + 1]);
    if (i > 0) later.push_back(rest[i]);
  }
  std::vector<std::string> tail(rest.begin() + 1, rest.end());
  auto& f = ctx.add("lint.docker.env-legacy-pairs", Label::config_typo, Severity::error,
                    "`ENV " + rest[0] + " " + rest[1] + " ...` is Docker's legacy one-variable form: it sets " +
                        rest[0] + " to the whole rest of the line, '" + core::join(tail, " ") + "', and sets no " +
                        core::join(later, ", ") + "; the key=value form sets each",
                    line, LineEdit{line, line, "ENV " + core::join(pairs, " ")});
  f.evidence.push_back(
      "Docker's reference (ENV): `ENV <key> <value>` sets a single variable to everything after the key; the "
      "key=value form sets several (not built here: no Docker daemon)");
  for (const auto& p : pairs) add_assignment(ctx, p, line);
  return true;
}

// The words of a Dockerfile CMD / ENTRYPOINT in exec form (["torchrun", "--nnodes=2", ...]) on
// `line`; nullopt for the shell form.
std::optional<std::vector<std::string>> exec_form_words(const FileContext& ctx, int line) {
  std::string_view l = core::trim(ctx.line_text(line));
  auto open = l.find('[');
  if (open == std::string_view::npos) return std::nullopt;
  auto parsed = core::parse_json_bounded(l.substr(open), "Dockerfile exec form");  // depth-capped
  if (!parsed || !parsed->is_array()) return std::nullopt;
  std::vector<std::string> words;
  for (const auto& x : *parsed) {
    if (x.is_string()) words.push_back(x.get<std::string>());
  }
  return words;
}

bool cmd_or_entrypoint(const ShellCommand& c) {
  if (c.words.empty()) return false;
  std::string instr = core::to_upper(c.words.front());
  return instr == "CMD" || instr == "ENTRYPOINT";
}

}  // namespace

void lint_shell(FileContext& ctx, bool dockerfile) {
  for (const auto& d : sbatch_directives(ctx.text())) {
    if (ctx.shape().remote_why.empty()) {
      ctx.shape().remote_why =
          "line " + std::to_string(d.line) + ": #SBATCH: the batch job runs on the nodes Slurm allocates";
    }
    note_shape(ctx, d.words);
    for (const auto& w : d.words) add_slurm_export(ctx, w, d.line);
  }
  auto commands = split_commands(ctx.text());
  // The commands ssh / pdsh / clush run from their argument string are read like the file's own.
  // Those of `srun bash -c STRING` only by the command rules (check_command): the rules over the
  // whole file (launch_shape_rules, host_slots_rule, srun_quoting_rule) read srun's string
  // themselves and edit the srun line, so it is not marked.
  auto remote = dockerfile ? std::vector<RemoteCommand>{} : remote_commands(commands);
  std::vector<ShellCommand> srun_strings;
  for (const auto& r : remote) {
    if (r.runner == "srun") {
      srun_strings.push_back(r.command);
      continue;
    }
    ctx.mark_embedded(r.command.line, r.runner);
    commands.push_back(r.command);
  }
  for (const auto& c : commands) {
    // An exec form's words are JSON strings: `"--nnodes=2",` is --nnodes=2.
    auto exec = dockerfile && cmd_or_entrypoint(c) ? exec_form_words(ctx, c.line) : std::nullopt;
    note_shape(ctx, exec ? *exec : c.words);
  }
  for (const auto& c : srun_strings) note_shape(ctx, c.words);
  std::optional<std::vector<std::string>> entrypoint;  // the ENTRYPOINT's exec-form words (empty: shell form)
  for (const auto& c : commands) {
    if (!dockerfile || c.words.empty() || core::to_upper(c.words.front()) != "ENTRYPOINT") continue;
    auto exec = exec_form_words(ctx, c.line);
    entrypoint = exec ? *exec : std::vector<std::string>{};
  }
  for (const auto& r : remote) same_node_rank_rule(ctx, r);
  srun_per_task_rule(ctx, remote);
  ssh_single_quotes_rule(ctx, remote);
  for (const auto& c : commands) {
    if (!dockerfile) {
      check_command(ctx, c.words, c.line);
      continue;
    }
    std::string instr = core::to_upper(c.words.front());
    std::vector<std::string> rest(c.words.begin() + 1, c.words.end());
    if (instr == "ENV") {
      if (docker_env_pairs(ctx, rest, c.line)) continue;
      if (rest.size() >= 2 && rest[0].find('=') == std::string::npos) {
        std::vector<std::string> tail(rest.begin() + 1, rest.end());
        ctx.env().push_back({rest[0], core::join(tail, " "), c.line, ""});
      } else {
        for (const auto& w : rest) {
          if (is_assignment(w)) add_assignment(ctx, w, c.line);
        }
      }
    } else if (instr == "RUN") {
      check_command(ctx, rest, c.line);
    } else if (instr == "CMD" || instr == "ENTRYPOINT") {
      std::vector<std::string> words = rest;
      if (auto exec = exec_form_words(ctx, c.line)) {
        words = std::move(*exec);
        exec_form_variables(ctx, instr, words, c.line, entrypoint);
      }
      check_command(ctx, words, c.line);
    } else if (instr != "ARG" && instr != "FROM" && instr != "COPY" && instr != "ADD" && instr != "WORKDIR" &&
               instr != "LABEL" && instr != "EXPOSE" && instr != "USER" && instr != "VOLUME" && instr != "SHELL" &&
               instr != "HEALTHCHECK" && instr != "STOPSIGNAL" && instr != "ONBUILD" && instr != "MAINTAINER") {
      check_command(ctx, c.words, c.line);  // the second command of a RUN a && b
    }
  }
  for (const auto& c : srun_strings) check_command(ctx, c.words, c.line);
  master_addr_rule(ctx);
  launch_shape_rules(ctx, dockerfile, commands);
  host_slots_rule(ctx, commands);
  if (dockerfile) return tf_config_in_image(ctx);
  for (auto* rule : {srun_quoting_rule, single_quoted_expansion_rule, port_arithmetic_rule, export_blanks_rule,
                     mpirun_env_rule, slurm_variable_rules, batch_shell_values_rule, sbatch_directive_order,
                     used_before_set_rule, mpi_exclude_rule, sbatch_export_none, sudo_drops_env, slurm_counts_rule})
    rule(ctx);
}

}  // namespace dd::lint::detail
