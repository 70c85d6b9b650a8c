// Launch files that start the wrong number of processes, or the right number with the wrong ranks:
//  - lint.launch.gpus-fewer-than-procs: CUDA_VISIBLE_DEVICES lists K GPUs and torchrun starts N > K
//    processes per node: local ranks K..N-1 have no GPU of their own.
//  - lint.slurm.torchrun-per-task: srun starts one torchrun per task, --ntasks-per-node T > 1: T
//    agents per node, each starting --nproc_per_node processes, all joining one rendezvous.
//  - lint.torch.static-rendezvous-no-node-rank: torchrun --nnodes N > 1 with neither --node_rank nor
//    a rendezvous backend or endpoint: every node is node 0.
// torchrun facts from torch/distributed/run.py (torch 2.x, get_args_parser): --rdzv-backend defaults
// to "static", --node-rank to 0, --master-port to 29500; every flag also has its underscore
// spelling, and each reads a PET_<NAME> environment variable as its default.
// Commands come from shell_lexer, `bash -c '...'` / `sh -c` arguments are split again; Dockerfile
// exec forms are not read here.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <regex>
#include <set>

#include "core/address.hpp"
#include "core/strings.hpp"
#include "lint/rules.hpp"
#include "lint/shell_lexer.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

// One torchrun (or python -m torch.distributed.run / .launch) command.
struct Launch {
  int line = 0;                                // where its command starts
  std::map<std::string, std::string> flags;    // "--nnodes" -> "2" (underscores made dashes)
  std::map<std::string, WrittenFlag> written;  // the same keys -> the flag as the file spells it
  std::vector<std::string> srun_words;         // srun's own options, when srun starts it
  bool under_srun = false;
  bool in_shell = false;  // inside a `bash -c STRING` (srun's bash -c: lint.remote.same-node-rank's remote reading)
};

// "--nproc_per_node" -> "--nproc-per-node" (torchrun accepts both).
std::string dashed(std::string flag) {
  for (std::size_t i = 2; i < flag.size(); ++i) {
    if (flag[i] == '_') flag[i] = '-';
  }
  return flag;
}

// The launcher's options up to its script: "--flag=value" and, for flags that take one,
// "--flag value"; a flag without a value maps to "".
std::map<std::string, WrittenFlag> launcher_flags(const std::vector<std::string>& w, std::size_t from) {
  static const std::set<std::string> k_valued = {
      "--nnodes",       "--nproc-per-node", "--node-rank", "--master-addr",  "--master-port", "--rdzv-endpoint",
      "--rdzv-backend", "--rdzv-id",        "--rdzv-conf", "--max-restarts", "--log-dir",     "--monitor-interval",
      "--role",         "--redirects",      "--tee",       "--local-addr",   "--start-method"};
  std::map<std::string, WrittenFlag> out;
  for (std::size_t i = from; i < w.size(); ++i) {
    const std::string& a = w[i];
    if (a.size() < 2 || a[0] != '-') break;
    auto eq = a.find('=');
    if (eq != std::string::npos) {
      out[dashed(a.substr(0, eq))] = WrittenFlag{a.substr(0, eq), a.substr(eq + 1), true};
    } else if (k_valued.count(dashed(a)) && i + 1 < w.size()) {
      out[dashed(a)] = WrittenFlag{a, w[i + 1], false};
      ++i;
    } else {
      out[dashed(a)] = WrittenFlag{a, "", false};
    }
  }
  return out;
}

Launch launch_of(int line, const std::vector<std::string>& w, std::size_t from, std::vector<std::string> srun_words,
                 bool under_srun) {
  Launch l{line, {}, launcher_flags(w, from), std::move(srun_words), under_srun};
  for (const auto& [name, f] : l.written) l.flags[name] = f.value;
  return l;
}

// The flag `name` (dashed) as the launch spells it, with `value`; `name=value` when it is not there.
std::string spelt(const Launch& l, const std::string& name, std::string_view value) {
  auto it = l.written.find(name);
  return it == l.written.end() ? name + "=" + std::string(value) : as_written(it->second, value);
}

