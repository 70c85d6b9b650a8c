// The data-driven signal rules (data/signal_rules.json, rule::signal_rule).
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "logs/embedded_data.hpp"
#include "logs/rules.hpp"

namespace dd::logs {
namespace {

TEST(LogsSignalRules, TheDataFileLoadsWithUniqueIds) {
  std::vector<SignalRuleSpec> specs;
  ASSERT_NO_THROW(specs = parse_signal_rules(embedded::signal_rules_json));
  EXPECT_EQ(specs.size(), signal_rule_specs().size());
  std::set<std::string> ids;
  for (const auto& s : specs) {
    EXPECT_TRUE(ids.insert(s.id).second) << s.id;
    EXPECT_NE(EventKind::none, s.kind) << s.id;
    EXPECT_FALSE(s.title.empty()) << s.id;
    EXPECT_FALSE(s.fix.empty()) << s.id;
  }
  EXPECT_GE(ids.size(), 19u);
}

// Every spec: nothing without its signal; with it, the spec's finding carrying the signal's
// evidence, hosts and ranks.
TEST(LogsSignalRules, EachSpecFiresOnItsSignalOnly) {
  for (const auto& spec : signal_rule_specs()) {
    LogFacts facts;
    std::vector<RankedFinding> out;
    EXPECT_EQ(nullptr, rule::signal_rule(facts, spec.id, out)) << spec.id;
    EXPECT_TRUE(out.empty()) << spec.id;
    Signal& s = facts.signal(spec.kind);
    s.count = 1;
    s.evidence.push_back(Evidence{"r0.log", 4, "the line"});
    s.hosts = {"node7"};
    s.ranks = {3};
    RankedFinding* r = rule::signal_rule(facts, spec.id, out);
    ASSERT_NE(nullptr, r) << spec.id;
    ASSERT_EQ(1u, out.size());
    EXPECT_EQ(spec.id, r->finding.id);
    EXPECT_EQ(spec.label, r->finding.label) << spec.id;
    EXPECT_EQ(spec.severity, r->finding.severity) << spec.id;
    EXPECT_EQ(spec.priority, r->priority) << spec.id;
    EXPECT_EQ(spec.title, r->finding.title);
    EXPECT_EQ(spec.fix, r->finding.fix.text);
    EXPECT_EQ(spec.env, r->finding.fix.env) << spec.id;
    EXPECT_EQ(std::vector<std::string>{"r0.log:4: the line"}, r->finding.evidence) << spec.id;
    EXPECT_EQ(std::vector<std::string>{"node7"}, r->finding.hosts) << spec.id;
    EXPECT_EQ(std::vector<int>{3}, r->finding.ranks) << spec.id;
  }
}

TEST(LogsSignalRules, AnIdTheFileLacksIsAnInternalError) {
  LogFacts facts;
  std::vector<RankedFinding> out;
  EXPECT_THROW(rule::signal_rule(facts, "nccl.no-such-rule", out), std::logic_error);
}

TEST(LogsSignalRules, ABadSpecNamesItsEntryAndField) {
  const std::string spec = R"([{"id": "a.b", "kind": "shm_error", "label": "shm-exhausted", "severity": "fatal",
                                "priority": 20, "title": "t", "fix": "f", "env": {}}])";
  try {
    parse_signal_rules(spec);
    ADD_FAILURE() << "parsed a spec with severity 'fatal'";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ("signal_rules.json: entry 1 (a.b): field \"severity\": unknown severity 'fatal'", std::string(e.what()));
  }
  EXPECT_THROW(parse_signal_rules(R"([{"id": "a.b", "kind": "shm_error", "label": "shm-exhausted",
                                       "severity": "error", "priority": "20", "title": "t", "fix": "f", "env": {}}])"),
               std::runtime_error);
}

}  // namespace
}  // namespace dd::logs
