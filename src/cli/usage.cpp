#include "cli/usage.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/exit_code.hpp"
#include "core/strings.hpp"

namespace dd::cli {

namespace {

struct HelpText {
  std::string_view command;
  std::string_view examples;  // lines "  COMMAND LINE   what it does"
  std::string_view exit_status;
  std::string_view docs;
};

constexpr std::string_view k_exit_findings =
    "  0 no error finding, 1 at least one error finding, 2 usage error or unreadable input, 3 internal failure";

// One entry per command of the table (and the program itself: ""). Every example is a command
// line that works as printed, with placeholders in capitals.
constexpr HelpText k_help[] = {
    {"",
     "  distdoctor                          this machine (same as 'distdoctor check')\n"
     "  distdoctor logs rank0.log rank1.log name the cause of a hang from the ranks' logs\n"
     "  distdoctor help lint                the options of one command (also: distdoctor lint --help)\n"
     "  distdoctor -V                       the version (also: distdoctor version, --version)",
     k_exit_findings, "man distdoctor; README.md and docs/*.md in distdoctor's source"},
    {"check",
     "  distdoctor check                    interfaces, NCCL/Gloo choice, environment, library, container\n"
     "  distdoctor check --json --no-probe  as JSON, without loading libnccl\n"
     "  distdoctor check --export-format k8s   only the fix, as a Pod template",
     k_exit_findings, "man distdoctor; README.md in distdoctor's source"},
    {"nics",
     "  distdoctor nics                     interfaces and the interface NCCL and Gloo will pick\n"
     "  distdoctor nics --json --no-probe   the same as JSON (nccl.prediction, gloo.prediction)",
     k_exit_findings, "man distdoctor; README.md in distdoctor's source"},
    {"env",
     "  distdoctor env                      the relevant variables, where each comes from, the findings\n"
     "  eval \"$(distdoctor env --export)\"   apply every fix in this shell\n"
     "  distdoctor env --export-format dockerfile   the fix as Dockerfile ENV lines",
     k_exit_findings, "man distdoctor; README.md in distdoctor's source"},
    {"logs",
     "  distdoctor logs rank0.log rank1.log every rank's log (or one combined log)\n"
     "  distdoctor logs --json job.log.gz   gzip is read as is\n"
     "  kubectl logs POD | distdoctor logs -   - reads standard input",
     k_exit_findings, "man distdoctor; README.md in distdoctor's source"},
    {"preflight",
     "  distdoctor preflight --rendezvous HOST:29400 --rank R --world N   on every node, R = 0..N-1\n"
     "  srun distdoctor preflight           under Slurm: rank, world and meeting point from srun\n"
     "  distdoctor preflight --rendezvous THIS_HOST:29400 --ssh node2,node3   start the others over ssh",
     k_exit_findings, "man distdoctor; docs/preflight.md in distdoctor's source"},
    {"bench",
     "  distdoctor bench --rendezvous HOST:29400 --rank R --world N   on every node: all_reduce 1M..64M\n"
     "  distdoctor bench --rendezvous HOST:29400 --rank R --world N --p2p   every pair alone",
     k_exit_findings, "man distdoctor; docs/bench.md in distdoctor's source"},
    {"watch",
     "  distdoctor watch -- torchrun --nproc_per_node 8 train.py   run the job, report a stall\n"
     "  distdoctor watch --stall 120 --on-stall dump -- python train.py\n"
     "  distdoctor watch --pid 4242         attach to a running job",
     "  the job's own exit code when watch started it; attached (--pid, --match): 0 no error finding,\n"
     "  1 at least one error finding; 2 usage error; 3 internal failure",
     "man distdoctor; docs/watch.md in distdoctor's source"},
    {"lint",
     "  distdoctor lint train.py launch.sh k8s/   files or whole folders\n"
     "  distdoctor lint --json .            every finding with its file and line",
     "  0 no error finding, 1 at least one error finding, 2 usage error or a path that cannot be read,\n"
     "  3 internal failure",
     "man distdoctor; docs/lint.md in distdoctor's source (every rule)"},
    {"launch-template",
     "  distdoctor launch-template          a torchrun script for 2 nodes with this node's settings\n"
     "  distdoctor launch-template --launcher srun --nodes 4 --gpus-per-node 8 > job.sbatch",
     "  0 script printed, 2 usage error, 3 internal failure", "man distdoctor; README.md in distdoctor's source"},
    {"help",
     "  distdoctor help                     the commands\n"
     "  distdoctor help watch               the options of one command (same as: distdoctor watch --help)",
     "  0, or 2 for an unknown command", "man distdoctor"},
    {"version", "  distdoctor version\n  distdoctor -V", "  0", "man distdoctor"},
};

const HelpText* help_of(std::string_view command) {
  for (const auto& h : k_help)
    if (h.command == command) return &h;
  return nullptr;
}

bool has_long(const CLI::App& sub, const std::string& name) {
  for (const CLI::Option* o : sub.get_options())
    for (const auto& l : o->get_lnames())
      if (l == name) return true;
  return false;
}

bool has_short(const CLI::App& sub, const std::string& name) {
  for (const CLI::Option* o : sub.get_options())
    for (const auto& s : o->get_snames())
      if (s == name) return true;
  return false;
}

// The closest long option to `typed` (without dashes), when it is close enough to be a typo.
std::string closest_long(const CLI::App& sub, const std::string& typed) {
  std::string best;
  std::size_t best_d = std::min<std::size_t>(3, 1 + typed.size() / 3) + 1;
  for (const CLI::Option* o : sub.get_options()) {
    for (const auto& l : o->get_lnames()) {
      std::size_t d = core::edit_distance(typed, l);
      if (d < best_d) best_d = d, best = l;
    }
  }
  return best;
}

// How the usage line shows a positional argument: FILE... for a list.
std::string shown_name(const CLI::Option& o) { return o.get_name() + (o.get_items_expected_max() > 1 ? "..." : ""); }

std::string strip_prefix(const std::string& s, std::string_view prefix) {
  return core::starts_with(s, prefix) ? s.substr(prefix.size()) : s;
}

}  // namespace

std::string help_footer(std::string_view command) {
  const HelpText* h = help_of(command);
  if (!h) return {};
  return fmt::format("Examples:\n{}\n\nExit status:\n{}\n\nDocs: {}", h->examples, h->exit_status, h->docs);
}

std::optional<std::string> unknown_option(const CLI::App& sub, const std::vector<std::string>& args) {
  for (const auto& a : args) {
    if (a == "--") break;
    if (a.size() > 2 && a[0] == '-' && a[1] == '-') {
      std::string name = a.substr(2, a.find('=') == std::string::npos ? std::string::npos : a.find('=') - 2);
      if (has_long(sub, name)) continue;
      std::string msg = fmt::format("unknown option '--{}'", name);
      if (name == "version") return msg + " (the version: distdoctor --version)";
      std::string best = closest_long(sub, name);
      if (!best.empty())
        msg += fmt::format(" (did you mean '--{}'?)", best);
      else if (sub.get_name() == "watch")
        msg += " (the training command and its flags go after --)";
      return msg;
    }
    // -x, -xVALUE: CLI11 reads a dash and a letter as a short option; "-" alone and "-1" are values.
    if (a.size() >= 2 && a[0] == '-' && a[1] != '-' && std::isalpha(static_cast<unsigned char>(a[1]))) {
      std::string name(1, a[1]);
      if (has_short(sub, name)) continue;
      if (name == "V") return std::string("unknown option '-V' (the version: distdoctor -V)");
      return fmt::format("unknown option '-{}'", name);
    }
  }
  return std::nullopt;
}

std::string usage_message(const CLI::App& sub, const CLI::ParseError& e) {
  std::string what = e.what();
  if (dynamic_cast<const CLI::RequiredError*>(&e)) {
    for (const CLI::Option* o : sub.get_options()) {
      if (o->get_positional() && o->get_required() && o->count() == 0)
        return fmt::format("missing {} ({})", shown_name(*o), o->get_description());
    }
    return what;
  }
  if (dynamic_cast<const CLI::ValidationError*>(&e)) {
    // "--stall: must be ..." -> "--stall must be ..."
    auto colon = what.find(": must ");
    if (colon != std::string::npos) return what.substr(0, colon) + what.substr(colon + 1);
    return what;
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) {
    // "--stall: 1 required FLOAT missing" -> "--stall needs a value"
    auto colon = what.find(':');
    if (core::starts_with(what, "-") && colon != std::string::npos && what.find("missing") != std::string::npos)
      return what.substr(0, colon) + " needs a value";
    return what;
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    std::string rest = strip_prefix(strip_prefix(what, "The following argument was not expected: "),
                                    "The following arguments were not expected: ");
    bool takes_positional = false;
    for (const CLI::Option* o : sub.get_options()) takes_positional = takes_positional || o->get_positional();
    return fmt::format("unexpected argument{} '{}'{}", rest.find(' ') == std::string::npos ? "" : "s", rest,
                       takes_positional ? "" : " (this command takes no file or other argument)");
  }
  if (dynamic_cast<const CLI::ConversionError*>(&e)) {
    // "Could not convert: --pid = abc" -> "--pid does not take 'abc'"
    std::string rest = strip_prefix(what, "Could not convert: ");
    auto eq = rest.find(" = ");
    if (eq != std::string::npos) return fmt::format("{} does not take '{}'", rest.substr(0, eq), rest.substr(eq + 3));
    return what;
  }
  return what;
}

int input_error(std::string_view command, const std::string& message) {
  std::string who = command.empty() ? "distdoctor" : fmt::format("distdoctor {}", command);
  std::fprintf(stderr, "%s: %s\n", who.c_str(), message.c_str());
  return core::k_exit_usage;
}

int usage_error(std::string_view command, const std::string& message) {
  std::string who = command.empty() ? "distdoctor" : fmt::format("distdoctor {}", command);
  std::fprintf(stderr, "%s: %s\nRun '%s --help' for usage.\n", who.c_str(), message.c_str(), who.c_str());
  return core::k_exit_usage;
}

}  // namespace dd::cli
