#include "env/tf_task_index.hpp"

#include "core/strings.hpp"

namespace dd::env {

std::optional<long long> python_int(std::string_view text) {
  std::string_view t = core::trim(text);
  if (!t.empty() && t[0] == '+') t.remove_prefix(1);
  auto v = core::parse_int(t);
  if (!v || (t.size() > 1 && t[0] == '0')) return std::nullopt;  // int("01") is an error in Python 3
  return *v;
}

std::optional<long long> tf_task_index(const nlohmann::json& task) {
  if (!task.is_object()) return std::nullopt;
  auto index = task.find("index");
  if (index == task.end()) return std::nullopt;
  if (index->is_number_integer()) return index->get<long long>();
  if (index->is_string()) return python_int(index->get<std::string>());
  return std::nullopt;
}

}  // namespace dd::env
