// FixPlan: the verified fix of one command's result, in one typed value that every fix renderer
// (export_formats.hpp, launch_template.hpp, html_report.hpp) reads. Built from the command's typed
// findings (and preflight's recommendation), so env, check, preflight and logs share one builder.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/finding.hpp"

namespace dd::report {

struct FixNote {
  std::string id;     // finding id
  std::string title;  // finding title
  std::string text;   // the finding's fix text (instructions), may be empty
};

struct FixPlan {
  // VAR -> value for every node; an EMPTY value means "unset VAR" (core::Fix convention).
  std::map<std::string, std::string> env;
  // host -> VAR -> value, only where nodes need different values.
  std::map<std::string, std::map<std::string, std::string>> per_host;
  // VAR -> what asked for it: a finding id, or "preflight recommendation".
  std::map<std::string, std::string> why;
  std::vector<FixNote> notes;      // the findings behind the fix, most important first
  bool host_network = false;       // a container on a bridge network: use the host's network
  bool shm_in_memory = false;      // /dev/shm too small: a memory-backed /dev/shm
  bool ib_devices = false;         // InfiniBand present but no /dev/infiniband in the container
  int world = 0;                   // nodes, when known (preflight), else 0
  std::vector<std::string> hosts;  // node hostnames in rank order (preflight), else empty
  // From the environment a command checked (env): where `world` came from ("NNODES=2"), the
  // processes per node (0: unknown) and theirs, and TF_CONFIG as set ("" when unset).
  std::string world_from;
  int procs_per_node = 0;
  std::string procs_from;
  std::string tf_config;
};

// Recommendation first (preflight verified it), then each finding's fix in order; the first
// (most important) value for a variable wins. Info findings contribute only when they carry env.
// world and hosts are left for the caller (preflight) to fill.
FixPlan fix_plan(const std::vector<core::Finding>& findings, const core::Fix& recommendation = {});

}  // namespace dd::report
