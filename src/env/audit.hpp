// The environment audit (`distdoctor env`, part of `check`): NCCL_*, TORCH_*, GLOO_*, TF_CONFIG,
// MASTER_*, rank variables and launcher variables, checked against the catalogue (catalog.hpp)
// and the rules of NCCL 2.28.9 / PyTorch c10d / TensorFlow (nccl-facts §4-§8). Every problem is a
// core::Finding with an exact fix; export_lines() turns the fixes into shell lines.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "os/environment.hpp"
#include "os/resolver.hpp"

namespace dd::env {

// The platform the job runs on; an input so the Windows advice is testable on Linux.
enum class Platform { linux_os, windows, macos };

// One KEY=VALUE line of an NCCL config file (what nccl::load_config reads), with its file.
struct ConfigSetting {
  std::string name;
  std::string value;
  std::string source;  // the file path, e.g. "/etc/nccl.conf"
};

// A variable as the job will see it: the process environment wins over NCCL's config files
// (nccl-facts §4.1: setenv without overwrite; within files the first occurrence wins).
struct Setting {
  std::string name;
  std::string value;
  std::string source;  // "environment" or the config file path
};

struct AuditInput {
  AuditInput(os::Environment environment, const os::Resolver& name_resolver)
      : env(std::move(environment)), resolver(name_resolver) {}

  os::Environment env;
  // NCCL config-file entries in NCCL's read order (NCCL_CONF_FILE or ~/.nccl.conf, then
  // /etc/nccl.conf); only names absent from `env` take effect.
  std::vector<ConfigSetting> config_files;
  const os::Resolver& resolver;              // MASTER_ADDR lookups
  std::vector<std::string> local_addresses;  // numeric addresses of this host's interfaces
  bool ib_present = false;                   // an InfiniBand/RoCE device exists (/sys/class/infiniband)
  // This node's rank as the command line gives it (`preflight --rank`); where set it wins over
  // RANK, NODE_RANK and GROUP_RANK when a rule asks whether this is the rank-0 node.
  std::optional<int> node_rank;
  Platform platform = Platform::linux_os;
};

// The effective settings (environment, then config files), sorted by name.
std::vector<Setting> effective_settings(const AuditInput& input);

// Runs every rule; findings sorted most important first (core::sort_findings).
// Fix convention: fix.env maps VAR -> value to export; an EMPTY value means "unset VAR"
// (distdoctor never recommends setting a variable to the empty string).
std::vector<core::Finding> audit(const AuditInput& input);

// Shell lines applying every fix: one "# <id>: <title>" comment per finding, then
// "export VAR=value" (shell-quoted) or "unset VAR" for each fix.env entry, de-duplicated; when two
// findings set the same variable the first (most important) wins. Ends with a newline when non-empty.
std::string export_lines(const std::vector<core::Finding>& findings);

}  // namespace dd::env
