// The parent side of `bench --backend nccl`: finding the libraries, and running the
// `__bench-nccl` child (cmd_bench_nccl_child.cpp) that loads them, checks for a GPU or runs the
// sweep, and answers one JSON line. The child gets the user's environment (NCCL_* steer NCCL),
// plus NCCL_COMM_ID = rank 0's address for a world of 2 or more; a child that hangs is killed at
// its deadline, one that crashes is reported, never distdoctor itself.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/nccl_sweep.hpp"
#include "os/environment.hpp"
#include "os/file_tree.hpp"
#include "os/process_runner.hpp"

namespace dd::bench {

inline constexpr std::string_view k_nccl_child_command = "__bench-nccl";

struct NcclLibs {
  std::string nccl;    // path of libnccl.so.2
  std::string cudart;  // path or soname of libcudart
};

// The libnccl a job would load (nccl::find_libraries' first) and the libcudart beside it
// (libcudart.so.13, .12, .11, or libcudart.so in the same folder), else the loader's
// "libcudart.so". nullopt nccl when no libnccl is found.
NcclLibs default_nccl_libs(const os::Environment& env, const os::FileTree& tree);

struct NcclChildRequest {
  std::string mode;  // "check" or "run"
  NcclLibs libs;
  NcclJob job;
};

// The child's argument and its reading of it (pure; tests).
nlohmann::json request_json(const NcclChildRequest& r);
core::Result<NcclChildRequest> request_from_json(const nlohmann::json& j);

struct NcclChildAnswer {
  NcclCheck check;
  bool ran = false;   // mode run: the sweep finished
  std::string error;  // why not (loading, no GPU, an NCCL or CUDA call, a crash, the deadline)
  std::vector<Sample> samples;
};

// The child's answer line (pure; tests).
nlohmann::json answer_json(const NcclChildAnswer& a);

// Runs the child: `env` is its whole environment. A crash, a hang or a non-JSON answer is an
// answer with an error; Result error only when the child cannot be started.
core::Result<NcclChildAnswer> run_nccl_child(const os::ProcessRunner& runner, const std::string& self_exe,
                                             const NcclChildRequest& request, const os::Environment& env,
                                             std::chrono::milliseconds deadline);

// The child's whole work once the libraries are loaded (or failed to): the answer.
NcclChildAnswer serve_nccl_request(const NcclChildRequest& request, const core::Result<NcclApi>& api);

}  // namespace dd::bench
