// Internal to src/lint: the per-file context every front end writes its findings into, and the
// front-end entry points (python_rules.cpp, launch_rules.cpp, k8s_rules.cpp, env_values.cpp).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/export_line.hpp"
#include "lint/lint.hpp"
#include "lint/shell_lexer.hpp"
#include "lint/written_flag.hpp"

namespace dd::lint::detail {

// An environment variable a file sets (export, ENV, os.environ[...] =, env: in a pod, ...).
struct EnvValue {
  std::string name;
  std::string value;
  int line = 0;
  // The command option that passes it to the processes it starts ("mpirun -x", "docker run -e",
  // "srun --export", "env", "a prefix on the command"); "" for export, ENV, a pod's env, Python. A
  // value passed this way is changed there: an `export` before the command would not reach them.
  std::string via;
  // How the file writes it where its kind does not say: a Docker Compose `environment:` list item or
  // map entry (a fix is written in that form, not as a pod's env entry). nullopt: by the file's kind.
  std::optional<core::EnvSyntax> syntax = std::nullopt;
};

// What the file says about the job's shape (for rules that only matter across nodes).
struct JobShape {
  bool multi_node = false;     // --nnodes N>1, #SBATCH --nodes>1, Worker replicas, NODE_RANK read ...
  std::string multi_node_why;  // the evidence, for the finding
  // The file runs (also) on machines other than the one linting it: #SBATCH, srun, ssh, mpirun or
  // horovodrun with hosts. The evidence, "" when none; YAML and Dockerfiles are judged by kind.
  std::string remote_why;
};

// A whole-line change (lint.hpp's Edit without the file): lines [line, end_line] become `text`.
struct LineEdit {
  int line = 0;
  int end_line = 0;
  std::string text;
};

// A launcher flag as written ("--nnodes", "$NODES"), for the rules that need the whole file first
// (slurm_rules.cpp).
struct LaunchFlag {
  std::string flag;
  std::string value;
  int line = 0;             // where the command starts
  bool under_srun = false;  // the command is `srun ... torchrun ...`: the batch shell expands it once
  bool joined = false;      // written "--flag=value"; false: "--flag value" (as_written renders either)
};

// `srun ... python train.py` in a batch script, with the tasks per node it starts when they are
// given (`--ntasks-per-node` on the srun line or an #SBATCH line): lightning_tasks_across.
struct SrunScript {
  int line = 0;                     // where the srun command starts
  std::string script;               // "train.py" as written
  std::string tasks_per_node;       // "" when neither srun nor #SBATCH gives --ntasks-per-node
  int tasks_line = 0;               // the line that gives it
  bool per_task_resources = false;  // --cpus-per-task, --gpus-per-task, --mem-per-cpu ... beside it
};

// init_process_group reading torch's env:// rendezvous (init_method="env://", or neither init_method
// nor store: torch's default), with what env:// reads that the file does not name at all
// (env_unset_across, env_init_across.cpp).
struct EnvInitRead {
  int line = 0;
  std::string text;                // that line, trimmed
  std::vector<std::string> unset;  // of MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE
};

// A Lightning `Trainer(devices=N)` with N a literal integer.
struct TrainerSeen {
  int line = 0;
  int devices = 0;
};

class FileContext {
 public:
  FileContext(const std::string& path, FileKind kind, const std::string& text, const LintOptions& options);

  const std::string& path() const { return path_; }
  // What the file is read as: its name's kind, or for standard input the kind its text shows.
  FileKind kind() const { return kind_; }
  const std::string& text() const { return text_; }
  const LintOptions& options() const { return options_; }
  // The 1-based line's text without its newline ("" when out of range).
  std::string_view line_text(int line) const;
  int line_count() const { return static_cast<int>(starts_.size()); }

  // Adds a finding at `line` with the source line as first evidence and `fixed` (the corrected
  // line or lines) as fix.text; returns it for more evidence.
  core::Finding& add(std::string id, core::Label label, core::Severity severity, std::string title, int line,
                     std::string fixed);
  // The same, with a fix that is a change to the file: the edit is the finding's edits[], and fix.text
  // the changed line (trimmed) or lines. A one-line `edit.text` without leading blanks gets the
  // indentation of the line it replaces. A note (info) keeps only the text: a suggestion, not a fix.
  core::Finding& add(std::string id, core::Label label, core::Severity severity, std::string title, int line,
                     LineEdit edit);
  // The finding added last, with its location and edits.
  LintFinding& last() { return findings_.back(); }
  // The text of lines [first, last] as written, joined by "\n".
  std::string lines_text(int first, int last) const;

  std::vector<LintFinding>& findings() { return findings_; }
  std::vector<EnvValue>& env() { return env_; }
  JobShape& shape() { return shape_; }
  std::vector<LaunchFlag>& launch_flags() { return launch_flags_; }
  std::vector<SrunScript>& srun_scripts() { return srun_scripts_; }
  std::vector<TrainerSeen>& trainers() { return trainers_; }
  std::vector<EnvInitRead>& env_reads() { return env_reads_; }
  // The input cannot be read as its kind (YAML syntax): "<file>:<line>: <problem>".
  std::string& error() { return error_; }
  // `line` holds a command inside the string a remote runner (`runner`: ssh, pdsh ...) runs: a
  // finding there says so, and --fix does not edit it (the change belongs inside the quotes).
  void mark_embedded(int line, const std::string& runner) { embedded_.emplace(line, runner); }

