// Text form of the check report: the verdict first, then what NCCL and Gloo will use, the
// interfaces, the library, and the findings with their fixes.
#include <fmt/format.h>

#include "check/report.hpp"
#include "core/strings.hpp"
#include "netif/render.hpp"
#include "report/findings_text.hpp"

namespace dd::check {

namespace {

std::string endpoint_text(const std::optional<nccl::Endpoint>& e) {
  return e ? fmt::format("{} {}", e->iface, e->addr) : std::string("none");
}

std::string socket_list(const nccl::Prediction& p) {
  if (p.socket.empty()) return p.socket_error.empty() ? "none" : "none (" + p.socket_error + ")";
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < p.socket.size(); ++i)
    parts.push_back(fmt::format("[{}]{}:{}", i, p.socket[i].iface, p.socket[i].addr));
  return core::join(parts, " ");
}

}  // namespace

std::string render_text(const CheckReport& r, ReportScope scope, const report::Style& style) {
  using report::Color;
  std::string out;
  out += style.paint(Color::bold,
                     fmt::format("distdoctor {} on {}", scope == ReportScope::full ? "check" : "nics", r.host)) +
         "\n";
  out += report::render_summary(r.findings, style) + "\n";

  out += style.paint(Color::bold, "What the job will use") + "\n";
  out += fmt::format("  NCCL bootstrap   {}", endpoint_text(r.prediction.bootstrap));
  if (!r.prediction.bootstrap && !r.prediction.error.empty()) out += "  (" + r.prediction.error + ")";
  out += "\n";
  if (!r.prediction.reason.empty()) out += style.paint(Color::dim, "                   " + r.prediction.reason) + "\n";
  out += fmt::format("  NCCL NET/Socket  {}\n", socket_list(r.prediction));
  out += fmt::format("  Gloo             {}", endpoint_text(r.gloo.device));
  if (!r.gloo.error.empty()) out += "  (" + r.gloo.error + ")";
  out += fmt::format("  [{}]\n", nccl::to_string(r.gloo.source));
  out += style.paint(Color::dim,
                     fmt::format("  rules of NCCL {} ({})", r.model_version.to_string(), r.model_version_source)) +
         "\n";
  if (r.probe) {
    const auto& p = *r.probe;
    out += fmt::format("  library          {} (NCCL {}) -> {}\n", p.path, p.version.empty() ? "?" : p.version,
                       p.observed ? p.observed->iface + " " + p.observed->addr
                                  : std::string(nccl::to_string(p.status)) + (p.error.empty() ? "" : ": " + p.error));
  } else if (!r.libraries.empty() && !r.probe_error.empty()) {
    out += fmt::format("  library          {} (probe failed: {})\n", r.libraries.front().path, r.probe_error);
  } else if (!r.libraries.empty()) {
    out += fmt::format("  library          {} (not loaded: --no-probe)\n", r.libraries.front().path);
  } else {
    out += "  library          no libnccl.so.2 found\n";
  }
  out += fmt::format("  NVIDIA driver    {}\n",
                     r.cuda_driver ? r.cuda_driver->version : "none loaded (no /proc/driver/nvidia/version)");
  out += "\n" + style.paint(Color::bold, "Interfaces") + "\n";
  out += netif::render_table(r.inventory, style);
  if (!r.findings.empty()) {
    out += "\n" + style.paint(Color::bold, "Findings") + "\n";
    out += report::render_findings(r.findings, style);
  }
  return out;
}

}  // namespace dd::check
