// Limits checked against NCCL 2.28.9's IB transport (ibv_reg_mr of its buffers needs locked
// memory; NVIDIA's container guidance is `--ulimit memlock=-1`) and Docker's defaults (memlock
// 64 KiB / 8 MiB, nofile 1048576 but often 1024 under systemd/ssh sessions).
#include "check/limits.hpp"

#include <cstdio>

#include "core/byte_size.hpp"
#include "core/finding_factory.hpp"
#include "core/strings.hpp"

namespace dd::check {

namespace {

using core::k_mib;
constexpr std::uint64_t k_memlock_error_at = 64 * k_mib;
constexpr std::uint64_t k_nofile_wanted = 4096;

std::optional<std::optional<std::uint64_t>> parse_value(std::string_view v) {
  if (v == "unlimited") return std::optional<std::uint64_t>();
  auto n = core::parse_int(v);
  if (!n || *n < 0) return std::nullopt;
  return std::optional<std::uint64_t>(static_cast<std::uint64_t>(*n));
}

}  // namespace

core::Result<ProcessLimits> parse_limits(const std::string& text) {
  ProcessLimits out;
  auto lines = core::split(text, '\n');
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (core::starts_with(line, "Limit")) continue;  // header
    // Columns: name (with spaces), soft, hard, [units]; the name ends where two spaces start.
    auto name_end = line.find("  ");
    if (name_end == std::string::npos) continue;
    std::string name(core::trim(std::string_view(line).substr(0, name_end)));
    std::vector<std::string> cols;
    for (auto& c : core::split(line.substr(name_end), ' ')) cols.push_back(c);
    if (cols.size() < 2) {
      return core::make_error(core::ErrorKind::unreadable,
                              "/proc/self/limits line " + std::to_string(i + 1) + ": expected soft and hard values");
    }
    auto soft = parse_value(cols[0]), hard = parse_value(cols[1]);
    if (!soft || !hard) {
      return core::make_error(core::ErrorKind::unreadable, "/proc/self/limits line " + std::to_string(i + 1) + ": '" +
                                                               cols[0] + " " + cols[1] + "' is not a limit");
    }
    out[name] = Limit{*soft, *hard};
  }
  return out;
}

std::optional<ProcessLimits> read_limits(const os::FileTree& tree) {
  auto text = tree.read("/proc/self/limits");
  if (!text) return std::nullopt;
  auto parsed = parse_limits(*text);
  if (!parsed) return std::nullopt;
  return std::move(*parsed);
}

std::string format_bytes(std::optional<std::uint64_t> bytes) {
  if (!bytes) return "unlimited";
  static constexpr const char* k_units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(*bytes);
  std::size_t unit = 0;
  while (v >= 1024.0 && unit < 4) v /= 1024.0, ++unit;
  char buf[32];
  if (unit == 0 || v == static_cast<double>(static_cast<std::uint64_t>(v))) {
    std::snprintf(buf, sizeof buf, "%llu %s", static_cast<unsigned long long>(v), k_units[unit]);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f %s", v, k_units[unit]);
  }
  return buf;
}

namespace {

core::Finding memlock_finding(const Limit& l, bool in_container) {
  return core::new_finding(
      "limits.memlock.too-low", core::Label::resource_limits,
      *l.soft <= k_memlock_error_at ? core::Severity::error : core::Severity::warning,
      "locked-memory limit (ulimit -l) is " + format_bytes(l.soft) + ": too low for InfiniBand memory registration",
      {"/proc/self/limits: Max locked memory soft " + format_bytes(l.soft) + ", hard " + format_bytes(l.hard),
       "InfiniBand devices are present; NCCL registers its buffers with ibv_reg_mr, which fails "
       "(NET/IB : ... Cannot allocate memory) once the limit is reached"},
      in_container
          ? "Start the container with `--ulimit memlock=-1:-1` (docker/podman); on Kubernetes raise the "
            "container runtime's default memlock limit (e.g. containerd's LimitMEMLOCK=infinity)."
          : "Set `* soft memlock unlimited` and `* hard memlock unlimited` in /etc/security/limits.conf "
            "(or LimitMEMLOCK=infinity for a systemd/slurmd service) and log in again; check with `ulimit -l`.");
}

core::Finding nofile_finding(const Limit& l, bool in_container) {
  return core::new_finding("limits.nofile.low", core::Label::resource_limits, core::Severity::warning,
                           "open-files limit (ulimit -n) is " + std::to_string(*l.soft) +
                               ": large jobs can run out of sockets and file descriptors",
                           {"/proc/self/limits: Max open files soft " + std::to_string(*l.soft) + ", hard " +
                            (l.hard ? std::to_string(*l.hard) : "unlimited")},
                           in_container
                               ? "Start the container with `--ulimit nofile=1048576:1048576`."
                               : "Raise it with `ulimit -n 1048576` in the job script (up to the hard limit) or "
                                 "`* soft nofile 1048576` in /etc/security/limits.conf.");
}

}  // namespace

std::vector<core::Finding> limits_findings(const ProcessLimits& limits, bool ib_in_use, bool in_container) {
  std::vector<core::Finding> out;
  if (auto it = limits.find(k_limit_memlock); ib_in_use && it != limits.end() && it->second.soft)
    out.push_back(memlock_finding(it->second, in_container));
  if (auto it = limits.find(k_limit_nofile);
      it != limits.end() && it->second.soft && *it->second.soft < k_nofile_wanted)
    out.push_back(nofile_finding(it->second, in_container));
  return out;
}

}  // namespace dd::check
