#include "watch/python_stacks.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/deadline.hpp"
#include "core/strings.hpp"

namespace dd::watch {

namespace {

constexpr std::size_t k_max_lines_per_dump = 80;

bool is_python(const ProcessInfo& p) {
  return p.comm.rfind("python", 0) == 0 || p.cmdline.rfind("python", 0) == 0 ||
         p.cmdline.find("/python") != std::string::npos;
}

}  // namespace

std::vector<int> python_pids(const Snapshot& s) {
  std::vector<int> out;
  for (const auto& p : s.processes)
    if (is_python(p) && out.size() < k_max_python_dumps) out.push_back(p.pid);
  return out;
}

std::vector<std::string> python_stacks(const os::ProcessRunner& runner, const std::vector<int>& pids,
                                       std::chrono::milliseconds per_pid) {
  std::vector<std::string> out;
  // The whole dump is bounded too: watch's loop (and the job's output relay) waits for it.
  core::Deadline all(per_pid * 2);
  for (int pid : pids) {
    if (all.expired()) {
      out.push_back(fmt::format("(py-spy: no time left for pid {} and later ones)", pid));
      break;
    }
    os::ProcessSpec spec;
    spec.argv = {"py-spy", "dump", "--pid", std::to_string(pid)};
    spec.timeout = std::min(per_pid, all.remaining());
    spec.max_output = 64 * 1024;
    auto r = runner.run(spec);
    if (!r) {
      if (r.error().kind == core::ErrorKind::not_found) {
        out.push_back(
            "py-spy is not installed: no Python stacks (`pip install py-spy`, then "
            "`py-spy dump --pid PID` shows where each rank waits)");
        return out;
      }
      out.push_back(fmt::format("py-spy could not start: {}", r.error().message));
      return out;
    }
    out.push_back(fmt::format("py-spy dump --pid {}", pid));
    if (r->timed_out || r->exit_code != 0) {
      std::string why = r->timed_out ? fmt::format("no answer within {} ms", per_pid.count())
                                     : fmt::format("exit {}: {}", r->exit_code, core::trim(r->err));
      out.push_back("  (failed: " + why + "; py-spy needs ptrace rights on the process, e.g. root)");
      continue;
    }
    std::size_t n = 0;
    for (const auto& line : core::split(r->out, '\n')) {
      if (core::trim(line).empty()) continue;
      if (++n > k_max_lines_per_dump) {
        out.push_back("  ...");
        break;
      }
      out.push_back("  " + std::string(line));
    }
  }
  return out;
}

}  // namespace dd::watch
