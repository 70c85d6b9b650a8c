// lint.launch.np-exceeds-slots: `horovodrun -np 16 -H
// server1:4,server2:4` asks for more processes than the host list has slots. horovodrun assigns
// ranks to slots host by host and stops with "Requested more processes (16) than there are
// available slots (8)" (horovod/runner/common/util/hosts.py, get_host_assignments); Open MPI's
// mpirun refuses the same request ("There are not enough slots available in the system") unless
// --oversubscribe is given. Judged when -np is a number and every host names its slots (`host:N`).
//
// Open MPI's mpirun with hosts written without `:N` (fix-2026-12-06l p24, `mpirun -np 8 --host
// node01,node02`): each such entry is one slot. Open MPI's "not enough slots" help text (orte's
// rmaps help in 4.x, PRRTE's in 5.x) says so: the --host parameter's ":N" suffix, "N defaults to 1".
// Judged only where the command is Open MPI's (an `-x NAME` or `-mca`/`--mca` option: MPICH's
// mpiexec has neither and maps round-robin over -hosts), no hostfile, no `--map-by ...ppr`/
// OVERSUBSCRIBE, and the file is not a batch script (under a resource manager the slots come from
// the allocation).
//
// horovodrun with a host written without `:N` (fix-2026-12-06m p21, `horovodrun -np 8 -H node1,node2`)
// is not one slot each: horovodrun refuses the list before it starts anything. Its launcher parses -H
// with hosts.parse_hosts_and_slots (horovod/runner/common/util/hosts.py, read at 2626dc87), which
// matches each entry against `^[\w.-]+:[0-9]+$` and raises ValueError("Invalid host input, please make
// sure it has format as : worker-0:2,worker-1:2."). The same edit as for mpirun: each host `:np/hosts`.
//
// The fix sets -np to the slots the list offers (the list usually says what each host has); the
// evidence names the other way, more slots per host, when the processes were meant. For hosts
// without `:N` the fix is the other way: each host `:np/hosts` (an edit of the host list) when np
// divides evenly.
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

bool script_word(const std::string& w) {
  std::string p = program_name(w);
  return core::starts_with(p, "python") || (p.size() > 3 && p.compare(p.size() - 3, 3, ".py") == 0) || p == "bash" ||
         p == "sh";
}

// "server1:4,server2:4" -> 8; nullopt unless every host has ":N" (or `one_each`: a host without
// ":N" is one slot, Open MPI's --host default).
std::optional<long long> slots_of(std::string_view hosts, std::vector<std::string>& parts, bool one_each = false) {
  long long total = 0;
  for (const auto& h : core::split(hosts, ',')) {
    std::string_view host = core::trim(h);
    auto colon = host.rfind(':');
    if (one_each && colon == std::string_view::npos && !host.empty() && host.find('$') == std::string_view::npos) {
      total += 1;
      parts.push_back("1");
      continue;
    }
    if (colon == std::string_view::npos || colon == 0) return std::nullopt;
    auto n = core::parse_int(host.substr(colon + 1));
    if (!n || *n < 1) return std::nullopt;
    total += *n;
    parts.push_back(std::to_string(*n));
  }
  return total > 0 ? std::optional<long long>(total) : std::nullopt;
}

// The command's Open MPI options seen: `-x NAME` / `-mca` / `--mca` (Open MPI only), a hostfile, a
// mapping that sets its own counts.
struct MpiShape {
  bool open_mpi = false;
  bool hostfile = false;
  bool own_mapping = false;
};

// The first line of the command from `first` on (its continuation lines) where `re` matches and
// the word after the match is `value`: that line with `value` replaced by `to` (line 0: none).
std::pair<int, std::string> replace_word_after(const FileContext& ctx, int first, const std::regex& re,
                                               const std::string& value, const std::string& to) {
  for (int l = first; l <= ctx.line_count() && l < first + 64; ++l) {
    std::string text(ctx.line_text(l));
    if (text.size() > 4096) break;
    for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it) {
      auto at = static_cast<std::size_t>(it->position(0) + it->length(0));
      if (text.compare(at, value.size(), value) != 0) continue;
      char after = at + value.size() < text.size() ? text[at + value.size()] : ' ';
      if (after != ' ' && after != '\t' && after != '\\') continue;
      return {l, text.replace(at, value.size(), to)};
    }
    std::string_view t = core::trim(ctx.line_text(l));
    if (t.empty() || t.back() != '\\') break;
  }
  return {0, ""};
}

