// The verified fix in the form users paste: `--export-format sh|dockerfile|k8s|slurm|torchrun|tf`
// on env, check and preflight. One renderer per format over one FixPlan (fix_plan.hpp); per-host
// values go per host where the format has a place for them (tf: one TF_CONFIG per worker), else
// into a `case "$(hostname)"` block run on each node (sh, slurm, torchrun; dockerfile and k8s run
// it in a small /bin/sh entrypoint that then execs the original command).
#pragma once

#include <string>
#include <string_view>

#include "core/result.hpp"
#include "report/fix_plan.hpp"

namespace dd::report {

enum class ExportFormat { sh, dockerfile, k8s, slurm, torchrun, tf };

// "sh" -> ExportFormat::sh ...; anything else: an error naming the value and the valid names.
core::Result<ExportFormat> parse_export_format(std::string_view name);
std::string_view to_string(ExportFormat f);
inline constexpr std::string_view k_export_format_names = "sh, dockerfile, k8s, slurm, torchrun, tf";

// The whole text, ending with a newline. sh/slurm/torchrun: bash scripts (bash -n clean);
// dockerfile: instructions to paste after FROM; k8s: a Pod-template YAML fragment; tf: one JSON object.
std::string render_export(const FixPlan& plan, ExportFormat format);

}  // namespace dd::report
