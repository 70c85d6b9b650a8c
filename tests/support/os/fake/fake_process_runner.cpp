#include "os/fake/fake_process_runner.hpp"

namespace dd::os::fake {

FakeProcessRunner& FakeProcessRunner::answer(ProcessOutcome outcome) {
  answers_.emplace_back(std::move(outcome));
  return *this;
}

FakeProcessRunner& FakeProcessRunner::fail(core::Error error) {
  answers_.emplace_back(std::move(error));
  return *this;
}

core::Result<ProcessOutcome> FakeProcessRunner::run(const ProcessSpec& spec) const {
  std::lock_guard<std::mutex> lock(mutex_);
  calls.push_back(spec);
  if (answers_.empty()) return core::make_error(core::ErrorKind::internal, "FakeProcessRunner: no answer queued");
  auto next = std::move(answers_.front());
  answers_.pop_front();
  return next;
}

}  // namespace dd::os::fake
