#include "watch/session.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/strings.hpp"
#include "logs/analyzer.hpp"
#include "report/findings_text.hpp"
#include "watch/diagnose.hpp"
#include "watch/diagnose_neighbour.hpp"
#include "watch/diagnose_peers.hpp"
#include "watch/env_compare.hpp"
#include "watch/job.hpp"
#include "watch/output_tracker.hpp"
#include "watch/process_info.hpp"
#include "watch/python_stacks.hpp"
#include "watch/snapshot.hpp"
#include "watch/stall_detector.hpp"

namespace dd::watch {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

void write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // our own output is gone (closed pipe): keep running the job
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

// " rank 1" for a rank's own process; " (child of rank 1's process, pid 42)" for a process below it
// that inherited its RANK (a subprocess, a DataLoader worker): those are not ranks.
std::string rank_label(const Snapshot& s, const ProcessInfo& p) {
  if (!p.rank) return "";
  const ProcessInfo* root = &p;
  for (int hops = 0; hops < 64; ++hops) {
    const auto* parent = s.process(root->ppid);
    if (!parent || parent->rank != p.rank) break;
    root = parent;
  }
  if (root == &p) return fmt::format(" rank {}", *p.rank);
  return fmt::format(" (child of rank {}'s process, pid {})", *p.rank, root->pid);
}

// One line per process of the tree and per socket it owns, for the stall report.
std::vector<std::string> describe_tree(const Snapshot& before, const Snapshot& after, long ticks_per_s) {
  std::vector<std::string> lines;
  double dt = std::max(0.1, after.at_s - before.at_s);
  for (const auto& p : after.processes) {
    const auto* b = before.process(p.pid);
    double cpu = b ? 100.0 * static_cast<double>(p.cpu_ticks - std::min(p.cpu_ticks, b->cpu_ticks)) /
                         static_cast<double>(ticks_per_s) / dt
                   : 0;
    std::map<std::string, int> where;  // "futex" -> thread count
    for (const auto& t : p.threads) {
      std::string w = t.state == 'R' ? "running" : syscall_name(t.syscall);
      if (t.state == 'D') w += " (D)";
      ++where[w];
    }
    std::vector<std::string> parts;
    for (const auto& [w, n] : where) parts.push_back(fmt::format("{} {}", n, w));
    lines.push_back(fmt::format("pid {}{} {} [{}]: CPU {:.0f}%, read {} B, threads: {}", p.pid, rank_label(after, p),
                                p.comm, std::string(1, p.state), cpu, b ? p.rchar - std::min(p.rchar, b->rchar) : 0,
                                core::join(parts, ", ")));
    for (const auto& s : after.sockets) {
      if (s.pid != p.pid || s.socket.state == TcpState::listen) continue;
      const auto* sb = before.socket(s.socket.inode, s.netns);
      std::uint64_t moved = s.socket.bytes_acked + s.socket.bytes_received -
                            (sb ? sb->socket.bytes_acked + sb->socket.bytes_received : 0);
      lines.push_back(fmt::format("    tcp {}:{} -> {}:{} {} sendq {} recvq {} retrans {} moved {} B", s.socket.local,
                                  s.socket.local_port, s.socket.peer, s.socket.peer_port, to_string(s.socket.state),
                                  s.socket.send_queue, s.socket.recv_queue, s.socket.total_retrans, moved));
    }
  }
  return lines;
}

// Kernel stacks of every thread (root only), for --on-stall dump.
std::string dump_stacks(const os::FileTree& tree, const Snapshot& s) {
  std::string out;
  for (const auto& p : s.processes) {
    for (const auto& t : p.threads) {
      out += fmt::format("--- pid {} tid {} ({}) {} in {} wchan {}\n", p.pid, t.tid, t.comm, t.state,
                         syscall_name(t.syscall), t.wchan);
      out +=
          tree.read(fmt::format("/proc/{}/task/{}/stack", p.pid, t.tid)).value_or("    (kernel stack not readable)\n");
    }
  }
  return out;
}

class Watcher {
 public:
  Watcher(const WatchOptions& opt, WatchIo& io)
      : opt_(opt),
        io_(io),
        detector_(opt.stall_s, warn_after(opt.stall_s),
                  opt.argv.empty() ? 0.0 : 0.03 * static_cast<double>(io.ticks_per_s)) {}

