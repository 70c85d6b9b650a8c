#include "cluster/ssh_launch.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "cluster/preflight.hpp"
#include "core/exit_code.hpp"
#include "core/strings.hpp"
#include "report/json.hpp"

namespace dd::cluster {

namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

// Time kept back for removing the copied binary after the run.
milliseconds cleanup_reserve(const SshLaunchOptions& o) { return seconds(o.connect_timeout_s + 5); }

std::vector<std::string> common_options(const SshLaunchOptions& o) {
  std::vector<std::string> v = {
      "-o", "BatchMode=yes",         "-o", fmt::format("ConnectTimeout={}", o.connect_timeout_s),
      "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3"};
  for (const auto& opt : o.ssh_options) v.insert(v.end(), {"-o", opt});
  return v;
}

os::ProcessSpec ssh_spec(const SshLaunchOptions& o, const std::string& host, const std::string& command,
                         milliseconds timeout) {
  os::ProcessSpec s;
  s.argv = {o.ssh, "-T"};
  auto opts = common_options(o);
  s.argv.insert(s.argv.end(), opts.begin(), opts.end());
  s.argv.insert(s.argv.end(), {host, command});
  s.timeout = timeout;
  return s;
}

// scp's "host:path", with an IPv6 literal in brackets ("user@[fd00::1]:path").
std::string scp_target(const std::string& host, const std::string& path) {
  auto at = host.rfind('@');
  std::string user = at == std::string::npos ? "" : host.substr(0, at + 1);
  std::string name = at == std::string::npos ? host : host.substr(at + 1);
  if (name.find(':') != std::string::npos) name = "[" + name + "]";
  return user + name + ":" + path;
}

// The last (at most two) non-empty lines of a child's stderr, joined: ssh puts the reason there.
std::string last_words(const std::string& err) {
  std::vector<std::string> lines;
  for (const auto& l : core::split(err, '\n')) {
    auto t = core::trim(l);
    if (!t.empty()) lines.emplace_back(t);
  }
  if (lines.size() > 2) lines.erase(lines.begin(), lines.end() - 2);
  return lines.empty() ? "no message" : core::join(lines, " / ");
}

// Runs one step; "" when it exited 0, else why not (with the exit code in `code`).
std::string step(const os::ProcessRunner& runner, const os::ProcessSpec& spec, os::ProcessOutcome& out) {
  auto r = runner.run(spec);
  if (!r) return fmt::format("cannot start {}: {}", spec.argv.front(), r.error().message);
  out = std::move(*r);
  if (out.timed_out)
    return fmt::format("timed out after {} s", std::chrono::duration_cast<seconds>(spec.timeout).count());
  if (out.signal != 0) return fmt::format("{} killed by signal {}", spec.argv.front(), out.signal);
  if (out.exit_code != 0) return fmt::format("exit {}: {}", out.exit_code, last_words(out.err));
  return "";
}

core::Label unreachable_label(const std::string& error) {
  if (error.find("Could not resolve hostname") != std::string::npos) return core::Label::hostname_resolution;
  if (error.find("No route to host") != std::string::npos || error.find("Network is unreachable") != std::string::npos)
    return core::Label::no_route;
  // ssh's own words: "Connection timed out" (also "during banner exchange"), "Operation timed out";
  // our own deadline passing ("timed out after N s", set past ssh's ConnectTimeout) is no such
  // evidence: the resolver, the login or the command may have hung after the connection was made.
  if (error.find("Connection refused") != std::string::npos ||
      error.find("Connection timed out") != std::string::npos || error.find("Operation timed out") != std::string::npos)
    return core::Label::firewall_or_port_blocked;
  return core::Label::other;
}

}  // namespace

core::Result<std::vector<std::string>> parse_ssh_hosts(std::string_view list) {
  std::vector<std::string> hosts;
  for (const auto& raw : core::split(list, ',', true)) {
    auto h = std::string(core::trim(raw));
    if (h.empty()) return core::make_error(core::ErrorKind::usage, fmt::format("--ssh '{}': empty host name", list));
    if (h.front() == '-' || h.find_first_of(" \t'\"\\") != std::string::npos)
      return core::make_error(core::ErrorKind::usage, fmt::format("--ssh: '{}' is not a host name", h));
    hosts.push_back(h);
  }
  return hosts;
}

core::Result<std::vector<std::string>> read_hostfile(const os::FileTree& files, const std::string& path) {
  auto text = files.read(path);
  if (!text) return core::make_error(core::ErrorKind::unreadable, fmt::format("--hostfile '{}': cannot read it", path));
  std::vector<std::string> hosts;
  int line_no = 0;
  for (const auto& line : core::split(*text, '\n', true)) {
    ++line_no;
    std::string content = line.substr(0, line.find('#'));
    auto t = core::trim(content);
    if (t.empty()) continue;
    auto first = std::string(t.substr(0, t.find_first_of(" \t")));
    auto one = parse_ssh_hosts(first);
    if (!one)
      return core::make_error(core::ErrorKind::usage,
                              fmt::format("--hostfile '{}' line {}: '{}' is not a host name", path, line_no, first));
    hosts.push_back(first);
  }
  if (hosts.empty())
    return core::make_error(core::ErrorKind::usage, fmt::format("--hostfile '{}': no host in it", path));
  return hosts;
}

