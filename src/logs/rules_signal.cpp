// The rules whose finding is data: data/signal_rules.json (see SignalRuleSpec in rules.hpp).
#include <stdexcept>

#include "logs/data_file.hpp"
#include "logs/embedded_data.hpp"
#include "logs/rules.hpp"

namespace dd::logs {

std::vector<SignalRuleSpec> parse_signal_rules(std::string_view json) {
  return read_data_file<SignalRuleSpec>(json, "signal_rules.json", [](const DataEntry& e) {
    return SignalRuleSpec{e.text("id"), e.kind("kind"), e.label("label"), e.severity("severity"), e.number("priority"),
                          e.text("title"), e.text("fix"), e.text_map("env")};
  });
}

std::span<const SignalRuleSpec> signal_rule_specs() {
  static const std::vector<SignalRuleSpec> specs = parse_signal_rules(embedded::signal_rules_json);
  return specs;
}

namespace rule {

RankedFinding from_signal(const Signal& s, std::string id, core::Label label, core::Severity sev, std::string title,
                          int priority) {
  auto r = make(std::move(id), label, sev, std::move(title), priority);
  add_evidence(r.finding, s);
  add_hosts(r.finding, s.hosts);
  add_ranks(r.finding, s.ranks);
  return r;
}

RankedFinding* signal_rule(const LogFacts& facts, std::string_view id, std::vector<RankedFinding>& out) {
  for (const SignalRuleSpec& spec : signal_rule_specs()) {
    if (spec.id != id) continue;
    const Signal& s = facts.signal(spec.kind);
    if (s.count == 0) return nullptr;
    auto r = from_signal(s, spec.id, spec.label, spec.severity, spec.title, spec.priority);
    r.finding.fix.text = spec.fix;
    r.finding.fix.env = spec.env;
    out.push_back(std::move(r));
    return &out.back();
  }
  throw std::logic_error("signal_rules.json has no rule " + std::string(id));
}

}  // namespace rule

}  // namespace dd::logs