bool shell_c_flag(std::string_view w) {
  return w.size() >= 2 && w[0] == '-' && w[1] != '-' && w.back() == 'c' &&
         std::all_of(w.begin() + 1, w.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
}

// The launches in one command; `bash -c STRING` is split again (its commands start on `line`).
void find_launches(const std::vector<std::string>& w, int line, bool under_srun, std::vector<std::string> srun_words,
                   std::vector<Launch>& out, int depth) {
  std::size_t srun_at = w.size();
  // srun's own words: those between srun and the command it starts
  auto srun_part = [&](std::size_t j) {
    if (srun_at < j)
      srun_words.assign(w.begin() + static_cast<std::ptrdiff_t>(srun_at + 1),
                        w.begin() + static_cast<std::ptrdiff_t>(j));
  };
  for (std::size_t j = 0; j < w.size(); ++j) {
    std::string b = program_name(w[j]);
    if (b == "srun" && !under_srun) {
      under_srun = true;
      srun_at = j;
      continue;
    }
    if ((b == "bash" || b == "sh") && j + 2 < w.size() && shell_c_flag(w[j + 1])) {
      srun_part(j);
      if (depth < 4) {
        for (const auto& inner : split_commands(w[j + 2], line)) {
          find_launches(inner.words, line, under_srun, srun_words, out, depth + 1);
        }
      }
      return;
    }
    std::size_t from = 0;
    if (b == "torchrun") from = j + 1;
    if (w[j] == "-m" && j + 1 < w.size() &&
        (w[j + 1] == "torch.distributed.run" || w[j + 1] == "torch.distributed.launch")) {
      from = j + 2;
    }
    if (from) {
      srun_part(from);
      out.push_back(launch_of(line, w, from, srun_words, under_srun));
      out.back().in_shell = depth > 0;
      return;
    }
  }
}

std::optional<std::string> flag(const Launch& l, const std::string& name) {
  auto it = l.flags.find(name);
  if (it == l.flags.end()) return std::nullopt;
  return it->second;
}

std::optional<long long> count(const std::optional<std::string>& v) {
  if (!v) return std::nullopt;
  auto n = core::parse_int(core::trim(*v));
  if (!n) return std::nullopt;
  return static_cast<long long>(*n);
}

// The lines of the command starting at `line` (continuations followed).
int last_line_of(const FileContext& ctx, int line) {
  int l = line;
  while (l < ctx.line_count() && l < line + 64) {
    std::string_view t = core::trim(ctx.line_text(l));
    // PowerShell continues a line with a backtick where bash takes a backslash.
    bool continued = !t.empty() && (t.back() == '\\' || (ctx.kind() == FileKind::powershell && t.back() == '`'));
    if (!continued) break;
    ++l;
  }
  return l;
}

// The entries of a CUDA_VISIBLE_DEVICES value ("0,1", "GPU-...", "MIG-..."); nullopt when it is
// computed ($VAR), empty or not a device list (-1 hides every GPU on purpose).
std::optional<long long> visible_devices(std::string_view v) {
  if (v.empty() || v.find_first_of("$`") != std::string_view::npos) return std::nullopt;
  long long n = 0;
  for (const auto& part : core::split(v, ',')) {
    std::string_view p = core::trim(part);
    bool index = !p.empty() &&
                 std::all_of(p.begin(), p.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    if (!index && !core::starts_with(p, "GPU-") && !core::starts_with(p, "MIG-")) return std::nullopt;
    ++n;
  }
  return n;
}

// lint.launch.gpus-fewer-than-procs
// The GPUs per node the file states (#SBATCH --gpus-per-node=[type:]N, --gres=gpu[:type]:N), with
// the directive that says it; nullopt when it states none.
struct StatedGpus {
  long long count = 0;
  std::string said;
};
std::optional<StatedGpus> stated_gpus_per_node(const std::vector<ShellCommand>& directives) {
  std::optional<StatedGpus> out;
  auto last_number = [](std::string_view v) -> std::optional<long long> {
    auto colon = v.rfind(':');
    auto n = core::parse_int(colon == std::string_view::npos ? v : v.substr(colon + 1));
    if (!n || *n < 1) return std::nullopt;
    return static_cast<long long>(*n);
  };
  for (const auto& d : directives) {
    for (std::size_t i = 0; i < d.words.size(); ++i) {
      const std::string& w = d.words[i];
      std::optional<std::string> per_node;
      if (core::starts_with(w, "--gpus-per-node=")) per_node = w.substr(16);
      if (w == "--gpus-per-node" && i + 1 < d.words.size()) per_node = d.words[i + 1];
      if (per_node) {
        if (auto n = last_number(*per_node)) out = StatedGpus{*n, "#SBATCH --gpus-per-node=" + *per_node};
      }
      if (core::starts_with(w, "--gres=")) {
        for (const auto& item : core::split(std::string_view(w).substr(7), ',')) {
          std::string_view g = core::trim(item);
          if (!core::starts_with(g, "gpu:")) continue;
          if (auto n = last_number(g)) out = StatedGpus{*n, "#SBATCH " + w};
        }
      }
    }
  }
  return out;
}

void gpus_fewer_than_procs(FileContext& ctx, const Launch& l, bool dockerfile, bool asks_slurm_gpus,
                           const std::optional<StatedGpus>& stated) {
  auto n = count(flag(l, "--nproc-per-node"));
  if (!n || *n < 2) return;
  // An export (ENV, #SBATCH/srun --export) reaches every later command; a NAME=value prefix only
  // its own command, and a plain assignment no child unless the variable was exported before.
  static const std::regex exported(R"((^\s*(export|declare\s+-[a-z]*x|ENV|#SBATCH)\b)|--export=)");
  int last = last_line_of(ctx, l.line);
  const EnvValue* set = nullptr;
  for (const auto& e : ctx.env()) {
    if (e.name != "CUDA_VISIBLE_DEVICES") continue;
    std::string line(ctx.line_text(e.line));
    bool reaches = (e.line >= l.line && e.line <= last) ||
                   ((dockerfile || e.line < l.line) && line.size() < 4096 && std::regex_search(line, exported));
    if (reaches) set = &e;
  }
  if (!set) return;
  if (set->value.size() > 256) return;
  auto k = visible_devices(set->value);
  if (!k || *k >= *n) return;
  std::string shown = "CUDA_VISIBLE_DEVICES=" + set->value;
  std::string title = shown + " shows " + std::to_string(*k) + " GPU" + (*k == 1 ? "" : "s") + " to the " +
                      std::to_string(*n) + " processes torchrun starts (" +
                      spelt(l, "--nproc-per-node", std::to_string(*n)) + "): local ranks " + std::to_string(*k) + ".." +
                      std::to_string(*n - 1) +
                      " have no GPU of their own (torch.cuda.set_device(LOCAL_RANK) fails with 'invalid device "
                      "ordinal'), or several ranks share one GPU";
  // Under srun Slurm may set CUDA_VISIBLE_DEVICES again for a step it gives GPUs: then this value
  // does not reach torchrun, and the finding is a warning that says so.
  bool maybe_replaced = l.under_srun && asks_slurm_gpus;
  std::vector<std::string> all;
  for (long long i = 0; i < *n; ++i) all.push_back(std::to_string(i));
  std::string wanted = core::join(all, ",");
  // The value as written on its line, replaced by the list of N devices.
  std::string text(ctx.line_text(set->line));
  std::regex value_re("(CUDA_VISIBLE_DEVICES(?:=|[ \\t]+)([\"']?))" +
                      std::regex_replace(set->value, std::regex(R"([.^$|()\[\]{}*+?\\-])"), R"(\$&)") +
                      R"re(\2(?=[\s;&|)"]|$))re");
  std::smatch m;
  core::Finding* f = nullptr;
  auto sev = maybe_replaced ? Severity::warning : Severity::error;
  bool once = text.size() < 4096 && std::regex_search(text, m, value_re) &&
              std::distance(std::sregex_iterator(text.begin(), text.end(), value_re), std::sregex_iterator()) == 1;
  // Listing N devices assumes the node has N GPUs: an edit only where the file says so; otherwise
  // prose with both ways (the user who listed K may have K).
  bool has_n = stated && stated->count >= *n;
  std::string fewer = "keep " + shown + " and start " + std::to_string(*k) + " process" + (*k == 1 ? "" : "es") +
                      " per node: " + spelt(l, "--nproc-per-node", std::to_string(*k));
  if (once && has_n) {
    std::string changed = m.prefix().str() + m[1].str() + wanted + m[2].str() + m.suffix().str();
    f = &ctx.add("lint.launch.gpus-fewer-than-procs", Label::config_typo, sev, title, set->line,
                 LineEdit{set->line, set->line, changed});
  } else if (has_n) {
    f = &ctx.add("lint.launch.gpus-fewer-than-procs", Label::config_typo, sev, title, set->line,
                 "CUDA_VISIBLE_DEVICES=" + wanted);
  } else {
    f = &ctx.add("lint.launch.gpus-fewer-than-procs", Label::config_typo, sev, title, set->line,
                 "on a node with " + std::to_string(*n) + " or more GPUs: CUDA_VISIBLE_DEVICES=" + wanted +
                     "; on a node with " + std::to_string(*k) + ": " + fewer);
  }
  f->evidence.push_back(ctx.path() + ":" + std::to_string(l.line) + ": " +
                        std::string(core::trim(ctx.line_text(l.line))));
  if (has_n) {
    f->evidence.push_back(stated->said + ": the node has " + std::to_string(stated->count) + " GPUs");
    f->evidence.push_back("or " + fewer);
  } else {
    f->evidence.push_back("the file does not say how many GPUs a node has");
  }
  if (maybe_replaced) {
    f->evidence.push_back(
        "torchrun runs under srun in a job that asks Slurm for GPUs: Slurm sets CUDA_VISIBLE_DEVICES "
        "again for a step it gives GPUs, and then this value does not reach torchrun");
  }
}

