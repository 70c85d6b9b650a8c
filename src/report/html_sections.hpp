// The sections of the HTML report (html_report.hpp), each a function from the command's JSON to
// an HTML fragment; empty when the input has nothing for it.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace dd::report::html {

// "ok" | "warn" | "error" and the words shown, from "verdict"/"reason" or else the findings.
struct Verdict {
  std::string level;
  std::string text;
  std::string reason;
};
Verdict verdict_of(const nlohmann::json& out);

std::string fix_section(const nlohmann::json& out);
std::string findings_section(const nlohmann::json& out);
// SVG heat map of reachability[] (preflight: each pair's decided state, cluster/analysis/reach_matrix.hpp;
// probes[] only adds addresses to the tooltips); empty without reachability[].
std::string matrix_section(const nlohmann::json& out);
std::string ranks_section(const nlohmann::json& out);
std::string interfaces_section(const nlohmann::json& out);

// "✔" / "▲" / "✖" / "ℹ" for ok / warn|warning / error / info.
std::string symbol(const std::string& level);

}  // namespace dd::report::html
