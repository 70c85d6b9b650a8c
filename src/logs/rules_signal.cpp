// The rules whose finding is data: data/signal_rules.json (see SignalRuleSpec in rules.hpp).
#include <optional>
#include <stdexcept>
#include <string>

#include "logs/data_file.hpp"
#include "logs/embedded_data.hpp"
#include "logs/rules.hpp"

namespace dd::logs {

namespace {

// The fix text of entry `e`: its "fix", or with "fix_of" (instead of "fix") that of the earlier rule
// it names, so that rules with one remedy keep one copy of it.
std::string fix_text(const DataEntry& e, const std::vector<SignalRuleSpec>& earlier) {
  if (!e.has("fix_of")) return e.text("fix");
  if (e.has("fix")) e.fail("fix_of", "given with \"fix\": one or the other");
  std::string id = e.text("fix_of");
  for (const auto& s : earlier) {
    if (s.id == id) return s.fix;
  }
  e.fail("fix_of", "no earlier rule '" + id + "'");
}

}  // namespace

std::vector<SignalRuleSpec> parse_signal_rules(std::string_view json) {
  std::vector<SignalRuleSpec> specs;
  for_each_data_entry(json, "signal_rules.json", [&](const DataEntry& e) {
    specs.push_back(SignalRuleSpec{e.text("id"), e.kind("kind"), e.kinds_or_none("also"), e.label("label"),
                                   e.severity("severity"), e.number("priority"), e.text("title"), fix_text(e, specs),
                                   e.text_map("env")});
  });
  return specs;
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

namespace {

// `text` with each "{value}" replaced by `value`.
std::string filled(const SignalRuleSpec& spec, std::string text, std::optional<std::string_view> value) {
  static constexpr std::string_view slot = "{value}";
  for (std::size_t at = text.find(slot); at != std::string::npos; at = text.find(slot, at)) {
    if (!value) throw std::logic_error("signal rule " + spec.id + " says {value} and was given none");
    text.replace(at, slot.size(), *value);
    at += value->size();
  }
  return text;
}

}  // namespace

RankedFinding* signal_rule(const LogFacts& facts, std::string_view id, std::vector<RankedFinding>& out,
                           std::optional<std::string_view> value) {
  for (const SignalRuleSpec& spec : signal_rule_specs()) {
    if (spec.id != id) continue;
    const Signal& s = facts.signal(spec.kind);
    if (s.count == 0) return nullptr;
    auto r = from_signal(s, spec.id, spec.label, spec.severity, filled(spec, spec.title, value), spec.priority);
    for (EventKind k : spec.also) add_evidence(r.finding, facts.signal(k));
    r.finding.fix.text = filled(spec, spec.fix, value);
    for (const auto& [name, v] : spec.env) r.finding.fix.env[name] = filled(spec, v, value);
    out.push_back(std::move(r));
    return &out.back();
  }
  throw std::logic_error("signal_rules.json has no rule " + std::string(id));
}

}  // namespace rule

}  // namespace dd::logs
