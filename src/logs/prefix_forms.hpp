// The prefix families prefix_stripper.cpp removes, one recogniser each (internal to src/logs).
// Each `*_len` function returns the length of its prefix at the start of `s` (with the separator
// that follows it), 0 when `s` does not start with it, and may fill `out.launcher_rank` /
// `out.host`. They never allocate; `out`'s views point into `s`.
// Files: prefix_time.cpp (timestamps, journald/syslog, glog, colour codes), prefix_launchers.cpp
// (Open MPI / PMIx / Horovod / MPICH / srun / torchrun / Ray), prefix_collectors.cpp (grep,
// pdsh / clush, docker compose, kubectl, stern).
#pragma once

#include <cstddef>
#include <string_view>

#include "logs/prefix_stripper.hpp"
#include "logs/text_scan.hpp"

namespace dd::logs::prefix {

// Leading run of digits at `pos` as an int (at most 9 digits); returns the digit count.
inline std::size_t read_digits(std::string_view s, std::size_t pos, int& value) {
  std::size_t n = 0;
  value = 0;
  while (pos + n < s.size() && is_digit(s[pos + n]) && n < 9) {
    value = value * 10 + (s[pos + n] - '0');
    ++n;
  }
  return n;
}

// "YYYY-MM-DD" (or with '/') at pos.
inline bool is_date(std::string_view s, std::size_t pos) {
  if (s.size() < pos + 10) return false;
  for (std::size_t k = 0; k < 10; ++k) {
    char c = s[pos + k];
    bool ok = (k == 4 || k == 7) ? (c == '-' || c == '/') : is_digit(c);
    if (!ok) return false;
  }
  return true;
}

// "HH:MM:SS" at pos.
inline bool is_clock(std::string_view s, std::size_t pos) {
  return s.size() >= pos + 8 && is_digit(s[pos]) && is_digit(s[pos + 1]) && s[pos + 2] == ':' && is_digit(s[pos + 3]) &&
         is_digit(s[pos + 4]) && s[pos + 5] == ':' && is_digit(s[pos + 6]) && is_digit(s[pos + 7]);
}

// NCCL's own line header "host:pid:tid [" at the start of `s` (the header stays: it is the line):
// the length of its host, 0 when `s` does not start with one.
std::size_t nccl_header_host_len(std::string_view s);
// The same, with the offsets of the ':' after pid and of the blank before '[' (all 0 when none).
struct HeaderSpan {
  std::size_t host = 0, pid_end = 0, end = 0;
};
HeaderSpan nccl_header_span(std::string_view s);
bool is_nccl_header(std::string_view s);

// Text a training program prints on its own (an NCCL header or headerless NCCL line, a torch /
// c10d / Python / glog / dated line): a collector prefix whose shape alone is ambiguous is removed
// only before such text.
bool looks_like_program_text(std::string_view s);

// prefix_time.cpp
std::size_t timestamp_len(std::string_view s);                    // ISO 8601 (T or space, fraction, zone), [ISO]
std::size_t ctime_len(std::string_view s);                        // "Fri Dec  4 12:00:00 2026" before '[', '<' or ' '
std::size_t syslog_len(std::string_view s, Stripped& out);        // journald short / short-precise, syslog
std::size_t journal_full_len(std::string_view s, Stripped& out);  // journald short-full "Fri 2026-12-04 ..."
std::size_t journal_unix_len(std::string_view s, Stripped& out);  // journald short-unix "1733313600.123456 host ..."
std::size_t journal_monotonic_len(std::string_view s, Stripped& out);             // "[ 1234.567890] host ident[pid]: "
std::size_t host_ident_len(std::string_view s, Stripped& out, bool require_pid);  // "host ident[pid]: "
std::size_t glog_len(std::string_view s);      // "I0917 19:46:00.202469  101542 file.cc:82] "
std::size_t bare_sgr_len(std::string_view s);  // "[0m", "[1;31m" whose ESC was lost

// prefix_launchers.cpp
std::size_t mpi_tag_len(std::string_view s, Stripped& out);      // Open MPI 4/5, PMIx, Horovod (starts with '[' or '<')
std::size_t mpich_rank_len(std::string_view s, Stripped& out);   // "[3] "
std::size_t srun_label_len(std::string_view s, Stripped& out);   // "12: ", "P0 3: "
std::size_t bracket_tag_len(std::string_view s, Stripped& out);  // [default0]: [rank3]: [trainer0|0]: [pod/N/C]
std::size_t ray_len(std::string_view s);                         // "(RayTrainWorker pid=1, ip=10.0.0.1) "

// prefix_collectors.cpp
std::size_t grep_len(std::string_view s);  // grep -H/-r/-n/-A/-B/-C
std::size_t line_number_len(std::string_view s);
// A line that has NCCL's header shape might still be a grep context line ("rank0.log-h:1:2 [0]"
// reads as one host "rank0.log-h"): true when that host has a '-' after a '.'.
bool may_be_grep_context(std::string_view host);                 // grep -n alone: "12:" / context "12-"
std::size_t host_prefix_len(std::string_view s, Stripped& out);  // pdsh / clush "host: "
std::size_t compose_len(std::string_view s);                     // docker compose "svc-1  | "
std::size_t stern_len(std::string_view s, Stripped& out);        // stern "[NAMESPACE] POD CONTAINER "

}  // namespace dd::logs::prefix