SshHostResult launch_on_host(const os::ProcessRunner& runner, const SshLaunchOptions& o, std::size_t index,
                             core::Deadline deadline, const std::function<void()>& copied) {
  // Calls `copied` exactly once: after the copy step, or on the way out when it never got there.
  struct CopiedOnce {
    const std::function<void()>& f;
    bool done = false;
    void operator()() {
      if (!done && f) f();
      done = true;
    }
    ~CopiedOnce() { (*this)(); }
  } copy_done{copied};
  SshHostResult r;
  r.host = o.hosts.at(index);
  r.rank = static_cast<int>(index) + 1;
  auto budget = [&](milliseconds cap) {
    return std::max(milliseconds(1), std::min(cap, deadline.remaining() - cleanup_reserve(o)));
  };
  os::ProcessOutcome out;

  // 1. A private folder in the host's temporary directory.
  r.stage = "connect";
  r.error = step(
      runner,
      ssh_spec(o, r.host, "mktemp -d \"${TMPDIR:-/tmp}/distdoctor.XXXXXX\"", budget(seconds(o.connect_timeout_s + 10))),
      out);
  // ssh exits 255 for its own failures; any other exit is the command's, on the host.
  r.reached = r.error.empty() || (!out.timed_out && out.signal == 0 && out.exit_code >= 0 && out.exit_code != 255);
  if (!r.error.empty()) return r;
  auto dir = std::string(core::trim(out.out));
  if (dir.empty() || dir.front() != '/' || dir.find_first_of("'\"\\ \n") != std::string::npos) {
    r.error = fmt::format("mktemp on the host printed '{}', not a folder", dir);
    return r;
  }
  r.remote_dir = dir;
  std::string remote_bin = dir + "/distdoctor";

  // 2. Our own binary into it.
  r.stage = "copy";
  os::ProcessSpec scp;
  scp.argv = {o.scp, "-q", "-B"};
  auto opts = common_options(o);
  scp.argv.insert(scp.argv.end(), opts.begin(), opts.end());
  scp.argv.insert(scp.argv.end(), {o.executable, scp_target(r.host, remote_bin)});
  scp.timeout = budget(o.timeout);
  r.error = step(runner, scp, out);
  copy_done();

  // 3. preflight there, as rank R of the same world.
  if (r.error.empty()) {
    r.stage = "run";
    std::vector<std::string> words = {core::shell_quote(remote_bin), "preflight", "--json", "--rank",
                                      std::to_string(r.rank)};
    for (const auto& a : o.member_args) words.push_back(core::shell_quote(a));
    auto res = runner.run(ssh_spec(o, r.host, core::join(words, " "), budget(o.timeout + seconds(15))));
    if (!res) {
      r.error = fmt::format("cannot start {}: {}", o.ssh, res.error().message);
    } else if (res->timed_out) {
      r.error = fmt::format("the remote preflight did not finish within {} s",
                            std::chrono::duration_cast<seconds>(o.timeout + seconds(15)).count());
    } else if (res->signal != 0) {
      r.error = fmt::format("{} killed by signal {}", o.ssh, res->signal);
    } else if (res->exit_code == core::k_exit_ok || res->exit_code == core::k_exit_findings) {
      r.exit_code = res->exit_code;
      r.stage.clear();
    } else {
      r.exit_code = res->exit_code;
      r.error = fmt::format("exit {}: {}", res->exit_code, last_words(res->err));
    }
  }

  // 4. Remove what we copied, also after a failed copy or run (own small budget).
  os::ProcessOutcome rm;
  auto rm_budget = std::max(milliseconds(1), std::min(cleanup_reserve(o), deadline.remaining() + cleanup_reserve(o)));
  r.cleaned = step(runner, ssh_spec(o, r.host, "rm -rf -- " + core::shell_quote(dir), rm_budget), rm).empty();
  return r;
}

std::vector<SshHostResult> launch_on_hosts(const os::ProcessRunner& runner, const SshLaunchOptions& options,
                                           std::latch* copied) {
  std::vector<SshHostResult> results(options.hosts.size());
  core::Deadline deadline(options.timeout + seconds(30));
  std::vector<std::thread> threads;
  threads.reserve(options.hosts.size());
  for (std::size_t i = 0; i < options.hosts.size(); ++i)
    threads.emplace_back([&, i] {
      results[i] = launch_on_host(runner, options, i, deadline, [copied] {
        if (copied) copied->count_down();
      });
    });
  for (auto& t : threads) t.join();
  return results;
}

