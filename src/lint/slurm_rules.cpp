// Shell variables in a Slurm batch file's launcher flags: what Slurm sets is known
// (SLURM_NNODES, SLURM_NODEID, SLURM_PROCID, ... and the submitting shell's environment, passed on
// by sbatch's default --export=ALL), so a flag reading a variable that neither Slurm nor the file
// sets gets whatever the submitting shell had: the same value on every node, or nothing. And a
// task variable written unquoted on the `srun` line is expanded by the batch shell, once, on the
// first node, before srun starts any task.
#include <algorithm>
#include <regex>
#include <set>

#include "core/push_unique.hpp"
#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

bool node_rank_flag(std::string_view f) { return f == "--node_rank" || f == "--node-rank"; }
bool nnodes_flag(std::string_view f) { return f == "--nnodes"; }

// Set by bash itself, by Slurm for the batch script and its steps, or by the MPI/PMI layer.
bool set_by_shell_or_slurm(const std::string& name) {
  static const std::set<std::string> k_names = {"RANDOM",
                                                "HOSTNAME",
                                                "HOME",
                                                "USER",
                                                "PWD",
                                                "SECONDS",
                                                "BASHPID",
                                                "PPID",
                                                "UID",
                                                "EUID",
                                                "SHLVL",
                                                "LINENO",
                                                "CUDA_VISIBLE_DEVICES",
                                                "GPU_DEVICE_ORDINAL",
                                                "TMPDIR",
                                                "PATH"};
  for (std::string_view p : {"SLURM_", "SBATCH_", "SRUN_", "PMI_", "PMIX_", "OMPI_"}) {
    if (core::starts_with(name, p)) return true;
  }
  return k_names.count(name) > 0;
}

// The file gives `name` a value somewhere: NAME=..., NAME+=..., NAME[...]=..., read/for/local/
// declare/typeset/readonly/export NAME, or ${NAME:=...}.
bool assigned_in(const std::string& text, const std::string& name) {
  const std::regex assign("(^|[^A-Za-z0-9_$])" + name + R"((\[[^\]]*\])?\+?=)");
  const std::regex keyword(R"((^|[\s;&|(])(read|for|local|declare|typeset|readonly|export)\b[^\n;]*\b)" + name +
                           R"(\b)");
  const std::regex default_set(R"(\$\{)" + name + R"(:?=)");
  return std::regex_search(text, assign) || std::regex_search(text, keyword) || std::regex_search(text, default_set);
}

// What the file reads into its own shell (source F, . F, eval ...): each may set any variable.
// "F" as written for a sourced file, "what eval runs" for eval; empty when the file does neither.
std::vector<std::string> sourced_by(const std::string& text) {
  static const std::regex sourcing(R"((^|[;&|]|\n)[ \t]*(source|\.|eval)[ \t]+([^\s;&|]+))");
  std::vector<std::string> out;
  if (text.size() > 1000000) return {"the files it sources"};  // std::regex recurses per character
  for (auto it = std::sregex_iterator(text.begin(), text.end(), sourcing); it != std::sregex_iterator(); ++it) {
    std::string what = (*it)[2].str() == "eval" ? "what eval runs" : (*it)[3].str();
    core::push_unique(out, what);
  }
  return out;
}

Severity one_lower(Severity s) { return s == Severity::error ? Severity::warning : Severity::info; }

}  // namespace

std::vector<VarUse> variables_in(const std::string& value) {
  static const std::regex var(R"(\$(\{)?([A-Za-z_][A-Za-z0-9_]*)(\}|[:\-=+?])?)");
  std::vector<VarUse> out;
  for (auto it = std::sregex_iterator(value.begin(), value.end(), var); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    bool braced = m[1].matched;
    std::string after = m[3].matched ? m[3].str() : "";
    if (braced && after != "}") continue;  // a default or another expansion form
    out.push_back({m[2].str(), braced ? "${" + m[2].str() + "}" : "$" + m[2].str()});
  }
  return out;
}

void slurm_variable_rules(FileContext& ctx) {
  if (ctx.text().find("#SBATCH") == std::string::npos) return;  // not a batch file: who runs it is unknown
  // A sourced file may set the variable: the finding says so and is one step lower, not silent.
  std::vector<std::string> sourced = sourced_by(ctx.text());
  std::string unless = sourced.empty() ? "" : ", unless " + core::join(sourced, " or ") + " sets it";
  std::set<std::pair<int, std::string>> said;
  for (const auto& lf : ctx.launch_flags()) {
    for (const auto& use : variables_in(lf.value)) {
      if (!said.insert({lf.line, use.name}).second) continue;
      WrittenFlag written{lf.flag, lf.value, lf.joined};
      std::string shown = as_written(written);
      if (lf.under_srun && (use.name == "SLURM_NODEID" || use.name == "SLURM_PROCID" || use.name == "SLURM_LOCALID")) {
        auto& f =
            ctx.add("lint.slurm.task-variable-expanded-once", Label::config_typo, Severity::error,
                    "`srun ... " + shown + "`: the batch shell expands " + use.token +
                        " once, on the first node, before srun starts the tasks: every task gets that node's value",
                    lf.line,
                    "srun bash -c '... " + as_written(written, use.token) +
                        " ...'  # single quotes: each task's shell expands it on its own node; or drop " + lf.flag +
                        " and let --rdzv-backend=c10d number the nodes");
        f.evidence.push_back(
            "the batch script runs on the first node of the allocation; srun's arguments are expanded "
            "there, by that shell");
        continue;
      }
      if (set_by_shell_or_slurm(use.name) || assigned_in(ctx.text(), use.name)) continue;
      bool rank = node_rank_flag(lf.flag);
      std::string title = "`" + shown + "`: neither Slurm nor this file sets " + use.name + ", so the command gets " +
                          (rank ? "the same node rank on every node (the submitting shell's " + use.name + ") or none"
                                : "the submitting shell's " + use.name + ", or nothing when it had none") +
                          unless;
      auto sev = rank ? Severity::error : Severity::warning;
      if (!sourced.empty()) sev = one_lower(sev);
      int at = command_line_holding(ctx, lf.line, use.token);
      core::Finding* f = nullptr;
      if (nnodes_flag(lf.flag) && at && sourced.empty()) {
        // The allocation's node count is what --nnodes means in a batch script.
        std::string changed(ctx.line_text(at));
        changed.replace(changed.find(use.token), use.token.size(), "$SLURM_NNODES");
        f = &ctx.add("lint.slurm.variable-not-set", Label::config_typo, sev, title, lf.line, LineEdit{at, at, changed});
      } else {
        std::string how =
            nnodes_flag(lf.flag) && !sourced.empty()
                ? as_written(written, "$SLURM_NNODES") + "  # the allocation's node count; keep " + use.token + " if " +
                      core::join(sourced, " or ") + " sets it as meant"
            : rank ? "drop " + lf.flag + " and let --rdzv-backend=c10d number the nodes, or run srun bash -c '... " +
                         as_written(written, "$SLURM_NODEID") + " ...' so each node's shell expands its own"
                   : "set " + use.name + " in this file before the command (export " + use.name + "=...)";
        f = &ctx.add("lint.slurm.variable-not-set", Label::config_typo, sev, title, lf.line, how);
      }
      f->evidence.push_back(
          "Slurm sets SLURM_NNODES, SLURM_NODEID, SLURM_PROCID, SLURM_JOB_NODELIST; sbatch passes on "
          "the submitting shell's environment (--export=ALL), the same on every node");
    }
  }
}

}  // namespace dd::lint::detail
