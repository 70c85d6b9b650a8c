// The rule engine: turns LogFacts into findings the way an NCCL / PyTorch maintainer reads a log.
// Root causes outrank their symptoms: a refused connect to 172.17.0.3 is a Docker-bridge address
// problem before it is a firewall problem; a peer at 127.0.1.1 is a hostname problem. Rules were
// written against NCCL 2.3 - 2.28 log formats (nccl-facts.md §1.8, §8; checked on 2.28.9).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "logs/log_facts.hpp"

namespace dd::logs {

// A finding with its rank among findings of the same severity (lower comes first).
struct RankedFinding {
  core::Finding finding;
  int priority = 50;
};

// All rules, sorted: errors, then warnings, then info; by priority within a severity.
std::vector<core::Finding> run_rules(const LogFacts& facts);

// Rule groups (rules_*.cpp), each appending to `out`.
void network_rules(const LogFacts& facts, std::vector<RankedFinding>& out);
void transport_rules(const LogFacts& facts, std::vector<RankedFinding>& out);
void runtime_rules(const LogFacts& facts, std::vector<RankedFinding>& out);
void framework_rules(const LogFacts& facts, std::vector<RankedFinding>& out);
void launcher_rules(const LogFacts& facts, std::vector<RankedFinding>& out);
void hypothesis_rules(const LogFacts& facts, std::vector<RankedFinding>& out);
// Rules that speak only when nothing else did (they read `out`).
void late_transport_rules(const LogFacts& facts, std::vector<RankedFinding>& out);
void late_hypothesis_rules(const LogFacts& facts, std::vector<RankedFinding>& out);
// The note for a log that names no cause: the stage the log reached and the candidates (rules_evidence.cpp).
void evidence_rules(const LogFacts& facts, std::vector<RankedFinding>& out);

// A rule whose finding is data (data/signal_rules.json, compiled in): when the signal of `kind`
// was seen, a finding with this identity, the signal's evidence, hosts and ranks (then the evidence
// of the `also` signals), and this fix. "{value}" in the title, the fix and the fix's variables
// stands for a value the caller passes (a setting's text, say). The rule groups call them by id
// where they stand in the rule order (rule::signal_rule); any further condition of such a rule
// stays in the code that calls it.
struct SignalRuleSpec {
  std::string id;
  EventKind kind = EventKind::none;
  std::vector<EventKind> also;  // optional in the file
  core::Label label = core::Label::other;
  core::Severity severity = core::Severity::info;
  int priority = 50;
  std::string title;
  std::string fix;                         // fix.text
  std::map<std::string, std::string> env;  // fix.env
};

// The compiled-in specs, parsed on first use; a malformed file throws std::runtime_error.
std::span<const SignalRuleSpec> signal_rule_specs();
// Parses specs in the data file's shape; throws std::runtime_error naming the entry and field.
std::vector<SignalRuleSpec> parse_signal_rules(std::string_view json);

// Helpers shared by the rules.
namespace rule {
RankedFinding make(std::string id, core::Label label, core::Severity sev, std::string title, int priority);
// make() with the signal's evidence, hosts and ranks.
RankedFinding from_signal(const Signal& s, std::string id, core::Label label, core::Severity sev, std::string title,
                          int priority);
// The rule of spec `id` (signal_rule_specs): appends its finding when the spec's signal was seen and
// returns it (for the caller to add evidence to), else nullptr. `value` replaces "{value}". An id
// the file lacks, or a spec that says "{value}" when no value is passed, throws std::logic_error.
RankedFinding* signal_rule(const LogFacts& facts, std::string_view id, std::vector<RankedFinding>& out,
                           std::optional<std::string_view> value = std::nullopt);
// Gives `r` its fix (the text, plus `fix_env` added to any variables the rule already set) and
// appends it.
void emit(std::vector<RankedFinding>& out, RankedFinding r, std::string fix,
          std::map<std::string, std::string> fix_env = {});
void add_evidence(core::Finding& f, const Signal& s);
void add_evidence(core::Finding& f, const Evidence& e);
// Whether a line of `s` was recognised by the catalogue entry `entry_id` (entries of one kind that
// name different causes, e.g. the opaque_error entries of each NCCL result: the text stays in the
// catalogue).
bool recognised_by(const Signal& s, std::string_view entry_id);
void add_hosts(core::Finding& f, const std::set<std::string>& hosts);
void add_ranks(core::Finding& f, const std::set<int>& ranks);
// "0-3,7,9-12"
std::string rank_ranges(const std::set<int>& ranks);
// The world size the logs reveal: largest nranks seen, else largest rank + 1, else -1.
int world_size(const LogFacts& facts);
// True when the ranks run on more than one host (seen, or implied by nranks > local GPUs).
bool spans_hosts(const LogFacts& facts);
// The world ranks a process hosts (largest communicator), possibly empty.
std::set<int> ranks_of(const ProcessState& p);

// Processes that share a key (their transport, net plugin, NCCL version, ...): their hosts, their
// ranks and the first few of them as examples.
struct ProcessGroup {
  std::set<std::string> hosts;
  std::set<int> ranks;
  std::vector<const ProcessState*> examples;
};
using ProcessGroups = std::map<std::string, ProcessGroup>;
// Groups the processes by `key`; a process whose key is empty is left out. Keeps up to `examples`
// processes per key.
ProcessGroups group_processes(const LogFacts& facts, const std::function<std::string(const ProcessState&)>& key,
                              std::size_t examples);
// "<name(key)> on N host(s) (ranks 0-3)" per group, joined with `sep`.
std::string describe_groups(const ProcessGroups& groups, const std::function<std::string(const std::string&)>& name,
                            std::string_view sep);
}  // namespace rule

}  // namespace dd::logs