  static double warn_after(double stall_s) { return stall_s >= 120 ? 60 : stall_s / 2; }

  double now_s() const { return std::chrono::duration<double>(Clock::now() - t0_).count(); }

  // Once a second: the tree, the progress counters, the stall state machine.
  void sample(const std::vector<int>& pids) {
    Snapshot snap = take_snapshot(io_.proc, io_.sockets, pids, now_s(), cgroups_);
    track_gone(snap);
    keep_rank_envs(envs_, snap.processes, io_.host);
    if (inspect_from_) {
      if (snap.at_s >= inspect_from_->at_s + opt_.inspect_s) finish_inspection(snap);
    }
    std::uint64_t busiest = 0;  // a process new since the last sample used all its CPU time since
    double dt = last_ ? std::max(0.1, snap.at_s - last_->at_s) : opt_.sample_s;
    for (const auto& p : snap.processes) {
      const ProcessInfo* b = last_ ? last_->process(p.pid) : nullptr;
      std::uint64_t used = p.cpu_ticks - std::min(p.cpu_ticks, b ? b->cpu_ticks : 0);
      // A rank polling the torch store for missing ranks spends 2-3 % of a core on it: waiting,
      // not start-up work (imports and model loading take far more).
      if (polls_store(snap, p.pid) &&
          static_cast<double>(used) < k_store_poll_cpu * static_cast<double>(io_.ticks_per_s) * dt)
        used = 0;
      // A rank whose store has closed its connections (the store's process exited) cannot be
      // starting up: whatever its threads burn, it waits for a job that has ended there.
      if (snap.store_closed_for(p.pid)) used = 0;
      busiest = std::max(busiest, used);
    }
    ProgressSample ps{snap.at_s, tracker_.news_bytes(), tracker_.step_lines(), snap.socket_bytes(), busiest};
    switch (detector_.update(ps)) {
      case StallEvent::warning:
        say(fmt::format(
            "no progress for {:.0f} s (no new step line, output or socket traffic); a stall is reported at {:.0f} s",
            detector_.idle_s(snap.at_s), opt_.stall_s));
        break;
      case StallEvent::stall:
        say(fmt::format("no progress for {:.0f} s: inspecting the processes for {:.0f} s", detector_.idle_s(snap.at_s),
                        opt_.inspect_s));
        idle_at_stall_ = detector_.idle_s(snap.at_s);
        inspect_from_ = snap;
        break;
      case StallEvent::resumed:
        say("progress again");
        if (io_.on_progress_again) io_.on_progress_again();
        break;
      case StallEvent::none:
        break;
    }
    last_ = std::move(snap);
  }

  // Bytes moved on `pid`'s torch store connections since the last sample.
  bool polls_store(const Snapshot& snap, int pid) const {
    if (!last_) return false;
    for (const auto& s : snap.sockets) {
      if (s.pid != pid || !snap.is_store_socket(s)) continue;
      const auto* b = last_->socket(s.socket.inode, s.netns);
      if (b && s.socket.bytes_acked + s.socket.bytes_received != b->socket.bytes_acked + b->socket.bytes_received)
        return true;
    }
    return false;
  }
  static constexpr double k_store_poll_cpu = 0.10;  // share of a core

  void track_gone(const Snapshot& snap) {
    for (auto it = alive_.begin(); it != alive_.end();) {
      if (!snap.process(it->first)) {
        it->second.gone_at_s = snap.at_s;
        if (running_) gone_.push_back(it->second);
        it = alive_.erase(it);
      } else {
        ++it;
      }
    }
    for (const auto& s : snap.sockets) {
      if (s.socket.state != TcpState::established) continue;
      auto& g = alive_[s.pid];
      g.pid = s.pid;
      g.rank = s.rank;
      if (const auto* p = snap.process(s.pid)) g.comm = p->comm;
      if (std::find(g.addresses.begin(), g.addresses.end(), s.socket.local) == g.addresses.end()) {
        g.addresses.push_back(s.socket.local);
      }
    }
  }

