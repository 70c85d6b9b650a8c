// Internal to src/env: the shared context every rule family reads, and the rule entry points
// (one file per family: rules_names.cpp, rules_values.cpp, rules_perf.cpp, rules_torch.cpp,
// rules_rendezvous.cpp, tf_config.cpp, rules_platform.cpp).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "env/audit.hpp"

namespace dd::env::detail {

class Context {
 public:
  explicit Context(const AuditInput& input);

  const AuditInput& input() const { return input_; }
  const std::vector<Setting>& settings() const { return settings_; }
  const Setting* find(const std::string& name) const;
  std::optional<std::string> value(const std::string& name) const;
  // A decimal integer value of `name`, or nullopt when unset / not a clean integer.
  std::optional<long long> int_value(const std::string& name) const;

 private:
  const AuditInput& input_;
  std::vector<Setting> settings_;
  std::map<std::string, std::size_t> index_;
};

// "NCCL_SOCKET_IFNAMES=eth0 (environment)"
std::string evidence(const Setting& s);

// A finding with id, label, severity, title and the setting's evidence line.
core::Finding make_finding(std::string id, core::Label label, core::Severity severity, std::string title,
                           const Setting* s = nullptr);

// Rule families; each appends its findings.
void check_names(const Context& ctx, std::vector<core::Finding>& out);
void check_values(const Context& ctx, std::vector<core::Finding>& out);
void check_performance(const Context& ctx, std::vector<core::Finding>& out);
void check_torch(const Context& ctx, std::vector<core::Finding>& out);
void check_rendezvous(const Context& ctx, std::vector<core::Finding>& out);
void check_tf_config(const Context& ctx, std::vector<core::Finding>& out);
void check_platform(const Context& ctx, std::vector<core::Finding>& out);

// env.master-addr.not-a-host (master_addr_form.cpp): MASTER_ADDR holding a URL scheme or a port;
// true when it added the finding (the value is then not judged as a host name).
bool master_addr_not_a_host(const Context& ctx, const Setting& s, std::vector<core::Finding>& out);

}  // namespace dd::env::detail
