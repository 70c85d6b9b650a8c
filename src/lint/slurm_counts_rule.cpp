#include "lint/slurm_counts_rule.hpp"

#include <algorithm>
#include <optional>
#include <regex>
#include <string>

#include "core/strings.hpp"

namespace dd::lint::detail {

namespace {

// `--nnodes=$SLURM_NTASKS`, `--nnodes "${SLURM_NPROCS}"`: judged only where the batch file runs more
// than one task per node (then the task count is a multiple of the node count) and the batch shell
// expands the value (not inside single quotes, which leave it to the step, review59).
void nnodes_from_ntasks(FileContext& ctx, int line, const std::string& text, const std::string& per_node) {
  static const std::regex shape(R"re(--nnodes(?:=|[ \t]+)"?\$\{?(SLURM_NTASKS|SLURM_NPROCS)\b)re");
  std::smatch m;
  if (per_node.empty() || !std::regex_search(text, m, shape)) return;
  const auto at = static_cast<std::size_t>(m.position(1));
  if (std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\'') % 2 == 1) return;
  const std::string var = m[1].str();
  const std::string fixed = text.substr(0, at) + "SLURM_NNODES" + text.substr(at + var.size());
  auto& f = ctx.add("lint.slurm.nnodes-from-ntasks", core::Label::config_typo, core::Severity::error,
                    "--nnodes takes " + var +
                        ", the job's task count, not its node count: torchrun's rendezvous waits for that many "
                        "agents and one starts per node",
                    line, LineEdit{line, line, fixed});
  f.evidence.push_back(var + " is the number of tasks (nodes x tasks per node); SLURM_NNODES is the number of nodes");
  f.evidence.push_back(per_node + ": " + var +
                       " is that many times the node count in the batch shell, which expands the value before srun "
                       "runs");
}

// The literal --nnodes of a launcher line (`--nnodes=2`, `--nnodes 2`); nullopt for a range or a variable.
std::optional<int> literal_nnodes(const std::string& text) {
  static const std::regex shape(R"re(--nnodes(?:=|[ \t]+)"?([0-9]+)"?(?=\s|$|\\))re");
  std::smatch m;
  if (!std::regex_search(text, m, shape)) return std::nullopt;
  auto n = core::parse_int(m[1].str());
  return n ? std::optional<int>(static_cast<int>(*n)) : std::nullopt;
}

}  // namespace

void slurm_counts_rule(FileContext& ctx) {
  if (ctx.text().find("#SBATCH") == std::string::npos) return;  // a batch file: the shell that expands is Slurm's
  static const std::regex per_node(R"(^#SBATCH\s+(--ntasks-per-node(?:=|\s+)([0-9]+)))");
  static const std::regex nodes(R"(^#SBATCH\s+(?:--nodes(?:=|\s+)|-N\s*)([0-9]+)-([0-9]+)\s*$)");
  std::string tasks;
  int range_line = 0, low = 0, high = 0;
  for (int line = 1; line <= ctx.line_count(); ++line) {
    const std::string text(ctx.line_text(line));
    std::smatch m;
    if (std::regex_search(text, m, per_node) && core::parse_int(m[2].str()).value_or(1) > 1) tasks = m[1].str();
    if (std::regex_search(text, m, nodes)) {
      range_line = line;
      low = static_cast<int>(core::parse_int(m[1].str()).value_or(0));
      high = static_cast<int>(core::parse_int(m[2].str()).value_or(0));
    }
  }
  static const std::regex srun_nodes(R"((?:^|\s)srun\b.*\s(?:-N|--nodes)(?:=|\s*)[0-9])");
  for (int line = 1; line <= ctx.line_count(); ++line) {
    const std::string text(ctx.line_text(line));
    if (text.find("--nnodes") == std::string::npos || core::starts_with(core::trim(text), "#")) continue;
    nnodes_from_ntasks(ctx, line, text, tasks);
    auto n = literal_nnodes(text);
    if (!range_line || low >= high || !n || *n < low || *n > high) continue;
    // the command from its first line (continuations) to this one: srun starts the agents, one per
    // granted node, unless it names its own node count (review59)
    int first = line;
    while (first > 1 && core::trim(ctx.line_text(first - 1)).ends_with("\\")) --first;
    const std::string command = ctx.lines_text(first, line);
    if (command.find("srun") == std::string::npos || std::regex_search(command, srun_nodes)) continue;
    const std::string directive(ctx.line_text(range_line));
    const std::string want = std::to_string(*n);
    std::string risk;
    if (*n < high) risk = "with more than " + want + ", the agents past " + want + " find the rendezvous full";
    if (*n > low)
      risk += std::string(risk.empty() ? "" : "; ") + "with fewer, the rendezvous waits for agents that never start";
    auto& f = ctx.add("lint.slurm.nodes-range-fixed-nnodes", core::Label::config_typo, core::Severity::error,
                      std::string(core::trim(directive)) + " lets Slurm grant " + std::to_string(low) + " to " +
                          std::to_string(high) + " nodes while the launcher waits for exactly " + want +
                          ": srun starts an agent on every granted node; " + risk,
                      range_line, LineEdit{range_line, range_line, "#SBATCH --nodes=" + want});
    f.evidence.push_back(ctx.path() + ":" + std::to_string(line) + ": " + std::string(core::trim(text)));
    f.evidence.push_back("an elastic job says so to torchrun instead: --nnodes=" + std::to_string(low) + ":" +
                         std::to_string(high));
    range_line = 0;  // one finding per directive
  }
}

}  // namespace dd::lint::detail
