// lint.shell.sudo-drops-env (fix-2026-12-07r p02): `export NCCL_SOCKET_IFNAME=ens1f0` (and other job
// variables), then `sudo torchrun ...`. sudo runs the command with a new, minimal environment
// (sudoers' env_reset, on by default: only the variables env_keep lists pass), so the launcher and
// every rank start without what the script exported. Claimed where the script exports a job variable
// (env::family_of, not SLURM_*; TORCH_*, HOROVOD_*, LD_LIBRARY_PATH, PYTHONPATH) before a sudo whose
// command is a launcher, less the ones the sudo passes itself: all with -E (or a short group with E)
// or a bare --preserve-env; the names of --preserve-env=LIST, of VAR=value words before the command
// and of `env VAR=value` after it. The title says that sudoers may keep them. The edit names the rest
// (`sudo --preserve-env=A,B torchrun ...`, sudo 1.8.21+; several such options add up) where the line
// starts with the one sudo of the command; prose otherwise.
#include <algorithm>
#include <string>
#include <vector>

#include "core/push_unique.hpp"
#include "core/strings.hpp"
#include "env/catalog.hpp"
#include "lint/rules.hpp"
#include "lint/shell_lexer.hpp"

namespace dd::lint::detail {

namespace {

bool passed_to_job(const std::string& name) {
  auto family = env::family_of(name);
  if (family) return *family != env::VarFamily::slurm;
  return core::starts_with(name, "TORCH_") || core::starts_with(name, "HOROVOD_") || name == "LD_LIBRARY_PATH" ||
         name == "PYTHONPATH";
}

bool launcher(const std::string& program) {
  for (const char* p : {"torchrun", "deepspeed", "accelerate", "horovodrun", "mpirun", "mpiexec", "srun"})
    if (program == p) return true;
  return core::starts_with(program, "python");
}

// What sudo passes on: `all` (-E, a short group with E, a bare --preserve-env), or the names it
// keeps (--preserve-env=A,B; VAR=value words before the command, `env VAR=value` after it).
struct SudoCall {
  std::size_t command = 0;  // index of its command word in the words; 0: none, or not a launcher
  bool all = false;
  std::vector<std::string> kept;
};

SudoCall sudo_call(const std::vector<std::string>& w, std::size_t sudo) {
  SudoCall out;
  std::size_t k = sudo + 1;
  for (; k < w.size() && core::starts_with(w[k], "-"); ++k) {
    const std::string& o = w[k];
    if (o == "--") {
      ++k;
      break;
    }
    if (o == "--preserve-env" || (!core::starts_with(o, "--") && o.find('E') != std::string::npos)) out.all = true;
    if (core::starts_with(o, "--preserve-env="))
      for (const auto& n : core::split(o.substr(15), ',')) out.kept.push_back(n);
    // long options that take the next word, and a short group whose last letter takes it (-Hu alice)
    bool long_arg = o == "--user" || o == "--group" || o == "--chdir" || o == "--prompt" || o == "--role" ||
                    o == "--type" || o == "--other-user" || o == "--close-from" || o == "--host" || o == "--chroot";
    bool short_arg = !core::starts_with(o, "--") && o.find_first_of("ugCDhprtTUR") == o.size() - 1;
    if (long_arg || short_arg) ++k;
  }
  for (; k < w.size() && w[k].find('=') != std::string::npos && w[k].front() != '='; ++k)
    out.kept.push_back(w[k].substr(0, w[k].find('=')));  // `sudo A=b cmd`
  if (k < w.size() && program_name(w[k]) == "env") {
    for (++k; k < w.size() && w[k].find('=') != std::string::npos && w[k].front() != '-'; ++k)
      out.kept.push_back(w[k].substr(0, w[k].find('=')));
  }
  if (k < w.size() && launcher(program_name(w[k]))) out.command = k;
  return out;
}

// The byte where the sudo command word starts on `line`: the line (after blanks and `time`, `exec`,
// `nohup`) must begin with it, and `sudo` must occur once; npos otherwise (prose then).
std::size_t sudo_at(const std::string& line) {
  std::size_t at = line.find_first_not_of(" \t");
  for (std::string_view prefix : {"time ", "exec ", "nohup "})
    while (at != std::string::npos && line.compare(at, prefix.size(), prefix) == 0)
      at = line.find_first_not_of(" \t", at + prefix.size());
  if (at == std::string::npos || line.compare(at, 5, "sudo ") != 0 || line.find("sudo", at + 4) != std::string::npos)
    return std::string::npos;
  return at;
}

}  // namespace

void sudo_drops_env(FileContext& ctx) {
  if (ctx.text().find("sudo") == std::string::npos) return;
  for (const auto& c : split_commands(ctx.text())) {
    const auto& w = c.words;
    std::size_t first = 0;
    while (first < w.size() && (w[first] == "time" || w[first] == "exec" || w[first] == "nohup")) ++first;
    if (first >= w.size() || program_name(w[first]) != "sudo") continue;
    const SudoCall call = sudo_call(w, first);
    if (!call.command || call.all) continue;
    std::vector<std::string> names;
    for (const auto& v : ctx.env()) {
      if (!v.via.empty() || v.line >= c.line || !passed_to_job(v.name)) continue;
      if (std::find(call.kept.begin(), call.kept.end(), v.name) != call.kept.end()) continue;
      std::string_view set_by = core::trim(ctx.line_text(v.line));
      bool exported = core::starts_with(set_by, "export ") || core::starts_with(set_by, "declare -x ");
      if (exported) core::push_unique(names, v.name);
    }
    if (names.empty()) continue;
    const int l = c.line;
    std::string line(ctx.line_text(l));
    std::string title = "sudo starts " + program_name(w[call.command]) + " on line " + std::to_string(l) +
                        " with a new environment (sudoers' env_reset, the default), so the variables this script "
                        "exports above it (" +
                        core::join(names, ", ") + ") do not reach the job unless /etc/sudoers keeps them (env_keep)";
    const auto at = sudo_at(line);
    // sudo adds up several --preserve-env=LIST options: the missing names alone
    const std::string option = "--preserve-env=" + core::join(names, ",");
    auto& f = at == std::string::npos
                  ? ctx.add("lint.shell.sudo-drops-env", core::Label::config_typo, core::Severity::warning, title, l,
                            "run it as `sudo " + option + " ...` (or `sudo env NAME=\"$NAME\" ... " +
                                program_name(w[call.command]) + " ...` for each)")
                  : ctx.add("lint.shell.sudo-drops-env", core::Label::config_typo, core::Severity::warning, title, l,
                            LineEdit{l, l, line.substr(0, at + 5) + option + " " + line.substr(at + 5)});
    f.evidence.push_back(
        "sudoers(5), env_reset: \"the command will be run with a new, minimal environment\" holding TERM, PATH, "
        "HOME, MAIL, SHELL, LOGNAME, USER and SUDO_*, plus what env_keep lists");
  }
}

}  // namespace dd::lint::detail
