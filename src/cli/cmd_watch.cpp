// `distdoctor watch [--stall S] [--on-stall report|kill|dump] [--log FILE] [--nccl-debug] -- CMD...`
// and `watch --pid PID... | --match PATTERN`: run or attach, report stalls with their cause.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/flag_checks.hpp"
#include "cli/meeting_flags.hpp"
#include "cli/usage.hpp"
#include "core/exit_code.hpp"
#include "env/launchers/launch_info.hpp"
#include "os/environment.hpp"
#include "os/file_tree.hpp"
#include "os/linux_firewall_source.hpp"
#include "os/linux_process_runner.hpp"
#include "os/linux_resolver.hpp"
#include "report/findings_text.hpp"
#include "report/json.hpp"
#include "report/style.hpp"
#include "watch/meet.hpp"
#include "watch/path_probe.hpp"
#include "watch/session.hpp"
#include "watch/socket_source.hpp"

namespace dd::cli {

namespace {

struct WatchCli {
  watch::WatchOptions opt;
  std::string on_stall = "report";
  MeetingFlags meet;  // multi-node: --rendezvous --rank --world --token, as preflight's
  double meet_timeout_s = 120;
};

bool wants_meeting(const MeetingFlags& m) { return !m.rendezvous.empty() || m.world > 1; }

// This node's report for the meeting: its findings and what its ranks did at its last stall.
watch::NodeReport node_report(const watch::WatchResult& r, int rank, const std::string& host) {
  watch::NodeReport n;
  n.node = rank;
  n.host = host;
  n.exit_code = r.exit_code;
  n.stalls = static_cast<int>(r.stalls.size());
  n.findings = r.findings;
  if (!r.stalls.empty()) n.ranks = r.stalls.back().ranks;
  n.rank_envs = r.rank_envs;
  n.last_step_line = r.last_step_line;
  n.error_lines = r.error_lines;
  return n;
}

// Rank 0's verdict as this node prints it (on the meeting's thread: one write to stderr).
void print_meeting_outcome(const watch::MeetOutcome& out, bool color) {
  if (!out.ok) {
    std::fprintf(stderr, "distdoctor watch: no job verdict: %s\n", out.error.c_str());
    return;
  }
  std::string text = "distdoctor watch: job verdict from node rank 0: " + out.verdict.verdict + "\n" +
                     report::render_findings(out.verdict.findings, report::Style(color));
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
}

nlohmann::json meeting_json(const watch::MeetConfig& c, const watch::MeetOutcome& out) {
  nlohmann::json m = {{"rank", c.rank}, {"world", c.world}, {"ok", out.ok}};
  if (!out.error.empty()) m["error"] = out.error;
  if (out.ok) m["verdict"] = watch::to_json(out.verdict);
  if (c.rank == 0) {
    m["nodes"] = nlohmann::json::array();
    for (const auto& n : out.nodes) m["nodes"].push_back(watch::to_json(n));
  }
  return m;
}

nlohmann::json to_json(const watch::WatchResult& r) {
  nlohmann::json stalls = nlohmann::json::array();
  for (const auto& s : r.stalls) {
    nlohmann::json ranks = nlohmann::json::array();
    for (const auto& a : s.ranks) ranks.push_back({{"rank", a.rank}, {"activity", watch::activity_key(a.activity)}});
    stalls.push_back({{"at_s", s.at_s},
                      {"idle_s", s.idle_s},
                      {"findings", report::to_json(s.findings)},
                      {"processes", s.processes},
                      {"ranks", ranks},
                      {"notes", s.notes}});
  }
  nlohmann::json rank_envs = nlohmann::json::array();
  for (const auto& e : r.rank_envs) rank_envs.push_back(watch::to_json(e));
  nlohmann::json j = {{"command", "watch"},
                      {"argv", r.command},
                      {"exit_code", r.exit_code ? nlohmann::json(*r.exit_code) : nlohmann::json(nullptr)},
                      {"duration_s", r.duration_s},
                      {"orphans_reaped", r.orphans_reaped},
                      {"stalls", stalls},
                      {"rank_env", rank_envs},
                      {"findings", report::to_json(r.findings)}};
  if (!r.attached.empty()) j["attached"] = r.attached;
  return j;
}

// Multi-node: the nodes meet at their first stall (a hung job does not end by itself), on a thread
// of its own so that sampling and the output relay go on; a node that never stalled meets when watch
// ends. Once only.
void start_meeting(watch::BackgroundMeeting& run, const watch::MeetConfig& meet, bool color,
                   const watch::WatchResult& so_far, const char* when) {
  if (run.started()) return;
  std::fprintf(stderr, "distdoctor watch: meeting the other nodes at %s:%d %s (node rank %d of %d)\n",
               meet.rendezvous_host.c_str(), meet.rendezvous_port, when, meet.rank, meet.world);
  run.start(
      meet, node_report(so_far, meet.rank, meet.host),
      [](const std::string& line) { std::fprintf(stderr, "distdoctor watch: %s\n", line.c_str()); },
      [color](const watch::MeetOutcome& out) { print_meeting_outcome(out, color); });
}

// The watch loop's hooks into the meeting: the first stall starts it; a stall after the one the node
// met at (its job moved on, then hung again) is the report rank 0 merges, and its hang stands,
// whatever progress came between; progress after the last stall ends it.
void hook_meeting(watch::WatchIo& io, watch::BackgroundMeeting& run, const watch::MeetConfig& meet) {
  io.on_stall_reported = [&run, &meet, color = io.color](const watch::WatchResult& so_far) {
    if (run.started())
      run.note_stalled_again(node_report(so_far, meet.rank, meet.host));
    else
      start_meeting(run, meet, color, so_far, "at this stall");
  };
  io.on_progress_again = [&run] {
    if (run.started()) run.note_resumed();
  };
}

int run_watch_command(WatchCli& cli, const GlobalOptions& global) {
  auto& opt = cli.opt;
  opt.on_stall = cli.on_stall == "kill"   ? watch::OnStall::kill
                 : cli.on_stall == "dump" ? watch::OnStall::dump
                                          : watch::OnStall::report;
  opt.json = global.json;
  opt.use_pty = !global.json && ::isatty(STDOUT_FILENO);
  std::optional<watch::MeetConfig> meet;
  if (wants_meeting(cli.meet)) {  // checked before the job starts: a bad flag costs no run
    auto lf = launch_flags_of(cli.meet);
    auto launch = env::launchers::detect_launch(os::Environment::capture(), lf);
    if (!launch) {
      return usage_error("watch", launch.error().message);
    }
    meet = watch::MeetConfig{launch->rendezvous_host,
                             launch->rendezvous_port,
                             launch->rank.value_or(0),
                             launch->world.value_or(1),
                             env::launchers::job_token(*launch, lf),
                             os::LinuxResolver().hostname(),
                             std::chrono::milliseconds(static_cast<long>(cli.meet_timeout_s * 1000))};
  }
  os::DiskFileTree proc("/");
  watch::LinuxSocketSource sockets;
  watch::LinuxPathProbe probe;
  os::LinuxFirewallSource firewall;
  watch::WatchIo io{proc, sockets};
  io.firewall = &firewall;
  os::LinuxProcessRunner runner;
  io.runner = &runner;
  io.probe = &probe;
  io.out_fd = global.json ? STDERR_FILENO : STDOUT_FILENO;
  io.color = global.style().color() && (global.color == "always" || ::isatty(STDERR_FILENO));
  io.ticks_per_s = ::sysconf(_SC_CLK_TCK);
  io.host = meet ? meet->host : os::LinuxResolver().hostname();
  watch::BackgroundMeeting meeting_run;
  if (meet) hook_meeting(io, meeting_run, *meet);
  auto result = watch::run_watch(opt, io);
  if (!result) {
    if (meeting_run.started()) meeting_run.wait();
    if (result.error().kind == core::ErrorKind::system) {
      std::fprintf(stderr, "distdoctor watch: %s\n", result.error().message.c_str());
      return core::k_exit_internal;
    }
    return input_error("watch", result.error().message);
  }
  nlohmann::json meeting;
  if (meet) {
    start_meeting(meeting_run, *meet, io.color, *result, "as watch ends");
    meeting = meeting_json(*meet, meeting_run.wait());
  }
  if (global.json) {
    auto j = to_json(*result);
    if (meet) j["meeting"] = meeting;
    std::cout << j.dump(2) << "\n";
    std::cout.flush();
  } else if (!result->stalls.empty()) {
    std::fprintf(stderr, "distdoctor watch: %zu stall(s) reported; command exit code %s\n", result->stalls.size(),
                 result->exit_code ? std::to_string(*result->exit_code).c_str() : "n/a (attached)");
  }
  if (result->exit_code) return *result->exit_code;
  return core::has_error(result->findings) ? core::k_exit_findings : core::k_exit_ok;
}

}  // namespace

void setup_watch(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  auto cli = std::make_shared<WatchCli>();
  sub.add_option("--stall", cli->opt.stall_s, "seconds without progress that make a stall (default 300)")
      ->check(number_above_zero("seconds"));
  sub.add_option("--on-stall", cli->on_stall, "report (default), kill the job, or dump thread stacks too")
      ->check(one_of({"report", "kill", "dump"}));
  sub.add_option("--log", cli->opt.log_file, "also write the job's output to FILE");
  sub.add_flag("--nccl-debug", cli->opt.nccl_debug, "set NCCL_DEBUG=INFO, NCCL_DEBUG_SUBSYS=INIT,NET unless set");
  sub.add_option("--pid", cli->opt.pids, "attach to a running process (and its descendants); repeatable")
      ->check(whole_number(1, 4194304, ""));
  sub.add_option("--match", cli->opt.match, "attach to running processes whose command line contains PATTERN");
  add_meeting_options(sub, cli->meet,
                      "multi-node: HOST:PORT where node rank 0's watch merges every node's report at the first stall "
                      "(or when watch ends) (default: MASTER_ADDR:MASTER_PORT+1 when --world is given)",
                      "job token shared by the nodes' watch (default: the launcher's job id)");
  sub.add_option("--meet-timeout", cli->meet_timeout_s,
                 "multi-node: seconds rank 0 waits for the other nodes' reports (default 120)")
      ->check(number_above_zero("seconds"));
  sub.add_option("COMMAND", cli->opt.argv, "the training command, after --");
  sub.callback([cli, &global, &exit_code] { exit_code = run_watch_command(*cli, global); });
}

}  // namespace dd::cli
