// When lint.slurm.torchrun-per-task's edit makes T tasks per node one (--ntasks-per-node=1), the
// resources Slurm gives per task shrink with them: `--cpus-per-task=10` for 8 tasks was 80 CPUs a
// node, for one task it is 10 for the 8 processes torchrun starts; a
// `--gpus-per-task=1` would leave the node one GPU. The same edit scales them by T, so each node
// keeps what it had (Slurm's sbatch/srun: -c/--cpus-per-task and --gpus-per-task count per task).
#include <regex>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

std::vector<LineEdit> scale_per_task(const FileContext& ctx, const std::vector<int>& lines, long long tasks,
                                     LineEdit& edit, std::vector<std::string>& said) {
  static const std::regex per_task(
      R"(((?:^|[ \t])(?:--cpus-per-task|--gpus-per-task)(?:=|[ \t]+)|(?:^|[ \t])-c[ \t]*)([0-9]+)(?=[\s;&|)]|$))");
  std::vector<LineEdit> out;
  for (int l : lines) {
    std::string text = l == edit.line ? edit.text : std::string(ctx.line_text(l));
    if (text.size() > 4096) continue;
    std::string changed;
    std::size_t from = 0;
    for (std::sregex_iterator it(text.begin(), text.end(), per_task), end; it != end; ++it) {
      auto n = core::parse_int((*it)[2].str());
      if (!n || *n < 1) continue;
      std::string scaled = std::to_string(*n * tasks);
      changed += text.substr(from, static_cast<std::size_t>(it->position(2)) - from) + scaled;
      from = static_cast<std::size_t>(it->position(2) + it->length(2));
      said.push_back(std::string(core::trim((*it)[1].str())) + (*it)[2].str() + " counted per task: " + scaled +
                     " for the one task, as the " + std::to_string(tasks) + " tasks had");
    }
    if (changed.empty()) continue;
    changed += text.substr(from);
    if (l == edit.line) {
      edit.text = changed;
    } else {
      out.push_back({l, l, changed});
    }
  }
  return out;
}

}  // namespace dd::lint::detail