// --ntasks-per-node among `words` ("--ntasks-per-node=8" or "--ntasks-per-node 8").
std::optional<WrittenFlag> ntasks_per_node(const std::vector<std::string>& words) {
  return find_written_flag(words, 0, {"--ntasks-per-node"});
}

bool has_ntasks(const std::vector<std::string>& words) {
  return std::any_of(words.begin(), words.end(), [](const std::string& w) {
    return w == "-n" || w == "--ntasks" || core::starts_with(w, "--ntasks=") ||
           (core::starts_with(w, "-n") && w.size() > 2 && std::isdigit(static_cast<unsigned char>(w[2])));
  });
}

// The line among [first, last] whose --ntasks-per-node value `v` is the only one, with it set to 1.
std::optional<LineEdit> one_task_per_node(const FileContext& ctx, int first, int last, const std::string& v) {
  std::regex re("(--ntasks-per-node(?:=|[ \\t]+))" + v + R"((?=[\s;&|)]|$))");
  std::optional<LineEdit> edit;
  for (int l = first; l <= last; ++l) {
    std::string text(ctx.line_text(l));
    if (text.size() > 4096) return std::nullopt;
    auto hits = std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator());
    if (hits == 0) continue;
    if (hits > 1 || edit) return std::nullopt;
    std::smatch m;
    std::regex_search(text, m, re);
    edit = LineEdit{l, l, m.prefix().str() + m[1].str() + "1" + m.suffix().str()};
  }
  return edit;
}

// lint.slurm.torchrun-per-task
void torchrun_per_task(FileContext& ctx, const Launch& l, const std::vector<ShellCommand>& directives,
                       bool other_sruns) {
  if (!l.under_srun) return;
  std::optional<WrittenFlag> tasks_flag = ntasks_per_node(l.srun_words);
  int at = 0;
  bool on_srun = tasks_flag.has_value();
  std::vector<std::string> directive_words;
  for (const auto& d : directives) directive_words.insert(directive_words.end(), d.words.begin(), d.words.end());
  if (!tasks_flag) {
    for (const auto& d : directives) {
      if (auto v = ntasks_per_node(d.words)) {
        tasks_flag = v;
        at = d.line;
      }
    }
  }
  std::optional<std::string> t;
  if (tasks_flag) t = tasks_flag->value;
  auto tasks = count(t);
  if (!tasks || *tasks < 2) return;
  long long procs = count(flag(l, "--nproc-per-node")).value_or(1);
  std::string title = "srun starts " + std::to_string(*tasks) + " tasks per node (" + as_written(*tasks_flag) +
                      "), each a torchrun that starts " + std::to_string(procs) + " process" +
                      (procs == 1 ? "" : "es") + ": " + std::to_string(*tasks * procs) +
                      " processes per node instead of " + std::to_string(procs) + ", and " + std::to_string(*tasks) +
                      " torchrun agents per node join a rendezvous sized by --nnodes, "
                      "which counts one per node";
  std::optional<LineEdit> edit;
  if (on_srun && !has_ntasks(l.srun_words)) {
    edit = one_task_per_node(ctx, l.line, last_line_of(ctx, l.line), *t);
  } else if (!on_srun && !other_sruns && !has_ntasks(directive_words)) {
    edit = one_task_per_node(ctx, at, at, *t);
  }
  core::Finding* f = nullptr;
  std::vector<LineEdit> scaled;
  std::vector<std::string> said;
  if (edit) {
    // The per-task CPUs/GPUs where the tasks are set (the srun line, or the #SBATCH lines) keep the node's total.
    std::vector<int> lines;
    if (on_srun) {
      for (int i = l.line; i <= last_line_of(ctx, l.line); ++i) lines.push_back(i);
    } else {
      for (const auto& d : directives) lines.push_back(d.line);
    }
    scaled = scale_per_task(ctx, lines, *tasks, *edit, said);
    f = &ctx.add("lint.slurm.torchrun-per-task", Label::config_typo, Severity::error, title, l.line, *edit);
    bool applied = !ctx.last().edits.empty();  // not inside a remote runner's string
    for (const auto& e : scaled) {
      if (applied) ctx.last().edits.push_back({ctx.path(), e.line, e.end_line, e.text});
    }
    for (const auto& e : scaled) f->fix.text += "\n" + std::string(core::trim(e.text));
  } else {
    f = &ctx.add("lint.slurm.torchrun-per-task", Label::config_typo, Severity::error, title, l.line,
                 "srun --ntasks=$SLURM_NNODES --ntasks-per-node=1 torchrun ...  # one torchrun per node; it starts "
                 "the --nproc_per_node processes itself");
  }
  if (!on_srun && at)
    f->evidence.push_back(ctx.path() + ":" + std::to_string(at) + ": " + std::string(core::trim(ctx.line_text(at))));
  f->evidence.push_back("torchrun starts --nproc_per_node processes itself and expects one agent per node");
  for (auto& s : said) f->evidence.push_back(std::move(s));
}

