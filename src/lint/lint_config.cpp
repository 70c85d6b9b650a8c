#include "lint/lint_config.hpp"

#include <toml.hpp>

#include <fstream>
#include <sstream>

#include "lint/rule_selection.hpp"

namespace dd::lint {

namespace {

core::Error bad(const std::string& path, const std::string& what) {
  return core::make_error(core::ErrorKind::usage, path + ": " + what);
}

// `key = ["a", "b"]` -> {"a", "b"}, each a valid rule id or prefix.
std::optional<core::Error> read_list(const std::string& path, const std::string& where, const std::string& key,
                                     const toml::value& v, std::vector<std::string>& out) {
  if (!v.is_array()) return bad(path, where + key + " must be a list of rule ids, e.g. [\"lint.docker\"]");
  for (const auto& item : v.as_array()) {
    if (!item.is_string()) return bad(path, where + key + " must be a list of rule ids, e.g. [\"lint.docker\"]");
    std::string id = item.as_string().str;
    if (auto problem = check_rule_pattern(id); !problem.empty()) return bad(path, where + key + ": " + problem);
    out.push_back(std::move(id));
  }
  return std::nullopt;
}

}  // namespace

core::Result<std::optional<LintConfig>> parse_config(const std::string& path, const std::string& text, bool pyproject) {
  toml::value root;
  try {
    std::istringstream in(text);
    root = toml::parse(in, path);
  } catch (const std::exception& e) {
    return bad(path, std::string("not valid TOML: ") + e.what());
  }
  const toml::value* settings = &root;
  std::string where;
  if (pyproject) {
    if (!root.is_table() || !root.as_table().count("tool")) return std::optional<LintConfig>{};
    const toml::value& tool = root.as_table().at("tool");
    if (!tool.is_table() || !tool.as_table().count("distdoctor")) return std::optional<LintConfig>{};
    settings = &tool.as_table().at("distdoctor");
    where = "[tool.distdoctor] ";
    if (!settings->is_table()) return bad(path, "tool.distdoctor must be a table");
  }
  LintConfig config{path, {}, {}};
  for (const auto& [key, value] : settings->as_table()) {
    std::optional<core::Error> problem;
    if (key == "select")
      problem = read_list(path, where, key, value, config.select);
    else if (key == "ignore")
      problem = read_list(path, where, key, value, config.ignore);
    else
      problem = bad(path, where + "unknown key '" + key + "' (distdoctor reads select and ignore)");
    if (problem) return *problem;
  }
  return std::optional<LintConfig>{std::move(config)};
}

core::Result<std::optional<LintConfig>> find_config(const std::filesystem::path& start) {
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::absolute(start, ec);
  if (ec) return std::optional<LintConfig>{};
  for (;;) {
    for (const char* name : {".distdoctor.toml", "pyproject.toml"}) {
      std::filesystem::path p = dir / name;
      if (!std::filesystem::is_regular_file(p, ec)) continue;
      std::ifstream in(p, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      if (!in) return bad(p.string(), "cannot read");
      auto config = parse_config(p.string(), text.str(), std::string(name) == "pyproject.toml");
      if (!config || *config) return config;
    }
    if (!dir.has_parent_path() || dir.parent_path() == dir) return std::optional<LintConfig>{};
    dir = dir.parent_path();
  }
}

}  // namespace dd::lint
