// The data-driven signal rules (data/signal_rules.json, rule::signal_rule).
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

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
  EXPECT_GE(ids.size(), 27u);
}

std::string with_value(std::string text, const std::string& value) {
  for (std::size_t at = text.find("{value}"); at != std::string::npos; at = text.find("{value}", at + value.size()))
    text.replace(at, 7, value);
  return text;
}

// Every spec: nothing without its signal; with it, the spec's finding carrying the signal's
// evidence, hosts and ranks, then the evidence of its `also` signals, with "{value}" filled in.
TEST(LogsSignalRules, EachSpecFiresOnItsSignalOnly) {
  for (const auto& spec : signal_rule_specs()) {
    LogFacts facts;
    std::vector<RankedFinding> out;
    EXPECT_EQ(nullptr, rule::signal_rule(facts, spec.id, out, "eth9")) << spec.id;
    EXPECT_TRUE(out.empty()) << spec.id;
    for (EventKind k : spec.also) {
      Signal& a = facts.signal(k);
      a.count = 1;
      a.evidence.push_back(Evidence{"r1.log", 2, "the other line"});
      a.hosts = {"node8"};
    }
    Signal& s = facts.signal(spec.kind);
    s.count = 1;
    s.evidence.push_back(Evidence{"r0.log", 4, "the line"});
    s.hosts = {"node7"};
    s.ranks = {3};
    RankedFinding* r = rule::signal_rule(facts, spec.id, out, "eth9");
    ASSERT_NE(nullptr, r) << spec.id;
    ASSERT_EQ(1u, out.size());
    EXPECT_EQ(spec.id, r->finding.id);
    EXPECT_EQ(spec.label, r->finding.label) << spec.id;
    EXPECT_EQ(spec.severity, r->finding.severity) << spec.id;
    EXPECT_EQ(spec.priority, r->priority) << spec.id;
    EXPECT_EQ(with_value(spec.title, "eth9"), r->finding.title);
    EXPECT_EQ(std::string::npos, r->finding.title.find('{')) << spec.id;
    EXPECT_EQ(with_value(spec.fix, "eth9"), r->finding.fix.text);
    ASSERT_EQ(spec.env.size(), r->finding.fix.env.size()) << spec.id;
    for (const auto& [name, value] : spec.env)
      EXPECT_EQ(with_value(value, "eth9"), r->finding.fix.env[name]) << spec.id;
    std::vector<std::string> evidence{"r0.log:4: the line"};
    if (!spec.also.empty()) evidence.push_back("r1.log:2: the other line");
    EXPECT_EQ(evidence, r->finding.evidence) << spec.id;
    EXPECT_EQ(std::vector<std::string>{"node7"}, r->finding.hosts) << spec.id;
    EXPECT_EQ(std::vector<int>{3}, r->finding.ranks) << spec.id;
  }
}

TEST(LogsSignalRules, AValueFillsTitleFixAndVariables) {
  LogFacts facts;
  facts.signal(EventKind::ifname_env).count = 1;
  std::vector<RankedFinding> out;
  RankedFinding* r = rule::signal_rule(facts, "nccl.ifname.exclusion-picks-lo", out, "^docker");
  ASSERT_NE(nullptr, r);
  EXPECT_EQ(0u, r->finding.title.rfind("NCCL_SOCKET_IFNAME=^docker only excludes", 0)) << r->finding.title;
  EXPECT_EQ("^docker,lo", r->finding.fix.env["NCCL_SOCKET_IFNAME"]);
}

TEST(LogsSignalRules, ASpecThatNeedsAValueAndGetsNoneIsAnInternalError) {
  LogFacts facts;
  facts.signal(EventKind::ifname_env).count = 1;
  std::vector<RankedFinding> out;
  EXPECT_THROW(rule::signal_rule(facts, "nccl.ifname.quoted", out), std::logic_error);
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
  try {
    parse_signal_rules(R"([{"id": "a.b", "kind": "shm_error", "also": ["no_such_kind"], "label": "shm-exhausted",
                            "severity": "error", "priority": 20, "title": "t", "fix": "f", "env": {}}])");
    ADD_FAILURE() << "parsed a spec whose 'also' names an unknown kind";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ("signal_rules.json: entry 1 (a.b): field \"also\": unknown event kind 'no_such_kind'",
              std::string(e.what()));
  }
}

// "fix_of" shares an earlier rule's fix text; a name that is not an earlier rule, or "fix" beside it, fails.
TEST(LogsSignalRules, FixOfTakesAnEarlierRulesFix) {
  auto specs = parse_signal_rules(R"([
    {"id": "a.b", "kind": "shm_error", "label": "shm-exhausted", "severity": "error", "priority": 20,
     "title": "t1", "fix": "enlarge /dev/shm", "env": {}},
    {"id": "a.c", "kind": "shm_error", "label": "shm-exhausted", "severity": "error", "priority": 20,
     "title": "t2", "fix_of": "a.b", "env": {}}])");
  ASSERT_EQ(2u, specs.size());
  EXPECT_EQ("enlarge /dev/shm", specs[1].fix);
  EXPECT_EQ("t2", specs[1].title);
  for (const auto& [entry, why] : std::vector<std::pair<std::string, std::string>>{
           {R"("fix_of": "a.z")", "field \"fix_of\": no earlier rule 'a.z'"},
           {R"("fix_of": "a.b", "fix": "f")", "field \"fix_of\": given with \"fix\": one or the other"}}) {
    const std::string spec = R"([{"id": "a.b", "kind": "shm_error", "label": "shm-exhausted", "severity": "error",
                                  "priority": 20, "title": "t", "fix": "f", "env": {}},
                                 {"id": "a.c", "kind": "shm_error", "label": "shm-exhausted", "severity": "error",
                                  "priority": 20, "title": "t", "env": {}, )" +
                             entry + "}]";
    try {
      parse_signal_rules(spec);
      ADD_FAILURE() << "parsed " << entry;
    } catch (const std::runtime_error& e) {
      EXPECT_EQ("signal_rules.json: entry 2 (a.c): " + why, std::string(e.what()));
    }
  }
  // the two Open MPI TCP rules keep one copy of their remedy
  const SignalRuleSpec* peer = nullptr;
  const SignalRuleSpec* unmatched = nullptr;
  for (const auto& s : signal_rule_specs()) {
    if (s.id == "mpi.btl-tcp.unexpected-peer") peer = &s;
    if (s.id == "mpi.btl-tcp.incoming-unmatched") unmatched = &s;
  }
  ASSERT_TRUE(peer && unmatched);
  EXPECT_EQ(peer->fix, unmatched->fix);
  EXPECT_NE(std::string(embedded::signal_rules_json).find(R"("fix_of": "mpi.btl-tcp.unexpected-peer")"),
            std::string::npos);
}

}  // namespace
}  // namespace dd::logs
