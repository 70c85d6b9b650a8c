// check::CheckReport: everything `distdoctor check` learns about this machine, assembled from the
// capability modules in one pass (see docs/ARCHITECTURE.md, "Data flow of distdoctor check").
// `nics` is the same report restricted to inventory, predictions, library and their findings;
// preflight sends it as each node's report.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "check/context.hpp"
#include "check/cuda_driver.hpp"
#include "check/library_version.hpp"
#include "core/finding.hpp"
#include "nccl/config.hpp"
#include "nccl/gloo_predict.hpp"
#include "nccl/library_locator.hpp"
#include "nccl/predict.hpp"
#include "nccl/probe.hpp"
#include "nccl/version.hpp"
#include "netif/interface.hpp"
#include "report/style.hpp"

namespace dd::check {

enum class ReportScope { nics, full };  // nics: no environment audit / container checks

struct CheckReport {
  std::string host;
  netif::Inventory inventory;
  nccl::NcclConfig config;
  nccl::Version model_version = nccl::k_default_version;
  std::string model_version_source;  // "default (no library found)" or the VersionGuess evidence
  nccl::Prediction prediction;
  nccl::GlooPrediction gloo;
  std::vector<nccl::LibraryCandidate> libraries;
  std::optional<nccl::LibraryProbe> probe;  // set when probing ran
  std::string probe_error;                  // the probe could not run at all
  nlohmann::json container;                 // container facts (null in nics scope)
  std::optional<CudaDriver> cuda_driver;    // NVIDIA driver, where one is loaded
  std::vector<core::Finding> findings;      // sorted, most important first
};

// Runs every step for `scope` through the seams of `ctx`. Never throws for machine problems:
// they become findings.
CheckReport build_report(const Context& ctx, ReportScope scope);

// The JSON object `check --json` / `nics --json` print (DESIGN.md field names).
nlohmann::json to_json(const CheckReport& report, ReportScope scope);

// Human-readable report: verdict, interfaces, NCCL/Gloo choice, library, findings and fixes.
std::string render_text(const CheckReport& report, ReportScope scope, const report::Style& style);

}  // namespace dd::check
