// Launcher and framework rules: what Horovod's stall inspector, torch elastic's agent, DeepSpeed's
// launcher and Lightning say about which ranks to look at.
// - Horovod's coordinator lists, per rank, the tensors other ranks submitted and that rank did not
//   (stall_inspector.cc). Those ranks are the ones to look at. Ranks submitted *different* tensors
//   only when one listed rank lacks a name another listed rank submitted and the other way round
//   (Horovod negotiates by name, so an order difference alone never stalls it).
// - A launcher reports the first worker that failed and then closes the others (elastic's "Sending
//   process P closing signal SIGTERM"): their exits are consequences. A worker killed by signal 9 is
//   often the kernel's OOM killer, but a scheduler or a person sends SIGKILL too: a candidate with
//   the command that tells, never a fact.
// - Lightning prints "Initializing distributed" per rank and, once every rank joined,
//   "All distributed processes registered": the ranks absent from a log that lacks the second line.
#include <algorithm>

#include "logs/rules.hpp"

namespace dd::logs {

namespace {

using core::Label;
using core::Severity;

std::string join_names(const std::vector<std::string>& names, std::size_t most = 6) {
  std::string s;
  for (std::size_t i = 0; i < names.size() && i < most; ++i) s += (i ? ", " : "") + names[i];
  return s;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Two listed ranks each lacking a name the other submitted: {a, x, b, y} with x missing on a only
// and y missing on b only. Only decidable when no list was cut ("...").
struct Crossed {
  int a = -1, b = -1;
  std::string x, y;
};
bool crossed_submissions(const HorovodStall& st, Crossed& c) {
  if (st.truncated) return false;
  for (const auto& [a, xs] : st.missing)
    for (const auto& [b, ys] : st.missing) {
      if (a >= b) continue;
      for (const auto& x : xs) {
        if (contains(ys, x)) continue;
        for (const auto& y : ys)
          if (!contains(xs, y)) {
            c = Crossed{a, b, x, y};
            return true;
          }
      }
    }
  return false;
}

void horovod_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (facts.horovod_stalls.empty()) {
    rule::signal_rule(facts, "horovod.shutdown", out);
    return;
  }
  const HorovodStall& st = facts.horovod_stalls.front();
  if (st.missing.empty()) {
    rule::signal_rule(facts, "horovod.stall.unlisted", out);
    return;
  }
  std::set<int> ranks;
  for (const auto& [r, names] : st.missing) ranks.insert(r);
  std::string per_rank;
  for (const auto& [r, names] : st.missing) {
    if (per_rank.size() > 400) {
      per_rank += "; ...";
      break;
    }
    per_rank += (per_rank.empty() ? "" : "; ") + ("rank " + std::to_string(r) + ": " + join_names(names));
  }
  auto add_lines = [&](RankedFinding& r) {
    rule::add_evidence(r.finding, st.header);
    for (const auto& e : st.lines) rule::add_evidence(r.finding, e);
    rule::add_ranks(r.finding, ranks);
  };
  Crossed c;
  if (crossed_submissions(st, c)) {
    auto r = rule::make("horovod.stall.different-tensors", Label::collective_mismatch, Severity::error,
                        "Horovod stalled because ranks submitted different tensors: rank " + std::to_string(c.a) +
                            " submitted '" + c.y + "' but not '" + c.x + "', rank " + std::to_string(c.b) +
                            " submitted '" + c.x + "' but not '" + c.y + "' (missing per rank: " + per_rank + ")",
                        14);
    add_lines(r);
    rule::emit(out, std::move(r),
               "Make every rank submit the same named tensors: look for code that runs a collective on some ranks "
               "only (a branch on the rank, a parameter without a gradient on some ranks, a different model or "
               "optimizer construction order); give hvd.allreduce / broadcast calls explicit name= values, since "
               "unnamed ones are numbered per rank");
    return;
  }
  std::string shut = st.marked.empty() ? "" : "; ranks " + rule::rank_ranges(st.marked) + " passed the shutdown time";
  auto r = rule::make("horovod.stall.missing-ranks", Label::other, Severity::error,
                      "Horovod's stall inspector: rank(s) " + rule::rank_ranges(ranks) +
                          " did not submit tensors the other ranks submitted (" + per_rank + ")" + shut +
                          ": those ranks are the ones to look at",
                      30);
  add_lines(r);
  rule::emit(out, std::move(r),
             "Look at rank(s) " + rule::rank_ranges(ranks) +
                 ": their own log before the stall (an exception, a crash, a data-loading wait, a branch that skips "
                 "the collective) and where they are now (`py-spy dump --pid <pid>` on their host). Horovod waits "
                 "HOROVOD_STALL_CHECK_TIME_SECONDS (60) before this warning; HOROVOD_STALL_SHUTDOWN_TIME_SECONDS "
                 "makes it stop the job");
}

std::string describe_exit(int code, const std::string& signal) {
  if (code == k_no_exit_code) return "failed";
  if (code < 0) return "was killed by signal " + std::to_string(-code) + (signal.empty() ? "" : " (" + signal + ")");
  return "exited with code " + std::to_string(code);
}

// The failed worker to name: the table's root cause, else the first failure a launcher reported.
const LauncherFailure* first_failure(const LogFacts& facts) {
  for (const auto& f : facts.launcher_failures)
    if (f.root_cause) return &f;
  return facts.launcher_failures.empty() ? nullptr : &facts.launcher_failures.front();
}

void failure_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  const LauncherFailure* f = first_failure(facts);
  if (f == nullptr) return;
  std::string who = f->rank >= 0 ? "rank " + std::to_string(f->rank) : "the worker";
  if (f->local_rank >= 0)
    who += f->rank >= 0 ? " (local_rank " + std::to_string(f->local_rank) + ")"
                        : " with local_rank " + std::to_string(f->local_rank);
  if (!f->host.empty()) who += " on " + f->host;
  if (!f->pid.empty()) who += " (pid " + f->pid + ")";
  std::string source = f->source == "torch elastic" ? "torch elastic"
                       : f->source == "deepspeed"   ? "DeepSpeed's launcher"
                                                    : "The launcher";
  std::string id = f->source == "torch elastic" ? "launch.elastic"
                   : f->source == "deepspeed"   ? "launch.deepspeed"
                                                : "launch.subprocess";
  std::string title =
      source + " reports " + who + " " + describe_exit(f->exit_code, f->signal) + (f->root_cause ? " first" : "");
  if (facts.closed_processes > 0)
    title += "; the agent then closed " + std::to_string(facts.closed_processes) +
             " other process(es) (their exits are consequences)";
  std::string fix;
  if (f->exit_code == -9) {
    id += ".sigkill";
    title += ". SIGKILL is often the kernel's OOM killer (host memory), but a scheduler limit or a person sends it too";
    fix = "On " + (f->host.empty() ? std::string("the worker's host") : f->host) +
          " run `dmesg -T | grep -i -E 'out of memory|oom|killed process'`: a line naming pid " +
          (f->pid.empty() ? std::string("<pid>") : f->pid) +
          " means the OOM killer (lower host memory use: fewer DataLoader workers, smaller batches, or more RAM per "
          "task); none means the scheduler or a user killed it (check the job's memory limit and its exit reason: "
          "`sacct -j <job> -o JobID,State,MaxRSS` or `kubectl describe pod` for OOMKilled)";
  } else if (f->exit_code < 0 && f->exit_code != k_no_exit_code) {
    id += ".signal";
    fix =
        "A signal ended the worker: SIGSEGV / SIGBUS is a crash in native code (its core or `faulthandler` "
        "output names the library), SIGABRT an abort (the lines before it: an NCCL or torch watchdog error, a "
        "failed assertion). Read that rank's own output before the signal";
  } else {
    id += ".exit";
    fix =
        "The failing rank's own traceback (above the launcher's summary, or in the error_file) names the cause: "
        "run the launcher with --redirects / --log-dir, or decorate the entry point with "
        "torch.distributed.elastic.multiprocessing.errors.record, to keep it";
  }
  auto r = rule::make(id, Label::other, Severity::warning, title, 88);
  rule::add_evidence(r.finding, f->evidence);
  if (f->rank >= 0) rule::add_ranks(r.finding, {f->rank});
  if (!f->host.empty()) rule::add_hosts(r.finding, {f->host});
  rule::emit(out, std::move(r), fix);
}

void lightning_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (facts.registered_world <= 0 || facts.registered_ranks.empty() ||
      facts.signal(EventKind::all_registered).count > 0)
    return;
  std::set<int> absent;
  for (int r = 0; r < facts.registered_world && absent.size() < 4096; ++r)
    if (facts.registered_ranks.count(r) == 0) absent.insert(r);
  if (absent.empty()) return;
  const Signal& s = facts.signal(EventKind::rank_registered);
  auto r = rule::from_signal(
      s, "lightning.init.ranks-absent", Label::other, Severity::warning,
      "Lightning: ranks " + rule::rank_ranges(facts.registered_ranks) + " of " +
          std::to_string(facts.registered_world) + " announced 'Initializing distributed', no line of ranks " +
          rule::rank_ranges(absent) + " does, and 'All distributed processes registered' never came",
      60);
  rule::emit(out, std::move(r),
             "Find the processes of ranks " + rule::rank_ranges(absent) +
                 ": if they started, add their logs (they may hold the error); if not, the launcher or scheduler did "
                 "not start them (num_nodes / devices / --ntasks-per-node must multiply to the world size) or they "
                 "could not reach MASTER_ADDR:MASTER_PORT");
}

// Messages that say the launch asked for more GPUs or processes than there are, or a different
// number than the checkpoint or the other ranks need (their text names the mismatch; the value
// read from the line goes into the title).
void device_count_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  if (const Signal& s = facts.signal(EventKind::gpus_requested_absent); s.count > 0)
    rule::signal_rule(facts, "lightning.gpus.requested-absent", out, s.text.empty() ? "(list not read)" : s.text);
  if (const Signal& s = facts.signal(EventKind::checkpoint_parallel_mismatch); s.count > 0)
    rule::signal_rule(facts, "llama.checkpoint.model-parallel", out, s.text);
  if (const Signal& s = facts.signal(EventKind::horovod_device_mismatch); s.count > 0)
    rule::signal_rule(facts, "horovod.collective.device-mismatch", out, s.text.empty() ? "collective" : s.text);
  rule::signal_rule(facts, "deepspeed.hostfile.missing", out);
}

}  // namespace

void launcher_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  horovod_rules(facts, out);
  failure_rules(facts, out);
  lightning_rules(facts, out);
  device_count_rules(facts, out);
  rule::signal_rule(facts, "elastic.rendezvous.timeout", out);
}

}  // namespace dd::logs