// --master_addr X [--master_port P] -> --rdzv_backend=c10d --rdzv_endpoint=X:P, in the user's
// spelling (underscores or dashes), on the lines where the flags are; `drop_node_rank` also removes
// a --node_rank word. `sep` and `port` get the spelling and the port (29500 when absent); nullopt
// when the lines do not hold one --master_addr and at most one --master_port.
std::optional<LineEdit> c10d_edit(const FileContext& ctx, const Launch& l, bool drop_node_rank, std::string& sep,
                                  std::string& port) {
  int last = last_line_of(ctx, l.line);
  // A value is a bare word or one quoted word ("$MASTER_ADDR", as scripts write it).
  static const std::regex addr_re(R"((^|[ \t])--master([_-])addr(?:=|[ \t]+)("[^"]*"|'[^']*'|[^ \t\\;&|'"]+))");
  static const std::regex port_re(R"((^|[ \t])--master[_-]port(?:=|[ \t]+)("[^"]*"|'[^']*'|[^ \t\\;&|'"]+))");
  static const std::regex rank_re(R"((^|[ \t])--node[_-]rank(?:=|[ \t]+)[0-9]+(?=[ \t]|$))");
  std::vector<std::string> lines;
  int addr_hits = 0, port_hits = 0;
  std::string addr;
  port = "29500";
  sep = "_";
  for (int i = l.line; i <= last; ++i) {
    std::string t(ctx.line_text(i));
    if (t.size() > 4096) return std::nullopt;
    for (auto it = std::sregex_iterator(t.begin(), t.end(), addr_re); it != std::sregex_iterator(); ++it) {
      ++addr_hits;
      addr = (*it)[3].str();
      sep = (*it)[2].str();
    }
    for (auto it = std::sregex_iterator(t.begin(), t.end(), port_re); it != std::sregex_iterator(); ++it) {
      ++port_hits;
      port = (*it)[2].str();
    }
    lines.push_back(t);
  }
  if (addr_hits != 1 || port_hits > 1) return std::nullopt;
  // Two double-quoted words join inside one pair of quotes ("$MASTER_ADDR:$MASTER_PORT"); other
  // words side by side are still one shell word.
  auto dq = [](const std::string& v) { return v.size() >= 2 && v.front() == '"' && v.back() == '"'; };
  std::string endpoint =
      dq(addr) && dq(port) ? addr.substr(0, addr.size() - 1) + ":" + port.substr(1) : addr + ":" + port;
  std::string rdzv = "--rdzv" + sep + "backend=c10d --rdzv" + sep + "endpoint=" + endpoint;
  std::vector<std::string> kept;
  for (auto& t : lines) {
    std::string before = t;
    t = std::regex_replace(t, addr_re, "$1" + std::regex_replace(rdzv, std::regex(R"(\$)"), "$$$$"));
    t = std::regex_replace(t, port_re, "");
    if (drop_node_rank) t = std::regex_replace(t, rank_re, "");
    if (t != before && (core::trim(t) == "\\" || core::trim(t) == "`")) continue;  // it held only removed flags
    kept.push_back(t);
  }
  return LineEdit{l.line, last, core::join(kept, "\n")};
}

// `--rdzv_backend=static` -> `--rdzv_backend=c10d` on the launch's lines where it also names its
// --rdzv_endpoint (the c10d rendezvous gives each node its rank; the endpoint stays); nullopt
// otherwise.
std::optional<LineEdit> static_to_c10d(const FileContext& ctx, const Launch& l) {
  if (!l.flags.count("--rdzv-endpoint")) return std::nullopt;
  // with no backend flag, `--rdzv_backend=c10d` goes in front of the endpoint's flag, in its spelling
  static const std::regex endpoint_re(R"((^|[ \t])(--rdzv([_-]))endpoint(?=[= \t]))");
  const bool has_backend = l.flags.count("--rdzv-backend") != 0;
  static const std::regex backend_re(R"((--rdzv[_-]backend(?:=|[ \t]+))static(?=[ \t\\]|$))");
  int last = last_line_of(ctx, l.line);
  std::vector<std::string> lines;
  int hits = 0;
  for (int i = l.line; i <= last; ++i) {
    std::string t(ctx.line_text(i));
    if (t.size() > 4096) return std::nullopt;
    std::string changed = has_backend ? std::regex_replace(t, backend_re, "$1c10d")
                                      : std::regex_replace(t, endpoint_re, "$1$2backend=c10d $2endpoint",
                                                           std::regex_constants::format_first_only);
    hits += changed != t;
    lines.push_back(std::move(changed));
  }
  if (hits != 1) return std::nullopt;
  return LineEdit{l.line, last, core::join(lines, "\n")};
}

// The launch's rendezvous backend as torchrun takes it: --rdzv_backend, else PET_RDZV_BACKEND (the
// flag's default: torch's argparse `env` action), else static (fix-2026-12-07n p05: static said
// aloud; fix-2026-12-07o p07: an endpoint with no backend is still static). nullopt: a backend other
// than static, whose rendezvous gives each node its rank. Otherwise how the file says static, ""
// where it gives neither a backend nor an endpoint (torchrun's defaults unsaid).
std::optional<std::string> static_said(FileContext& ctx, const Launch& l, bool& from_env) {
  from_env = false;
  auto backend = flag(l, "--rdzv-backend");
  if (!backend) {
    for (const auto& e : ctx.env()) {
      if (e.name == "PET_RDZV_BACKEND") backend = std::string(core::trim(e.value)), from_env = true;
    }
  }
  if (backend && *backend != "static") return std::nullopt;
  if (backend) return from_env ? std::string("with PET_RDZV_BACKEND=static") : spelt(l, "--rdzv-backend", "static");
  if (l.flags.count("--rdzv-endpoint"))
    return std::string("with --rdzv_endpoint and no --rdzv_backend (static, torchrun's default)");
  return std::string();
}

// lint.torch.static-rendezvous-no-node-rank
void static_rendezvous(FileContext& ctx, const Launch& l, bool dockerfile) {
  auto nnodes = flag(l, "--nnodes");
  if (!nnodes || nnodes->find(':') != std::string::npos) return;
  auto n = count(nnodes);
  if (!n || *n < 2) return;
  bool from_env = false;
  auto said = static_said(ctx, l, from_env);
  if (!said || l.flags.count("--node-rank") || l.flags.count("--standalone")) return;
  const bool said_static = !said->empty();
  for (const auto& e : ctx.env()) {
    if (e.name == "PET_NODE_RANK" || (!said_static && e.name == "PET_RDZV_ENDPOINT")) return;
  }
  long long procs = count(flag(l, "--nproc-per-node")).value_or(1);
  std::string title = "torchrun " + spelt(l, "--nnodes", *nnodes) +
                      (said_static ? " " + *said + " without --node_rank: the static rendezvous"
                                   : std::string(" with neither --node_rank nor a rendezvous backend: the static "
                                                 "rendezvous (torchrun's default)")) +
                      " gives every node node rank 0, so the processes of every node take the same " +
                      (procs > 1 ? "ranks (0.." + std::to_string(procs - 1) + ")" : std::string("rank (0)")) +
                      " and the job never forms";
  auto sev = dockerfile ? Severity::warning : Severity::error;
  std::string sep, port;
  auto edit = !said_static ? c10d_edit(ctx, l, false, sep, port) : from_env ? std::nullopt : static_to_c10d(ctx, l);
  if (said_static) {
    sep = ctx.text().find("rdzv-backend") != std::string::npos ? "-" : "_";
    port = "29500";
  }
  core::Finding* f = nullptr;
  if (edit) {
    f = &ctx.add("lint.torch.static-rendezvous-no-node-rank", Label::config_typo, sev, title, l.line, *edit);
  } else {
    f = &ctx.add("lint.torch.static-rendezvous-no-node-rank", Label::config_typo, sev, title, l.line,
                 std::string(said_static ? "use" : "add") + " --rdzv" + sep + "backend=c10d --rdzv" + sep +
                     "endpoint=RANK0_HOST:" + port +
                     "  # RANK0_HOST: the rank-0 node's host name or address, the same on every node; or give each "
                     "node its own --node_rank");
  }
  f->evidence.push_back("torchrun's defaults (torch/distributed/run.py): --rdzv-backend static, --node-rank 0");
  if (dockerfile) {
    f->evidence.push_back(
        "in an image the launcher that starts the container may set PET_NODE_RANK or PET_RDZV_* "
        "(torchrun reads its flags from them; Kubeflow's PyTorchJob sets them): then each node has "
        "its rank");
  }
}

