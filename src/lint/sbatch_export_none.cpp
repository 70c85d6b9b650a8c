// lint.slurm.batch-export-none (fix-2026-12-07q p06): `#SBATCH --export=NONE`, then `export
// MASTER_ADDR=...` (and NCCL_*, ...) in the script and a plain `srun python train.py`. The job steps
// inherit the batch's export setting: sbatch(1), --export: "To avoid steps inheriting environment
// export settings (e.g. "NONE") from sbatch command, the environment variable SLURM_EXPORT_ENV should
// be set to "ALL" in the job script". srun then starts the tasks with none of the script's
// variables. Quiet where the script names SLURM_EXPORT_ENV (sets or unsets it), where the srun passes
// its own --export, or where the script exports no job variable before the srun. The edit puts
// `export SLURM_EXPORT_ENV=ALL` above the first such srun.
#include <algorithm>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "env/catalog.hpp"
#include "lint/rules.hpp"
#include "lint/shell_lexer.hpp"

namespace dd::lint::detail {

namespace {

bool export_none_directive(std::string_view line) {
  if (!core::starts_with(line, "#SBATCH")) return false;
  std::string l = core::to_upper(line);
  return l.find("--EXPORT=NONE") != std::string::npos || l.find("--EXPORT NONE") != std::string::npos;
}

// A name the job's processes read (env::family_of; SLURM_* are srun's own, set in every step), or a
// library or module path.
bool read_by_job(const std::string& name) {
  auto family = env::family_of(name);
  if (family) return *family != env::VarFamily::slurm;
  return core::starts_with(name, "TORCH_") || core::starts_with(name, "HOROVOD_") || name == "LD_LIBRARY_PATH" ||
         name == "PYTHONPATH";
}

}  // namespace

void sbatch_export_none(FileContext& ctx) {
  if (ctx.text().find("#SBATCH") == std::string::npos || ctx.text().find("SLURM_EXPORT_ENV") != std::string::npos)
    return;
  // sbatch reads directives only up to the first command (sbatch_directive_order.cpp)
  int directive = 0;
  for (int l = 1; l <= ctx.line_count() && !directive; ++l) {
    std::string_view t = core::trim(ctx.line_text(l));
    if (export_none_directive(t)) directive = l;
    if (!t.empty() && t.front() != '#') break;
  }
  if (!directive) return;
  for (const auto& c : split_commands(ctx.text())) {
    const auto& w = c.words;
    std::size_t first = 0;
    while (first < w.size() && (w[first] == "time" || w[first] == "exec")) ++first;
    if (first >= w.size() || program_name(w[first]) != "srun") continue;
    if (std::any_of(w.begin(), w.end(), [](const std::string& x) { return core::starts_with(x, "--export"); }))
      continue;
    std::vector<std::string> names;
    for (const auto& v : ctx.env()) {
      if (!v.via.empty() || v.line >= c.line || !read_by_job(v.name)) continue;
      std::string_view set_by = core::trim(ctx.line_text(v.line));
      bool exported = core::starts_with(set_by, "export ") || core::starts_with(set_by, "declare -x ");
      if (exported && std::find(names.begin(), names.end(), v.name) == names.end()) names.push_back(v.name);
    }
    if (names.empty()) continue;
    const int l = c.line;
    std::string line(ctx.line_text(l));
    std::string indent = line.substr(0, line.find_first_not_of(" \t"));
    auto& f =
        ctx.add("lint.slurm.batch-export-none", core::Label::config_typo, core::Severity::error,
                "#SBATCH --export=NONE (line " + std::to_string(directive) + ") reaches the job steps: srun on line " +
                    std::to_string(l) + " starts the tasks without the variables this script exports (" +
                    core::join(names, ", ") + "), so every task runs without them",
                l, LineEdit{l, l, indent + "export SLURM_EXPORT_ENV=ALL\n" + line});
    f.evidence.push_back(
        "sbatch(1), --export: \"To avoid steps inheriting environment export settings (e.g. \"NONE\") from sbatch "
        "command, the environment variable SLURM_EXPORT_ENV should be set to \"ALL\" in the job script\"");
    return;  // one line fixes every later srun
  }
}

}  // namespace dd::lint::detail
