#include "nccl/config.hpp"

#include <string_view>

#include "core/strings.hpp"

namespace dd::nccl {

std::string ValueSource::describe() const {
  if (kind == SourceKind::environment) return "environment";
  return path + ":" + std::to_string(line);
}

std::optional<std::string> NcclConfig::get(const std::string& name) const {
  auto it = values.find(name);
  if (it == values.end()) return std::nullopt;
  return it->second.value;
}

std::optional<ValueSource> NcclConfig::source(const std::string& name) const {
  auto it = values.find(name);
  if (it == values.end()) return std::nullopt;
  return it->second.source;
}

void NcclConfig::set_env(const std::string& name, std::string value) {
  values[name] = ConfigValue{std::move(value), ValueSource{}};
}

namespace {

// Adds the file's KEY=VALUE lines that are not already set (setenv with overwrite = 0).
void apply_file(NcclConfig& config, const os::Environment& env, const std::string& path, const std::string& text) {
  std::size_t pos = 0;
  int line_no = 0;
  while (pos < text.size()) {
    std::size_t nl = text.find('\n', pos);
    std::string_view line = std::string_view(text).substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    pos = nl == std::string::npos ? text.size() : nl + 1;
    ++line_no;
    if (line.empty() || line.front() == '#') continue;
    std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) continue;
    std::string key(line.substr(0, eq));
    std::string value(line.substr(eq + 1, k_max_conf_value));
    if (key.empty() || config.values.count(key) || env.has(key)) continue;
    config.values.emplace(key, ConfigValue{std::move(value), ValueSource{SourceKind::file, path, line_no}});
  }
}

void load_file(NcclConfig& config, const os::Environment& env, const os::FileTree& tree, const std::string& path,
               const std::string& why) {
  auto text = tree.read(path);
  config.files.push_back(ConfigFile{path, text.has_value(), why});
  if (text) apply_file(config, env, path, *text);
}

}  // namespace

NcclConfig config_from_env(const os::Environment& env) {
  NcclConfig config;
  for (const auto& [k, v] : env.all()) {
    if (core::starts_with(k, "NCCL_")) config.values.emplace(k, ConfigValue{v, ValueSource{}});
  }
  return config;
}

NcclConfig load_config(const os::Environment& env, const os::FileTree& tree, const std::string& home_dir) {
  NcclConfig config = config_from_env(env);
  auto conf_file = env.get("NCCL_CONF_FILE");
  if (conf_file && !conf_file->empty()) {
    load_file(config, env, tree, *conf_file, "named by NCCL_CONF_FILE");
    if (!config.files.back().read) {
      config.notes.push_back("NCCL_CONF_FILE=" + *conf_file +
                             " cannot be read; NCCL silently ignores it and, because it is set, does not read " +
                             (home_dir.empty() ? std::string("~") : home_dir) + "/.nccl.conf either");
    }
  } else if (!home_dir.empty()) {
    std::string home = home_dir.back() == '/' ? home_dir : home_dir + "/";
    load_file(config, env, tree, home + ".nccl.conf", "home file");
  }
  load_file(config, env, tree, "/etc/nccl.conf", "system file");
  return config;
}

}  // namespace dd::nccl