// lint.torch.port-out-of-range: --master_port (or --rdzv_endpoint's port) a literal integer outside
// 1-65535, the TCP port range. torchrun builds its rendezvous endpoint from it and stops with a
// ValueError before any process starts (torch 1.13 torch/distributed/elastic/rendezvous/utils.py,
// parse_rendezvous_endpoint; stranger fix-2026-12-06j p30 `--master_port=295000`). Prose fix: which
// port was meant is not in the file.
void port_out_of_range(FileContext& ctx, const Launch& l) {
  for (const char* name : {"--master-port", "--rdzv-endpoint"}) {
    auto v = flag(l, name);
    if (!v) continue;
    std::string port = std::string(name) == "--rdzv-endpoint" ? v->substr(v->rfind(':') + 1) : *v;
    if (std::string(name) == "--rdzv-endpoint" && v->rfind(':') == std::string::npos) continue;
    auto n = core::parse_int(core::trim(port));
    if (!n || (*n >= 1 && *n <= 65535)) continue;
    std::string shown = spelt(l, name, *v);
    auto& f = ctx.add("lint.torch.port-out-of-range", Label::config_typo, Severity::error,
                      shown + ": " + port +
                          " is not a TCP port (1-65535): torchrun stops with a ValueError about the rendezvous "
                          "endpoint's port before it starts any process",
                      l.line,
                      "a port from 1024 to 65535 that is free on the rank-0 node, the same on every node, e.g. " +
                          spelt(l, name,
                                std::string(name) == "--rdzv-endpoint" ? v->substr(0, v->rfind(':') + 1) + "29400"
                                                                       : std::string("29500")) +
                          " (torchrun's default)");
    f.evidence.push_back(
        "a TCP port is a 16-bit number; torch/distributed/elastic/rendezvous/utils.py "
        "(parse_rendezvous_endpoint) rejects a port outside that range");
  }
}

// lint.torch.standalone-multi-node: `torchrun --standalone --nnodes=2`. --standalone is a one-node
// job: torchrun sets its own c10d rendezvous on localhost (torch 1.13 torch/distributed/run.py:
// localhost:29400 and a new random rdzv_id on each node; later releases a free port on localhost),
// so each node's agent waits at its own address for nodes that never join (stranger
// fix-2026-12-06j p13: silent until killed). Prose fix: the rank-0 node's address is not in the file.
void standalone_multi_node(FileContext& ctx, const Launch& l) {
  auto nnodes = flag(l, "--nnodes");
  if (!l.flags.count("--standalone") || !nnodes) return;
  std::string most = nnodes->substr(nnodes->find(':') == std::string::npos ? 0 : nnodes->find(':') + 1);
  auto n = count(most);
  if (!n || *n < 2) return;
  auto& f = ctx.add("lint.torch.standalone-multi-node", Label::config_typo, Severity::error,
                    "torchrun --standalone with " + spelt(l, "--nnodes", *nnodes) +
                        ": --standalone is a one-node job, its rendezvous is on localhost with an id of its own "
                        "on each node, so each node waits for the others at its own address and the job never forms",
                    l.line,
                    "drop --standalone and give every node the same rendezvous: --rdzv_backend=c10d "
                    "--rdzv_endpoint=RANK0_HOST:29400 --rdzv_id=JOB_ID  # RANK0_HOST: the rank-0 node's host name "
                    "or address, JOB_ID any word, both the same on every node");
  f.evidence.push_back(
      "torch/distributed/run.py: --standalone sets --rdzv_backend=c10d, --rdzv_endpoint on localhost and a "
      "random --rdzv_id, whatever --nnodes says");
}

// The one line among the command's [l.line, last] that holds `written` once (the file's own text), with
// it replaced by `wanted`; nullopt when no line or more than one holds it.
std::optional<LineEdit> replace_written(const FileContext& ctx, const Launch& l, const std::string& written,
                                        const std::string& wanted) {
  std::optional<LineEdit> edit;
  int last = last_line_of(ctx, l.line);
  for (int i = l.line; i <= last; ++i) {
    std::string text(ctx.line_text(i));
    auto at = text.find(written);
    if (at == std::string::npos) continue;
    if (edit || text.find(written, at + 1) != std::string::npos) return std::nullopt;
    text.replace(at, written.size(), wanted);
    edit = LineEdit{i, i, text};
  }
  return edit;
}

// lint.torch.rdzv-conf-not-seconds (fix-2026-12-06k p16): `--rdzv_conf join_timeout=30m`. torch's
// RendezvousParameters.get_as_int (torch/distributed/elastic/rendezvous/api.py) reads join_timeout,
// last_call_timeout and close_timeout (dynamic_rendezvous.py) and read_timeout (c10d backend) with int():
// "30m" raises "The rendezvous configuration option 'join_timeout' does not represent a valid integer
// value." and the agent exits before any rendezvous (stranger14's runs/p16.before, torch 1.13).
std::optional<long long> seconds_of(const std::string& v) {
  static const std::regex re(R"(^([0-9]{1,7})\s*(s|sec|secs|m|min|mins|h|hr|hrs)$)");
  std::smatch m;
  if (!std::regex_match(v, m, re)) return std::nullopt;
  long long n = std::stoll(m[1].str());
  char unit = m[2].str()[0];
  return unit == 'h' ? n * 3600 : unit == 'm' ? n * 60 : n;
}

void rdzv_conf_not_seconds(FileContext& ctx, const Launch& l) {
  auto conf = flag(l, "--rdzv-conf");
  if (!conf || conf->size() > 1024) return;
  static const std::set<std::string> k_int = {"join_timeout", "last_call_timeout", "close_timeout", "read_timeout"};
  for (const auto& item : core::split(*conf, ',')) {
    std::string pair(core::trim(item));
    auto eq = pair.find('=');
    if (eq == std::string::npos || !k_int.count(pair.substr(0, eq))) continue;
    std::string key = pair.substr(0, eq), value = pair.substr(eq + 1);
    if (value.empty() || core::parse_int(value) || value.find('$') != std::string::npos) continue;
    auto secs = seconds_of(value);
    std::string title = "--rdzv_conf " + pair + ": torchrun reads " + key +
                        " as a whole number of seconds (int()), so \"" + value +
                        "\" stops the agent before any rendezvous (ValueError: \"The rendezvous configuration "
                        "option '" +
                        key + "' does not represent a valid integer value.\")";
    std::optional<LineEdit> edit;
    if (secs) edit = replace_written(ctx, l, pair, key + "=" + std::to_string(*secs));
    core::Finding* f = nullptr;
    if (edit) {
      f = &ctx.add("lint.torch.rdzv-conf-not-seconds", Label::config_typo, Severity::error, title, edit->line, *edit);
    } else {
      f = &ctx.add("lint.torch.rdzv-conf-not-seconds", Label::config_typo, Severity::error, title, l.line,
                   key + "=" + (secs ? std::to_string(*secs) : std::string("SECONDS")) +
                       "  # a whole number of seconds, no unit");
    }
    f->evidence.push_back(
        "torch/distributed/elastic/rendezvous/api.py: RendezvousParameters.get_as_int "
        "(int(value), else ValueError)");
  }
}

