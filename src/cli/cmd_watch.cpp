// `distdoctor watch [--stall S] [--on-stall report|kill|dump] [--log FILE] [--nccl-debug] -- CMD...`
// and `watch --pid PID... | --match PATTERN`: run or attach, report stalls with their cause.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "core/exit_code.hpp"
#include "os/file_tree.hpp"
#include "report/json.hpp"
#include "report/style.hpp"
#include "watch/path_probe.hpp"
#include "watch/session.hpp"
#include "watch/socket_source.hpp"

namespace dd::cli {

namespace {

struct WatchCli {
  watch::WatchOptions opt;
  std::string on_stall = "report";
};

nlohmann::json to_json(const watch::WatchResult& r) {
  nlohmann::json stalls = nlohmann::json::array();
  for (const auto& s : r.stalls) {
    stalls.push_back({{"at_s", s.at_s}, {"idle_s", s.idle_s}, {"findings", report::to_json(s.findings)},
                      {"processes", s.processes}});
  }
  nlohmann::json j = {{"command", "watch"},
                      {"argv", r.command},
                      {"exit_code", r.exit_code ? nlohmann::json(*r.exit_code) : nlohmann::json(nullptr)},
                      {"duration_s", r.duration_s},
                      {"orphans_reaped", r.orphans_reaped},
                      {"stalls", stalls},
                      {"findings", report::to_json(r.findings)}};
  if (!r.attached.empty()) j["attached"] = r.attached;
  return j;
}

int run_watch_command(WatchCli& cli, const GlobalOptions& global) {
  auto& opt = cli.opt;
  opt.on_stall = cli.on_stall == "kill" ? watch::OnStall::kill
                 : cli.on_stall == "dump" ? watch::OnStall::dump
                                          : watch::OnStall::report;
  opt.json = global.json;
  opt.use_pty = !global.json && ::isatty(STDOUT_FILENO);
  os::DiskFileTree proc("/");
  watch::LinuxSocketSource sockets;
  watch::LinuxPathProbe probe;
  watch::WatchIo io{proc, sockets};
  io.probe = &probe;
  io.out_fd = global.json ? STDERR_FILENO : STDOUT_FILENO;
  io.color = report::Style::for_stdout(global.no_color).color() && ::isatty(STDERR_FILENO);
  io.ticks_per_s = ::sysconf(_SC_CLK_TCK);
  auto result = watch::run_watch(opt, io);
  if (!result) {
    std::fprintf(stderr, "distdoctor: error: %s\n", result.error().message.c_str());
    return result.error().kind == core::ErrorKind::system ? core::k_exit_internal : core::k_exit_usage;
  }
  if (global.json) {
    std::cout << to_json(*result).dump(2) << "\n";
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
      ->check(CLI::PositiveNumber);
  sub.add_option("--on-stall", cli->on_stall, "report (default), kill the job, or dump thread stacks too")
      ->check(CLI::IsMember({"report", "kill", "dump"}));
  sub.add_option("--log", cli->opt.log_file, "also write the job's output to FILE");
  sub.add_flag("--nccl-debug", cli->opt.nccl_debug, "set NCCL_DEBUG=INFO, NCCL_DEBUG_SUBSYS=INIT,NET unless set");
  sub.add_option("--pid", cli->opt.pids, "attach to a running process (and its descendants); repeatable");
  sub.add_option("--match", cli->opt.match, "attach to running processes whose command line contains PATTERN");
  sub.add_option("command", cli->opt.argv, "the training command, after --");
  sub.callback([cli, &global, &exit_code] { exit_code = run_watch_command(*cli, global); });
}

}  // namespace dd::cli
