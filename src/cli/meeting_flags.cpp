#include "cli/meeting_flags.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdio>

#include "cli/flag_checks.hpp"

namespace dd::cli {

void add_meeting_options(CLI::App& sub, MeetingFlags& flags, const std::string& rendezvous_help,
                         const std::string& token_help) {
  sub.add_option("--rendezvous", flags.rendezvous, rendezvous_help);
  sub.add_option("--rank", flags.rank, "this node's rank (default: from the launcher)")->check(whole_number(0, 4095));
  sub.add_option("--world", flags.world, "number of nodes (default: from the launcher)")->check(whole_number(1, 4096));
  sub.add_option("--token", flags.token, token_help);
}

env::launchers::LaunchFlags launch_flags_of(const MeetingFlags& flags) {
  env::launchers::LaunchFlags lf;
  if (!flags.rendezvous.empty()) lf.rendezvous = flags.rendezvous;
  if (flags.rank >= 0) lf.rank = flags.rank;
  if (flags.world >= 0) lf.world = flags.world;
  if (!flags.token.empty()) lf.token = flags.token;
  return lf;
}

cluster::Log rank_log(bool verbose, int rank) {
  return [verbose, rank](const std::string& line) {
    if (!verbose) return;
    auto now = std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
    auto secs = std::chrono::floor<std::chrono::seconds>(now);
    auto ms = (now - secs).count();
    std::fputs(fmt::format("distdoctor[rank {}] {:%H:%M:%S}.{:03}: {}\n", rank, secs, ms, line).c_str(), stderr);
  };
}

}  // namespace dd::cli