// lint.slurm.gpus-fewer-than-procs (fix-2026-12-06k p20): `#SBATCH --gres=gpu:4` with `srun torchrun
// --nproc_per_node=8` and no CUDA_VISIBLE_DEVICES in the file. A step gets the GPUs its job asked for:
// Slurm sets CUDA_VISIBLE_DEVICES to those 4 (and with ConstrainDevices=yes hides the rest), so local
// ranks 4..7 have no GPU of their own. Not seen run here (no Slurm): the finding says so. The edit
// starts as many processes as the job asks GPUs for; the other way (ask for more) is in the evidence.
void slurm_gpus_fewer(FileContext& ctx, const Launch& l, const std::optional<StatedGpus>& stated) {
  auto n = count(flag(l, "--nproc-per-node"));
  if (!stated || !n || *n <= stated->count || !l.under_srun) return;
  for (const auto& e : ctx.env())
    if (e.name == "CUDA_VISIBLE_DEVICES") return;  // lint.launch.gpus-fewer-than-procs reads that
  const WrittenFlag& w = l.written.at("--nproc-per-node");
  std::string k = std::to_string(stated->count);
  std::string title = stated->said + " asks Slurm for " + k + " GPUs per node, and torchrun starts " +
                      std::to_string(*n) + " processes per node (" + as_written(w) + "): Slurm sets the step's " +
                      "CUDA_VISIBLE_DEVICES to the " + k + " it gives, so local ranks " + k + ".." +
                      std::to_string(*n - 1) +
                      " have no GPU of their own (set_device(LOCAL_RANK) fails with 'invalid device ordinal') "
                      "or share one";
  auto edit = replace_written(ctx, l, as_written(w), as_written(w, k));
  core::Finding* f = nullptr;
  if (edit) {
    f = &ctx.add("lint.slurm.gpus-fewer-than-procs", Label::config_typo, Severity::error, title, edit->line, *edit);
  } else {
    f = &ctx.add("lint.slurm.gpus-fewer-than-procs", Label::config_typo, Severity::error, title, l.line,
                 as_written(w, k));
  }
  f->evidence.push_back(ctx.path() + ":" + std::to_string(l.line) + ": " +
                        std::string(core::trim(ctx.line_text(l.line))));
  f->evidence.push_back("or, where each node has " + std::to_string(*n) + " GPUs, ask for them: #SBATCH --gres=gpu:" +
                        std::to_string(*n) + " (or --gpus-per-node=" + std::to_string(*n) + ")");
  f->evidence.push_back("not seen run here (no Slurm on this machine): read from Slurm's gres documentation");
}

// lint.torch.rdzv-id-per-node (fix-2026-12-06k p17): `RUN_ID=$RANDOM ... torchrun --nnodes=2
// --rdzv_id=$RUN_ID` in a script started on every node. Each node's shell draws its own value, so the
// agents ask the c10d/etcd rendezvous for different run ids and none sees the others join (stranger14's
// runs/p17.before: two agents, ids 11111/22222, no rank ran in 60 s; one id: the ranks ran). Not judged
// under srun or in a batch script (#SBATCH): the batch shell expands the value once for all nodes
// (c02), nor with --standalone (lint.torch.standalone-multi-node). Prose fix: the id is the user's.
std::string per_node_value(std::string_view v) {
  // Values that differ between two shells on two machines; a date is left alone (the same within its unit).
  for (const char* p :
       {"$RANDOM", "${RANDOM", "$SRANDOM", "${SRANDOM", "$(uuidgen", "`uuidgen", "$(hostname", "`hostname", "$$",
        "/proc/sys/kernel/random/uuid", "$(openssl rand", "$(mktemp", "$EPOCHREALTIME"}) {
    if (v.find(p) != std::string_view::npos) return p;
  }
  return "";
}

void rdzv_id_per_node(FileContext& ctx, const Launch& l, bool batch) {
  auto id = flag(l, "--rdzv-id");
  auto nnodes = flag(l, "--nnodes");
  if (!id || !nnodes || l.under_srun || batch || l.flags.count("--standalone") || id->size() > 256) return;
  auto most = count(nnodes->substr(nnodes->find(':') == std::string::npos ? 0 : nnodes->find(':') + 1));
  if (!most || *most < 2) return;
  std::string drawn = per_node_value(*id);
  std::string via;  // "RUN_ID=$RANDOM at line 3" when the id is a variable the file draws
  static const std::regex name_re(R"(^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$)");
  std::smatch m;
  int drawn_line = l.line;
  if (drawn.empty() && std::regex_match(*id, m, name_re)) {
    std::regex set_re(R"(^\s*(export\s+)?)" + m[1].str() + R"(=(.*)$)");
    for (int i = 1; i < l.line; ++i) {
      std::string text(ctx.line_text(i));
      std::smatch s;
      // the regex only where the name and '=' are on the line (most lines above a launch hold neither)
      if (text.size() > 4096 || text.find(m[1].str() + "=") == std::string::npos || !std::regex_match(text, s, set_re))
        continue;
      drawn = per_node_value(s[2].str());
      via = drawn.empty() ? "" : std::string(core::trim(text));
      drawn_line = i;
    }
  }
  if (drawn.empty()) return;
  auto& f = ctx.add("lint.torch.rdzv-id-per-node", Label::config_typo, Severity::error,
                    as_written(l.written.at("--rdzv-id")) + (via.empty() ? "" : " (" + via + ")") +
                        " is drawn by each node's shell (" + drawn + "), and " + spelt(l, "--nnodes", *nnodes) +
                        " starts this script on every node: the agents join rendezvous with different ids, so "
                        "none sees the others and the job waits until the join timeout",
                    l.line,
                    "--rdzv_id=RUN_NAME  # one word, the same on every node: a name you pick for this run, or the "
                    "scheduler's job id ($SLURM_JOB_ID, $PBS_JOBID, ...)");
  f.evidence.push_back(ctx.path() + ":" + std::to_string(drawn_line) + ": " +
                       std::string(core::trim(ctx.line_text(drawn_line))));
  f.evidence.push_back(
      "torch elastic: the agents of one job are those that ask the rendezvous for the same "
      "run id (--rdzv_id); seen here with two agents on one machine (tests: system.lint.fix50-jobs)");
}

