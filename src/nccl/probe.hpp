// Asking a real NCCL library which address it would bootstrap on, without loading it into
// distdoctor's own process: `<self_exe> __probe-nccl <lib>` runs in a child (with the user's
// environment, since NCCL_* settings steer NCCL's choice), calls ncclGetVersion and
// ncclGetUniqueId, and prints one JSON line; NCCL's own log lines (NCCL_DEBUG=INFO) go to the
// child's stderr and are kept as evidence. A library that hangs is killed at the deadline.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "nccl/probe_unique_id.hpp"
#include "os/environment.hpp"
#include "os/process_runner.hpp"

namespace dd::nccl {

inline constexpr std::string_view k_probe_command = "__probe-nccl";
inline constexpr std::chrono::milliseconds k_probe_deadline{10000};

enum class ProbeStatus {
  ok,              // the library answered with an address
  load_failed,     // dlopen failed (missing dependency, wrong architecture, not a library)
  symbol_missing,  // no ncclGetUniqueId in it
  nccl_error,      // ncclGetUniqueId returned an error (e.g. no usable interface, bad NCCL_COMM_ID)
  crashed,         // the child died of a signal or exited without an answer
  timed_out,       // the child did not answer within the deadline and was killed
};
std::string_view to_string(ProbeStatus status);  // "ok", "load-failed", ..., "timed-out"

struct LibraryProbe {
  std::string path;
  std::optional<int> version_code;  // 22809
  std::string version;              // "2.28.9"; empty when unknown
  bool ok = false;
  ProbeStatus status = ProbeStatus::crashed;
  std::optional<int> rc;  // ncclGetUniqueId's ncclResult_t when it was called
  std::string error;      // what went wrong, in words; empty when ok
  std::optional<ObservedAddress> observed;
  std::vector<std::string> nccl_output;  // NCCL's log lines (child's stderr), at most 200
};

// Runs the probe child for `lib_path`. The child gets `env` as its whole environment. Error only
// when the child cannot be started at all (self_exe missing) or a child that exited normally
// printed something other than the JSON answer; a crash, a hang or an NCCL failure is a
// LibraryProbe with ok == false.
core::Result<LibraryProbe> probe_library(const std::string& lib_path, const os::ProcessRunner& runner,
                                         const std::string& self_exe, const os::Environment& env,
                                         std::chrono::milliseconds deadline = k_probe_deadline);

// The parent's reading of a finished child (exposed for tests).
core::Result<LibraryProbe> read_probe_outcome(const std::string& lib_path, const os::ProcessOutcome& outcome,
                                              std::chrono::milliseconds deadline);

// DESIGN.md's `nccl.library`: {path, version, observed: {iface, addr} | null} plus version_code,
// ok, status, rc, error, observed.{port, source, note} and nccl_output.
nlohmann::json to_json(const LibraryProbe& result);

}  // namespace dd::nccl
