// TensorFlow's task id as TensorFlow reads it from TF_CONFIG, for every rule that compares tasks
// (env's own TF_CONFIG checks, preflight's comparison across nodes).
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace dd::env {

// Python's int() of a string: blanks around an optional sign and decimal digits, no leading zero
// ("01" is an error in Python 3); nullopt otherwise.
std::optional<long long> python_int(std::string_view text);

// The task id of TF_CONFIG's `task` object as TFConfigClusterResolver.task_id reads it
// (int(task["index"]) when the key "index" exists, tensorflow/python/distribute/cluster_resolver/
// tfconfig_cluster_resolver.py, TF 2.x): an integer, or a string int() accepts ("1" is task 1).
// nullopt when `task` is no object, has no "index", or int() would fail: no task id.
std::optional<long long> tf_task_index(const nlohmann::json& task);

}  // namespace dd::env
