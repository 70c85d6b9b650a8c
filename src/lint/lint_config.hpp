// lint's config file: `.distdoctor.toml` (top-level `select` and `ignore`) or the `[tool.distdoctor]`
// table of pyproject.toml, read with a real TOML parser (toml11, Debian libtoml11-dev). The nearest
// folder from the working directory up to / that has one wins; in one folder `.distdoctor.toml`
// comes before pyproject.toml, and a pyproject.toml without [tool.distdoctor] is passed over.
// On the command line, --select replaces the file's select and --ignore adds to its ignore.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace dd::lint {

struct LintConfig {
  std::string path;  // the file it came from
  std::vector<std::string> select, ignore;
};

// Reads one config's text (pure). `pyproject`: the settings are [tool.distdoctor], else the top
// level. nullopt for a pyproject.toml without that table. An error (exit 2) names the file and
// says what is wrong: not TOML (with the parser's line), an unknown key, a value that is not a
// list of strings, a pattern that is not a rule id.
core::Result<std::optional<LintConfig>> parse_config(const std::string& path, const std::string& text, bool pyproject);

// The config that applies in `dir` (see above); nullopt when there is none.
core::Result<std::optional<LintConfig>> find_config(const std::filesystem::path& dir);

}  // namespace dd::lint
