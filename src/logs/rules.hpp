// The rule engine: turns LogFacts into findings the way an NCCL / PyTorch maintainer reads a log.
// Root causes outrank their symptoms: a refused connect to 172.17.0.3 is a Docker-bridge address
// problem before it is a firewall problem; a peer at 127.0.1.1 is a hostname problem. Rules were
// written against NCCL 2.3 - 2.28 log formats (nccl-facts.md §1.8, §8; checked on 2.28.9).
#pragma once

#include <set>
#include <string>
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
void hypothesis_rules(const LogFacts& facts, std::vector<RankedFinding>& out);
// Rules that speak only when nothing else did (they read `out`).
void late_transport_rules(const LogFacts& facts, std::vector<RankedFinding>& out);
void late_hypothesis_rules(const LogFacts& facts, std::vector<RankedFinding>& out);

// Helpers shared by the rules.
namespace rule {
RankedFinding make(std::string id, core::Label label, core::Severity sev, std::string title, int priority);
void add_evidence(core::Finding& f, const Signal& s);
void add_evidence(core::Finding& f, const Evidence& e);
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
}  // namespace rule

}  // namespace dd::logs