  void finish_inspection(const Snapshot& after) {
    StallRecord rec;
    rec.at_s = after.at_s;
    rec.idle_s = idle_at_stall_;
    // Only ranks gone before the stall began matter; a job ending normally is no cause.
    Rulesets rules;
    if (io_.firewall) rules = read_rulesets(*io_.firewall, after);
    rec.findings =
        diagnose(io_.proc, *inspect_from_, after, gone_, io_.ticks_per_s, io_.probe, io_.firewall ? &rules : nullptr,
                 tracker_.uncaught_exception(), tracker_.prompt(), tracker_.thread_death());
    if (auto env = compare_rank_envs(envs_, rec.findings)) rec.findings.push_back(std::move(*env));
    auto kept = tracker_.kept_text();
    if (!kept.empty()) {
      auto logs = logs::analyze_text(kept, "job output");
      for (auto& f : logs.findings) {
        if (f.severity != core::Severity::info) rec.findings.push_back(std::move(f));
      }
    }
    core::sort_findings(rec.findings);
    rec.processes = describe_tree(*inspect_from_, after, io_.ticks_per_s);
    for (const auto& r : rank_states(io_.proc, *inspect_from_, after, io_.ticks_per_s, machine_load(io_.proc).share(),
                                     tracker_.uncaught_exception(), tracker_.prompt())) {
      if (!r.rank) continue;
      auto links = rank_links(io_.proc, *inspect_from_, after, r);
      rec.ranks.push_back(
          {*r.rank, r.activity, r.pid, describe(r),
           r.activity == Activity::at_store || r.activity == Activity::store_wait ? r.store : blocked_read(r),
           links.endpoints, links.waits_on, links.sends, address_macs(io_.probe, r.pid),
           static_neighbours(io_.probe, r.pid), r.activity == Activity::reading_input ? r.file_read_bytes : 0,
           r.main_syscall});
    }
    std::string text =
        fmt::format("\ndistdoctor watch: STALL at {:.0f} s (no progress for {:.0f} s)\n", rec.at_s, rec.idle_s);
    for (const auto& l : rec.processes) text += "  " + l + "\n";
    text += report::render_findings(rec.findings, report::Style(io_.color));
    if (opt_.on_stall == OnStall::dump) text += dump_stacks(io_.proc, after);
    std::fputs(text.c_str(), io_.report);
    std::fflush(io_.report);
    // After the verdict is out: what the GPUs do and where the Python ranks wait.
    rec.notes = gpu_lines(read_gpu_utilisation(io_.nvml_library));
    if (io_.runner != nullptr) {
      auto stacks = python_stacks(*io_.runner, python_pids(after), std::chrono::seconds(3));
      rec.notes.insert(rec.notes.end(), stacks.begin(), stacks.end());
    }
    std::string notes;
    for (const auto& l : rec.notes) notes += "  " + l + "\n";
    std::fputs(notes.c_str(), io_.report);
    std::fflush(io_.report);
    for (const auto& f : rec.findings) {
      if (std::none_of(merged_.begin(), merged_.end(), [&](auto& m) { return m.id == f.id; })) merged_.push_back(f);
    }
    result_.stalls.push_back(std::move(rec));
    inspect_from_.reset();
    if (io_.on_stall_reported) {
      WatchResult so_far = result_;
      so_far.findings = merged_;
      so_far.rank_envs = envs_;
      so_far.last_step_line = tracker_.last_step_line();
      so_far.error_lines = tracker_.error_lines();
      io_.on_stall_reported(so_far);
    }
    if (opt_.on_stall == OnStall::kill) kill_requested_ = true;
  }

  void say(const std::string& line) {
    std::fprintf(io_.report, "distdoctor watch: %s\n", line.c_str());
    std::fflush(io_.report);
  }

