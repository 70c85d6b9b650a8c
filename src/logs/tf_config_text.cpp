#include "logs/tf_config_text.hpp"

#include <nlohmann/json.hpp>

#include "core/address.hpp"
#include "core/json_limits.hpp"
#include "logs/text_scan.hpp"

namespace dd::logs {

std::optional<std::string> python_repr_to_json(std::string_view repr) {
  std::string out;
  out.reserve(repr.size());
  std::size_t i = 0;
  auto word_at = [&](std::string_view w) {
    return repr.substr(i, w.size()) == w && (i + w.size() == repr.size() || !is_name_char(repr[i + w.size()]));
  };
  while (i < repr.size()) {
    char c = repr[i];
    if ((c == 'u' || c == 'b') && i + 1 < repr.size() && (repr[i + 1] == '\'' || repr[i + 1] == '"') &&
        (i == 0 || !is_name_char(repr[i - 1]))) {
      ++i;  // u'x' (Python 2 unicode) / b'x'
      continue;
    }
    if (c == '\'' || c == '"') {
      std::size_t end = repr.find(c, i + 1);
      if (end == std::string_view::npos) return std::nullopt;
      std::string_view body = repr.substr(i + 1, end - i - 1);
      if (body.find_first_of("\\\"'") != std::string_view::npos) return std::nullopt;
      out += '"';
      out += body;
      out += '"';
      i = end + 1;
      continue;
    }
    if (is_alpha(c)) {
      if (word_at("True"))
        out += "true", i += 4;
      else if (word_at("False"))
        out += "false", i += 5;
      else if (word_at("None"))
        out += "null", i += 4;
      else if (word_at("true") || word_at("null"))
        out.append(repr.substr(i, 4)), i += 4;  // already JSON (a script's json.dumps)
      else if (word_at("false"))
        out += "false", i += 5;
      else
        return std::nullopt;  // an object repr, not plain data
      continue;
    }
    if (c == '(' || c == ')') return std::nullopt;
    out += c;
    ++i;
  }
  return out;
}

std::vector<std::string> tf_config_task_hosts(std::string_view json) {
  std::vector<std::string> hosts;
  if (core::json_nesting(json) > core::k_max_json_depth) return hosts;
  auto doc = nlohmann::json::parse(json.begin(), json.end(), nullptr, false);
  if (!doc.is_object() || !doc.contains("cluster") || !doc["cluster"].is_object()) return hosts;
  for (const auto& job : doc["cluster"].items()) {
    const auto& tasks = job.value();
    if (!tasks.is_array() && !tasks.is_object()) continue;
    for (const auto& task : tasks)
      if (task.is_string()) hosts.push_back(core::endpoint_address(task.get<std::string>()));
  }
  return hosts;
}

}  // namespace dd::logs
