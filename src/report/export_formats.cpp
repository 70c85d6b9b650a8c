#include "report/export_formats.hpp"

#include <fmt/format.h>
#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/strings.hpp"
#include "core/utf8.hpp"
#include "report/shell_block.hpp"

namespace dd::report {

namespace {

using nlohmann::json;

// A JSON string literal: also a valid YAML double-quoted scalar and a Dockerfile JSON-form element.
std::string json_quoted(std::string_view s) { return json(core::to_valid_utf8(s)).dump(); }

bool has_control(std::string_view s) {
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) return true;
  }
  return false;
}

// The per-host wrapper: sets the host's values, then runs the original command ("$@").
std::string per_host_script(const FixPlan& plan) { return per_host_case(plan) + "exec \"$@\""; }

std::string render_sh(const FixPlan& plan) {
  std::string out = "# distdoctor fix: source this file (or paste it) on every node before the launch command\n";
  out += note_comments(plan) + env_lines(plan);
  if (!plan.per_host.empty()) out += "# values that differ between nodes\n" + per_host_case(plan);
  return out;
}

// Dockerfile ENV value: double-quoted, with \, " and $ escaped (ENV expands $VAR otherwise).
std::string docker_value(std::string_view v) {
  std::string out = "\"";
  for (char c : v) {
    if (c == '\\' || c == '"' || c == '$') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string render_dockerfile(const FixPlan& plan) {
  std::string out = "# distdoctor fix: paste after FROM in the training image's Dockerfile\n" + note_comments(plan);
  for (const auto& [name, value] : plan.env) {
    if (value.empty())
      out += comment_line(name + ": ENV cannot unset a variable; remove it where the image or the launcher sets it");
    else if (has_control(value))
      out += comment_line(name + ": the value has a control character; set it in the launcher");
    else
      out += "ENV " + name + "=" + docker_value(value) + "\n";
  }
  if (!plan.per_host.empty()) {
    out += "# values that differ between nodes: this entrypoint sets them by hostname, then runs CMD\n";
    out += "ENTRYPOINT [\"/bin/sh\", \"-c\", " + json_quoted(per_host_script(plan)) + ", \"sh\"]\n";
  }
  std::vector<std::string> flags;
  if (plan.host_network) flags.emplace_back("--network=host");
  if (plan.shm_in_memory) flags.emplace_back("--ipc=host (or --shm-size=16g)");
  if (plan.ib_devices) flags.emplace_back("--device=/dev/infiniband --cap-add=IPC_LOCK --ulimit memlock=-1");
  if (!flags.empty()) out += comment_line("run the container with: docker run " + core::join(flags, " "));
  return out;
}

std::string render_k8s(const FixPlan& plan) {
  std::string out = "# distdoctor fix: merge into the Pod template of every worker (spec:)\n" + note_comments(plan);
  out += "spec:\n";
  if (plan.host_network) {
    out += "  hostNetwork: true  # container.network.bridge: NCCL needs the node's own interfaces\n";
    out += "  dnsPolicy: ClusterFirstWithHostNet\n";
  }
  out += "  containers:\n    - name: trainer  # your training container's name\n";
  std::string env;
  for (const auto& [name, value] : plan.env) {
    if (value.empty())
      env += comment_line(name + ": a manifest cannot unset it; remove it where the image sets it", "        ");
    else
      env += "        - name: " + name + "\n          value: " + json_quoted(value) + "\n";
  }
  out += env.empty() || env.find("- name:") == std::string::npos ? "      env: []\n" + env : "      env:\n" + env;
  if (!plan.per_host.empty()) {
    out += "      # values that differ between nodes: set by hostname, then your command (args:) runs\n";
    out += "      command: [\"/bin/sh\", \"-c\", " + json_quoted(per_host_script(plan)) + ", \"sh\"]\n";
  }
  if (plan.shm_in_memory || plan.ib_devices) {
    out += "      volumeMounts:\n";
    if (plan.shm_in_memory) out += "        - name: dshm\n          mountPath: /dev/shm\n";
    if (plan.ib_devices) out += "        - name: infiniband\n          mountPath: /dev/infiniband\n";
  }
  if (plan.ib_devices) out += "      securityContext:\n        capabilities:\n          add: [\"IPC_LOCK\"]\n";
  if (plan.shm_in_memory || plan.ib_devices) {
    out += "  volumes:\n";
    if (plan.shm_in_memory)
      out +=
          "    - name: dshm  # container.shm.too-small: NCCL's shared memory\n      emptyDir:\n        medium: "
          "Memory\n";
    if (plan.ib_devices) out += "    - name: infiniband\n      hostPath:\n        path: /dev/infiniband\n";
  }
  return out;
}

// Where a count of the launch came from: a checked variable, else the preflight's nodes.
std::string count_source(const std::string& from) {
  return from.empty() ? "the nodes the preflight checked" : from + " in the checked environment";
}

// `--flag="${VAR:-N}"` with N known, else `${VAR:?...}`: the script stops until VAR is set, rather
// than start a job of another size.
std::string count_flag(const std::string& flag, const std::string& var, int known, const std::string& what) {
  if (known > 0) return flag + "=\"${" + var + ":-" + std::to_string(known) + "}\"";
  return flag + "=\"${" + var + ":?set " + var + ": " + what + ", which the checked environment does not give}\"";
}

// Comment lines naming where the counts came from (or that they are missing; an unknown node count
// is not named when `nodes_var` is empty: the caller's placeholder says it).
std::string count_comments(const FixPlan& plan, const std::string& nodes_var, const std::string& procs_var) {
  std::string out = plan.world > 0
                        ? "# " + std::to_string(plan.world) + " nodes: " + count_source(plan.world_from) + "\n"
                    : nodes_var.empty() ? ""
                                        : "# the number of nodes is not known: set " + nodes_var + "\n";
  out += plan.procs_per_node > 0 ? "# " + std::to_string(plan.procs_per_node) +
                                       " processes per node: " + count_source(plan.procs_from) + "\n"
                                 : "# the processes (GPUs) per node are not known: set " + procs_var + "\n";
  return out;
}

std::string render_slurm(const FixPlan& plan) {
  std::string out = "#!/bin/bash\n";
  out +=
      "#SBATCH --nodes=" + (plan.world > 0 ? std::to_string(plan.world) : "NODES") + "\n#SBATCH --ntasks-per-node=1\n";
  if (plan.world <= 0) out += "# NODES above is not a count: replace it with the number of nodes before submitting\n";
  out += "# distdoctor fix as an sbatch script: one torchrun per node, started by srun\n";
  out += "set -eu  # not pipefail: head -n 1 may close the pipe before scontrol ends (SIGPIPE)\n" +
         count_comments(plan, "", "GPUS_PER_NODE") + note_comments(plan) + env_lines(plan);
  out +=
      "export " + count_flag("GPUS_PER_NODE", "GPUS_PER_NODE", plan.procs_per_node, "processes (GPUs) per node") + "\n";
  out += "# the first node of the allocation is the master (SLURM_JOB_NODELIST, expanded by scontrol)\n";
  out += "MASTER_ADDR=\"$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\"\nexport MASTER_ADDR\n";
  out += "export MASTER_PORT=\"${MASTER_PORT:-29500}\"\n";
  std::string pre;
  if (!plan.per_host.empty()) {
    out += "# values that differ between nodes, applied on each node by srun's task\n";
    out += "dd_per_host_env() {\n" + per_host_case(plan, "  ") + "}\nexport -f dd_per_host_env\n";
    pre = "dd_per_host_env; ";
  }
  out += "srun bash -c '" + pre +
         "exec torchrun --nnodes=\"$SLURM_NNODES\" --nproc_per_node=\"$GPUS_PER_NODE\" --node_rank=\"$SLURM_NODEID\" "
         "--master_addr=\"$MASTER_ADDR\" --master_port=\"$MASTER_PORT\" \"$@\"' bash train.py\n";
  return out;
}

std::string render_torchrun(const FixPlan& plan) {
  std::string out =
      "#!/bin/bash\n# distdoctor fix as a torchrun launch: run on every node with NODE_RANK set (0 on the master)\n";
  out += "set -eu\n" + count_comments(plan, "NNODES", "NPROC_PER_NODE") + note_comments(plan) + env_lines(plan);
  if (!plan.per_host.empty()) out += "# values that differ between nodes\n" + per_host_case(plan);
  std::string master = plan.hosts.empty() ? "" : core::shell_quote(plan.hosts.front());
  if (!master.empty()) out += "# rank 0 of the preflight\nexport MASTER_ADDR=\"${MASTER_ADDR:-" + master + "}\"\n";
  out += "torchrun " + count_flag("--nnodes", "NNODES", plan.world, "the number of nodes") + " \\\n  " +
         count_flag("--nproc_per_node", "NPROC_PER_NODE", plan.procs_per_node, "processes (GPUs) per node") + " \\\n";
  out += "  --node_rank=\"${NODE_RANK:?set NODE_RANK: 0 on the master node}\" \\\n";
  out +=
      "  --master_addr=\"${MASTER_ADDR:?set MASTER_ADDR: the master node}\" --master_port=\"${MASTER_PORT:-29500}\" "
      "\\\n";
  out += "  train.py \"$@\"\n";
  return out;
}

// One TF_CONFIG per task of the cluster `checked` names (its cluster, the task's own type and index),
// into `out`; else why none can be: the reason, "" when some were written.
std::string tf_configs_of_cluster(const std::string& checked, json& out) {
  if (checked.empty())
    return "no TF_CONFIG in the checked environment and no preflight hosts: nothing names the workers";
  json parsed = json::parse(checked, nullptr, false);
  if (parsed.is_discarded()) return "TF_CONFIG is not JSON: its cluster cannot be read (the notes say what to fix)";
  const json* cluster = parsed.is_object() && parsed.contains("cluster") ? &parsed["cluster"] : nullptr;
  if (!cluster || !cluster->is_object() || cluster->empty())
    return "TF_CONFIG has no cluster object: it names no workers to write a TF_CONFIG for";
  for (const auto& [type, tasks] : cluster->items()) {
    if (!tasks.is_array()) continue;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
      json one = {{"cluster", *cluster}, {"task", {{"type", type}, {"index", i}}}};
      std::string address = tasks[i].is_string() ? " " + tasks[i].get<std::string>() : "";
      out[type + "[" + std::to_string(i) + "]" + address] = one.dump();
    }
  }
  return out.empty() ? "TF_CONFIG's cluster lists no task addresses" : "";
}

// A TF_CONFIG finding about the cluster list itself (an address, a port, a duplicate, a job the task
// names): a TF_CONFIG per task of that cluster repeats it. Only the task findings (no task, no
// index, an index outside its job, a type TF does not know) are fixed by giving each task its own.
bool cluster_finding(std::string_view id) {
  if (!id.starts_with("tf-config.")) return false;
  for (std::string_view task :
       {"tf-config.invalid-json", "tf-config.task-missing", "tf-config.task-malformed", "tf-config.task-index-missing",
        "tf-config.task-index-out-of-range", "tf-config.task-type-invalid"}) {
    if (id == task) return false;
  }
  return true;
}

// Why no TF_CONFIG is written when the cluster list is wrong: each such finding and its fix.
std::string cluster_is_wrong(const FixPlan& plan) {
  std::vector<std::string> what;
  for (const auto& n : plan.notes) {
    if (cluster_finding(n.id)) what.push_back(n.id + ": " + n.title + (n.text.empty() ? "" : " (fix: " + n.text + ")"));
  }
  if (what.empty()) return "";
  return "a TF_CONFIG per task of the checked cluster would keep what is wrong (its addresses, not a task's "
         "type or index): change what each finding says in every task's TF_CONFIG, then run distdoctor env "
         "again: " +
         core::join(what, "; ");
}

std::string render_tf(const FixPlan& plan) {
  json env = json::object();
  for (const auto& [name, value] : plan.env) env[name] = value.empty() ? json(nullptr) : json(value);
  json per_host = json::object();
  for (const auto& [host, vars] : plan.per_host) per_host[host] = vars;
  json notes = json::array();
  for (const auto& n : plan.notes) notes.push_back(n.id + ": " + n.title);
  json workers = json::array();
  for (const auto& h : plan.hosts) workers.push_back(h + ":12345");
  json tf_config = json::object();
  for (std::size_t i = 0; i < plan.hosts.size(); ++i) {
    json one = {{"cluster", {{"worker", workers}}}, {"task", {{"type", "worker"}, {"index", i}}}};
    tf_config[plan.hosts[i]] = one.dump();
  }
  std::string help =
      "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the "
      "TF_CONFIG value for each worker (port 12345: change it to the job's)";
  std::string why_none;
  if (plan.hosts.empty()) {
    help =
        "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: one TF_CONFIG per "
        "task of the checked TF_CONFIG's cluster (keyed type[index] address): set on each machine the one whose "
        "address is its own";
    why_none = tf_configs_of_cluster(plan.tf_config, tf_config);
    if (why_none.empty()) why_none = cluster_is_wrong(plan);
    if (!why_none.empty()) tf_config = json::object();
  }
  // No value written (tf_config_none says why and what to change by hand): as every other format says.
  bool nothing = env.empty() && per_host.empty() && tf_config.empty();
  if (nothing) help = "nothing to change: no finding has a value to set (tf_config_none: why no TF_CONFIG is written)";
  json out = {{"format", "tf"}, {"env", env},   {"per_host", per_host},        {"tf_config", tf_config},
              {"notes", notes}, {"help", help}, {"nothing_to_change", nothing}};
  if (!why_none.empty()) out["tf_config_none"] = why_none;
  return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

// A TF_CONFIG finding stands behind the fix: the TF_CONFIGs written per task of its cluster are the
// change, or (the cluster list is wrong) why none is written.
bool tf_config_is_wrong(const FixPlan& plan) {
  if (plan.tf_config.empty()) return false;
  return std::any_of(plan.notes.begin(), plan.notes.end(),
                     [](const FixNote& n) { return n.id.starts_with("tf-config."); });
}

// Nothing in the plan that `format` writes: no variable (for every node or per host), no container
// flag (dockerfile, k8s), no preflight hosts (torchrun's MASTER_ADDR, tf's TF_CONFIG per worker) and, for tf, no
// TF_CONFIG finding.
bool nothing_to_change(const FixPlan& plan, ExportFormat format) {
  if (!plan.env.empty() || !plan.per_host.empty()) return false;
  switch (format) {
    case ExportFormat::dockerfile:
    case ExportFormat::k8s:
      return !plan.host_network && !plan.shm_in_memory && !plan.ib_devices;
    case ExportFormat::torchrun:
      return plan.hosts.empty();
    case ExportFormat::tf:
      return plan.hosts.empty() && !tf_config_is_wrong(plan);
    case ExportFormat::sh:
    case ExportFormat::slurm:
      return true;
  }
  return true;
}

// The same answer in every format: a comment line (tf: a JSON object with "nothing_to_change": true
// and its usual keys, empty), then the findings that ask for a change by hand.
std::string render_nothing(const FixPlan& plan, ExportFormat format) {
  std::string said = "nothing to change: no finding has a value to set";
  if (format == ExportFormat::tf) {
    json notes = json::array();
    for (const auto& n : plan.notes) notes.push_back(n.id + ": " + n.title);
    json out = {{"format", "tf"},
                {"nothing_to_change", true},
                {"env", json::object()},
                {"per_host", json::object()},
                {"tf_config", json::object()},
                {"notes", notes},
                {"help", said}};
    return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
  }
  return "# distdoctor: " + said + (plan.notes.empty() ? "" : " (the findings below need a change by hand)") + "\n" +
         note_comments(plan);
}

// A TF_CONFIG that a task finding rewrote (its type, its index key) is one task's: written for every
// node, image or pod it would make each of them that task (all worker 0: the chief never starts).
// It is left out of every format and its note says where one per task is: the tf format's
// tf_config, built from the checked cluster as for the cluster-list findings (tf_config_none).
FixPlan without_task_tf_config(FixPlan plan) {
  auto why = plan.why.find("TF_CONFIG");
  if (why == plan.why.end() || !why->second.starts_with("tf-config.") || cluster_finding(why->second) ||
      !plan.env.count("TF_CONFIG"))
    return plan;
  plan.env.erase("TF_CONFIG");
  for (auto& n : plan.notes) {
    if (n.id != why->second) continue;
    n.text += std::string(n.text.empty() ? "" : "; ") +
              "TF_CONFIG names one task, so it is not written here for every node: `distdoctor env "
              "--export-format tf` writes one per task of the cluster (or run `distdoctor env --export` on "
              "each node for its own)";
  }
  return plan;
}

// A TensorFlow job (TF_CONFIG set in the checked environment): a torchrun launch would start
// copies of a TensorFlow script. The variables are in the sh format, TF_CONFIG per task in tf.
std::string render_not_torchrun(const FixPlan& plan, ExportFormat format) {
  return "# distdoctor: no " + std::string(to_string(format)) +
         " launch for a TensorFlow job (TF_CONFIG is set): it would start torchrun copies of a "
         "TensorFlow script; use --export-format sh for the variables and --export-format tf for TF_CONFIG per "
         "task\n" +
         note_comments(plan);
}

}  // namespace

core::Result<ExportFormat> parse_export_format(std::string_view name) {
  for (auto f : {ExportFormat::sh, ExportFormat::dockerfile, ExportFormat::k8s, ExportFormat::slurm,
                 ExportFormat::torchrun, ExportFormat::tf}) {
    if (to_string(f) == name) return f;
  }
  return core::make_error(core::ErrorKind::usage, fmt::format("--export-format '{}': unknown format (use one of {})",
                                                              core::escape_control(name), k_export_format_names));
}

std::string_view to_string(ExportFormat f) {
  switch (f) {
    case ExportFormat::sh:
      return "sh";
    case ExportFormat::dockerfile:
      return "dockerfile";
    case ExportFormat::k8s:
      return "k8s";
    case ExportFormat::slurm:
      return "slurm";
    case ExportFormat::torchrun:
      return "torchrun";
    case ExportFormat::tf:
      return "tf";
  }
  return "sh";
}

std::string render_export(const FixPlan& checked, ExportFormat format) {
  FixPlan plan = without_task_tf_config(checked);
  if ((format == ExportFormat::slurm || format == ExportFormat::torchrun) && !plan.tf_config.empty())
    return render_not_torchrun(plan, format);
  if (nothing_to_change(plan, format)) return render_nothing(plan, format);
  switch (format) {
    case ExportFormat::sh:
      return render_sh(plan);
    case ExportFormat::dockerfile:
      return render_dockerfile(plan);
    case ExportFormat::k8s:
      return render_k8s(plan);
    case ExportFormat::slurm:
      return render_slurm(plan);
    case ExportFormat::torchrun:
      return render_torchrun(plan);
    case ExportFormat::tf:
      return render_tf(plan);
  }
  return render_sh(plan);
}

}  // namespace dd::report
