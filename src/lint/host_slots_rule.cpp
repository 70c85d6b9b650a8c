// lint.launch.np-exceeds-slots: `horovodrun -np 16 -H
// server1:4,server2:4` asks for more processes than the host list has slots. horovodrun assigns
// ranks to slots host by host and stops with "Requested more processes (16) than there are
// available slots (8)" (horovod/runner/common/util/hosts.py, get_host_assignments); Open MPI's
// mpirun refuses the same request ("There are not enough slots available in the system") unless
// --oversubscribe is given. Judged only when -np is a number and every host names its slots
// (`host:N`): without `:N` horovodrun rejects the list itself, and mpirun's default differs by version.
//
// The fix sets -np to the slots the list offers (the list usually says what each host has); the
// evidence names the other way, more slots per host, when the processes were meant.
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

// "server1:4,server2:4" -> 8; nullopt unless every host has ":N".
std::optional<long long> slots_of(std::string_view hosts, std::vector<std::string>& parts) {
  long long total = 0;
  for (const auto& h : core::split(hosts, ',')) {
    std::string_view host = core::trim(h);
    auto colon = host.rfind(':');
    if (colon == std::string_view::npos || colon == 0) return std::nullopt;
    auto n = core::parse_int(host.substr(colon + 1));
    if (!n || *n < 1) return std::nullopt;
    total += *n;
    parts.push_back(std::to_string(*n));
  }
  return total > 0 ? std::optional<long long>(total) : std::nullopt;
}

}  // namespace

void host_slots_rule(FileContext& ctx, const std::vector<ShellCommand>& commands) {
  for (const auto& c : commands) {
    const auto& w = c.words;
    for (std::size_t j = 0; j < w.size(); ++j) {
      std::string prog = program_name(w[j]);
      if (prog != "horovodrun" && prog != "mpirun" && prog != "mpiexec") continue;
      // The flags as written, for the text: `--num-proc 12 --hosts n1:4,n2:4` is quoted so, not as -np/-H.
      WrittenFlag np_flag{"-np", "", false}, hosts_flag{"-H", "", false};
      std::string np, hosts;
      bool oversubscribe = false;
      for (std::size_t k = j + 1; k < w.size() && !script_word(w[k]); ++k) {
        std::string flag = w[k].substr(0, w[k].find('='));
        bool inline_value = w[k].find('=') != std::string::npos && core::starts_with(w[k], "--");
        std::string value = inline_value ? w[k].substr(w[k].find('=') + 1) : k + 1 < w.size() ? w[k + 1] : "";
        if (flag == "-np" || flag == "--np" || flag == "-n" || flag == "--num-proc" || flag == "-c") {
          np_flag = WrittenFlag{flag, value, inline_value}, np = value;
        } else if (flag == "-H" || flag == "--host" || flag == "-host" || flag == "--hosts") {
          hosts_flag = WrittenFlag{flag, value, inline_value}, hosts = value;
        } else if (flag == "--oversubscribe" || flag == "-oversubscribe") {
          oversubscribe = true;
        }
      }
      auto n = core::parse_int(np);
      std::vector<std::string> parts;
      auto slots = hosts.empty() ? std::nullopt : slots_of(hosts, parts);
      if (!n || !slots || *n <= *slots || (prog != "horovodrun" && oversubscribe)) break;
      std::string title =
          prog + " " + as_written(np_flag) + " asks for " + np + " processes, but " + as_written(hosts_flag) +
          " offers " + std::to_string(*slots) + " slots (" + core::join(parts, " + ") + "): " +
          (prog == "horovodrun" ? "horovodrun stops with \"Requested more processes (" + np +
                                      ") than there are available slots (" + std::to_string(*slots) + ")\""
                                : prog + " refuses to start (\"There are not enough slots available in the system\")");
      // The -np value on the command's own lines: an edit to the slots offered.
      static const std::regex np_re(R"((^|\s)(-np|--np|-n|--num-proc|-c)([ \t]+|=))");
      int line = 0;
      std::string fixed;
      for (int l = c.line; l <= ctx.line_count() && l < c.line + 64 && !line; ++l) {
        std::string text(ctx.line_text(l));
        if (text.size() > 4096) break;
        for (std::sregex_iterator it(text.begin(), text.end(), np_re), end; it != end; ++it) {
          auto at = static_cast<std::size_t>(it->position(0) + it->length(0));
          if (text.compare(at, np.size(), np) != 0) continue;
          char after = at + np.size() < text.size() ? text[at + np.size()] : ' ';
          if (after != ' ' && after != '\t' && after != '\\') continue;
          fixed = text.replace(at, np.size(), std::to_string(*slots));
          line = l;
          break;
        }
        std::string_view t = core::trim(ctx.line_text(l));
        if (t.empty() || t.back() != '\\') break;
      }
      core::Finding* f = nullptr;
      if (line) {
        f = &ctx.add("lint.launch.np-exceeds-slots", core::Label::config_typo, core::Severity::error, title, c.line,
                     LineEdit{line, line, fixed});
      } else {
        f = &ctx.add("lint.launch.np-exceeds-slots", core::Label::config_typo, core::Severity::error, title, c.line,
                     as_written(np_flag, std::to_string(*slots)) + " (the slots of " + as_written(hosts_flag) + ")");
      }
      f->evidence.push_back("if " + np + " processes are meant, give the hosts " + np +
                            " slots in all (one per GPU): " + as_written(hosts_flag, "host1:N,host2:N,..."));
      break;
    }
  }
}

}  // namespace dd::lint::detail
