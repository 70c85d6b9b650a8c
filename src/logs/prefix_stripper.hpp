// Prefix stripping: what launchers and log collectors put before a program's own line.
// Removes a trailing CR, ANSI escape sequences, and (repeatedly) leading timestamps, Open MPI
// `[1,0]<stdout>:`, srun `0: `, torchrun `[default0]:`, torch `[rank3]:` and Ray
// `(RayTrainWorker pid=.., ip=..)` prefixes. Pure function; never allocates unless the line holds
// an escape character.
#pragma once

#include <string>
#include <string_view>

namespace dd::logs {

struct Stripped {
  std::string_view body;  // the line as the program printed it
  int launcher_rank = -1; // rank named by an MPI / srun / torchrun / torch prefix, if any
};

// `scratch` is used (and the result points into it) only when ANSI escapes must be removed.
// `may_have_escape` = false skips the escape scan (the reader saw no ESC byte in this chunk).
Stripped strip_prefixes(std::string_view line, std::string& scratch, bool may_have_escape = true);

}  // namespace dd::logs
