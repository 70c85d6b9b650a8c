// Combines the launcher readers with the flags (see launch_info.hpp for the precedence).
#include <fmt/format.h>

#include <functional>

#include "env/launchers/launch_info.hpp"

namespace dd::env::launchers {

core::Result<LaunchInfo> detect_launch(const os::Environment& env, const LaunchFlags& flags) {
  using Reader = std::optional<core::Result<LaunchInfo>> (*)(const os::Environment&);
  const Reader readers[] = {from_torch, from_slurm, from_mpi, from_tf_config};
  std::vector<LaunchInfo> found;
  for (Reader r : readers) {
    auto got = r(env);
    if (!got) continue;
    if (!*got) return got->error();
    found.push_back(std::move(got->value()));
  }
  LaunchInfo info;
  // Rank and world: the first launcher that knows them.
  for (const auto& f : found) {
    if (f.rank && f.world) {
      info = f;
      break;
    }
  }
  if (info.launcher == "none" && !found.empty()) info = found.front();
  // Meeting point and job ports: MASTER_ADDR (torch) wins over TF_CONFIG and Slurm.
  for (const auto& f : found) {
    if (!f.rendezvous_host.empty()) {
      info.rendezvous_host = f.rendezvous_host;
      info.rendezvous_port = f.rendezvous_port;
      info.job_ports = f.job_ports;
      if (f.launcher != info.launcher) info.notes.insert(info.notes.end(), f.notes.begin(), f.notes.end());
      break;
    }
  }
  info.job_id.clear();
  for (const auto& f : found) {
    if (info.job_id.empty() && !f.job_id.empty()) info.job_id = f.launcher + ":" + f.job_id;
    if (f.skip && !info.skip) info.skip = true, info.skip_reason = f.skip_reason;
  }
  if (flags.rendezvous) {
    auto hp = parse_host_port(*flags.rendezvous, "--rendezvous");
    if (!hp) return hp.error();
    info.rendezvous_host = hp->host;
    info.rendezvous_port = hp->port;
    info.notes.push_back("meeting point from --rendezvous");
  }
  if (flags.rank) info.rank = flags.rank, info.notes.push_back("rank from --rank");
  if (flags.world) info.world = flags.world, info.notes.push_back("world from --world");
  if (flags.rank || flags.world || flags.rendezvous) {
    if (info.launcher == "none") info.launcher = "flags";
    if (flags.rank) info.skip = false;
  }
  if (info.skip) return info;
  auto usage = [](std::string m) { return core::make_error(core::ErrorKind::usage, std::move(m)); };
  if (!info.world) return usage("world size unknown: pass --world N or run under torchrun, srun, mpirun or TF_CONFIG");
  if (!info.rank) return usage("rank unknown: pass --rank R or run under torchrun, srun, mpirun or TF_CONFIG");
  if (*info.world < 1 || *info.world > 4096) return usage(fmt::format("world size {} must be 1..4096", *info.world));
  if (*info.rank < 0 || *info.rank >= *info.world)
    return usage(
        fmt::format("rank {} is outside the world of {} (ranks 0..{})", *info.rank, *info.world, *info.world - 1));
  if (info.rendezvous_host.empty())
    return usage("meeting point unknown: pass --rendezvous HOST:PORT or set MASTER_ADDR (and MASTER_PORT)");
  return info;
}

std::string job_token(const LaunchInfo& info, const LaunchFlags& flags) {
  if (flags.token && !flags.token->empty()) return *flags.token;
  if (!info.job_id.empty()) return info.job_id;
  return fmt::format("{}:{}/{}", info.rendezvous_host, info.rendezvous_port, info.world.value_or(0));
}

}  // namespace dd::env::launchers