// lint.slurm.one-agent-for-nodes (fix-2026-12-06k p18, p19): a batch script that asks for N >= 2 nodes
// runs `torchrun --nnodes=N` once: by the batch shell itself (no srun; the batch script runs on the
// allocation's first node only) or through `srun --nodes=1 --ntasks=1` (one task). One agent starts,
// and the rendezvous waits for agents that never start. The edit starts one agent per node:
// `srun --ntasks-per-node=1 torchrun ...` (p18), or the srun options that limit it to one node and one
// task removed and --ntasks-per-node=1 given (p19). Only with a c10d/etcd rendezvous (--rdzv-endpoint)
// and no per-task variable on the command: under srun the batch shell expands the line once, so
// --node_rank or $SLURM_NODEID would then be the same on every node (prose then).
std::optional<long long> batch_nodes(const std::vector<ShellCommand>& directives, std::string& said) {
  std::optional<long long> out;
  for (const auto& d : directives) {
    if (auto f = find_written_flag(d.words, 0, {"--nodes", "-N"})) {
      auto n = core::parse_int(f->value.substr(0, f->value.find_first_of("-:")));
      if (n) {
        out = static_cast<long long>(*n);
        said = "#SBATCH " + as_written(*f);
      }
    }
    for (const auto& w : d.words) {  // -N2
      if (w.size() > 2 && core::starts_with(w, "-N") && std::isdigit(static_cast<unsigned char>(w[2]))) {
        if (auto n = core::parse_int(w.substr(2))) {
          out = static_cast<long long>(*n);
          said = "#SBATCH " + w;
        }
      }
    }
  }
  return out;
}

// srun's options that make it start one task: --nodes=1 / -N 1 / -N1 and --ntasks=1 / -n 1 / -n1
// (nullopt when it is not limited to one task on one node).
bool srun_one_task(const std::vector<std::string>& w) {
  auto nodes = find_written_flag(w, 0, {"--nodes", "-N"});
  auto tasks = find_written_flag(w, 0, {"--ntasks", "-n"});
  bool one_node = (nodes && nodes->value == "1") || std::find(w.begin(), w.end(), "-N1") != w.end();
  bool one_task = (tasks && tasks->value == "1") || std::find(w.begin(), w.end(), "-n1") != w.end();
  return one_node && one_task;
}

void one_agent_for_nodes(FileContext& ctx, const Launch& l, const std::vector<ShellCommand>& directives) {
  std::string said;
  auto nodes = batch_nodes(directives, said);
  auto nnodes = flag(l, "--nnodes");
  if (!nodes || *nodes < 2 || !nnodes) return;
  auto most = count(nnodes->substr(nnodes->find(':') == std::string::npos ? 0 : nnodes->find(':') + 1));
  bool spans = (most && *most >= 2) || nnodes->find("SLURM_NNODES") != std::string::npos ||
               nnodes->find("SLURM_JOB_NUM_NODES") != std::string::npos;
  if (!spans) return;
  bool limited = l.under_srun && srun_one_task(l.srun_words);
  if (l.under_srun && !limited) return;
  // Another way to reach the other nodes (ssh in a loop, pdsh, mpirun): not judged.
  for (const char* other : {"ssh ", "pdsh", "clush", "mpirun", "mpiexec", "pbsdsh"})
    if (ctx.text().find(other) != std::string::npos) return;
  int last = last_line_of(ctx, l.line);
  std::string command = ctx.lines_text(l.line, last);
  bool per_task = command.find("SLURM_NODEID") != std::string::npos ||
                  command.find("SLURM_PROCID") != std::string::npos || l.flags.count("--node-rank") ||
                  command.find("SLURM_LOCALID") != std::string::npos;
  // An endpoint on one host every agent can reach: localhost would give each node's agent its own
  // rendezvous, and the job would still hang after the edit (review of 2026-12-06): prose then.
  std::string rdzv_host = flag(l, "--rdzv-endpoint").value_or("");
  rdzv_host = rdzv_host.substr(0, rdzv_host.rfind(':'));
  bool endpoint =
      l.flags.count("--rdzv-endpoint") && !core::names_this_machine(rdzv_host) &&
      (flag(l, "--rdzv-backend").value_or("") == "c10d" || flag(l, "--rdzv-backend").value_or("") == "etcd" ||
       flag(l, "--rdzv-backend").value_or("") == "etcd-v2");
  std::vector<std::string> srun_options;  // srun's words up to the launcher (srun_words ends with it)
  for (const auto& w : l.srun_words)
    if (w.empty() || w[0] == '-' || std::isdigit(static_cast<unsigned char>(w[0]))) srun_options.push_back(w);
  std::string how = limited ? "srun " + core::join(srun_options, " ") + " starts it as one task on one node"
                            : "the batch shell runs it, on the allocation's first node only (no srun)";
  std::string title = said + " asks for " + std::to_string(*nodes) + " nodes and torchrun says " +
                      spelt(l, "--nnodes", *nnodes) + ", but " + how +
                      ": one agent starts, and the rendezvous waits for the others until its timeout";
  std::string text(ctx.line_text(l.line));
  std::optional<LineEdit> edit;
  if (endpoint && !per_task && !limited) {
    auto at = text.find("torchrun");
    if (at != std::string::npos && text.find_first_not_of(" \t") == at) {
      edit = LineEdit{l.line, l.line, text.substr(0, at) + "srun --ntasks-per-node=1 " + text.substr(at)};
    }
  } else if (endpoint && !per_task && limited) {
    static const std::regex one(R"(^(\s*srun)((\s+(--nodes[= ]1|-N ?1|--ntasks[= ]1|-n ?1))+)(\s))");
    std::smatch m;
    if (text.size() < 4096 && std::regex_search(text, m, one)) {
      edit = LineEdit{l.line, l.line, m[1].str() + " --ntasks-per-node=1" + m[5].str() + m.suffix().str()};
    }
  }
  core::Finding* f = nullptr;
  if (edit) {
    f = &ctx.add("lint.slurm.one-agent-for-nodes", Label::config_typo, Severity::error, title, l.line, *edit);
  } else {
    f = &ctx.add("lint.slurm.one-agent-for-nodes", Label::config_typo, Severity::error, title, l.line,
                 "srun --ntasks-per-node=1 torchrun ...  # one agent per node; with --node_rank or $SLURM_NODEID "
                 "on the line, inside srun bash -c '...' so that each task expands it" +
                     std::string(core::names_this_machine(rdzv_host) && !rdzv_host.empty()
                                     ? "; and --rdzv-endpoint names the first node's host, not " + rdzv_host +
                                           " (each node's agent would start a rendezvous of its own)"
                                     : ""));
  }
  f->evidence.push_back(
      "Slurm: the batch script runs once, on the first node of the allocation; srun starts "
      "the job step's tasks on the nodes (not run here: no Slurm)");
}

