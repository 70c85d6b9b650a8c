#include "lint/lightning_tasks_across.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <regex>

#include "core/finding.hpp"
#include "core/strings.hpp"

namespace dd::lint::detail {

namespace {

namespace fs = std::filesystem;

// The Python file `script` names, seen from the batch script's folder: the same relative path, or
// else the one file of that name anywhere in the run (nullptr when none or several).
const FileFacts* script_file(const std::vector<FileFacts>& files, const FileFacts& batch, const std::string& script) {
  fs::path wanted = (fs::path(batch.file).parent_path() / script).lexically_normal();
  const FileFacts* by_name = nullptr;
  int named = 0;
  for (const auto& f : files) {
    if (f.trainers.empty()) continue;
    if (fs::path(f.file).lexically_normal() == wanted) return &f;
    if (fs::path(f.file).filename() == fs::path(script).filename()) {
      by_name = &f;
      ++named;
    }
  }
  return named == 1 ? by_name : nullptr;
}

// The batch script's line with its --ntasks-per-node value `from` set to `to`; "" when the line
// does not hold it once.
std::string with_tasks(const std::string& line, const std::string& from, int to) {
  std::regex re("(--ntasks-per-node(?:=|[ \\t]+))" + from + R"((?=[\s;&|)]|$))");
  auto hits = std::distance(std::sregex_iterator(line.begin(), line.end(), re), std::sregex_iterator());
  if (hits != 1) return "";
  std::smatch m;
  std::regex_search(line, m, re);
  return m.prefix().str() + m[1].str() + std::to_string(to) + m.suffix().str();
}

// Line `n` (1-based) of the batch script without its newline, "" when out of range.
std::string line_of(const FileFacts& f, int n) {
  std::size_t begin = 0;
  for (int l = 1; l < n && begin != std::string::npos; ++l) {
    begin = f.text.find('\n', begin);
    if (begin != std::string::npos) ++begin;
  }
  if (n < 1 || begin == std::string::npos || begin >= f.text.size()) return "";
  return f.text.substr(begin, f.text.find('\n', begin) - begin);
}

// The per-task amounts (--cpus-per-task / -c, --gpus-per-task) of the batch script's #SBATCH lines
// and srun line `srun_line`, each rescaled from `tasks` to `devices` tasks per node so the node keeps
// its total (r31: 12 CPUs x 4 tasks = 48 is 6 x 8, not 12 / 8). A total that does not divide says so.
std::string rescaled_per_task(const FileFacts& batch, int srun_line, long long tasks, int devices) {
  static const std::regex per_task(
      R"(((?:^|[ \t])(--cpus-per-task|--gpus-per-task|-c)(?:=|[ \t]*))([0-9]+)(?=[\s;&|)]|$))");
  std::vector<std::string> parts;
  for (int n = 1;; ++n) {
    std::string text = line_of(batch, n);
    if (text.empty() && n > srun_line) break;
    if (n != srun_line && !core::starts_with(core::trim(text), "#SBATCH")) continue;
    for (std::sregex_iterator it(text.begin(), text.end(), per_task), end; it != end; ++it) {
      auto each = core::parse_int((*it)[3].str());
      if (!each || *each < 1) continue;
      std::string flag = (*it)[2].str();
      std::string eq = flag == "-c" ? " " : "=";
      long long total = *each * tasks;
      if (total % devices == 0) {
        parts.push_back(fmt::format("{}{}{} ({} x {} per node = {} x {})", flag, eq, total / devices, *each, tasks,
                                    total / devices, devices));
      } else {
        long long floor = std::max(1LL, total / devices);
        parts.push_back(fmt::format("{}{}{} ({} x {} = {} per node does not divide by {}: {} x {} = {})", flag, eq,
                                    floor, *each, tasks, total, devices, floor, devices, floor * devices));
      }
    }
  }
  return core::join(parts, " and ");
}

}  // namespace

std::vector<LintFinding> lightning_tasks_across(const std::vector<FileFacts>& files) {
  std::vector<LintFinding> out;
  for (const auto& batch : files) {
    for (const auto& s : batch.sruns) {
      auto tasks = core::parse_int(s.tasks_per_node);
      if (!tasks || *tasks < 1) continue;
      const FileFacts* py = script_file(files, batch, s.script);
      if (!py) continue;
      const TrainerSeen& t = py->trainers.front();
      if (t.devices == *tasks) continue;
      std::string py_at = fmt::format("{}:{}", py->file, t.line);
      auto f = core::new_finding(
          "lint.slurm.lightning-devices-tasks", core::Label::config_typo, core::Severity::error,
          fmt::format("srun starts {} task{} per node (--ntasks-per-node={}) of {}, whose Trainer asks for devices={} "
                      "({}): under Slurm Lightning runs one process per device and stops at start when the two "
                      "differ",
                      *tasks, *tasks == 1 ? "" : "s", s.tasks_per_node, s.script, t.devices, py_at));
      std::string line = line_of(batch, s.tasks_line);
      f.evidence = {fmt::format("{}:{}: {}", batch.file, s.tasks_line, core::trim(line)),
                    fmt::format("{}: Trainer(devices={})", py_at, t.devices),
                    "Lightning's SLURMEnvironment.validate_settings: SLURM_NTASKS_PER_NODE must equal devices "
                    "(\"You set `devices=...` in Lightning, but the number of tasks per node configured in SLURM "
                    "... does not match\")"};
      LintFinding lf{std::move(f), {batch.file, s.tasks_line}, {}};
      std::string fixed = s.per_task_resources ? "" : with_tasks(line, s.tasks_per_node, t.devices);
      if (!fixed.empty()) {
        lf.finding.fix.text = std::string(core::trim(fixed));
        lf.edits.push_back({batch.file, s.tasks_line, s.tasks_line, fixed});
      } else {
        std::string amounts = rescaled_per_task(batch, s.line, *tasks, t.devices);
        lf.finding.fix.text =
            amounts.empty() ? fmt::format("--ntasks-per-node={} (one task per device), or devices={} in {}", t.devices,
                                          s.tasks_per_node, py_at)
                            : fmt::format("--ntasks-per-node={} (one task per device) with {}, or devices={} in {}",
                                          t.devices, amounts, s.tasks_per_node, py_at);
      }
      out.push_back(std::move(lf));
    }
  }
  return out;
}

}  // namespace dd::lint::detail
