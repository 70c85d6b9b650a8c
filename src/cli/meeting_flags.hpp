// The meeting flags preflight and bench share: where rank 0 serves, this node's rank, the number
// of nodes and the job token. Each left unset defaults to what the launcher's environment says
// (env/launchers/detect_launch).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "env/launchers/launch_info.hpp"
#include "transport/rendezvous.hpp"

namespace dd::cli {

struct MeetingFlags {
  std::string rendezvous;  // HOST:PORT
  int rank = -1;
  int world = -1;
  std::string token;
};

// --rendezvous, --rank, --world and --token on `sub`, with each command's own help for the two
// whose defaults it explains.
void add_meeting_options(CLI::App& sub, MeetingFlags& flags, const std::string& rendezvous_help,
                         const std::string& token_help);

// The flags the user gave, for detect_launch (unset ones stay empty).
env::launchers::LaunchFlags launch_flags_of(const MeetingFlags& flags);

// --verbose's log for a meeting command: "distdoctor[rank R] HH:MM:SS.mmm: LINE" on stderr (wall
// clock, UTC, so that the lines of several nodes can be merged and ordered); silent when !verbose.
cluster::Log rank_log(bool verbose, int rank);

}  // namespace dd::cli
