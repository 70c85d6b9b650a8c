#include "lint/env_init_across.hpp"
#include "lint/written_flag.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

#include "core/strings.hpp"
#include "lint/shell_lexer.hpp"
#include "lint/written_flag.hpp"

namespace dd::lint::detail {

namespace {

enum class Starter { none, torchrun, srun, mpirun, python };

struct AcrossLaunch {
  Starter starter = Starter::none;
  std::string name;  // as written: "torchrun", "srun", ...
  int line = 0;
  std::vector<std::string> exported;  // MASTER_ADDR / MASTER_PORT set by the file at or before the launch
  bool open_mpi = false;              // mpirun with -x or --mca: the ranks on other hosts get only -x's
  std::string hosts;                  // several hosts named to mpirun (-H a,b / --host / --hostfile F), as written
  std::string export_none;            // srun's "--export=NONE" / "--export NONE" as written, "" when absent
  // MASTER_ADDR / MASTER_PORT assigned above the launch without export (`NAME=value` alone on its
  // command, never exported after it, no `set -a`): the line of the last such assignment.
  std::map<std::string, int> unexported;
};

// The hosts an mpirun/mpiexec command names: `-H a:2,b:2` / `--host a,b` with two or more distinct
// hosts, or a hostfile (`--hostfile F`, `-machinefile F`); "" when none or one.
std::string mpirun_hosts(const std::vector<std::string>& t) {
  if (auto file = find_written_flag(t, 0, {"--hostfile", "-hostfile", "--machinefile", "-machinefile"}))
    return file->value.empty() ? "" : as_written(*file);
  auto hosts = find_written_flag(t, 0, {"-H", "--host", "-host"});
  if (!hosts) return "";
  std::set<std::string> names;
  for (const auto& h : core::split(hosts->value, ',')) names.insert(h.substr(0, h.find(':')));
  return names.size() > 1 ? as_written(*hosts) : "";
}

std::string base_name(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

// The words of a command, words holding spaces (bash -c '...') split again.
std::vector<std::string> tokens(const ShellCommand& c) {
  std::vector<std::string> out;
  for (const auto& w : c.words)
    for (auto& t : core::split(w, ' ')) out.push_back(t);
  return out;
}

// What starts the command, and its name as written ("" when none is known).
std::pair<Starter, std::string> starter_of(const std::vector<std::string>& t) {
  auto has = [&](std::string_view w) { return std::find(t.begin(), t.end(), w) != t.end(); };
  for (std::string_view w : {"torchrun", "torch.distributed.run", "torch.distributed.launch"})
    if (has(w)) return {Starter::torchrun, std::string(w)};
  // a remote runner's string: an export in this shell does not reach it
  for (std::string_view w : {"ssh", "pdsh", "clush"})
    if (has(w)) return {Starter::none, ""};
  if (has("srun")) return {Starter::srun, "srun"};
  for (std::string_view w : {"mpirun", "mpiexec"})
    if (has(w)) return {Starter::mpirun, std::string(w)};
  for (const auto& w : t)
    if (base_name(w).starts_with("python")) return {Starter::python, base_name(w)};
  return {Starter::none, ""};
}

// The first command of `text` that runs `script` (by file name), with what starts it.
AcrossLaunch find_launch(const std::string& text, const std::string& script) {
  AcrossLaunch l;
  std::vector<std::string> exported;
  std::map<std::string, int> unexported;
  bool allexport = false;
  for (const auto& c : split_commands(text)) {
    auto t = tokens(c);
    bool exports = !c.words.empty() && c.words[0] == "export";
    bool only_assignments = !c.words.empty() && std::all_of(c.words.begin(), c.words.end(),
                                                            [](const std::string& w) { return is_assignment(w); });
    if (c.words.size() >= 2 && c.words[0] == "set" &&
        (c.words[1] == "-a" || (c.words[1] == "-o" && c.words.size() > 2 && c.words[2] == "allexport")))
      allexport = true;  // every assignment after it is exported
    for (const auto& w : c.words) {
      for (std::string_view v : {"MASTER_ADDR", "MASTER_PORT"}) {
        std::string name(v);
        if (w.starts_with(name + "=") || (exports && w == v)) exported.emplace_back(v);
        if (exports && (w == v || w.starts_with(name + "="))) unexported.erase(name);
        if (only_assignments && !allexport && w.starts_with(name + "=")) unexported[name] = c.line;
      }
    }
    bool runs = std::any_of(t.begin(), t.end(), [&](const std::string& w) { return base_name(w) == script; });
    if (!runs) continue;
    std::tie(l.starter, l.name) = starter_of(t);
    l.open_mpi = l.starter == Starter::mpirun && std::any_of(t.begin(), t.end(), [](const std::string& w) {
                   return w == "-x" || w == "-mca" || w == "--mca";
                 });
    if (l.starter == Starter::mpirun) l.hosts = mpirun_hosts(t);
    for (std::size_t i = 0; l.starter == Starter::srun && i < t.size(); ++i) {
      if (t[i] == "--export=NONE") l.export_none = t[i];
      if (t[i] == "--export" && i + 1 < t.size() && t[i + 1] == "NONE") l.export_none = "--export NONE";
    }
    l.line = c.line;
    l.exported = exported;
    if (!allexport) l.unexported = unexported;
    return l;
  }
  return l;
}

std::string text_line(const std::string& text, int line) {
  auto lines = core::split(text, '\n', true);
  return line >= 1 && line <= static_cast<int>(lines.size()) ? lines[static_cast<std::size_t>(line - 1)] : "";
}

bool edits_line(const std::vector<LintFinding>& findings, const std::string& file, int line) {
  return std::any_of(findings.begin(), findings.end(), [&](const LintFinding& f) {
    return std::any_of(f.edits.begin(), f.edits.end(),
                       [&](const Edit& e) { return e.file == file && e.line <= line && line <= e.end_line; });
  });
}

// The line above the launch that exports MASTER_ADDR and MASTER_PORT: under srun the allocation's
// first node; otherwise the caller must give MASTER_ADDR (the script stops and says so).
std::string export_line(Starter s, const std::string& port) {
  std::string p = "MASTER_PORT=\"${MASTER_PORT:-" + (port.empty() ? std::string("29500") : port) + "}\"";
  if (s == Starter::srun)
    return "export MASTER_ADDR=\"$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\" " + p;
  return "export MASTER_ADDR=\"${MASTER_ADDR:?set MASTER_ADDR to the rank-0 node address}\" " + p;
}

bool finish(const std::string& py_file, const EnvInitFix& init, LintFinding& f, const FileFacts& sh,
            const AcrossLaunch& l, const std::vector<LintFinding>& findings, std::set<std::string>& changed) {
  if (edits_line(findings, py_file, init.line)) return false;
  std::string where = sh.file + ":" + std::to_string(l.line);
  std::string vars = core::join(init.unset, ", ");
  bool set_by_file = std::all_of(init.unset.begin(), init.unset.end(), [&](const std::string& n) {
    return std::find(l.exported.begin(), l.exported.end(), n) != l.exported.end();
  });
  std::string py_line;
  if (l.starter == Starter::torchrun) {
    py_line = init.text + "  # " + l.name + " (" + where + ") sets " + vars + ": nothing else to set";
  } else if (set_by_file) {
    py_line = init.text + "  # " + sh.file + " sets " + vars + " before " + l.name + " (line " +
              std::to_string(l.line) + "): nothing else to set";
  } else {
    bool master_only = std::all_of(init.unset.begin(), init.unset.end(),
                                   [](const std::string& n) { return n.starts_with("MASTER_"); });
    if (!master_only || edits_line(findings, sh.file, l.line)) return false;
    std::string launch = text_line(sh.text, l.line);
    std::string indent = launch.substr(0, launch.find_first_not_of(" \t"));
    if (indent.size() == launch.size()) return false;
    std::string exp = export_line(l.starter, init.port);
    // Open MPI passes the ranks on other hosts only the variables named with -x (mpirun(1)): they go
    // right after mpirun on its line; MPICH's and Intel MPI's pass the whole environment.
    if (l.open_mpi) {
      auto at = launch.find(l.name + " ");
      if (at == std::string::npos) return false;
      launch.insert(at + l.name.size(), " -x MASTER_ADDR -x MASTER_PORT");
    }
    py_line = init.text + "  # " + l.name + " (" + where + ") sets none of " + vars +
              ": the export added above that line sets them";
    f.edits.push_back({sh.file, l.line, l.line, indent + exp + "\n" + launch});
    f.finding.evidence.push_back(where + ": " + l.name + " starts it; the fix adds above it: " + exp);
    changed.insert(sh.file);
  }
  f.edits.insert(f.edits.begin(), Edit{py_file, init.line, init.line, py_line});
  f.finding.fix.text = std::string(core::trim(py_line));
  changed.insert(py_file);
  return true;
}

// lint.launch.env-init-unset's finding for env:// read at `r` in `py`, started by `l` in `sh`.
LintFinding unset_finding(const FileFacts& py, const EnvInitRead& r, const FileFacts& sh, const AcrossLaunch& l,
                          const std::vector<LintFinding>& findings, std::size_t files) {
  std::string where = sh.file + ":" + std::to_string(l.line);
  std::string launch = text_line(sh.text, l.line);
  std::string vars = core::join(r.unset, " and ");
  std::string title = "init_process_group in " + base_name(py.file) + " reads " + vars +
                      " from each rank's environment (env://), and " + l.name + " sets " +
                      (r.unset.size() > 1 ? "neither" : "no " + r.unset[0]) +
                      ": every rank stops there with \"environment variable " + r.unset[0] + " expected, but not set\"";
  LintFinding f{core::new_finding("lint.launch.env-init-unset", core::Label::config_typo, core::Severity::error, title),
                {sh.file, l.line},
                {}};
  f.finding.evidence.push_back(where + ": " + std::string(core::trim(launch)));
  f.finding.evidence.push_back(py.file + ":" + std::to_string(r.line) + ": " + r.text);
  f.finding.evidence.push_back(
      (l.starter == Starter::srun ? std::string("srun passes the batch script's environment and adds SLURM_* variables")
                                  : l.name + " passes -x's variables and adds OMPI_* ones") +
      ", not " + core::join(r.unset, " or ") + "; none of the " + std::to_string(files) + " files linted names " +
      (r.unset.size() > 1 ? "them" : "it"));
  std::string exp = export_line(l.starter, "");
  std::string indent = launch.substr(0, launch.find_first_not_of(" \t"));
  std::string changed = launch;
  if (l.open_mpi) {
    auto at = changed.find(l.name + " ");
    if (at != std::string::npos) changed.insert(at + l.name.size(), " -x MASTER_ADDR -x MASTER_PORT");
  }
  f.finding.fix.text = exp + "\n" + std::string(core::trim(changed));
  if (indent.size() < launch.size() && !edits_line(findings, sh.file, l.line) && (!l.open_mpi || changed != launch)) {
    f.edits.push_back({sh.file, l.line, l.line, indent + exp + "\n" + changed});
  } else {
    f.finding.fix.text = exp + "  # in " + sh.file + " above line " + std::to_string(l.line) +
                         (l.open_mpi ? ", and -x MASTER_ADDR -x MASTER_PORT after " + l.name : "");
  }
  return f;
}

// lint.slurm.export-none-drops-env: `srun --export=NONE` starts the Python file whose env:// reads
// MASTER_ADDR/MASTER_PORT, and the shell file exports them in the batch shell before that line:
// srun(1) --export=NONE passes only SLURM_* variables to the tasks, so none of them reaches the
// ranks (stranger fix-2026-12-06j p23). The edit names them instead (`--export=MASTER_ADDR,
// MASTER_PORT`: those plus SLURM_*, srun(1)'s list form), which keeps the clean environment asked for.
std::optional<LintFinding> export_none_finding(const FileFacts& py, const EnvInitRead& r, const FileFacts& sh,
                                               const AcrossLaunch& l, const std::vector<LintFinding>& findings) {
  bool exported = std::all_of(r.unset.begin(), r.unset.end(), [&](const std::string& n) {
    return std::find(l.exported.begin(), l.exported.end(), n) != l.exported.end();
  });
  if (l.starter != Starter::srun || l.export_none.empty() || !exported) return std::nullopt;
  std::string launch = text_line(sh.text, l.line);
  auto at = launch.find(l.export_none);
  if (at == std::string::npos) return std::nullopt;
  std::string vars = core::join(r.unset, " and ");
  std::string title = "srun " + l.export_none + " starts " + base_name(py.file) +
                      " with none of the batch script's variables, only SLURM_* ones: " + vars +
                      ", exported above it, " + (r.unset.size() > 1 ? "do" : "does") +
                      " not reach the tasks, and init_process_group (env://) " +
                      "stops in every rank with \"environment variable " + r.unset[0] + " expected, but not set\"";
  LintFinding f{
      core::new_finding("lint.slurm.export-none-drops-env", core::Label::config_typo, core::Severity::error, title),
      {sh.file, l.line},
      {}};
  f.finding.evidence.push_back(sh.file + ":" + std::to_string(l.line) + ": " + std::string(core::trim(launch)));
  f.finding.evidence.push_back(py.file + ":" + std::to_string(r.line) + ": " + r.text);
  f.finding.evidence.push_back(
      "srun(1) --export=NONE: only SLURM_* variables of the submitting shell are set in the tasks; "
      "--export=A,B sets A and B as well");
  std::string changed = launch;
  changed.replace(at, l.export_none.size(), "--export=" + core::join(r.unset, ","));
  f.finding.fix.text = std::string(core::trim(changed));
  if (!edits_line(findings, sh.file, l.line)) f.edits.push_back({sh.file, l.line, l.line, changed});
  return f;
}

// lint.slurm.assigned-not-exported: env:// in `py` reads MASTER_ADDR/MASTER_PORT, and the batch
// script assigns them above `srun` without export: a shell variable stays in the batch shell, srun
// passes the tasks its environment (exported variables) only, so every rank stops in
// init_process_group (stranger15's fix-2026-12-06l p03: lint said OK, a stand-in srun showed the
// ValueError on every task). The edit exports each assignment where it is.
std::optional<LintFinding> unexported_finding(const FileFacts& py, const EnvInitRead& r, const FileFacts& sh,
                                              const AcrossLaunch& l, const std::vector<LintFinding>& findings) {
  if (l.starter != Starter::srun || !l.export_none.empty()) return std::nullopt;
  std::vector<std::string> names;
  for (const auto& n : r.unset)
    if (l.unexported.count(n)) names.push_back(n);
  if (names.empty()) return std::nullopt;
  std::string vars = core::join(names, " and ");
  std::string title = vars + (names.size() > 1 ? " are" : " is") + " assigned in " + base_name(sh.file) +
                      " without export: srun passes the tasks the batch shell's exported variables only, so " +
                      "init_process_group (env://) in " + base_name(py.file) +
                      " stops in every rank with \"environment variable " + names[0] +
                      " expected, but not set\" (unless the shell that ran sbatch exported it already: sbatch passes "
                      "that environment on, and an assignment keeps a variable exported)";
  LintFinding f{
      core::new_finding("lint.slurm.assigned-not-exported", core::Label::config_typo, core::Severity::error, title),
      {sh.file, l.unexported.at(names[0])},
      {}};
  std::vector<std::string> fixed;
  for (const auto& n : names) {
    int line = l.unexported.at(n);
    std::string text = text_line(sh.text, line);
    f.finding.evidence.push_back(sh.file + ":" + std::to_string(line) + ": " + std::string(core::trim(text)));
    std::size_t at = text.find_first_not_of(" \t");
    std::string exported_line = text.substr(0, at) + "export " + text.substr(at);
    fixed.push_back(std::string(core::trim(exported_line)));
    if (!edits_line(findings, sh.file, line)) f.edits.push_back({sh.file, line, line, exported_line});
  }
  f.finding.evidence.push_back(sh.file + ":" + std::to_string(l.line) + ": " +
                               std::string(core::trim(text_line(sh.text, l.line))));
  f.finding.evidence.push_back(py.file + ":" + std::to_string(r.line) + ": " + r.text);
  f.finding.fix.text = core::join(fixed, "\n");
  if (f.edits.size() != names.size()) f.edits.clear();
  return f;
}

}  // namespace

std::vector<LintFinding> env_unset_across(const std::vector<FileFacts>& files,
                                          const std::vector<LintFinding>& findings) {
  std::vector<LintFinding> out;
  for (const auto& py : files) {
    if (!py.python) continue;
    for (const auto& r : py.env_reads) {
      bool master_only = !r.unset.empty() && std::all_of(r.unset.begin(), r.unset.end(),
                                                         [](const std::string& n) { return n.starts_with("MASTER_"); });
      if (!master_only) continue;
      for (const auto& sh : files) {
        if (sh.python || sh.text.empty()) continue;
        AcrossLaunch l = find_launch(sh.text, base_name(py.file));
        if (auto f = export_none_finding(py, r, sh, l, findings)) {
          out.push_back(std::move(*f));
          break;
        }
        if (auto f = unexported_finding(py, r, sh, l, findings)) {
          out.push_back(std::move(*f));
          break;
        }
      }
      // Named by any file of the run: set where lint cannot follow (a sourced file, a helper module).
      EnvInitRead missing = r;
      std::erase_if(missing.unset, [&](const std::string& n) {
        return std::any_of(files.begin(), files.end(), [&](const FileFacts& x) { return x.names.count(n) > 0; });
      });
      if (missing.unset.empty()) continue;
      for (const auto& sh : files) {
        if (sh.python || sh.text.empty()) continue;
        // srun --export=NONE starts the tasks without the batch script's environment: no export reaches them.
        if (sh.text.find("--export=NONE") != std::string::npos || sh.text.find("--export NONE") != std::string::npos)
          continue;
        AcrossLaunch l = find_launch(sh.text, base_name(py.file));
        if (l.starter != Starter::srun && !(l.starter == Starter::mpirun && l.open_mpi)) continue;
        out.push_back(unset_finding(py, missing, sh, l, findings, files.size()));
        break;
      }
    }
  }
  return out;
}

std::set<std::string> env_init_across(const std::vector<FileFacts>& files, std::vector<LintFinding>& findings) {
  std::set<std::string> changed;
  for (auto& f : findings) {
    if (!f.env_init || !f.edits.empty()) continue;
    auto py = std::find_if(files.begin(), files.end(),
                           [&](const FileFacts& x) { return x.python && x.file == f.location.file; });
    if (py == files.end()) continue;
    for (const auto& sh : files) {
      if (sh.python || sh.text.empty()) continue;
      AcrossLaunch l = find_launch(sh.text, base_name(py->file));
      if (l.starter == Starter::none) continue;
      bool upgraded = f.finding.severity != core::Severity::error;
      if (upgraded) {
        // The file showed no second node: the launch's hosts make it the error, or it stays a warning.
        if (l.hosts.empty()) continue;
        f.finding.severity = core::Severity::error;
        f.finding.title = "init_method in " + base_name(py->file) + " names this machine, and " + l.name +
                          " starts ranks on several hosts: ranks on other nodes dial themselves and wait";
        f.finding.evidence = {sh.file + ":" + std::to_string(l.line) + ": " + l.name + " " + l.hosts};
      }
      if (finish(py->file, *f.env_init, f, sh, l, findings, changed)) break;
      if (upgraded) {
        f.finding.fix.text = std::string(core::trim(f.env_init->text)) + "  # env:// reads " +
                             core::join(f.env_init->unset, ", ") +
                             " from each rank's environment: set them on every node";
        break;
      }
    }
  }
  return changed;
}

}  // namespace dd::lint::detail
