// preflight --ssh against a recording FakeProcessRunner: the commands ssh/scp get, their order,
// the cleanup after every failure, and the findings each failure becomes.
#include "cluster/ssh_launch.hpp"

#include <gtest/gtest.h>

#include "cluster/preflight.hpp"
#include "os/fake/fake_process_runner.hpp"
#include "os/fake/memory_file_tree.hpp"

namespace dd::cluster {
namespace {

using namespace std::chrono_literals;

os::ProcessOutcome exited(int code, std::string out = "", std::string err = "") {
  os::ProcessOutcome o;
  o.exit_code = code;
  o.out = std::move(out);
  o.err = std::move(err);
  return o;
}

SshLaunchOptions options(std::vector<std::string> hosts) {
  SshLaunchOptions o;
  o.hosts = std::move(hosts);
  o.executable = "/opt/dd/distdoctor";
  o.member_args = {"--world", "3", "--rendezvous", "198.18.0.1:29400", "--token", "job 7", "--timeout", "30"};
  o.timeout = 30s;
  o.connect_timeout_s = 4;
  o.ssh_options = {"Port=2222"};
  return o;
}

std::string joined(const os::ProcessSpec& s) {
  std::string out;
  for (const auto& a : s.argv) out += (out.empty() ? "" : " ") + a;
  return out;
}

TEST(SshLaunch, MakesFolderCopiesRunsAndRemoves) {
  os::fake::FakeProcessRunner runner;
  runner.answer(exited(0, "/tmp/distdoctor.AbC123\n")).answer(exited(0)).answer(exited(1, "{}")).answer(exited(0));
  auto r = launch_on_host(runner, options({"alice@node2", "node3"}), 0, core::Deadline(60s));
  EXPECT_EQ(r.stage, "");
  EXPECT_EQ(r.rank, 1);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.cleaned);
  ASSERT_EQ(runner.calls.size(), 4u);
  EXPECT_EQ(
      joined(runner.calls[0]),
      "ssh -T -o BatchMode=yes -o ConnectTimeout=4 -o ServerAliveInterval=5 -o ServerAliveCountMax=3 -o Port=2222 "
      "alice@node2 mktemp -d \"${TMPDIR:-/tmp}/distdoctor.XXXXXX\"");
  EXPECT_EQ(runner.calls[1].argv.front(), "scp");
  EXPECT_EQ(runner.calls[1].argv.back(), "alice@node2:/tmp/distdoctor.AbC123/distdoctor");
  EXPECT_EQ(runner.calls[1].argv[runner.calls[1].argv.size() - 2], "/opt/dd/distdoctor");
  EXPECT_EQ(runner.calls[2].argv.back(),
            "/tmp/distdoctor.AbC123/distdoctor preflight --json --rank 1 --world 3 --rendezvous 198.18.0.1:29400 "
            "--token 'job 7' --timeout 30");
  EXPECT_EQ(runner.calls[3].argv.back(), "rm -rf -- /tmp/distdoctor.AbC123");
  // Every step has a deadline inside the host's budget.
  for (const auto& c : runner.calls) EXPECT_LE(c.timeout, 60s) << joined(c);
  EXPECT_LE(runner.calls[0].timeout, 14s);
}

TEST(SshLaunch, UnreachableHostStopsAtConnectWithNothingToRemove) {
  os::fake::FakeProcessRunner runner;
  runner.answer(exited(255, "", "ssh: connect to host node9 port 22: Connection refused\r\n"));
  auto r = launch_on_host(runner, options({"node9"}), 0, core::Deadline(60s));
  EXPECT_EQ(r.stage, "connect");
  EXPECT_EQ(runner.calls.size(), 1u);
  auto f = ssh_findings({r});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "preflight.ssh.unreachable");
  EXPECT_EQ(f[0].label, core::Label::firewall_or_port_blocked);
  EXPECT_EQ(f[0].severity, core::Severity::error);
  EXPECT_NE(f[0].evidence.at(0).find("Connection refused"), std::string::npos) << f[0].evidence.at(0);
  EXPECT_EQ(f[0].ranks, std::vector<int>{1});
}

TEST(SshLaunch, TimedOutConnectAndUnknownNameGetTheirLabels) {
  os::fake::FakeProcessRunner runner;
  runner.answer(exited(255, "", "ssh: connect to host slow port 22: Connection timed out"))
      .answer(exited(255, "", "ssh: Could not resolve hostname nosuch: Name or service not known"));
  auto a = launch_on_host(runner, options({"slow", "nosuch"}), 0, core::Deadline(60s));
  auto b = launch_on_host(runner, options({"slow", "nosuch"}), 1, core::Deadline(60s));
  auto f = ssh_findings({a, b});
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].id, "preflight.ssh.unreachable");
  EXPECT_EQ(f[0].label, core::Label::firewall_or_port_blocked);
  EXPECT_EQ(f[1].label, core::Label::hostname_resolution);
  EXPECT_EQ(f[1].ranks, std::vector<int>{2});
}

