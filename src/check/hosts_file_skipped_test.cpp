#include "check/hosts_file_skipped.hpp"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "os/fake/fake_resolver.hpp"
#include "os/fake/memory_file_tree.hpp"

namespace dd::check {
namespace {

const char* k_hosts =
    "127.0.0.1 localhost\n::1 localhost ip6-localhost\n# cluster\n198.19.116.10 c11node0\n198.19.116.11 c11node1 "
    "# me\n";

// clusters-2026-12-07j p2: node1's nsswitch.conf `hosts: dns` (no files), no DNS answer; /etc/hosts
// right. preflight said only "the rendezvous host 'c11node0' does not resolve here", and its
// /etc/hosts advice changed nothing. One step short each: `files` on the line, no hosts line, no
// nsswitch.conf, every listed name resolving anyway (DNS answers them), a name nobody uses.
TEST(HostsFileSkipped, NamesTheLineThatLeavesOutFilesWithTheNamesThatDoNotResolve) {
  os::fake::MemoryFileTree t;
  t.file("/etc/nsswitch.conf", "passwd: files\nhosts:          dns   # no files\nnetworks: files\n")
      .file("/etc/hosts", k_hosts);
  os::fake::FakeResolver r("c11node1");
  os::Environment env(std::map<std::string, std::string>{{"MASTER_ADDR", "c11node0"}});
  auto f = hosts_file_skipped_finding(t, r, env, "c11node1");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->id, "host.hosts-file-skipped");
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_NE(f->title.find("(MASTER_ADDR c11node0, this machine's host name c11node1)"), std::string::npos) << f->title;
  ASSERT_EQ(f->evidence.size(), 3u);
  EXPECT_EQ(f->evidence[0], "/etc/nsswitch.conf: `hosts:          dns` (no `files`)");
  EXPECT_NE(f->evidence[1].find("/etc/hosts line 4 maps c11node0 to 198.19.116.10; getaddrinfo(\"c11node0\"): "),
            std::string::npos)
      << f->evidence[1];
  EXPECT_NE(f->fix.text.find("`sed -i 's/^[[:space:]]*hosts[[:space:]]*:[[:space:]]*/hosts: files /' "
                             "/etc/nsswitch.conf`"),
            std::string::npos)
      << f->fix.text;

  // a name the job does not use: a warning
  os::Environment other(std::map<std::string, std::string>{{"MASTER_ADDR", "198.19.116.10"}});
  auto w = hosts_file_skipped_finding(t, r, other, "elsewhere");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->severity, core::Severity::warning);

  // DNS answers every listed name: nothing seen to fail
  os::fake::FakeResolver answers("c11node1");
  answers.add("c11node0", "198.19.116.10").add("c11node1", "198.19.116.11");
  EXPECT_FALSE(hosts_file_skipped_finding(t, answers, env, "c11node1"));

  t.file("/etc/nsswitch.conf", "hosts: dns [NOTFOUND=return] files\n");
  EXPECT_FALSE(hosts_file_skipped_finding(t, r, env, "c11node1"));
  t.file("/etc/nsswitch.conf", "passwd: files\n");
  EXPECT_FALSE(hosts_file_skipped_finding(t, r, env, "c11node1"));
  os::fake::MemoryFileTree none;
  none.file("/etc/hosts", k_hosts);
  EXPECT_FALSE(hosts_file_skipped_finding(none, r, env, "c11node1"));
}

// A long /etc/hosts with DNS not answering: each lookup may wait for DNS, so the job's own names
// (MASTER_ADDR, the host name) are looked up first wherever they stand, and of the others only a few.
TEST(HostsFileSkipped, LooksUpTheJobsNamesFirstAndOnlyAFewOthers) {
  std::string hosts = "127.0.0.1 localhost\n";
  for (int i = 0; i < 40; ++i) hosts += "198.19.117." + std::to_string(i + 1) + " rack" + std::to_string(i) + "\n";
  hosts += "198.19.116.10 c11node0\n198.19.116.11 c11node1\n";
  os::fake::MemoryFileTree t;
  t.file("/etc/nsswitch.conf", "hosts: dns\n").file("/etc/hosts", hosts);
  os::fake::FakeResolver r("c11node1");
  os::Environment env(std::map<std::string, std::string>{{"MASTER_ADDR", "c11node0"}});
  auto f = hosts_file_skipped_finding(t, r, env, "c11node1");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->severity, core::Severity::error);
  ASSERT_GE(r.lookups.size(), 2u);
  EXPECT_EQ(r.lookups[0], "c11node0");
  EXPECT_EQ(r.lookups[1], "c11node1");
  EXPECT_EQ(r.lookups.size(), 6u) << "the two job names, then 4 others failing";
  EXPECT_NE(f->title.find("(MASTER_ADDR c11node0, this machine's host name c11node1, rack0, rack1, ...)"),
            std::string::npos)
      << f->title;
}

// The printed command, run by sed on a copy: the line gains `files` first and nothing else changes.
TEST(HostsFileSkipped, ThePrintedSedCommandPutsFilesFirst) {
  os::fake::MemoryFileTree t;
  t.file("/etc/nsswitch.conf", "hosts: dns\n").file("/etc/hosts", k_hosts);
  os::fake::FakeResolver r("c11node1");
  auto f = hosts_file_skipped_finding(t, r, os::Environment{}, "c11node1");
  ASSERT_TRUE(f);
  auto open = f->fix.text.find("`sed -i ");
  ASSERT_NE(open, std::string::npos);
  std::string cmd = f->fix.text.substr(open + 1, f->fix.text.find('`', open + 1) - open - 1);
  char dir[] = "/tmp/dd-nsswitch-XXXXXX";
  ASSERT_TRUE(mkdtemp(dir));
  std::string file = std::string(dir) + "/nsswitch.conf";
  // review57: the forms the rule reads (`hosts : dns`, an indented line) are the forms the command edits
  std::ofstream(file) << "passwd:  files\n  hosts :  dns mdns4_minimal\nnetworks: files\n";
  auto at = cmd.find("/etc/nsswitch.conf");
  cmd.replace(at, std::string("/etc/nsswitch.conf").size(), file);
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::stringstream got;
  got << std::ifstream(file).rdbuf();
  EXPECT_EQ(got.str(), "passwd:  files\nhosts: files dns mdns4_minimal\nnetworks: files\n");
  std::remove(file.c_str());
  rmdir(dir);
}

}  // namespace
}  // namespace dd::check
