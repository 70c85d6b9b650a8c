// A Job whose pods read their completion index without being an Indexed Job (k8s_job_index.cpp).
#pragma once

#include <yaml-cpp/yaml.h>

#include "lint/rules.hpp"

namespace dd::lint::detail {

// lint.k8s.job-not-indexed: the batch/v1 Job `root` (its document; `offset` its first line in the
// file) reads JOB_COMPLETION_INDEX or the job-completion-index annotation in its pod template while
// its spec has no `completionMode: Indexed`.
void job_not_indexed_rule(FileContext& ctx, const YAML::Node& root, int offset);

}  // namespace dd::lint::detail