  // Lines whose TF_CONFIG value is a cluster without its task (the task is computed at run time):
  // the audit's "no task" is not said there.
  std::set<int>& tf_config_without_task() { return tf_config_without_task_; }

 private:
  std::string path_;
  FileKind kind_;
  const std::string& text_;
  const LintOptions& options_;
  std::vector<std::size_t> starts_;
  std::vector<LintFinding> findings_;
  std::vector<EnvValue> env_;
  JobShape shape_;
  std::vector<LaunchFlag> launch_flags_;
  std::vector<SrunScript> srun_scripts_;
  std::vector<TrainerSeen> trainers_;
  std::vector<EnvInitRead> env_reads_;
  std::map<int, std::string> embedded_;  // line -> the remote runner whose string it holds
  std::set<int> tf_config_without_task_;
  std::string error_;
};

void lint_python(FileContext& ctx);
void lint_shell(FileContext& ctx, bool dockerfile);
void lint_yaml(FileContext& ctx);
// A Windows .bat / .cmd: its `set NAME=value` lines and the job's shape, for the environment rules
// (batch_file.cpp).
void lint_batch(FileContext& ctx);
// A PowerShell .ps1: its `$env:NAME = "value"` lines and its commands (backtick continuations
// joined) for the environment, shape and torchrun rules (powershell_file.cpp).
void lint_powershell(FileContext& ctx);

// Shared shell-command rules (also used for the commands in pod specs): `words` is one command
// already split into words, `line` where it starts.
void check_command(FileContext& ctx, const std::vector<std::string>& words, int line);

// First pass over one command: --nnodes / --nodes / -N / NNODES= that make the job multi-node.
// A command word's program: "/usr/bin/torchrun" -> "torchrun".
std::string program_name(std::string_view word);

// A shell variable a value reads: its name and the token as written ("$NODES", "${NODES}").
struct VarUse {
  std::string name;
  std::string token;
};
// The variables `value` reads, without those that carry a default (${X:-2}, ${X-2}, ${X:=2} ...):
// those expand even when X is unset (slurm_rules.cpp).
std::vector<VarUse> variables_in(const std::string& value);

void note_shape(FileContext& ctx, const std::vector<std::string>& words);

// The line of the command starting at `line` that holds `token`: its continuation lines in a shell
// file or Dockerfile, its list items (or block scalar lines) in YAML; 0 when none does.
int command_line_holding(const FileContext& ctx, int line, std::string_view token);

// MASTER_ADDR set to localhost / 127.x in a file whose job spans several nodes.
void master_addr_rule(FileContext& ctx);

// In a Slurm batch file: launcher flags reading a variable that neither Slurm nor the file sets,
// and task variables ($SLURM_NODEID ...) that the batch shell expands once before srun.
void slurm_variable_rules(FileContext& ctx);

// Why the file's values are used on other machines than this one ("" when nothing says so).
std::string runs_elsewhere(FileContext& ctx);

// After the commands of a shell file or Dockerfile: CUDA_VISIBLE_DEVICES narrower than
// --nproc_per_node, srun starting several torchruns per node, --nnodes > 1 with every node rank 0
// (launch_shape_rules.cpp).
// `commands`: the file's commands and those its remote runners run (remote_commands).
void launch_shape_rules(FileContext& ctx, bool dockerfile, const std::vector<ShellCommand>& commands);

// The per-task resources (--cpus-per-task / -c, --gpus-per-task) on `lines`, scaled by `tasks` for
// an edit that makes `tasks` tasks one (per_task_resources.cpp): a line that `edit` also changes is
// changed in `edit`; the others are returned. `said` gets one evidence line per value.
std::vector<LineEdit> scale_per_task(const FileContext& ctx, const std::vector<int>& lines, long long tasks,
                                     LineEdit& edit, std::vector<std::string>& said);

// `srun bash -c "... $SLURM_PROCID ..."`: the double quotes let the shell that runs srun expand the
// task variable once (srun_quoting.cpp).
void srun_quoting_rule(FileContext& ctx);

// `export MASTER_ADDR='$(scontrol ...)'`: single quotes keep the expansion from running
// (single_quote_rule.cpp).
void single_quoted_expansion_rule(FileContext& ctx);

// `MASTER_PORT=$((20000 + SLURM_JOB_ID))`: a port computed from the job id that can pass 65535
// (port_arithmetic_rule.cpp).
void port_arithmetic_rule(FileContext& ctx);

// Values the shell running the file computes once and hands to every task: `export RANK=$SLURM_PROCID`
// before srun, MASTER_ADDR=$(hostname -I), MASTER_ADDR from the last node (batch_shell_values.cpp).
void batch_shell_values_rule(FileContext& ctx);

// lint.slurm.directive-after-command: #SBATCH lines after the script's first command (sbatch_directive_order.cpp).
void sbatch_directive_order(FileContext& ctx);
// lint.slurm.batch-export-none: `#SBATCH --export=NONE` with job variables exported for an srun that
// inherits NONE (sbatch_export_none.cpp).
void sbatch_export_none(FileContext& ctx);
// lint.shell.sudo-drops-env: job variables exported, then `sudo LAUNCHER` without --preserve-env
// (sudo_env_rule.cpp).
void sudo_drops_env(FileContext& ctx);

// `horovodrun -np 16 -H a:4,b:4` (or mpirun): more processes than the host list has slots
// (host_slots_rule.cpp).
void host_slots_rule(FileContext& ctx, const std::vector<ShellCommand>& commands);

// deepspeed / accelerate launch at w[j]: a loopback rendezvous address across nodes
// (other_launchers.cpp).
void other_launcher(FileContext& ctx, const std::vector<std::string>& w, std::size_t j, int line);

// An accelerate config file's main_process_ip (line `ip_line`) on loopback with num_machines > 1
// (other_launchers.cpp).
void accelerate_config_rule(FileContext& ctx, const std::string& ip, int ip_line, const std::string& machines);
// lint.accelerate.not-distributed: distributed_type NO with num_machines > 1; the edit sets MULTI_GPU
// (MULTI_CPU where use_cpu is true).
void accelerate_type_rule(FileContext& ctx, const std::string& type, int type_line, const std::string& machines,
                          const std::string& use_cpu, const std::string& environment);

// lint.docker.exec-form-variable: `ENTRYPOINT ["torchrun", "--node_rank=$NODE_RANK"]` (`words`, the
// exec form's list): no shell expands it (docker_exec_form.cpp).
// `entrypoint`: the file's ENTRYPOINT words (exec form; empty: shell form), nullopt when it has none.
void exec_form_variables(FileContext& ctx, const std::string& instr, const std::vector<std::string>& words, int line,
                         const std::optional<std::vector<std::string>>& entrypoint);

// lint.shell.crlf-line-endings: a shell script or batch file with CRLF line endings; the edit
// strips the "\r" (crlf_rule.cpp).
void crlf_rule(FileContext& ctx);
// With lint.shell.crlf-line-endings among `findings`: the other findings on a command whose `\`
// continuation a "\r" ends are dropped (they read a command bash does not run), and the CRLF finding
// names those lines (crlf_rule.cpp).
void drop_after_broken_continuation(std::vector<LintFinding>& findings, std::string_view text);

// lint.mpi.env-not-forwarded: NCCL_* exported before Open MPI's mpirun across hosts without -x
// (mpirun_env_rule.cpp).
void mpirun_env_rule(FileContext& ctx);

// A command that a remote runner runs from its argument string (remote_commands.cpp).
struct RemoteCommand {
  ShellCommand command;     // numbered with the outer command's line
  std::string runner;       // "ssh", "pdsh", "clush", "srun" (`srun bash -c STRING`)
  bool every_host = false;  // the same command on several hosts: pdsh/clush, ssh in a loop, srun
};
std::vector<RemoteCommand> remote_commands(const std::vector<ShellCommand>& commands);
// lint.remote.same-node-rank: a literal --node_rank in a command every host runs.
void same_node_rank_rule(FileContext& ctx, const RemoteCommand& rc);
// lint.slurm.rendezvous-per-task: MASTER_ADDR=$(hostname) / MASTER_PORT=$(shuf ...) computed by each
// task's shell inside `srun bash -c '...'` (srun_per_task_rule.cpp).
void srun_per_task_rule(FileContext& ctx, const std::vector<RemoteCommand>& remote);
// lint.remote.local-variable-in-single-quotes: `ssh HOST '... $i ...'` with i set by this script: the
// remote shell expands it, to nothing (ssh_single_quotes.cpp).
void ssh_single_quotes_rule(FileContext& ctx, const std::vector<RemoteCommand>& remote);

// A training job's replicas (k8s_rules.cpp): their sum, "Master 1 + Worker 2", an elasticPolicy.
struct JobReplicas {
  long long total = 0;
  std::string breakdown;
  bool elastic = false;
};
// lint.k8s.nnodes-not-replicas: a PyTorchJob pod's torchrun --nnodes (the launch flags from index
// `flags_before` on, found in the pod's commands) against the job's replicas (pytorchjob_nnodes.cpp).
void pytorchjob_nnodes_rule(FileContext& ctx, const JobReplicas& job, const std::string& replica,
                            std::size_t flags_before);

// Runs env::audit over ctx.env() (and, with --here, the NCCL model); findings get locations.
void audit_env_values(FileContext& ctx);

// The severity of a Windows-only rule: error with --platform windows, warning when the script
// itself says it targets Windows, else no finding (nullopt).
bool windows_rules_on(const FileContext& ctx, bool script_targets_windows, core::Severity& severity);

}  // namespace dd::lint::detail
