// TF_CONFIG across the files of one lint run: every worker's TF_CONFIG must describe the same
// cluster and only task.index may differ (the seeds' pitfall: files copied per worker and edited
// apart). Values the files compute at run time are not compared.
#pragma once

#include <string>
#include <vector>

#include "lint/lint.hpp"

namespace dd::lint::detail {

struct TfConfigSeen {
  std::string file;
  int line = 0;
  std::string value;  // the literal TF_CONFIG text
};

// Findings for clusters that differ and for one task claimed by two values; none when fewer than
// two values parse as TF_CONFIG objects.
std::vector<LintFinding> tf_config_across(const std::vector<TfConfigSeen>& seen);

}  // namespace dd::lint::detail
