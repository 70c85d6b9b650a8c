// "One step short" for the rules whose finding is data (data/signal_rules.json, issue 28 item 5):
// such a rule claims its cause from one kind of line, the lines the catalogue entries of its kind
// recognise (data/message_catalogue.json, `match`). For every rule and every such entry whose
// example, alone in a log, gives the rule's finding, the same line without the phrase the entry
// keys on (its first "has" item, its "starts" prefix, or its NCCL source file) must give none.
// A rule whose example alone gives no finding needs more than the line (a value, a second line):
// its row in docs/rules.md names its own short test, and it is listed in `k_needs_more` below.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "logs/analyzer.hpp"
#include "logs/line_classifier.hpp"
#include "logs/logs_test_util.hpp"
#include "logs/message_catalogue.hpp"
#include "logs/rules.hpp"

namespace dd::logs {
namespace {

using test::find_id;

// Rules that need more than one line of their kind, and the test that feeds them one step short.
const std::map<std::string, std::string>& needs_more() {
  static const std::map<std::string, std::string> k_needs_more = {
      {"nccl.ifname.ignored", "LogsShortRows.IfnameIgnoredNeedsAValueNcclSkips (the value's length)"},
      {"nccl.ifname.quoted", "LogsShortRows.IfnameQuotedNeedsAQuoteInTheValue (a quote in the value)"},
      {"nccl.ifname.exclusion-only", "LogsShortNetwork.ExclusionOnlyStaysQuietWhenEveryProcessTookOneInterface"},
      {"nccl.ifname.exclusion-picks-lo", "LogsShortNetwork.ExclusionPicksLoOnlyWhileNoProcessShowsItsInterface"},
      {"nccl.ifname.matches-nothing", "LogsShortNetwork.IfnameMatchesNothingNeedsNcclsNoInterfaceLine"},
      {"nccl.ib.open-failed", "LogsShortNetwork.OpenFailedMovesDataOverSocketsOnlyWhileNoRankUsesIb (a rank on IB)"},
      {"nccl.ib.hca-not-found", "LogsShortNetwork.HcaNotFoundNeedsNetIbToFindNoDevice (NCCL_IB_HCA and sockets)"},
      {"nccl.ib.hca-not-found-socket", "LogsShortNetwork.HcaNotFoundNeedsNetIbToFindNoDevice"},
      {"ib.verbs.provider-missing", "LogsShortTransport.VerbsProviderIsTheCauseOnlyBesideAnNcclFailure"},
      {"nccl.shm.sigbus-in-open", "LogsCrashCauses.SigbusWithoutTheShmOpenFrameDoesNotClaimAFullDevShm"},
      {"nccl.sigbus.shm", "LogsCrashCauses.BusErrorOutsideNcclIsNotBlamedOnShm"},
      {"mpi.btl-tcp.incoming-unmatched", "LogsShortNetwork.OpenMpiUnmatchedConnectionNeedsEveryKnownInterfaceToFail"},
      {"nccl.system-error.single-host", "LogsShortTransport.SingleHostStallNeedsOneHostAndAnInitThatNeverEnded"},
  };
  return k_needs_more;
}

// `line` without the first of `alternatives` it holds; false when it holds none.
bool erase_first(std::string& line, const std::vector<std::string>& alternatives) {
  for (const auto& a : alternatives) {
    if (a.empty()) continue;
    if (auto at = line.find(a); at != std::string::npos) {
      line.erase(at, a.size());
      return true;
    }
  }
  return false;
}

// `line` without what entry `m` keys on: its first "has" item, else its "starts" prefix, else its
// NCCL source file. False when the line holds none of them.
bool drop_key(std::string& line, const MessageMatch& m) {
  if (!m.has.empty()) return erase_first(line, m.has.front());
  if (!m.starts.empty()) return erase_first(line, m.starts);
  for (const auto& s : m.src) {
    if (auto at = line.find(s); at != std::string::npos) {
      line.replace(at, s.size(), "misc");
      return true;
    }
  }
  return false;
}

// The event kind and the recognising entry of `line`, classified alone.
std::pair<EventKind, int> classify_alone(const std::string& line) {
  std::string scratch;
  ParsedLine p = parse_line(line, scratch);
  return {p.event.kind, p.event.catalogue_entry};
}

// `line` with the key of every entry of `kind` that recognises it removed, one after the other, until
// no entry of that kind does; empty when a recognising entry's key cannot be found in it.
std::string short_of(std::string line, EventKind kind) {
  auto catalogue = message_catalogue();
  for (int round = 0; round < 8; ++round) {
    auto [k, entry] = classify_alone(line);
    if (k != kind) return line;
    if (entry < 0 || !drop_key(line, catalogue[static_cast<std::size_t>(entry)].match)) return {};
  }
  return {};
}

std::string test_name(const std::string& id) {
  std::string n;
  for (char c : id) n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return n;
}

class LogsSignalShort : public ::testing::TestWithParam<SignalRuleSpec> {};

TEST_P(LogsSignalShort, TheLineWithoutItsKeyPhraseClaimsNothing) {
  const SignalRuleSpec& spec = GetParam();
  int seen = 0;
  for (const CatalogueEntry& e : message_catalogue()) {
    if (e.kind != spec.kind) continue;
    std::vector<std::string> lines{e.example};
    lines.insert(lines.end(), e.more_examples.begin(), e.more_examples.end());
    for (const std::string& line : lines) {
      if (find_id(analyze_text(line + "\n", "one.log"), spec.id) == nullptr) continue;
      ++seen;
      std::string short_line = short_of(line, spec.kind);
      ASSERT_FALSE(short_line.empty()) << e.id << ": no key phrase of the entries of its kind found in " << line;
      auto report = analyze_text(short_line + "\n", "one.log");
      EXPECT_EQ(find_id(report, spec.id), nullptr)
          << spec.id << " still claimed from \"" << short_line << "\" (entry " << e.id << ", line " << line << ")";
    }
  }
  if (needs_more().count(spec.id)) {
    EXPECT_EQ(seen, 0) << spec.id << " is listed as needing more than its line, yet its line alone gives it";
    return;
  }
  EXPECT_GT(seen, 0) << spec.id << ": no catalogue example of its kind, alone in a log, gives the finding";
}

INSTANTIATE_TEST_SUITE_P(Rules, LogsSignalShort,
                         ::testing::ValuesIn(signal_rule_specs().begin(), signal_rule_specs().end()),
                         [](const ::testing::TestParamInfo<SignalRuleSpec>& p) { return test_name(p.param.id); });

}  // namespace
}  // namespace dd::logs