bool per_task_resource(const std::string& w) {
  for (const char* p : {"--cpus-per-task", "--gpus-per-task", "--mem-per-cpu", "--gres-per-task"})
    if (core::starts_with(w, p)) return true;
  return w == "-c" || (core::starts_with(w, "-c") && w.size() > 2 && std::isdigit(static_cast<unsigned char>(w[2])));
}

// lint.remote.same-node-rank for `srun torchrun ... --node_rank=K` (no `bash -c`; fix-2026-12-06l p01):
// srun starts the one command on every node of the step and the batch shell expanded it once, so
// every node's torchrun is node K; the static rendezvous then waits for a node rank no one has.
// Judged where the step spans nodes: #SBATCH --nodes / srun --nodes N > 1, or torchrun --nnodes N > 1,
// and srun not limited to one node. The edit is the c10d rendezvous (it numbers the nodes itself):
// --node_rank removed, --master_addr X --master_port P become --rdzv_backend=c10d --rdzv_endpoint=X:P.
void srun_literal_node_rank(FileContext& ctx, const Launch& l, const std::vector<ShellCommand>& directives) {
  if (!l.under_srun || l.in_shell || l.flags.count("--rdzv-backend") || l.flags.count("--rdzv-endpoint")) return;
  auto rank = flag(l, "--node-rank");
  if (!rank || !core::parse_int(*rank)) return;
  std::string said;
  auto batch = batch_nodes(directives, said);
  if (std::find(l.srun_words.begin(), l.srun_words.end(), "-N1") != l.srun_words.end()) return;
  if (auto on_srun = find_written_flag(l.srun_words, 0, {"--nodes", "-N"})) {
    auto step = core::parse_int(on_srun->value.substr(0, on_srun->value.find_first_of("-:")));
    if (!step || *step < 2) return;
    said = "srun " + as_written(*on_srun);
  } else if (!batch || *batch < 2) {
    auto nnodes = flag(l, "--nnodes");
    auto n = count(nnodes);
    if (!n || *n < 2) return;
    said = "torchrun " + spelt(l, "--nnodes", *nnodes);
  }
  std::string written = spelt(l, "--node-rank", *rank);
  std::string title = written +
                      " is written into the one command srun runs on every node of the step: every node starts as "
                      "node " +
                      *rank + ", so the nodes claim the same ranks and the rendezvous never completes";
  std::string sep, port;
  auto edit = c10d_edit(ctx, l, true, sep, port);
  core::Finding* f = nullptr;
  if (edit) {
    f = &ctx.add("lint.remote.same-node-rank", Label::config_typo, Severity::error, title, l.line, *edit);
  } else {
    f = &ctx.add("lint.remote.same-node-rank", Label::config_typo, Severity::error, title, l.line,
                 "drop " + written + " and add --rdzv" + sep + "backend=c10d --rdzv" + sep +
                     "endpoint=RANK0_HOST:" + port +
                     "  # RANK0_HOST: the first node's host name, the same on every node; c10d numbers the nodes");
  }
  if (!said.empty()) f->evidence.push_back("the step spans nodes: " + said);
  f->evidence.push_back(
      "srun runs the command as the batch shell expanded it, the same on every node; torchrun's static rendezvous "
      "(its default, torch/distributed/run.py) takes --node_rank as given");
}

// `srun [options] [python[3] [options]] script.py`: the script and the tasks per node the step
// starts (srun's own --ntasks-per-node, else the #SBATCH one), for lightning_tasks_across.
void record_srun_scripts(FileContext& ctx, const std::vector<ShellCommand>& commands,
                         const std::vector<ShellCommand>& directives) {
  for (const auto& c : commands) {
    auto srun =
        std::find_if(c.words.begin(), c.words.end(), [](const std::string& w) { return program_name(w) == "srun"; });
    if (srun == c.words.end()) continue;
    std::vector<std::string> srun_words;
    std::string script;
    for (auto w = std::next(srun); w != c.words.end(); ++w) {
      if (w->size() > 3 && w->substr(w->size() - 3) == ".py") {
        script = *w;
        break;
      }
      if (core::starts_with(program_name(*w), "python") || program_name(*w) == "torchrun") {
        if (program_name(*w) == "torchrun") break;  // torchrun starts the processes itself
        continue;
      }
      srun_words.push_back(*w);
    }
    if (script.empty()) continue;
    SrunScript s{c.line, script, "", 0, false};
    if (auto t = ntasks_per_node(srun_words)) {
      s.tasks_per_node = t->value;
      s.tasks_line = c.line;
    } else {
      for (const auto& d : directives)
        if (auto v = ntasks_per_node(d.words)) {
          s.tasks_per_node = v->value;
          s.tasks_line = d.line;
        }
    }
    for (const auto& w : srun_words) s.per_task_resources = s.per_task_resources || per_task_resource(w);
    for (const auto& d : directives)
      for (const auto& w : d.words) s.per_task_resources = s.per_task_resources || per_task_resource(w);
    ctx.srun_scripts().push_back(std::move(s));
  }
}

}  // namespace

void launch_shape_rules(FileContext& ctx, bool dockerfile, const std::vector<ShellCommand>& commands) {
  auto directives = sbatch_directives(ctx.text());
  bool asks_gpus = false;
  for (const auto& d : directives) {
    for (const auto& w : d.words) {
      asks_gpus = asks_gpus || core::starts_with(w, "--gres=gpu") || core::starts_with(w, "--gpus") || w == "-G" ||
                  (core::starts_with(w, "-G") && w.size() > 2);
    }
  }
  auto stated = stated_gpus_per_node(directives);
  std::vector<Launch> launches;
  int sruns = 0;
  for (const auto& c : commands) {
    bool srun =
        std::any_of(c.words.begin(), c.words.end(), [](const std::string& w) { return program_name(w) == "srun"; });
    std::size_t before = launches.size();
    find_launches(c.words, c.line, false, {}, launches, 0);
    if (srun && launches.size() == before) ++sruns;  // an srun step that starts no torchrun
  }
  if (!dockerfile) record_srun_scripts(ctx, commands, directives);
  for (const auto& l : launches) {
    gpus_fewer_than_procs(ctx, l, dockerfile, asks_gpus, stated);
    torchrun_per_task(ctx, l, directives, sruns > 0);
    static_rendezvous(ctx, l, dockerfile);
    port_out_of_range(ctx, l);
    standalone_multi_node(ctx, l);
    rdzv_conf_not_seconds(ctx, l);
    slurm_gpus_fewer(ctx, l, stated);
    rdzv_id_per_node(ctx, l, !directives.empty());
    one_agent_for_nodes(ctx, l, directives);
    srun_literal_node_rank(ctx, l, directives);
  }
}

}  // namespace dd::lint::detail
