// Finding: one diagnosed problem (data, never an error), shared by every command.
// The JSON shape is fixed by DESIGN.md; report/json.hpp encodes and decodes it.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace dd::core {

enum class Severity { error, warning, info };

// Root-cause families, exactly the list in DESIGN.md.
enum class Label {
  loopback_interface,
  virtual_interface,
  interface_mismatch,
  no_matching_interface,
  firewall_or_port_blocked,
  no_route,
  ipv6_link_local,
  ib_misconfiguration,
  shm_exhausted,
  p2p_failure,
  version_mismatch,
  collective_mismatch,
  mtu_mismatch,
  gdr_or_driver,
  resource_limits,
  hostname_resolution,
  tf_config,
  data_pipeline_stall,
  windows_no_nccl,
  config_typo,
  performance,
  other,
};

// "loopback-interface", ...
std::string_view to_string(Label label);
std::string_view to_string(Severity severity);

struct Fix {
  std::map<std::string, std::string> env;                              // VAR -> value
  std::map<std::string, std::map<std::string, std::string>> per_host;  // host -> VAR -> value
  std::string text;                                                    // human instructions
};

struct Finding {
  std::string id;  // specific, dotted: "nccl.ifname.matches-nothing"
  Label label = Label::other;
  Severity severity = Severity::info;
  std::string title;
  std::vector<std::string> evidence;
  std::vector<std::string> hosts;
  std::vector<int> ranks;
  Fix fix;
};

// A finding with its identity filled in; evidence, hosts and fix are added by the caller.
Finding new_finding(std::string id, Label label, Severity severity, std::string title);

// Most important first: errors, then warnings, then info; stable within a severity.
void sort_findings(std::vector<Finding>& findings);

bool has_error(const std::vector<Finding>& findings);

}  // namespace dd::core
