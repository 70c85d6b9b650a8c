// Environment: the process environment captured once into a value (ccache's config habit), so
// every rule is a pure function of it and tests build one from a list.
#pragma once

#include <map>
#include <optional>
#include <string>

namespace dd::os {

class Environment {
 public:
  Environment() = default;
  explicit Environment(std::map<std::string, std::string> vars) : vars_(std::move(vars)) {}
  static Environment capture();  // from environ

  std::optional<std::string> get(const std::string& name) const;
  bool has(const std::string& name) const { return vars_.count(name) != 0; }
  void set(const std::string& name, std::string value) { vars_[name] = std::move(value); }
  void unset(const std::string& name) { vars_.erase(name); }
  const std::map<std::string, std::string>& all() const { return vars_; }

 private:
  std::map<std::string, std::string> vars_;
};

}  // namespace dd::os