// mpirun -np N --host a,b (no ":N"): each host one slot; the edit gives each N/hosts.
void hosts_without_slots(FileContext& ctx, const ShellCommand& c, const std::string& prog, const WrittenFlag& np_flag,
                         const WrittenFlag& hosts_flag, long long n) {
  std::vector<std::string> parts;
  auto slots = slots_of(hosts_flag.value, parts, true);
  if (!slots || (n <= *slots && prog != "horovodrun")) return;
  auto hosts = core::split(hosts_flag.value, ',');
  bool even = n % static_cast<long long>(hosts.size()) == 0;
  std::string per = std::to_string(n / static_cast<long long>(hosts.size()));
  std::vector<std::string> with;
  for (const auto& h : hosts) {
    std::string_view host = core::trim(h);
    with.push_back(host.find(':') == std::string_view::npos ? std::string(host) + ":" + per : std::string(host));
  }
  bool horovod = prog == "horovodrun";
  std::string title =
      horovod
          ? prog + " " + as_written(hosts_flag) +
                " names hosts without their slots (\"host:N\"): horovodrun refuses the list before it starts "
                "anything (\"Invalid host input, please make sure it has format as : worker-0:2,worker-1:2.\"); " +
                as_written(np_flag) + " needs " + std::to_string(n) + " slots in all"
          : prog + " " + as_written(np_flag) + " asks for " + std::to_string(n) + " processes, but " +
                as_written(hosts_flag) + " offers " + std::to_string(*slots) + " slots (" + core::join(parts, " + ") +
                "): Open MPI gives a --host entry without \":N\" one slot, so mpirun refuses to start "
                "(\"There are not enough slots available in the system\")";
  static const std::regex host_re(R"((^|\s)(-H|--host|-host|--hosts)([ \t]+|=))");
  auto [line, fixed] = replace_word_after(ctx, c.line, host_re, hosts_flag.value, core::join(with, ","));
  core::Finding* f = nullptr;
  if (line && even) {
    f = &ctx.add("lint.launch.np-exceeds-slots", core::Label::config_typo, core::Severity::error, title, c.line,
                 LineEdit{line, line, fixed});
  } else {
    f = &ctx.add("lint.launch.np-exceeds-slots", core::Label::config_typo, core::Severity::error, title, c.line,
                 as_written(hosts_flag, "host1:N,host2:N,...") + "  # N: the processes each host runs (one per GPU), " +
                     std::to_string(n) + " in all");
  }
  std::string spread =
      per + " per host assumes the " + std::to_string(n) + " processes are spread evenly (one per GPU)";
  f->evidence.push_back(horovod ? "horovodrun reads -H with hosts.parse_hosts_and_slots "
                                  "(horovod/runner/common/util/hosts.py): every entry must be host:N; " +
                                      spread
                                : "Open MPI (4.x and 5.x, the \"not enough slots\" help text): the --host parameter's "
                                  "\":N\" suffix gives a host N slots, N defaults to 1 if not provided; " +
                                      spread);
}

