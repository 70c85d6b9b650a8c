// The finding for logs that name no cause (logs.not-enough-evidence): it says how far the job got
// by the log's own lines and, for that stage, the candidate causes with the one step that tells
// them apart, not only "re-run with NCCL_DEBUG=INFO", which tells the user nothing new. The stages:
//   no NCCL line at all          -> NCCL_DEBUG was off or NCCL never started: the re-run is the step;
//   only an NCCL error naming no cause ("unhandled system error") -> that error's candidates
//                                   (a container's /dev/shm first, then other system calls; and the
//                                   NCCL build itself when the error line names its release);
//   no NCCL line, TensorFlow's session created ("Done running local_init_op") -> if it hung there,
//                                   the first collective: connection set-up, NCCL builds that differ
//                                   between the hosts, or a rank that never reached it;
//   no NCCL line, a fatal SIGBUS with no frame that places it (gdb's or faulthandler's "Bus error"
//                                   alone) -> /dev/shm too small, a mapped file cut short, a memory
//                                   error: a native backtrace tells NCCL's shared memory apart;
//   only Ray Tune's "Trials did not complete" -> the trials' error.txt files, and Ray Train's own
//                                   NCCL_SOCKET_IFNAME default for a trainer that failed at NCCL init;
//   no NCCL line, a line that says a process died or was stopped ("terminate called", "(core dumped)",
//                                   a Python traceback, a failed CHECK, ssh's "Killed by signal N.") ->
//                                   that line, quoted, and that no rule names its cause;
//   NCCL lines, some process with no "Init COMPLETE" logged -> the ranks' connection set-up, a rank
//                                   that never arrived, or a log cut early;
//   every process logged "Init COMPLETE" -> a collective some rank did not call, a rank busy or
//                                   stopped outside communication, or the data path between GPUs.
// It speaks only when every other finding is a note, and it never claims a cause: label `other`,
// severity info, except where the log shows a process died (error) or was stopped from outside
// (warning): such a log never reads as OK.
#include <algorithm>

#include "core/utf8.hpp"
#include "logs/rules.hpp"
#include "logs/text_scan.hpp"

