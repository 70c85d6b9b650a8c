// One fixture per prefix family (tests/data/logs/prefixes-<family>.log, written by
// tests/data/logs-prefixes/make-fixtures.sh from existing fixtures): the findings the unprefixed
// base logs give must also be given, first finding first, for the prefixed log; a collector that
// names the host keeps it in what the findings are built from.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "logs/analyzer.hpp"

namespace dd::logs {
namespace {

namespace fs = std::filesystem;

std::string data(const std::string& name) { return (fs::path(DD_TEST_DATA_DIR) / "logs" / (name + ".log")).string(); }

using Key = std::tuple<std::string, std::string, std::string>;  // id, label, severity

std::vector<Key> keys(const LogsReport& r) {
  std::vector<Key> out;
  for (const auto& f : r.findings)
    out.emplace_back(f.id, std::string(core::to_string(f.label)), std::string(core::to_string(f.severity)));
  return out;
}

struct Family {
  std::string name;               // prefixes-<name>.log
  std::vector<std::string> base;  // the unprefixed fixtures it was made from
};

const std::vector<Family> k_families = {
    {"grep", {"loopback-across-hosts", "firewall-refused"}},
    {"pdsh", {"watchdog-diverged"}},
    {"kubectl", {"firewall-refused"}},
    {"stern", {"different-subnets"}},
    {"srun", {"version-mismatch"}},
    {"mpirun", {"different-subnets"}},
    {"ompi5", {"system-error-single-host"}},
    {"horovod", {"loopback-across-hosts"}},
    {"iso", {"shm-exhausted"}},
    {"journald", {"gloo-127011", "hostname-dns"}},
};

TEST(LogsPrefixFamilies, PrefixedLogGivesTheUnprefixedFindings) {
  for (const auto& fam : k_families) {
    std::vector<std::string> base_paths;
    for (const auto& b : fam.base) base_paths.push_back(data(b));
    auto base = analyze_files(base_paths);
    auto prefixed = analyze_files({data("prefixes-" + fam.name)});
    ASSERT_TRUE(base.ok() && prefixed.ok()) << fam.name;
    auto want = keys(*base), got = keys(*prefixed);
    ASSERT_FALSE(want.empty()) << fam.name;
    ASSERT_FALSE(got.empty()) << fam.name;
    EXPECT_EQ(want.front(), got.front()) << fam.name << ": first finding " << prefixed->findings.front().title;
    for (const auto& k : want)
      EXPECT_NE(std::find(got.begin(), got.end(), k), got.end()) << fam.name << ": missing " << std::get<0>(k);
    // Every line of the base that carried an NCCL header is read as one in the prefixed log.
    EXPECT_EQ(base->facts.processes.size(), prefixed->facts.processes.size()) << fam.name;
  }
}

TEST(LogsPrefixFamilies, LaunchersNameTheirRanks) {
  // srun --label, Open MPI and Horovod tags carry the rank; the NCCL-less lines keep it.
  auto pdsh = analyze_files({data("prefixes-pdsh")});
  ASSERT_TRUE(pdsh.ok());
  EXPECT_EQ(3u, pdsh->facts.watchdogs.size());
  auto ompi5 = analyze_files({data("prefixes-ompi5")});
  ASSERT_TRUE(ompi5.ok());
  EXPECT_EQ(std::set<int>{1}, ompi5->facts.signal(EventKind::opaque_error).ranks);
}

TEST(LogsPrefixFamilies, CollectorHostsReachTheFindings) {
  // pdsh / clush: the watchdog lines have no NCCL header; the host comes from the prefix.
  auto pdsh = analyze_files({data("prefixes-pdsh")});
  ASSERT_TRUE(pdsh.ok());
  EXPECT_EQ((std::set<std::string>{"10.0.0.2", "node01"}), pdsh->facts.signal(EventKind::watchdog_timeout).hosts);
  ASSERT_FALSE(pdsh->findings.empty());
  EXPECT_EQ("collective.watchdog-diverged", pdsh->findings.front().id);
  EXPECT_EQ((std::vector<std::string>{"10.0.0.2", "node01"}), pdsh->findings.front().hosts);
  // journald: each finding names the host whose journal held its line.
  auto journal = analyze_files({data("prefixes-journald")});
  ASSERT_TRUE(journal.ok());
  for (const auto& f : journal->findings) {
    if (f.id == "net.hostname.unresolvable") {
      EXPECT_EQ(std::vector<std::string>{"node8"}, f.hosts);
    } else if (f.id == "net.peer.debian-hostname-alias") {
      EXPECT_EQ(std::vector<std::string>{"node7"}, f.hosts);
    }
  }
  // The unprefixed logs do not know these hosts.
  auto base = analyze_files({data("gloo-127011"), data("hostname-dns")});
  ASSERT_TRUE(base.ok());
  for (const auto& f : base->findings) EXPECT_TRUE(f.hosts.empty()) << f.id;
}

}  // namespace
}  // namespace dd::logs
