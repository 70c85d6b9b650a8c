// FactBuilder: the per-rank state builder. Feeds each line through the classifier and folds the
// event into LogFacts (processes keyed by host:pid, signals, failed peers, watchdog hits).
// Memory is bounded by the caps in log_facts.hpp, whatever the input size.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include "logs/line_classifier.hpp"
#include "logs/log_facts.hpp"

namespace dd::logs {

class FactBuilder {
 public:
  // Starts a new input: line numbers restart at 1 and the "current process" context is reset.
  void begin_file(const std::string& name);
  // One line (without '\n'); `cut` when the reader dropped the tail of an over-long line.
  void add_line(std::string_view raw, bool cut = false);
  const LogFacts& facts() const { return facts_; }
  LogFacts take() { return std::move(facts_); }

 private:
  ProcessState* process_for(const LineEvent& ev);
  Evidence evidence(std::string_view text) const;
  void record_signal(const LineEvent& ev, int rank, std::string_view body);
  void record_peer(const LineEvent& ev, ProcessState* p, std::string_view body);
  void apply(const LineEvent& ev, ProcessState* p, int rank, std::string_view body);

  LogFacts facts_;
  std::unordered_map<std::string, ProcessState*> index_;
  std::string key_, scratch_;
  std::string file_;
  int file_index_ = -1;
  std::uint64_t line_no_ = 0;
  ProcessState* current_ = nullptr;  // last process with a header in this file
  ProcessState* cached_ = nullptr;   // last looked-up process
};

}  // namespace dd::logs