// horovodrun / mpirun with every host's ":N": -np edited to the slots offered.
void np_over_slots(FileContext& ctx, const ShellCommand& c, const std::string& prog, const WrittenFlag& np_flag,
                   const WrittenFlag& hosts_flag, long long slots, const std::vector<std::string>& parts) {
  const std::string& np = np_flag.value;
  std::string title =
      prog + " " + as_written(np_flag) + " asks for " + np + " processes, but " + as_written(hosts_flag) + " offers " +
      std::to_string(slots) + " slots (" + core::join(parts, " + ") + "): " +
      (prog == "horovodrun" ? "horovodrun stops with \"Requested more processes (" + np +
                                  ") than there are available slots (" + std::to_string(slots) + ")\""
                            : prog + " refuses to start (\"There are not enough slots available in the system\")");
  // The -np value on the command's own lines: an edit to the slots offered.
  static const std::regex np_re(R"((^|\s)(-np|--np|-n|--num-proc|-c)([ \t]+|=))");
  auto [line, fixed] = replace_word_after(ctx, c.line, np_re, np, std::to_string(slots));
  core::Finding* f = nullptr;
  if (line) {
    f = &ctx.add("lint.launch.np-exceeds-slots", core::Label::config_typo, core::Severity::error, title, c.line,
                 LineEdit{line, line, fixed});
  } else {
    f = &ctx.add("lint.launch.np-exceeds-slots", core::Label::config_typo, core::Severity::error, title, c.line,
                 as_written(np_flag, std::to_string(slots)) + " (the slots of " + as_written(hosts_flag) + ")");
  }
  f->evidence.push_back("if " + np + " processes are meant, give the hosts " + np +
                        " slots in all (one per GPU): " + as_written(hosts_flag, "host1:N,host2:N,..."));
}

}  // namespace

void host_slots_rule(FileContext& ctx, const std::vector<ShellCommand>& commands) {
  bool batch = ctx.text().find("\n#SBATCH") != std::string::npos || ctx.text().find("\n#PBS") != std::string::npos ||
               ctx.text().find("\n#BSUB") != std::string::npos;
  for (const auto& c : commands) {
    const auto& w = c.words;
    for (std::size_t j = 0; j < w.size(); ++j) {
      std::string prog = program_name(w[j]);
      if (prog != "horovodrun" && prog != "mpirun" && prog != "mpiexec") continue;
      // The flags as written, for the text: `--num-proc 12 --hosts n1:4,n2:4` is quoted so, not as -np/-H.
      WrittenFlag np_flag{"-np", "", false}, hosts_flag{"-H", "", false};
      bool oversubscribe = false;
      MpiShape shape;
      for (std::size_t k = j + 1; k < w.size() && !script_word(w[k]); ++k) {
        std::string flag = w[k].substr(0, w[k].find('='));
        bool inline_value = w[k].find('=') != std::string::npos && core::starts_with(w[k], "--");
        std::string value = inline_value ? w[k].substr(w[k].find('=') + 1) : k + 1 < w.size() ? w[k + 1] : "";
        if (flag == "-np" || flag == "--np" || flag == "-n" || flag == "--num-proc" || flag == "-c") {
          np_flag = WrittenFlag{flag, value, inline_value};
        } else if (flag == "-H" || flag == "--host" || flag == "-host" || flag == "--hosts") {
          hosts_flag = WrittenFlag{flag, value, inline_value};
        } else if (flag == "--oversubscribe" || flag == "-oversubscribe") {
          oversubscribe = true;
        }
        shape.open_mpi = shape.open_mpi || flag == "-x" || flag == "-mca" || flag == "--mca";
        shape.hostfile = shape.hostfile || flag == "--hostfile" || flag == "-hostfile" || flag == "--machinefile" ||
                         flag == "-machinefile" || flag == "--default-hostfile";
        bool mapping = flag == "--map-by" || flag == "-map-by" || flag == "-npernode" || flag == "--npernode";
        shape.own_mapping =
            shape.own_mapping || (mapping && (flag.find("npernode") != std::string::npos ||
                                              core::to_lower(value).find("ppr") != std::string::npos ||
                                              core::to_lower(value).find("oversub") != std::string::npos));
      }
      auto n = core::parse_int(np_flag.value);
      if (!n || hosts_flag.value.empty() || (prog != "horovodrun" && oversubscribe)) break;
      std::vector<std::string> parts;
      if (auto slots = slots_of(hosts_flag.value, parts)) {
        if (*n > *slots) np_over_slots(ctx, c, prog, np_flag, hosts_flag, *slots, parts);
      } else if ((prog == "mpirun" && shape.open_mpi && !shape.own_mapping && !batch) || prog == "horovodrun") {
        if (shape.hostfile) break;
        hosts_without_slots(ctx, c, prog, np_flag, hosts_flag, *n);
      }
      break;
    }
  }
}

}  // namespace dd::lint::detail
