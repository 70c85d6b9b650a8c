#include "report/outcome.hpp"

namespace dd::report {

std::string verdict_level(const std::string& verdict) {
  return verdict == "OK" ? "ok" : verdict == "WILL BE SLOW" ? "warn" : "error";
}

Verdict verdict_of(const Outcome& out) {
  if (!out.verdict.empty()) return {verdict_level(out.verdict), out.verdict, out.reason};
  for (const auto& f : out.findings) {
    if (f.severity == core::Severity::info) continue;
    bool error = f.severity == core::Severity::error;
    return {error ? "error" : "warn", error ? "PROBLEM FOUND" : "WARNING",
            f.title + " [" + std::string(core::to_string(f.label)) + "]"};
  }
  return {"ok", "OK", out.command == "logs" ? "no communication problem found in the logs" : "no error found"};
}

}  // namespace dd::report