std::vector<core::Finding> ssh_findings(const std::vector<SshHostResult>& results) {
  std::vector<core::Finding> out;
  for (const auto& r : results) {
    std::string who = fmt::format("rank {} ({})", r.rank, r.host);
    if (r.stage == "connect" && r.reached) {
      // ssh logged in: the folder step itself failed (a full or read-only TMPDIR, or a startup
      // file printing to standard output), not the connection.
      auto f = core::new_finding("preflight.ssh.no-folder", core::Label::other, core::Severity::error,
                                 fmt::format("{} was not started: ssh reached {}, but making a temporary folder there "
                                             "failed",
                                             who, r.host));
      f.evidence = {fmt::format("ssh {} mktemp -d \"${{TMPDIR:-/tmp}}/distdoctor.XXXXXX\": {}", r.host, r.error)};
      f.fix.text = fmt::format(
          "on {}: TMPDIR (else /tmp) must be writable with room for the binary, and a shell startup file "
          "(~/.bashrc) must print nothing for commands run over ssh (only when `[[ $- == *i* ]]`)",
          r.host);
      f.hosts = {r.host}, f.ranks = {r.rank};
      out.push_back(std::move(f));
    } else if (r.stage == "connect") {
      auto f = core::new_finding("preflight.ssh.unreachable", unreachable_label(r.error), core::Severity::error,
                                 fmt::format("{} was not started: ssh to {} failed", who, r.host));
      f.evidence = {fmt::format("ssh -o BatchMode=yes {}: {}", r.host, r.error)};
      f.fix.text = fmt::format(
          "make `ssh -o BatchMode=yes {} true` work from this node (key in the agent or ~/.ssh, "
          "host key in known_hosts, sshd reachable), or start preflight on {} yourself with --rank {}",
          r.host, r.host, r.rank);
      f.hosts = {r.host}, f.ranks = {r.rank};
      out.push_back(std::move(f));
    } else if (r.stage == "copy") {
      auto f = core::new_finding("preflight.ssh.copy-failed", core::Label::other, core::Severity::error,
                                 fmt::format("{} was not started: copying distdoctor to {} failed", who, r.remote_dir));
      f.evidence = {fmt::format("scp to {}:{}: {}", r.host, r.remote_dir, r.error)};
      // Room is the cause only where scp said so; otherwise its words are the evidence to go by.
      bool full = r.error.find("No space left") != std::string::npos;
      f.fix.text = full ? "the host's temporary folder (TMPDIR, else /tmp) must have room for the binary"
                        : fmt::format(
                              "scp's own words above say why; repeat the copy by hand (scp of this "
                              "distdoctor to {}:{}/) to see its whole output",
                              r.host, r.remote_dir);
      f.hosts = {r.host}, f.ranks = {r.rank};
      out.push_back(std::move(f));
    } else if (r.stage == "run") {
      bool glibc = r.error.find("GLIBC_") != std::string::npos;
      auto f = core::new_finding("preflight.ssh.remote-failed", core::Label::other, core::Severity::error,
                                 fmt::format("{}: the copied distdoctor did not complete preflight", who));
      f.evidence = {fmt::format("{} on {}: {}", r.remote_dir + "/distdoctor", r.host, r.error)};
      f.fix.text = glibc ? "this host's glibc is older than the binary needs: use the release build (see README, "
                           "'Putting distdoctor on a cluster')"
                         : "run the same command on that host by hand to see its full output";
      f.hosts = {r.host}, f.ranks = {r.rank};
      out.push_back(std::move(f));
    }
    if (!r.remote_dir.empty() && !r.cleaned) {
      auto f = core::new_finding("preflight.ssh.cleanup-failed", core::Label::other, core::Severity::warning,
                                 fmt::format("{}: could not remove {}", who, r.remote_dir));
      f.evidence = {fmt::format("ssh {} rm -rf -- {} failed", r.host, r.remote_dir)};
      f.fix.text = fmt::format("remove {} on {} by hand", r.remote_dir, r.host);
      f.hosts = {r.host}, f.ranks = {r.rank};
      out.push_back(std::move(f));
    }
  }
  return out;
}

nlohmann::json ssh_json(const std::vector<SshHostResult>& results) {
  auto hosts = nlohmann::json::array();
  for (const auto& r : results)
    hosts.push_back({{"host", r.host},
                     {"rank", r.rank},
                     {"ok", r.stage.empty()},
                     {"stage", r.stage},
                     {"error", r.error},
                     {"exit_code", r.exit_code},
                     {"dir", r.remote_dir},
                     {"cleaned", r.cleaned}});
  return {{"hosts", hosts}};
}

void merge_ssh_results(PreflightOutcome& outcome, const std::vector<SshHostResult>& results) {
  auto extra = ssh_findings(results);
  outcome.findings.insert(outcome.findings.end(), extra.begin(), extra.end());
  core::sort_findings(outcome.findings);
  outcome.json["ssh"] = ssh_json(results);
  if (core::has_error(outcome.findings) && outcome.exit_code == core::k_exit_ok)
    outcome.exit_code = core::k_exit_findings;
}

}  // namespace dd::cluster
