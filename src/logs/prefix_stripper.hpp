// Prefix stripping: what launchers and log collectors put before a program's own line.
// Removes a trailing CR, ANSI escape sequences, and (repeatedly, up to six deep) leading
// timestamps (ISO 8601, ctime, journald/syslog, glog), launcher tags (Open MPI 4/5 and PMIx,
// Horovod, MPICH, srun --label, torchrun, torch, Ray) and collector prefixes (grep file names,
// line numbers and context separators, pdsh/clush hosts, kubectl --prefix, stern, docker compose).
// docs/logs.md "Prefixes" lists each family with its test. Pure function; never allocates unless
// the line holds an escape character. The recognisers live in prefix_{time,launchers,collectors}.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dd::logs {

struct Stripped {
  std::string_view body;   // the line as the program printed it
  int launcher_rank = -1;  // rank named by an MPI / srun / torchrun / torch / Horovod prefix, if any
  std::string_view host;   // host (or pod) named by a pdsh / clush / journald / kubectl / stern /
                           // Open MPI tag-detailed prefix, if any
  // When `body` starts with NCCL's own "host:pid:tid [" header, as the stripper saw while looking
  // for prefixes: the offsets of the ':' after host and after pid and of the blank before '['
  // (header_end = 0 when not seen), so that the classifier does not scan the header again.
  std::uint16_t header_host = 0, header_pid_end = 0, header_end = 0;
};

// `scratch` is used (and the result points into it) only when ANSI escapes must be removed.
// `may_have_escape` = false skips the escape scan (the reader saw no ESC byte in this chunk).
Stripped strip_prefixes(std::string_view line, std::string& scratch, bool may_have_escape = true);

}  // namespace dd::logs
