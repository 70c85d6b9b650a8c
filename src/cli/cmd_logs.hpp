// `distdoctor logs FILE...`: diagnose NCCL / torch / Gloo / TF logs (src/logs).
#pragma once

#include "cli/command.hpp"

namespace dd::cli {

void setup_logs(CLI::App& sub, const GlobalOptions& global, int& exit_code);

}  // namespace dd::cli