// ---- issue 28, the rule audit (docs/rules.md): each ssh rule one step short of its evidence ----

TEST(SshShort, OurOwnDeadlinePassingIsNoFirewall) {
  // ssh's ConnectTimeout did not end it: our deadline (set past it) did. The connection may have
  // been made and the login or the command hung: still unreachable, but no firewall claimed.
  os::fake::FakeProcessRunner runner;
  os::ProcessOutcome hung;
  hung.timed_out = true;
  runner.answer(hung);
  auto r = launch_on_host(runner, options({"slow"}), 0, core::Deadline(60s));
  EXPECT_NE(r.error.find("timed out after"), std::string::npos) << r.error;
  auto f = ssh_findings({r});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "preflight.ssh.unreachable");
  EXPECT_EQ(f[0].label, core::Label::other);
}

TEST(SshShort, UnreachableNeedsSshItselfToFail) {
  // One step short of "ssh to X failed": ssh logged in and ran mktemp, which failed on the host
  // (exit 1, not ssh's 255), or printed a banner beside the folder. Not unreachable: the folder.
  os::fake::FakeProcessRunner runner;
  runner
      .answer(exited(1, "",
                     "mktemp: failed to create directory via template '/tmp/distdoctor.XXXXXX': "
                     "Read-only file system"))
      .answer(exited(0, "Welcome to node7!\n/tmp/distdoctor.x\n"));
  auto ro = launch_on_host(runner, options({"ro", "chatty"}), 0, core::Deadline(60s));
  auto chatty = launch_on_host(runner, options({"ro", "chatty"}), 1, core::Deadline(60s));
  EXPECT_EQ(runner.calls.size(), 2u);  // nothing was made: nothing to copy or remove
  auto f = ssh_findings({ro, chatty});
  ASSERT_EQ(f.size(), 2u);
  for (const auto& x : f) {
    EXPECT_EQ(x.id, "preflight.ssh.no-folder") << x.title;
    EXPECT_EQ(x.label, core::Label::other);
    EXPECT_EQ(x.title.find("ssh to"), std::string::npos) << x.title;
    EXPECT_NE(x.title.find("ssh reached"), std::string::npos) << x.title;
  }
  EXPECT_NE(f[0].evidence.at(0).find("Read-only file system"), std::string::npos) << f[0].evidence.at(0);
  EXPECT_NE(f[1].evidence.at(0).find("not a folder"), std::string::npos) << f[1].evidence.at(0);
  EXPECT_NE(f[1].fix.text.find("~/.bashrc"), std::string::npos) << f[1].fix.text;
  // the full evidence: ssh's own failure (exit 255) is unreachable
  runner.answer(exited(255, "", "ssh: connect to host n port 22: Connection refused"));
  auto down = launch_on_host(runner, options({"n"}), 0, core::Deadline(60s));
  EXPECT_EQ(ssh_findings({down}).at(0).id, "preflight.ssh.unreachable");
}

TEST(SshShort, CopyFailedNamesRoomOnlyWhereScpSaidSo) {
  os::fake::FakeProcessRunner runner;
  runner.answer(exited(0, "/tmp/distdoctor.x\n"))
      .answer(exited(1, "", "scp: /tmp/distdoctor.x/distdoctor: Permission denied"))
      .answer(exited(0))
      .answer(exited(0, "/tmp/distdoctor.y\n"))
      .answer(exited(1, "", "scp: write: No space left on device"))
      .answer(exited(0));
  auto denied = launch_on_host(runner, options({"a", "b"}), 0, core::Deadline(60s));
  auto full = launch_on_host(runner, options({"a", "b"}), 1, core::Deadline(60s));
  auto f = ssh_findings({denied, full});
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].id, "preflight.ssh.copy-failed");
  EXPECT_EQ(f[0].fix.text.find("room"), std::string::npos) << f[0].fix.text;
  EXPECT_NE(f[0].fix.text.find("a:/tmp/distdoctor.x/"), std::string::npos) << f[0].fix.text;
  EXPECT_EQ(f[1].id, "preflight.ssh.copy-failed");
  EXPECT_NE(f[1].fix.text.find("room"), std::string::npos) << f[1].fix.text;
}