namespace dd::logs {

namespace {

struct Stage {
  std::string title;
  std::vector<std::string> candidates;  // "<cause> — <the step that tells it apart>"
  std::map<std::string, std::string> env;
  std::vector<Evidence> evidence;
  std::string lead = "Candidates, each with the step that tells it apart:";
  core::Severity severity = core::Severity::info;
};

std::string process_name(const ProcessState& p) {
  auto ranks = rule::ranks_of(p);
  std::string s = p.host.empty() ? "pid " + p.pid : p.host + ":" + p.pid;
  if (!ranks.empty()) s += " (rank " + rule::rank_ranges(ranks) + ")";
  return s;
}

std::string counts(const LogFacts& facts) {
  return std::to_string(facts.lines) + " lines, " + std::to_string(facts.nccl_lines) + " NCCL lines, " +
         std::to_string(facts.hosts.size()) + " host(s)";
}

Stage no_nccl_lines(const LogFacts& facts) {
  Stage s;
  s.title = facts.nccl_lines == 0
                ? "Not enough evidence: the log has no NCCL_DEBUG=INFO lines (" + counts(facts) + ")"
                : "Not enough evidence: the log's NCCL lines carry no host:pid header and name no cause (" +
                      counts(facts) + ")";
  s.candidates = {
      "NCCL_DEBUG was not set for the job's processes, so NCCL printed nothing — re-run with the variables "
      "below set where every rank inherits them (the launcher's environment, `srun --export=ALL`, "
      "`mpirun -x`, the container's env)",
      "the job stopped before NCCL started (rendezvous, store, or the script itself) — the last lines of "
      "every rank's log show whether any rank reached init_process_group",
  };
  s.env = {{"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET"}};
  return s;
}

// An NCCL error that names no cause ("unhandled system error", "NCCL failure ...") with no INFO line:
// NCCL did start, so the candidates are those of the error, not of a job that never reached NCCL.
Stage opaque_error_only(const LogFacts& facts) {
  Stage s;
  const Signal& opaque = facts.signal(EventKind::opaque_error);
  bool system = rule::recognised_by(opaque, "nccl.error-string.system");
  s.title =
      "Not enough evidence: NCCL reported an error that names no cause, and the log has no "
      "NCCL_DEBUG=INFO lines (" +
      counts(facts) + ")";
  if (system) {
    s.candidates = {
        "shared memory: a container's /dev/shm (Docker's default is 64 MB) — `df -h /dev/shm` where the ranks "
        "run; one run with NCCL_SHM_DISABLE=1 completes if so (the fix is then `docker run --ipc=host` or "
        "--shm-size=1g, or a memory-backed emptyDir on /dev/shm in Kubernetes)",
        "another system call failed (a socket on a wrong interface, a resource limit) — NCCL_DEBUG=WARN "
        "prints the failing call and its errno",
    };
  } else {
    s.candidates = {
        "the failing call is not in the log — NCCL_DEBUG=WARN prints it with its cause; INFO adds the "
        "interfaces and transports every rank chose",
    };
  }
  // The release the error line names (torch's "..., NCCL version 2.7.8"): an old build is a candidate, not a cause.
  if (!opaque.text.empty() && is_digit(opaque.text.front()))
    s.candidates.push_back("the NCCL build itself (the error line names NCCL " + opaque.text +
                           "): a build older than the GPUs or the driver of the nodes it fails on (an image on an old "
                           "CUDA base) fails there while it works elsewhere — the same job in a current image (newer "
                           "CUDA, framework and NCCL) on a node where it failed tells");
  s.env = {{"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET"}};
  return s;
}

// TensorFlow created its session (session_manager's "Done running local_init_op") and the log has no
// NCCL line: a job that hung there hung in what comes next, the first step's collective (in a Horovod
// job the broadcast of the initial variables). Without NCCL's lines the log cannot tell which of its
// candidates it was; nothing here says that the job hung.
Stage tf_session_ready(const LogFacts& facts) {
  Stage s;
  const Signal& ready = facts.signal(EventKind::tf_session_ready);
  s.title = "Not enough evidence: TensorFlow created its session (\"Done running local_init_op\", " +
            std::to_string(ready.count) +
            " line(s)), and the log has no NCCL line and no error distdoctor recognises (" + counts(facts) + ")";
  for (const auto& e : ready.evidence)
    if (s.evidence.size() < 2) s.evidence.push_back(e);
  s.lead =
      "If the job hung after these lines, it hung in its first collective (a Horovod job's broadcast of the "
      "initial variables, or the first all-reduce); the candidates, each with the step that tells it apart:";
  s.candidates = {
      "the ranks cannot connect on the interface NCCL (or Horovod's Gloo / MPI) picked — NCCL_DEBUG=INFO prints "
      "each rank's \"Bootstrap : Using\" and \"NET/Socket : Using\" lines; `distdoctor preflight` across the nodes "
      "probes them",
      "the hosts run different NCCL builds (another libnccl on one node) — NCCL_DEBUG=INFO prints \"NCCL version\" "
      "on every rank; `distdoctor logs` on all ranks' logs together names a difference",
      "a rank never reached the collective (it failed, or waits on its input) — every rank's log; Horovod's stall "
      "warning names the ranks that did not submit the tensor, and no warning means every rank did",
  };
  s.env = {{"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET"}};
  return s;
}

// A process killed by SIGBUS whose log shows no frame of NCCL (jax-ml/jax#17296: faulthandler's "Fatal
// Python error: Bus error" and Python frames only). With an NCCL frame it is nccl.sigbus.shm or, in
// ncclShmOpen, nccl.shm.sigbus-in-open; without one, a bus error in a container is most often its
// /dev/shm, but a file mapped and then cut short and a failing memory page raise it too.
Stage bus_error_only(const LogFacts& facts) {
  Stage s;
  const Signal& bus = facts.signal(EventKind::bus_error);
  s.title = "Not enough evidence: a process died of SIGBUS (bus error) and the log shows no frame that says where (" +
            counts(facts) + ")";
  for (const auto& e : bus.evidence)
    if (s.evidence.size() < 2) s.evidence.push_back(e);
  s.candidates = {
      "/dev/shm too small for the shared memory written there (NCCL's segments, DataLoader workers' tensors) — "
      "`df -h /dev/shm` inside the container (Docker's default is 64M); one run with docker's --shm-size=1g (or "
      "--ipc=host) that passes confirms it",
      "a mapped file that was truncated, or whose filesystem is full — the native backtrace names the code: run "
      "the job under `gdb -batch -ex run -ex bt --args python ...` (faulthandler prints Python frames only); a "
      "frame in ncclShmOpen is NCCL's /dev/shm",
      "a failing memory page — `dmesg | grep -i -e 'machine check' -e 'bus error'` on the node",
  };
  return s;
}

// ssh's "Killed by signal N." alone: the job was stopped from outside (Ctrl-C reaches the ssh clients a
// launcher started), which is how a hang usually ends; any other fatal_exit line says a process died.
bool stopped_only(const Signal& fatal) {
  return fatal.entries.size() == 1 && fatal.entries.count("ssh.killed-by-signal") == 1;
}

// Only Python tracebacks: an uncaught exception ends the process that prints one, a handled one
// (logging.exception, traceback.print_exc) does not, so the line alone does not say a process failed.
bool traceback_only(const Signal& fatal) {
  return fatal.entries.size() == 1 && fatal.entries.count("python.traceback") == 1;
}

// A line that says a process died or was stopped, and no rule for the cause (dist-lr-7's "terminate
// called ..." and "(core dumped)", vllm-ascend-4725's "hccl initialize failed", mxnet-3685's "Killed by
// signal 2."): the line, quoted, and candidates that hold for any framework (ps-lite and HCCL print no
// NCCL lines whatever NCCL_DEBUG says, so no NCCL_DEBUG re-run is offered).
Stage fatal_exit_only(const LogFacts& facts) {
  Stage s;
  const Signal& fatal = facts.signal(EventKind::fatal_exit);
  for (const auto& e : fatal.evidence)
    if (s.evidence.size() < 3) s.evidence.push_back(e);
  if (stopped_only(fatal)) {
    s.severity = core::Severity::warning;
    s.title = "The job was stopped from outside (\"" + fatal.text +
              "\"); no error line that distdoctor reads comes before it, and no rule names why it had not finished (" +
              counts(facts) + ")";
    s.lead = "If it hung before it was stopped, the candidates, each with the step that tells it apart:";
    s.candidates = {
        "a process waited for peers that never arrived (a node that never joined: its traffic to the coordinator's "
        "address and port blocked by a firewall, or a wrong address) — from every node `nc -vz ADDRESS PORT` to the "
        "address and port the job's coordinator listens on, or `distdoctor preflight` between the nodes",
        "a process stopped outside communication (input, a deadlock in the script) — `py-spy dump --pid PID` on "
        "each process, or `distdoctor watch` on each node, while it hangs",
    };
    return s;
  }
  s.severity = traceback_only(fatal) ? core::Severity::warning : core::Severity::error;
  s.title = "A process failed: the log shows \"" + fatal.text + "\", and no rule of distdoctor names its cause (" +
            counts(facts) + ")";
  if (traceback_only(fatal))
    s.title = "The log shows a Python traceback (\"" + fatal.text +
              "\"), and no rule of distdoctor names its cause: an uncaught exception ends the process that prints it, "
              "a handled one (logging.exception, traceback.print_exc) does not (" +
              counts(facts) + ")";
  s.lead = "What tells the cause:";
  s.candidates = {
      "the program's own error, printed right before or with that line (the exception's message, the failed "
      "check, the error code) — read it in the log around the line numbers above; distdoctor has no rule for its "
      "wording",
      "if the job communicates through NCCL (torch, TensorFlow, JAX) and failed there, NCCL printed nothing "
      "here — one run with NCCL_DEBUG=INFO exported where every rank inherits it shows NCCL's own lines",
  };
  return s;
}

// No NCCL line and no fatal line, but lines that report an error no rule reads (catalogue entry
// generic.error-line): what the program said is the lead, and no NCCL variables are offered (a oneCCL,
// HCCL or Ray job prints no NCCL lines whatever NCCL_DEBUG says; logs-s22).
std::string error_lines_title(const Signal& errors) {
  return "The log holds " + std::to_string(errors.count) +
         (errors.count == 1 ? " line that reports" : " lines that report") + " an error (the first: \"" +
         core::shorten_utf8(errors.text, 200) +
         "\") and no rule of distdoctor names their cause: if the job failed, start there";
}

Stage error_lines_only(const LogFacts& facts) {
  Stage s;
  const Signal& errors = facts.signal(EventKind::error_line);
  for (const auto& e : errors.evidence)
    if (s.evidence.size() < 3) s.evidence.push_back(e);
  s.severity = core::Severity::warning;
  s.title = error_lines_title(errors) + " (" + counts(facts) + ")";
  s.lead = "What tells the cause:";
  s.candidates = {
      "the program's own error above (its message, the error code, the component that printed it) — the lines "
      "around it in the log, and that component's documentation for the code; distdoctor has no rule for its wording",
      "if the job communicates through NCCL (torch, TensorFlow, JAX) and failed there, NCCL printed nothing here — "
      "one run with NCCL_DEBUG=INFO exported where every rank inherits it shows NCCL's own lines",
  };
  return s;
}

// Any other stage in a log that also shows a fatal line: the stage stays, the title says what was seen
// first, and the severity is that of the fatal line.
void mark_fatal(Stage& s, const LogFacts& facts) {
  const Signal& fatal = facts.signal(EventKind::fatal_exit);
  if (fatal.count == 0 || s.severity != core::Severity::info) return;
  const bool stopped = stopped_only(fatal);
  s.severity = stopped || traceback_only(fatal) ? core::Severity::warning : core::Severity::error;
  std::string seen = traceback_only(fatal)
                         ? "The log shows a Python traceback (\"" + fatal.text + "\")"
                         : std::string(stopped ? "The job was stopped from outside" : "A process failed") +
                               " (the log shows \"" + fatal.text + "\")";
  s.title = seen + " and no rule of distdoctor names its cause. " + s.title;
  if (!fatal.evidence.empty()) s.evidence.insert(s.evidence.begin(), fatal.evidence.front());
}

// Lines that report an error in a form no rule reads (a Python exception's last line, an error-level
// tag: catalogue entry generic.error-line), where no line says a process died: the log reports a
// failure, so it never reads as OK (logs-s22: oneCCL's |CCL_ERROR|, HCCL's [ERROR], a raylet's
// Exception, each reported "no communication problem found"). A warning: what failed is quoted, its
// cause is not named.
void mark_error_lines(Stage& s, const LogFacts& facts) {
  const Signal& errors = facts.signal(EventKind::error_line);
  if (errors.count == 0 || s.severity != core::Severity::info) return;
  s.severity = core::Severity::warning;
  s.title = error_lines_title(errors) + ". " + s.title;
  if (!errors.evidence.empty()) s.evidence.insert(s.evidence.begin(), errors.evidence.front());
}

// Ray Tune's "Trials did not complete" with no NCCL line: the trials' errors are in the error.txt
// files its failure table names, not in this log (ray-project/ray#30333). Ray Train sets
// NCCL_SOCKET_IFNAME itself when it is unset (ray/train/constants.py DEFAULT_NCCL_SOCKET_IFNAME:
// "en,eth,bond" in Ray 2.1, "^lo,docker,veth" later), so a trainer on nodes whose network has other
// names fails at NCCL init.
Stage ray_trials_failed(const LogFacts& facts) {
  Stage s;
  const Signal& ray = facts.signal(EventKind::ray_trials_failed);
  s.title = "Not enough evidence: Ray Tune reports trials that did not complete (" + ray.text +
            "); their errors are in the trials' error.txt files, not in this log (" + counts(facts) + ")";
  for (const auto& e : ray.evidence)
    if (s.evidence.size() < 2) s.evidence.push_back(e);
  s.candidates = {
      "whatever the trial's error says — read the error.txt its row of Tune's failure table names, or run "
      "`distdoctor logs` on it",
      "for a Ray Train trainer (TorchTrainer) whose error is an NCCL error at init: Ray Train sets "
      "NCCL_SOCKET_IFNAME itself when it is unset (\"en,eth,bond\" in Ray 2.1, \"^lo,docker,veth\" later), which "
      "matches no interface the nodes reach each other on when theirs have other names (wl*, ib*) — `ip -br "
      "addr` on every node; then set NCCL_SOCKET_IFNAME to that interface in the trainer's runtime_env "
      "(env_vars), and NCCL_DEBUG=INFO there to see the interface every worker chose",
  };
  return s;
}

Stage init_not_logged(const LogFacts& facts, const std::vector<const ProcessState*>& open) {
  Stage s;
  std::string who;
  for (std::size_t i = 0; i < open.size() && i < 4; ++i) who += (i ? ", " : "") + process_name(*open[i]);
  if (open.size() > 4) who += " and " + std::to_string(open.size() - 4) + " more";
  s.title = "No cause in the log: " + std::to_string(open.size()) + " of " + std::to_string(facts.processes.size()) +
            " NCCL process(es) logged no \"Init COMPLETE\" (" + who + "), and no error follows (" + counts(facts) + ")";
  for (const auto* p : open)
    if (s.evidence.size() < 3 && !p->last_activity.empty()) s.evidence.push_back(p->last_activity);
  s.candidates = {
      "the ranks could not connect to each other during init (a wrong or different interface per node, a "
      "blocked port) — compare the \"Bootstrap : Using\" and \"NET/Socket : Using\" lines of every rank, and "
      "run `distdoctor preflight` on every node",
      "a rank never reached init (it crashed, waits on its input, or was never started) — every rank's log "
      "should hold a \"comm ... rank R nranks N\" line; the rank without one is the one to look at",
      "the log ends before the failure (cut when posted, or the job still running) — the full log of every "
      "rank",
  };
  s.env = {{"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET"}};
  return s;
}

Stage init_complete(const LogFacts& facts) {
  Stage s;
  std::set<int> ranks;
  for (const auto& p : facts.processes) {
    auto r = rule::ranks_of(*p);
    ranks.insert(r.begin(), r.end());
  }
  std::string who =
      ranks.empty() ? std::to_string(facts.processes.size()) + " process(es)" : "rank(s) " + rule::rank_ranges(ranks);
  s.title = "No cause in the log: NCCL init completed on " + who + " and no error follows (" + counts(facts) +
            "); it may end before the failure";
  for (const auto& p : facts.processes)
    if (s.evidence.size() < 2 && !p->last_activity.empty()) s.evidence.push_back(p->last_activity);
  s.candidates = {
      "a rank called a different collective, or skipped one the others called — NCCL_DEBUG_SUBSYS=COLL on "
      "every rank (distdoctor logs compares the calls across the ranks' logs), or TORCH_DISTRIBUTED_DEBUG=DETAIL "
      "for torch",
      "a rank is busy or stopped outside communication (input pipeline, checkpointing, a stopped process) — "
      "`py-spy dump --pid PID` on each rank, or `distdoctor watch` on each node while it hangs",
      "the data path stalls: between GPUs of a host (P2P over PCIe with IOMMU/ACS on) — one run with "
      "NCCL_P2P_DISABLE=1 completes if so; between hosts (an MTU black hole, blocked data ports) — "
      "`distdoctor preflight` between the nodes moves bulk data and names the pair",
  };
  s.lead = "If the job hung after these lines, the candidates, each with the step that tells it apart:";
  s.env = {{"NCCL_DEBUG", "INFO"}, {"NCCL_DEBUG_SUBSYS", "INIT,NET,COLL"}};
  return s;
}

Stage stage_of(const LogFacts& facts) {
  if (facts.nccl_lines == 0 || facts.processes.empty()) {
    if (facts.signal(EventKind::opaque_error).count > 0) return opaque_error_only(facts);
    if (facts.signal(EventKind::bus_error).count > 0) return bus_error_only(facts);
    if (facts.signal(EventKind::fatal_exit).count > 0) return fatal_exit_only(facts);
    if (facts.signal(EventKind::ray_trials_failed).count > 0) return ray_trials_failed(facts);
    if (facts.signal(EventKind::tf_session_ready).count > 0) return tf_session_ready(facts);
    if (facts.signal(EventKind::error_line).count > 0) return error_lines_only(facts);
    return no_nccl_lines(facts);
  }
  std::vector<const ProcessState*> open;
  for (const auto& p : facts.processes)
    if (!p->init_complete) open.push_back(p.get());
  return open.empty() ? init_complete(facts) : init_not_logged(facts, open);
}

}  // namespace

void evidence_rules(const LogFacts& facts, std::vector<RankedFinding>& out) {
  for (const auto& r : out)
    if (r.finding.severity != core::Severity::info) return;
  Stage s = stage_of(facts);
  mark_fatal(s, facts);
  mark_error_lines(s, facts);
  auto f = rule::make("logs.not-enough-evidence", core::Label::other, s.severity, s.title, 90);
  for (const auto& e : s.evidence) rule::add_evidence(f.finding, e);
  rule::add_evidence(f.finding, facts.signal(EventKind::opaque_error));
  rule::add_evidence(f.finding, facts.signal(EventKind::nccl_warn));
  std::string text = s.lead;
  for (std::size_t i = 0; i < s.candidates.size(); ++i)
    text += " (" + std::to_string(i + 1) + ") " + s.candidates[i] + ";";
  text.back() = '.';
  text += " Then run `distdoctor logs` on every rank's log together.";
  rule::emit(out, std::move(f), std::move(text), std::move(s.env));
}

}  // namespace dd::logs
