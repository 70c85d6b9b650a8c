// LaunchInfo: who this process is in a preflight world (rank, world size, meeting point, job
// token), derived from the launcher's environment or from flags. Launchers are read, never
// replaced: torchrun / torch.distributed env, Slurm, Open MPI / MPICH / PMIx, TF_CONFIG.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "os/environment.hpp"

namespace dd::env::launchers {

// Default meeting port when neither flags nor MASTER_PORT name one.
inline constexpr int k_default_rendezvous_port = 29400;

// A port the training job itself will use (MASTER_PORT, a TF_CONFIG gRPC port): preflight
// listens on it where this node owns it and it is free, and every peer probes it.
struct JobPort {
  std::string host;  // as the job names it (MASTER_ADDR, TF_CONFIG host)
  int port = 0;
  std::string what;           // "MASTER_PORT", "TF_CONFIG worker[1]"
  bool connect_only = false;  // held by the launcher itself (torchrun's store): only connect-test it
};

struct LaunchInfo {
  std::string launcher = "none";  // flags, torchrun, torch-env, slurm, openmpi, mpich, pmix, tf-config
  std::optional<int> rank;        // node rank in the preflight world (one agent per node)
  std::optional<int> world;       // number of nodes
  std::string rendezvous_host;    // empty when unknown
  int rendezvous_port = 0;        // 0 when unknown
  std::string job_id;             // launcher job id the token derives from; empty when none
  bool skip = false;              // another process on this node takes part (LOCAL_RANK > 0)
  std::string skip_reason;
  std::vector<JobPort> job_ports;
  std::vector<std::string> notes;  // where each value came from, for the report
};

// Values given on the command line; each overrides the environment.
struct LaunchFlags {
  std::optional<std::string> rendezvous;  // HOST:PORT or [V6]:PORT
  std::optional<int> rank;
  std::optional<int> world;
  std::optional<std::string> token;
};

struct HostPort {
  std::string host;
  int port = 0;
};

// "host:port", "[v6]:port", "1.2.3.4:5"; error names `what` and the value.
core::Result<HostPort> parse_host_port(std::string_view value, std::string_view what);

// Each launcher reader: nullopt when its variables are absent; an error when they are present
// but malformed (the message names the variable and the problem).
std::optional<core::Result<LaunchInfo>> from_torch(const os::Environment& env);
std::optional<core::Result<LaunchInfo>> from_slurm(const os::Environment& env);
std::optional<core::Result<LaunchInfo>> from_mpi(const os::Environment& env);
std::optional<core::Result<LaunchInfo>> from_tf_config(const os::Environment& env);

// The full derivation: flags first, then rank/world from torch, Slurm, MPI, TF_CONFIG (the first
// present); the meeting point from flags, MASTER_ADDR:MASTER_PORT+1, the TF_CONFIG leader or the
// first Slurm node on port 29400. Error (usage) when rank, world or meeting point stay unknown
// or are inconsistent (rank >= world).
core::Result<LaunchInfo> detect_launch(const os::Environment& env, const LaunchFlags& flags);

// What a node whose launcher environment is malformed can still use, after detect_launch failed
// with `error`. environment_error: the environment (not the flags) caused the failure; info: a
// launch from the flags, MASTER_ADDR/MASTER_PORT and TF_CONFIG's leader and size, when rank, world
// and meeting point are all known that way.
struct Salvage {
  bool environment_error = false;
  std::optional<LaunchInfo> info;
};
Salvage salvage_launch(const os::Environment& env, const LaunchFlags& flags, const core::Error& error);

// The job token: the flag, else "<launcher>:<job id>", else derived from the meeting point and
// world size (still keeps two concurrent jobs on different ports apart).
std::string job_token(const LaunchInfo& info, const LaunchFlags& flags);

}  // namespace dd::env::launchers