TEST(SshShort, RemoteFailedNamesGlibcOnlyWhenTheLoaderSaidSo) {
  os::fake::FakeProcessRunner runner;
  runner.answer(exited(0, "/tmp/distdoctor.x\n"))
      .answer(exited(0))
      .answer(exited(127, "", "bash: /tmp/distdoctor.x/distdoctor: cannot execute: Permission denied"))
      .answer(exited(0));
  auto r = launch_on_host(runner, options({"noexec"}), 0, core::Deadline(60s));
  auto f = ssh_findings({r});
  ASSERT_EQ(f.size(), 1u);  // removed again: no cleanup finding
  EXPECT_EQ(f[0].id, "preflight.ssh.remote-failed");
  EXPECT_EQ(f[0].fix.text.find("glibc"), std::string::npos) << f[0].fix.text;
}

TEST(SshLaunch, FailedCopyStillRemovesTheFolder) {
  os::fake::FakeProcessRunner runner;
  runner.answer(exited(0, "/tmp/distdoctor.x\n"))
      .answer(exited(1, "", "scp: write: No space left on device"))
      .answer(exited(0));
  auto r = launch_on_host(runner, options({"n"}), 0, core::Deadline(60s));
  EXPECT_EQ(r.stage, "copy");
  ASSERT_EQ(runner.calls.size(), 3u);
  EXPECT_EQ(runner.calls[2].argv.back(), "rm -rf -- /tmp/distdoctor.x");
  auto f = ssh_findings({r});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].id, "preflight.ssh.copy-failed");
}

TEST(SshLaunch, OldGlibcOnTheHostIsARemoteFailureWithTheReleaseFix) {
  os::fake::FakeProcessRunner runner;
  runner.answer(exited(0, "/tmp/distdoctor.x\n"))
      .answer(exited(0))
      .answer(exited(127, "", "/tmp/distdoctor.x/distdoctor: /lib64/libc.so.6: version `GLIBC_2.34' not found"))
      .answer(exited(1, "", "rm: cannot remove"));
  auto r = launch_on_host(runner, options({"old"}), 0, core::Deadline(60s));
  EXPECT_EQ(r.stage, "run");
  EXPECT_FALSE(r.cleaned);
  auto f = ssh_findings({r});
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].id, "preflight.ssh.remote-failed");
  EXPECT_NE(f[0].fix.text.find("glibc"), std::string::npos);
  EXPECT_EQ(f[1].id, "preflight.ssh.cleanup-failed");
  EXPECT_EQ(f[1].severity, core::Severity::warning);
}

TEST(SshLaunch, MkdirOutputThatIsNoFolderIsRefused) {
  os::fake::FakeProcessRunner runner;
  runner.answer(exited(0, "Welcome to node7!\n"));
  auto r = launch_on_host(runner, options({"n"}), 0, core::Deadline(60s));
  EXPECT_EQ(r.stage, "connect");
  EXPECT_EQ(runner.calls.size(), 1u);
}

TEST(SshLaunch, AllHostsRunInParallelAndMergeIntoRankZerosOutcome) {
  os::fake::FakeProcessRunner runner;  // answers are taken in call order: one host at a time here
  for (int i = 0; i < 2; ++i) runner.answer(exited(255, "", "ssh: connect to host h port 22: No route to host"));
  auto o = options({"h1", "h2"});
  auto results = launch_on_hosts(runner, o);
  ASSERT_EQ(results.size(), 2u);
  PreflightOutcome outcome;
  merge_ssh_results(outcome, results);
  EXPECT_EQ(outcome.exit_code, 1);
  EXPECT_EQ(outcome.findings.size(), 2u);
  EXPECT_EQ(json_of(outcome)["findings"].size(), 2u);  // made from the typed findings at output
  EXPECT_EQ(outcome.json["ssh"]["hosts"][1]["rank"], 2);
  EXPECT_EQ(outcome.json["ssh"]["hosts"][0]["ok"], false);
}

TEST(SshHosts, ListAndHostfile) {
  auto l = parse_ssh_hosts("a, b@c ,fd00:18::2");
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(*l, (std::vector<std::string>{"a", "b@c", "fd00:18::2"}));
  EXPECT_FALSE(parse_ssh_hosts("a,,b").ok());
  auto bad = parse_ssh_hosts("-oProxyCommand=x");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("-oProxyCommand=x"), std::string::npos);

  os::fake::MemoryFileTree files;
  files.file("/h", "# nodes\nnode1 slots=8\n\n  node2   # spare\n");
  files.file("/empty", "# none\n");
  auto h = read_hostfile(files, "/h");
  ASSERT_TRUE(h.ok()) << h.error().message;
  EXPECT_EQ(*h, (std::vector<std::string>{"node1", "node2"}));
  EXPECT_FALSE(read_hostfile(files, "/empty").ok());
  auto missing = read_hostfile(files, "/nope");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("/nope"), std::string::npos);
}

}  // namespace
}  // namespace dd::cluster
