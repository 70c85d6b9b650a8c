// FactBuilder: the per-rank state builder. Feeds each line through the classifier and folds the
// event into LogFacts (processes keyed by host:pid, signals, failed peers, watchdog hits).
// Memory is bounded by the caps in log_facts.hpp, whatever the input size.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "logs/line_classifier.hpp"
#include "logs/log_facts.hpp"

namespace dd::logs {

class FactBuilder {
 public:
  // Starts a new input: line numbers restart at 1 and the "current process" context is reset.
  void begin_file(const std::string& name);
  // One line (without '\n'); `cut` when the reader dropped the tail of an over-long line.
  // `may_have_escape` = false lets the prefix stripper skip its ANSI scan.
  void add_line(std::string_view raw, bool cut = false, bool may_have_escape = true);
  // The same, for a `raw` that stays valid until release_views() is called: the builder may keep a
  // view of it instead of a copy (the text of a process's last line, copied only when that process's
  // next line does not supersede it first). Call release_views() before `raw`'s buffer changes.
  void add_buffered_line(std::string_view raw, bool cut = false, bool may_have_escape = true);
  void release_views();
  // The facts so far (last_activity file names filled in).
  const LogFacts& facts();
  LogFacts take();

 private:
  ProcessState* process_for(const LineEvent& ev);
  Evidence evidence(std::string_view text) const;
  void record_signal(const LineEvent& ev, int rank, std::string_view body);
  void record_peer(const LineEvent& ev, ProcessState* p, std::string_view body);
  void record_coll(const LineEvent& ev, ProcessState& p, std::string_view body);
  void apply(const LineEvent& ev, ProcessState* p, int rank, std::string_view body);
  // Parts of apply: what a line tells about its own process, and a watchdog timeout.
  void record_process_event(const LineEvent& ev, ProcessState& p, std::string_view body);
  void record_watchdog(const LineEvent& ev, int rank, std::string_view body);
  void add_parsed(const ParsedLine& parsed);
  void record_launcher(const LineEvent& ev, std::string_view body);
  void record_mpi_unmatched(const LineEvent& ev, std::string_view body);
  void record_mpi_connect(const LineEvent& ev, std::string_view body);
  // Parts of record_launcher: a launcher's failed-rank entry (nullptr past the cap), a Horovod
  // stall's list of missing names, a row of torch elastic's failure table.
  LauncherFailure* add_launcher_failure(std::string source, const LineEvent& ev, std::string_view body);
  void record_missing_rank(const LineEvent& ev, std::string_view body);
  void record_failure_row(const LineEvent& ev, std::string_view body);
  void missing_rank_line(ParsedLine& parsed) const;
  void add_glued(std::string_view body, std::size_t next, int launcher_rank);

  // Open-addressing index of processes by a hash of "host:pid" (the hot path of every line).
  // The key ("host:pid", contiguous in NCCL's header) is kept inline when short, so a lookup
  // touches one cache line.
  static constexpr std::size_t k_inline_key = 44;
  struct Slot {
    std::uint64_t hash = 0;
    ProcessState* process = nullptr;
    std::uint32_t len = 0;
    char key[k_inline_key] = {};
  };
  ProcessState* find_or_add(std::string_view key, std::string_view host, std::string_view pid);
  void finalize();

  LogFacts facts_;
  std::vector<Slot> slots_ = std::vector<Slot>(1024);
  std::string scratch_;
  std::string last_key_;                  // key of the previous headed line ...
  ProcessState* last_process_ = nullptr;  // ... and its process (logs come in per-rank bursts)
  std::string file_;
  int file_index_ = -1;
  std::uint64_t line_no_ = 0;
  ProcessState* current_ = nullptr;  // last process with a header in this file
  std::string_view line_host_;       // the host a collector prefix named on the line being applied
  // add_buffered_line: the line being added, and the process whose last-activity text is still a
  // view (`pending_text_`, into a line the caller keeps valid) until release_views().
  bool buffered_ = false;
  std::string_view raw_;
  ProcessState* pending_process_ = nullptr;
  std::string_view pending_text_;
  void set_last_text(ProcessState& p, std::string_view body);
  // Multi-line launcher reports of this file: the line of the last Horovod stall line (the header or
  // a "Missing ranks" line; 0 when none) and the ChildFailedError table rows seen so far.
  std::uint64_t horovod_stall_line_ = 0;
  bool failure_root_next_ = false;
  std::string failure_host_;
};

}  // namespace dd::logs
