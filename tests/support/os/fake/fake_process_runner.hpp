// FakeProcessRunner: a recording ProcessRunner for unit tests. Each run() records the spec and
// returns the next queued answer (an outcome or an error); with nothing queued it answers an
// internal error so a test never silently gets a default. run() may be called from several
// threads (answers are then taken in call order).
#pragma once

#include <deque>
#include <mutex>
#include <vector>

#include "os/process_runner.hpp"

namespace dd::os::fake {

class FakeProcessRunner final : public ProcessRunner {
 public:
  FakeProcessRunner& answer(ProcessOutcome outcome);
  FakeProcessRunner& fail(core::Error error);

  core::Result<ProcessOutcome> run(const ProcessSpec& spec) const override;

  // Every spec run() was given, in order.
  mutable std::vector<ProcessSpec> calls;

 private:
  mutable std::mutex mutex_;
  mutable std::deque<core::Result<ProcessOutcome>> answers_;
};

}  // namespace dd::os::fake
