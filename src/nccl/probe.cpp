#include "nccl/probe.hpp"

#include <signal.h>
#include <string.h>

#include <utility>

#include "core/strings.hpp"

namespace dd::nccl {

namespace {

constexpr std::size_t k_max_output_lines = 200;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& line : core::split(text, '\n')) {
    std::string_view t = core::trim(line);
    if (t.empty()) continue;
    if (out.size() == k_max_output_lines) break;
    out.emplace_back(t);
  }
  return out;
}

// The names glibc's sigabbrev_np gives, "SIG" in front (the same for 0..70; sigabbrev_np needs
// glibc 2.32 and the portable release binary is linked against 2.31).
std::string signal_name(int sig) {
  static constexpr std::pair<int, const char*> k_names[] = {
      {SIGHUP, "HUP"},       {SIGINT, "INT"},   {SIGQUIT, "QUIT"},   {SIGILL, "ILL"},   {SIGTRAP, "TRAP"},
      {SIGABRT, "ABRT"},     {SIGBUS, "BUS"},   {SIGFPE, "FPE"},     {SIGKILL, "KILL"}, {SIGUSR1, "USR1"},
      {SIGSEGV, "SEGV"},     {SIGUSR2, "USR2"}, {SIGPIPE, "PIPE"},   {SIGALRM, "ALRM"}, {SIGTERM, "TERM"},
      {SIGSTKFLT, "STKFLT"}, {SIGCHLD, "CHLD"}, {SIGCONT, "CONT"},   {SIGSTOP, "STOP"}, {SIGTSTP, "TSTP"},
      {SIGTTIN, "TTIN"},     {SIGTTOU, "TTOU"}, {SIGURG, "URG"},     {SIGXCPU, "XCPU"}, {SIGXFSZ, "XFSZ"},
      {SIGVTALRM, "VTALRM"}, {SIGPROF, "PROF"}, {SIGWINCH, "WINCH"}, {SIGIO, "POLL"},   {SIGPWR, "PWR"},
      {SIGSYS, "SYS"}};
  for (const auto& [number, name] : k_names) {
    if (number == sig) return std::string("SIG") + name;
  }
  return "signal " + std::to_string(sig);
}

std::string last_line(const std::vector<std::string>& lines) { return lines.empty() ? "" : lines.back(); }

ProbeStatus status_of_stage(const std::string& stage) {
  if (stage == "dlopen") return ProbeStatus::load_failed;
  if (stage == "dlsym") return ProbeStatus::symbol_missing;
  if (stage == "done") return ProbeStatus::ok;
  return ProbeStatus::nccl_error;
}

core::Error bad_answer(const std::string& lib_path, const std::string& why) {
  return core::make_error(core::ErrorKind::internal,
                          "NCCL probe of " + lib_path + ": the child's answer is not valid: " + why);
}

}  // namespace

std::string_view to_string(ProbeStatus status) {
  switch (status) {
    case ProbeStatus::ok:
      return "ok";
    case ProbeStatus::load_failed:
      return "load-failed";
    case ProbeStatus::symbol_missing:
      return "symbol-missing";
    case ProbeStatus::nccl_error:
      return "nccl-error";
    case ProbeStatus::crashed:
      return "crashed";
    case ProbeStatus::timed_out:
      return "timed-out";
  }
  return "crashed";
}

core::Result<LibraryProbe> read_probe_outcome(const std::string& lib_path, const os::ProcessOutcome& outcome,
                                              std::chrono::milliseconds deadline) {
  LibraryProbe r;
  r.path = lib_path;
  r.nccl_output = lines_of(outcome.err);
  if (outcome.timed_out) {
    r.status = ProbeStatus::timed_out;
    r.error = "no answer within " + std::to_string(deadline.count()) + " ms: the library hung (child killed)";
    return r;
  }
  // The answer is the last non-empty stdout line; anything before it would be stray output.
  std::vector<std::string> out_lines = lines_of(outcome.out);
  if (outcome.signal != 0 || out_lines.empty()) {
    r.status = ProbeStatus::crashed;
    r.error = outcome.signal != 0
                  ? "the probe child died of " + signal_name(outcome.signal)
                  : "the probe child exited with code " + std::to_string(outcome.exit_code) + " without an answer";
    if (auto tail = last_line(r.nccl_output); !tail.empty()) r.error += "; last output: " + tail;
    if (outcome.signal != 0 || outcome.exit_code != 0) return r;
    return bad_answer(lib_path, "no output on stdout");
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(out_lines.back());
  } catch (const nlohmann::json::exception& e) {
    return bad_answer(lib_path, std::string("not JSON (") + e.what() + "): " + out_lines.back().substr(0, 200));
  }
  try {
    std::string stage = j.at("stage").get<std::string>();
    r.status = status_of_stage(stage);
    r.ok = j.at("ok").get<bool>() && r.status == ProbeStatus::ok;
    if (!j.at("version_code").is_null()) r.version_code = j.at("version_code").get<int>();
    r.version = j.value("version", "");
    if (!j.at("rc").is_null()) r.rc = j.at("rc").get<int>();
    r.error = j.value("error", "");
    if (auto last = j.value("last_error", ""); !last.empty()) r.error += ": " + last;
    if (const auto& o = j.at("observed"); !o.is_null()) {
      ObservedAddress obs;
      obs.iface = o.at("iface").is_null() ? "" : o.at("iface").get<std::string>();
      obs.addr = o.at("addr").get<std::string>();
      obs.port = o.value("port", 0);
      obs.source = o.value("source", "unique-id");
      obs.note = o.value("note", "");
      r.observed = std::move(obs);
    }
  } catch (const nlohmann::json::exception& e) {
    return bad_answer(lib_path, std::string("missing or mistyped field (") + e.what() + ")");
  }
  if (r.status == ProbeStatus::ok && !r.observed) return bad_answer(lib_path, "stage done without an address");
  return r;
}

core::Result<LibraryProbe> probe_library(const std::string& lib_path, const os::ProcessRunner& runner,
                                         const std::string& self_exe, const os::Environment& env,
                                         std::chrono::milliseconds deadline) {
  os::ProcessSpec spec;
  spec.argv = {self_exe, std::string(k_probe_command), lib_path};
  spec.env = env.all();
  spec.timeout = deadline;
  spec.max_output = 256 * 1024;
  auto outcome = runner.run(spec);
  if (!outcome) {
    return core::make_error(outcome.error().kind, "NCCL probe of " + lib_path + ": " + outcome.error().message);
  }
  return read_probe_outcome(lib_path, *outcome, deadline);
}

nlohmann::json to_json(const LibraryProbe& result) {
  return {{"path", result.path},
          {"version", result.version.empty() ? nlohmann::json() : nlohmann::json(result.version)},
          {"version_code", result.version_code ? nlohmann::json(*result.version_code) : nlohmann::json()},
          {"ok", result.ok},
          {"status", std::string(to_string(result.status))},
          {"rc", result.rc ? nlohmann::json(*result.rc) : nlohmann::json()},
          {"error", result.error},
          {"observed", result.observed ? to_json(*result.observed) : nlohmann::json()},
          {"nccl_output", result.nccl_output}};
}

}  // namespace dd::nccl
