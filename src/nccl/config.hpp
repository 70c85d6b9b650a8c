// nccl::NcclConfig: the NCCL_* values NCCL itself will see after its configuration-file loading
// (nccl-facts §4, NCCL 2.28.9 src/misc/param.cc, experiment rows 117-136):
//   * process environment first (setenv never overwrites);
//   * then NCCL_CONF_FILE when it is non-empty (2.23+) - and then <home>/.nccl.conf is NOT read,
//     even when that file is missing - else <home>/.nccl.conf (home = the passwd entry's dir);
//   * then always /etc/nccl.conf.
// File syntax: KEY=VALUE per line, lines starting with '#' (first column) and lines without '='
// skipped, key = text before the first '=', value = the rest verbatim (quotes, '\r', spaces and
// "# comments" kept), only the trailing '\n' removed, value cut at 1023 characters; the first
// occurrence in a file wins; no `export` (such a line sets the key "export NCCL_X").
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "os/environment.hpp"
#include "os/file_tree.hpp"

namespace dd::nccl {

enum class SourceKind { environment, file };

// Where one effective value came from.
struct ValueSource {
  SourceKind kind = SourceKind::environment;
  std::string path;              // config file path (kind == file)
  int line = 0;                  // 1-based line in that file (kind == file)
  std::string describe() const;  // "environment" or "/etc/nccl.conf:3"
};

struct ConfigValue {
  std::string value;
  ValueSource source;
};

// One configuration file NCCL looked at.
struct ConfigFile {
  std::string path;
  bool read = false;  // false: missing or unreadable (never an error for NCCL)
  std::string why;    // "named by NCCL_CONF_FILE", "home file", "system file"
};

struct NcclConfig {
  std::map<std::string, ConfigValue> values;  // only NCCL_* keys and keys found in files
  std::vector<ConfigFile> files;              // in the order NCCL loads them
  std::vector<std::string> notes;             // e.g. "NCCL_CONF_FILE=/x cannot be read ..."

  // The effective value NCCL reads with getenv, or nullopt when unset.
  std::optional<std::string> get(const std::string& name) const;
  bool has(const std::string& name) const { return values.count(name) != 0; }
  // Where `name` came from; nullopt when unset.
  std::optional<ValueSource> source(const std::string& name) const;
  // Sets (or replaces) a value as if it came from the process environment.
  void set_env(const std::string& name, std::string value);
};

// Maximum value length NCCL keeps from a config-file line.
inline constexpr std::size_t k_max_conf_value = 1023;

// Effective NCCL configuration for a process with environment `env`, files read through `tree`,
// and passwd home directory `home_dir` (empty: no home file). Never fails: unreadable files are
// noted in `files`/`notes`.
NcclConfig load_config(const os::Environment& env, const os::FileTree& tree, const std::string& home_dir);

// Only the process environment (tests and callers that ignore config files).
NcclConfig config_from_env(const os::Environment& env);

}  // namespace dd::nccl
