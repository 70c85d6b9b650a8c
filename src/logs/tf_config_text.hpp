// TF_CONFIG as TensorFlow's RunConfig prints it (catalogue entry tf.run-config.printed-tf-config) with
// the parsed dict (tensorflow_estimator run_config.py:548 @ v2.15.0; TF 1.x tensorflow/python/estimator),
// i.e. Python's repr: single quotes, u'' strings under Python 2, True/False/None.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dd::logs {

// Python's repr of a dict of str/int/list/dict/bool/None as JSON (JSON itself, as a script's
// json.dumps prints it, passes unchanged); nullopt when it holds anything else (a quote inside a
// string, a tuple, an object repr).
std::optional<std::string> python_repr_to_json(std::string_view repr);

// The host of every task in the TF_CONFIG JSON's "cluster" (jobs as lists or as {"index": address}
// maps; "host:port" and "[v6]:port" read as env's TF_CONFIG rules read them), in the cluster's order;
// empty when the JSON does not parse or has no such cluster.
std::vector<std::string> tf_config_task_hosts(std::string_view json);

}  // namespace dd::logs