  core::Result<WatchResult> run_command() {
    int log_fd = -1;
    if (!opt_.log_file.empty()) {
      log_fd = ::open(opt_.log_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (log_fd < 0) {
        return core::make_error(core::ErrorKind::unreadable,
                                "--log " + opt_.log_file + ": cannot write: " + std::strerror(errno));
      }
    }
    JobSpec spec{opt_.argv, {}, opt_.use_pty};
    if (opt_.nccl_debug) {
      spec.set_env = {
          {"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET"}, {"TORCH_NCCL_TRACE_BUFFER_SIZE", "2000"}};
    }
    auto job = start_job(spec);
    if (!job) {
      if (log_fd >= 0) ::close(log_fd);
      return job.error();
    }
    t0_ = Clock::now();
    running_ = true;
    auto sink = [&](Stream s, std::string_view bytes) {
      write_all(s == Stream::out ? io_.out_fd : io_.err_fd, bytes);
      if (log_fd >= 0) write_all(log_fd, bytes);
      tracker_.feed(bytes);
    };
    auto self = static_cast<int>(::getpid());
    auto next = Clock::now();
    std::optional<Clock::time_point> kill_hard_at;
    std::optional<int> status;
    while (!status) {
      status = (*job)->pump(std::chrono::duration_cast<milliseconds>(next - Clock::now()), sink);
      if (status) break;
      if (Clock::now() < next) continue;
      sample(descendants(parent_links(io_.proc), {self}, false));
      // The next sample a full period after this one ended: a slow sample never starves the relay.
      next = Clock::now() + milliseconds(static_cast<long>(opt_.sample_s * 1000));
      if (kill_requested_ && !kill_hard_at) {
        say("--on-stall kill: terminating the job");
        (*job)->signal_all(SIGTERM);
        kill_hard_at = Clock::now() + std::chrono::seconds(10);
      }
      if (kill_hard_at && Clock::now() >= *kill_hard_at) {
        (*job)->signal_all(SIGKILL);
        kill_hard_at = Clock::now() + std::chrono::hours(24);
      }
    }
    running_ = false;
    result_.orphans_reaped = (*job)->finish(milliseconds(3000));
    if (result_.orphans_reaped > 0) {
      say(fmt::format("{} process(es) of the job outlived it; terminated and reaped", result_.orphans_reaped));
    }
    if (log_fd >= 0) ::close(log_fd);
    result_.exit_code = exit_code_of(*status);
    return finish();
  }

  core::Result<WatchResult> run_attach() {
    std::vector<int> roots = opt_.pids;
    auto links = parent_links(io_.proc);
    if (!opt_.match.empty()) {
      auto self = static_cast<int>(::getpid());
      std::set<int> mine;  // ourselves and our ancestors never match
      for (int p = self; p > 1;) {
        mine.insert(p);
        auto it = std::find_if(links.begin(), links.end(), [&](auto& l) { return l.first == p; });
        p = it == links.end() ? 0 : it->second;
      }
      std::set<int> matched;
      for (const auto& [pid, ppid] : links) {
        if (mine.count(pid)) continue;
        auto cmd = io_.proc.read("/proc/" + std::to_string(pid) + "/cmdline").value_or("");
        std::replace(cmd.begin(), cmd.end(), '\0', ' ');
        if (cmd.find(opt_.match) != std::string::npos) matched.insert(pid);
      }
      for (int p : matched) {  // keep the topmost matches: their descendants come with them
        auto it = std::find_if(links.begin(), links.end(), [&](auto& l) { return l.first == p; });
        if (it == links.end() || !matched.count(it->second)) roots.push_back(p);
      }
      if (roots.empty()) {
        return core::make_error(core::ErrorKind::not_found, "--match '" + opt_.match + "': no running process matches");
      }
    }
    for (int p : roots) {
      if (!io_.proc.exists("/proc/" + std::to_string(p) + "/stat")) {
        return core::make_error(core::ErrorKind::not_found, fmt::format("--pid {}: no such process", p));
      }
    }
    result_.attached = roots;
    sigset_t set;
    sigemptyset(&set);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&set, s);
    ::sigprocmask(SIG_BLOCK, &set, nullptr);
    t0_ = Clock::now();
    running_ = true;
    say(fmt::format("attached to {} (stall after {:.0f} s without socket traffic; Ctrl-C ends watching)",
                    core::join(
                        [&] {
                          std::vector<std::string> v;
                          for (int p : roots) v.push_back(std::to_string(p));
                          return v;
                        }(),
                        ", "),
                    opt_.stall_s));
    for (;;) {
      auto tree = descendants(parent_links(io_.proc), roots, true);
      if (tree.empty()) break;
      sample(tree);
      // Done when only zombies are left (their parent, not us, reaps them).
      if (std::all_of(last_->processes.begin(), last_->processes.end(), [](auto& p) { return p.state == 'Z'; })) break;
      timespec ts{static_cast<time_t>(opt_.sample_s),
                  static_cast<long>((opt_.sample_s - static_cast<long>(opt_.sample_s)) * 1e9)};
      if (::sigtimedwait(&set, nullptr, &ts) > 0) break;
      if (kill_requested_) {
        for (int p : tree) ::kill(p, SIGTERM);
        kill_requested_ = false;
      }
    }
    ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
    return finish();
  }

