// Helpers for the env audit tests: run the audit on a variable map, find a finding by id, look for
// a part of its text.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "env/audit.hpp"
#include "os/fake/fake_resolver.hpp"

namespace dd::env::test {

struct Scenario {
  Scenario() = default;
  Scenario(std::map<std::string, std::string> v, bool ib = false, Platform p = Platform::linux_os)
      : vars(std::move(v)), ib_present(ib), platform(p) {}

  std::map<std::string, std::string> vars;
  bool ib_present = false;
  Platform platform = Platform::linux_os;
  std::vector<ConfigSetting> config;
  std::vector<std::string> local = {"127.0.0.1", "198.18.0.1", "::1"};
};

inline std::vector<core::Finding> audit_of(const Scenario& r, const os::Resolver& resolver) {
  AuditInput in(os::Environment(r.vars), resolver);
  in.ib_present = r.ib_present;
  in.platform = r.platform;
  in.config_files = r.config;
  in.local_addresses = r.local;
  return audit(in);
}

inline std::vector<core::Finding> audit_of(const Scenario& r) {
  os::fake::FakeResolver resolver("node0");
  return audit_of(r, resolver);
}

// The audit of this process's environment holding exactly `vars` (and an IB device when `ib`).
inline std::vector<core::Finding> audit_with(std::map<std::string, std::string> vars, bool ib = false) {
  return audit_of(Scenario(std::move(vars), ib));
}

inline std::vector<core::Finding> audit_with(std::map<std::string, std::string> vars, const os::Resolver& resolver) {
  return audit_of(Scenario(std::move(vars)), resolver);
}

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

inline const core::Finding* find_id(const std::vector<core::Finding>& fs, const std::string& id) {
  for (const auto& f : fs) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

inline std::string ids(const std::vector<core::Finding>& fs) {
  std::string out;
  for (const auto& f : fs) out += f.id + " ";
  return out;
}

}  // namespace dd::env::test
