#include "core/finding.hpp"
#include "core/finding_factory.hpp"
#include "core/finding_names.hpp"

#include <algorithm>

namespace dd::core {

std::string_view to_string(Label label) {
  switch (label) {
    case Label::loopback_interface:
      return "loopback-interface";
    case Label::virtual_interface:
      return "virtual-interface";
    case Label::interface_mismatch:
      return "interface-mismatch";
    case Label::no_matching_interface:
      return "no-matching-interface";
    case Label::firewall_or_port_blocked:
      return "firewall-or-port-blocked";
    case Label::no_route:
      return "no-route";
    case Label::ipv6_link_local:
      return "ipv6-link-local";
    case Label::ib_misconfiguration:
      return "ib-misconfiguration";
    case Label::shm_exhausted:
      return "shm-exhausted";
    case Label::p2p_failure:
      return "p2p-failure";
    case Label::version_mismatch:
      return "version-mismatch";
    case Label::collective_mismatch:
      return "collective-mismatch";
    case Label::mtu_mismatch:
      return "mtu-mismatch";
    case Label::gdr_or_driver:
      return "gdr-or-driver";
    case Label::resource_limits:
      return "resource-limits";
    case Label::hostname_resolution:
      return "hostname-resolution";
    case Label::tf_config:
      return "tf-config";
    case Label::data_pipeline_stall:
      return "data-pipeline-stall";
    case Label::windows_no_nccl:
      return "windows-no-nccl";
    case Label::config_typo:
      return "config-typo";
    case Label::performance:
      return "performance";
    case Label::other:
      return "other";
  }
  return "other";
}

std::string_view to_string(Severity severity) {
  switch (severity) {
    case Severity::error:
      return "error";
    case Severity::warning:
      return "warning";
    case Severity::info:
      return "info";
  }
  return "info";
}

std::optional<Label> label_named(std::string_view name) {
  for (int i = 0; i <= static_cast<int>(Label::other); ++i)
    if (to_string(static_cast<Label>(i)) == name) return static_cast<Label>(i);
  return std::nullopt;
}

std::optional<Severity> severity_named(std::string_view name) {
  for (int i = 0; i <= static_cast<int>(Severity::info); ++i)
    if (to_string(static_cast<Severity>(i)) == name) return static_cast<Severity>(i);
  return std::nullopt;
}

Finding new_finding(std::string id, Label label, Severity severity, std::string title) {
  Finding f;
  f.id = std::move(id);
  f.label = label;
  f.severity = severity;
  f.title = std::move(title);
  return f;
}

Finding new_finding(std::string id, Label label, Severity severity, std::string title,
                    std::vector<std::string> evidence, std::string fix_text) {
  Finding f = new_finding(std::move(id), label, severity, std::move(title));
  f.evidence = std::move(evidence);
  f.fix.text = std::move(fix_text);
  return f;
}

void sort_findings(std::vector<Finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    return static_cast<int>(a.severity) < static_cast<int>(b.severity);
  });
}

bool has_error(const std::vector<Finding>& findings) {
  return std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.severity == Severity::error; });
}

}  // namespace dd::core