  WatchResult finish() {
    result_.command = opt_.argv;
    result_.duration_s = now_s();
    result_.last_step_line = tracker_.last_step_line();
    result_.error_lines = tracker_.error_lines();
    // The ranks' environments as every sample saw them, also when the job never stalled; said
    // here unless a stall report already said the same.
    std::erase_if(merged_, [](const core::Finding& f) { return f.id == k_env_differs_id; });
    if (auto env = compare_rank_envs(envs_, merged_)) {
      bool said = std::any_of(result_.stalls.begin(), result_.stalls.end(), [&](const StallRecord& s) {
        return std::any_of(s.findings.begin(), s.findings.end(),
                           [&](const core::Finding& f) { return f.id == env->id && f.evidence == env->evidence; });
      });
      if (!said) {
        std::fputs(("\ndistdoctor watch: the ranks' environments\n" +
                    report::render_findings({*env}, report::Style(io_.color)))
                       .c_str(),
                   io_.report);
        std::fflush(io_.report);
      }
      merged_.push_back(std::move(*env));
    }
    // A job that failed without a stall: what its own output says, read as `logs` reads it
    // (clusters-2026-12-07m w3: rank 1's Gloo "op.preamble.length <= op.nbytes. 262144 vs 196608"
    // abort was left for the user to find). A stall's report read the output already.
    if (result_.exit_code && *result_.exit_code != 0 && result_.stalls.empty()) {
      auto kept = tracker_.kept_text();
      if (!kept.empty())
        for (auto& f : logs::analyze_text(kept, "job output").findings) {
          const bool known = std::any_of(merged_.begin(), merged_.end(), [&](auto& g) { return g.id == f.id; });
          if (f.severity == core::Severity::error && !known) merged_.push_back(std::move(f));
        }
    }
    result_.rank_envs = envs_;
    result_.findings = merged_;
    core::sort_findings(result_.findings);
    return std::move(result_);
  }

 private:
  const WatchOptions& opt_;
  WatchIo& io_;
  StallDetector detector_;
  OutputTracker tracker_;
  Clock::time_point t0_ = Clock::now();
  std::optional<Snapshot> last_, inspect_from_;
  CgroupMountsOnce cgroups_;  // read at the first job process, kept for the session
  double idle_at_stall_ = 0;
  std::map<int, GoneRank> alive_;
  std::vector<GoneRank> gone_;
  std::vector<core::Finding> merged_;
  std::vector<RankEnv> envs_;
  bool running_ = false, kill_requested_ = false;
  WatchResult result_;
};

}  // namespace

core::Result<WatchResult> run_watch(const WatchOptions& opt, WatchIo& io) {
  if (opt.stall_s <= 0)
    return core::make_error(core::ErrorKind::usage, "--stall: must be a positive number of seconds");
  bool attach = !opt.pids.empty() || !opt.match.empty();
  if (attach && !opt.argv.empty()) {
    return core::make_error(core::ErrorKind::usage, "give either a command after -- or --pid/--match, not both");
  }
  if (!attach && opt.argv.empty()) {
    return core::make_error(core::ErrorKind::usage, "no command (use `watch -- CMD...` or `watch --pid PID`)");
  }
  Watcher w(opt, io);
  return attach ? w.run_attach() : w.run_command();
}

}  // namespace dd::watch
