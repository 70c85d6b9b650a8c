// lint.slurm.directive-after-command (fix-2026-12-07p p25): sbatch reads `#SBATCH` directives only
// up to the first line of the script that is neither blank nor a comment (sbatch(1): "sbatch will
// stop processing further #SBATCH directives once the first non-comment non-whitespace line has
// been reached in the script"). A directive after a command (`module load` first) is a comment:
// the job runs with sbatch's defaults for it (one node, one task, no GPUs).
#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

bool is_directive(std::string_view line) { return core::starts_with(line, "#SBATCH"); }

// A directive whose loss changes how many nodes, tasks or GPUs the job gets.
bool shapes_the_job(std::string_view line) {
  static const std::set<std::string, std::less<>> k_long = {"--nodes", "--ntasks",        "--ntasks-per-node",
                                                            "--gpus",  "--gpus-per-node", "--gpus-per-task",
                                                            "--gres",  "--tres-per-task", "--ntasks-per-gpu"};
  std::string text(line.substr(std::string_view("#SBATCH").size()));
  std::replace(text.begin(), text.end(), '\t', ' ');
  auto words = core::split(text, ' ');
  for (std::string_view w : words) {
    if (w.front() == '#') break;  // a comment after the options
    if (core::starts_with(w, "--")) {
      if (k_long.count(w.substr(0, w.find('=')))) return true;
    } else if (w.size() >= 2 && w[0] == '-' && (w[1] == 'N' || w[1] == 'n' || w[1] == 'G')) {
      // -N 2, -N2, -n=8 (short options take their value attached or as the next word)
      if (w.size() == 2 || w[2] == '=' || std::isdigit(static_cast<unsigned char>(w[2]))) return true;
    }
  }
  return false;
}

}  // namespace

void sbatch_directive_order(FileContext& ctx) {
  if (ctx.text().find("#SBATCH") == std::string::npos) return;
  int first_command = 0, last_ignored = 0;
  std::vector<int> ignored;
  for (int l = 1; l <= ctx.line_count(); ++l) {
    std::string_view t = core::trim(ctx.line_text(l));
    if (is_directive(t)) {
      if (first_command) ignored.push_back(l), last_ignored = l;
      continue;
    }
    if (!first_command && !t.empty() && t.front() != '#') first_command = l;
  }
  if (ignored.empty()) return;
  bool shaping = std::any_of(ignored.begin(), ignored.end(), [&](int l) { return shapes_the_job(ctx.line_text(l)); });
  std::string cmd(core::trim(ctx.line_text(first_command)));
  // The directives move above the first command, the lines between keep their order.
  std::string moved, rest;
  for (int l = first_command; l <= last_ignored; ++l) {
    std::string line(ctx.line_text(l));
    (std::find(ignored.begin(), ignored.end(), l) != ignored.end() ? moved : rest) += line + "\n";
  }
  std::string replacement = moved + rest;
  replacement.pop_back();
  auto& f = ctx.add("lint.slurm.directive-after-command", core::Label::config_typo,
                    shaping ? core::Severity::error : core::Severity::warning,
                    std::to_string(ignored.size()) + " #SBATCH line(s) come after the first command (line " +
                        std::to_string(first_command) + ": `" + cmd +
                        "`): sbatch reads directives only up to the first command, so these are comments and the "
                        "job gets sbatch's defaults for them" +
                        (shaping ? " (one node, one task, no GPUs)" : ""),
                    ignored.front(), LineEdit{first_command, last_ignored, replacement});
  for (int l : std::vector<int>(ignored.begin() + 1, ignored.end()))
    f.evidence.push_back("line " + std::to_string(l) + ": " + std::string(core::trim(ctx.line_text(l))));
}

}  // namespace dd::lint::detail
