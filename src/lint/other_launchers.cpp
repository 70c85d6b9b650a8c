// The rendezvous address of DeepSpeed's and Accelerate's launchers:
// `deepspeed --hostfile=H --num_nodes=2 --master_addr=localhost` hands every node that address, so
// the other nodes' ranks dial their own loopback and wait (lint.launch.master-addr-localhost, as for
// torchrun). DeepSpeed's runner, given no --master_addr in a multi-node run, asks the hostfile's
// first host for its address (`ssh HOST hostname -I`, deepspeed/launcher/runner.py): the fix drops
// the flag. `accelerate launch --num_machines 2 --main_process_ip localhost`: Accelerate has no
// such default, so its fix names the rank-0 machine.
#include <regex>
#include <string>
#include <vector>

#include "core/address.hpp"
#include "core/strings.hpp"
#include "lint/placeholder_fix.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

bool loopback(std::string_view host) { return core::names_this_machine(host); }

// The command's line (from `line`, continuations followed) without ` --flag=value` / ` --flag value`
// for one of `names`; 0 when no line holds it as one word pair.
int without_flag(const FileContext& ctx, int line, std::initializer_list<std::string_view> names,
                 const std::string& value, std::string& changed) {
  for (int l = line; l <= ctx.line_count() && l < line + 64; ++l) {
    std::string text(ctx.line_text(l));
    for (auto n : names) {
      for (const std::string& form : {std::string(n) + "=" + value, std::string(n) + " " + value}) {
        auto at = text.find(form);
        if (at == std::string::npos) continue;
        std::size_t end = at + form.size();
        if (end < text.size() && text[end] != ' ' && text[end] != '\t') continue;
        std::size_t begin = at;
        while (begin > 0 && (text[begin - 1] == ' ' || text[begin - 1] == '\t')) --begin;
        if (begin == 0) {  // the flag opens the line: keep the indentation, drop the blanks after it
          begin = at;
          while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
        }
        changed = text.substr(0, begin) + text.substr(end);
        return l;
      }
    }
    std::string_view t = core::trim(text);
    if (t.empty() || t.back() != '\\') break;
  }
  return 0;
}

}  // namespace

void other_launcher(FileContext& ctx, const std::vector<std::string>& w, std::size_t j, int line) {
  std::string prog = program_name(w[j]);
  if (prog == "deepspeed") {
    auto written = find_written_flag(w, j + 1, {"--master_addr", "--master-addr"});
    if (!written || !loopback(written->value) || !ctx.shape().multi_node) return;
    const std::string& host = written->value;
    std::string title = "deepspeed " + as_written(*written) +
                        " in a multi-node launch: DeepSpeed hands this address to every node, whose ranks dial "
                        "their own machine and wait";
    std::string changed;
    int at = without_flag(ctx, line, {"--master_addr", "--master-addr"}, host, changed);
    core::Finding* f = nullptr;
    if (at) {
      f = &ctx.add("lint.launch.master-addr-localhost", Label::hostname_resolution, Severity::error, title, line,
                   LineEdit{at, at, changed});
    } else {
      f = &ctx.add("lint.launch.master-addr-localhost", Label::hostname_resolution, Severity::error, title, line,
                   "drop " + written->flag + ": with a hostfile DeepSpeed asks its first host for its address");
    }
    f->evidence.push_back(ctx.shape().multi_node_why);
    f->evidence.push_back("without " + written->flag +
                          " DeepSpeed's runner uses the first host of the hostfile (ssh HOST hostname -I)");
    return;
  }
  if (prog == "accelerate" && j + 1 < w.size() && w[j + 1] == "launch") {
    auto written = find_written_flag(w, j + 2, {"--main_process_ip", "--main-process-ip"});
    if (!written || !loopback(written->value) || !ctx.shape().multi_node) return;
    const std::string& host = written->value;
    // The line that holds the address; the fix keeps that line's continuation and quotes (r01, r19).
    int at = command_line_holding(ctx, line, host);
    auto fix = placeholder_fix(ctx, at ? at : line, host, host, "RANK0_HOST", as_written(*written, "RANK0_HOST"),
                               "the host name or address of the machine with machine_rank 0, the same on every "
                               "machine");
    auto& f = ctx.add("lint.launch.master-addr-localhost", Label::hostname_resolution, Severity::error,
                      "accelerate launch " + as_written(*written) +
                          " across machines: every machine's ranks dial their own loopback and wait",
                      line, fix.text);
    f.evidence.push_back(ctx.shape().multi_node_why);
    if (!fix.note.empty()) f.evidence.push_back(fix.note);
  }
}

// An accelerate config file (`accelerate config`'s YAML: main_process_ip, num_machines, machine_rank)
// with num_machines > 1 and a loopback main_process_ip (fix-2026-12-06m p11). accelerate launch reads
// it as its flags: for num_machines > 1, prepare_multi_gpu_env (accelerate/utils/launch.py, read at
// 16cb6eb8) hands torchrun --master_addr (same_network: true) or --rdzv_endpoint
// main_process_ip:port and --nnodes num_machines, so every machine's ranks dial their own loopback.
void accelerate_config_rule(FileContext& ctx, const std::string& ip, int ip_line, const std::string& machines) {
  auto n = core::parse_int(machines);
  if (!n || *n < 2 || !loopback(ip)) return;
  auto& f = ctx.add("lint.launch.master-addr-localhost", Label::hostname_resolution, Severity::error,
                    "accelerate config main_process_ip: " + ip + " with num_machines: " + machines +
                        ": accelerate launch hands that address to torchrun on every machine, so the machines "
                        "other than machine_rank 0 dial their own loopback and wait",
                    ip_line,
                    "main_process_ip: RANK0_HOST  # the host name or address of the machine with machine_rank 0, "
                    "the same in every machine's config");
  f.evidence.push_back("num_machines: " + machines +
                       " (accelerate/utils/launch.py, prepare_multi_gpu_env: with num_machines > 1 main_process_ip "
                       "becomes torchrun's --master_addr, or its --rdzv_endpoint host when same_network is false)");
}

// lint.accelerate.not-distributed (fix-2026-12-07t p20): `distributed_type: 'NO'` with num_machines: 2.
// accelerate launch then runs the script as one plain process on each machine (launch.py: no torchrun,
// no process group): each machine trains alone on its own data, and num_machines is never read.
void accelerate_type_rule(FileContext& ctx, const std::string& type, int type_line, const std::string& machines,
                          const std::string& use_cpu, const std::string& environment) {
  auto n = core::parse_int(machines);
  // SageMaker configs launch through sagemaker_launcher, with types of their own (review59)
  if (!n || *n < 2 || core::to_upper(type) != "NO" || core::to_upper(environment) == "AMAZON_SAGEMAKER") return;
  const bool cpu = core::to_lower(use_cpu) == "true";
  const std::string title = "accelerate config distributed_type: NO with num_machines: " + machines +
                            ": accelerate launch runs one plain process per machine, no torchrun and no process "
                            "group, so each machine trains alone";
  // An edit only where the key and its value stand alone on one block-style line (review59: a flow
  // mapping `{..., distributed_type: 'NO', ...}` or a value on the next line lost every other key);
  // a CPU job gets prose: accelerate's multi-machine CPU launch has needs of its own.
  static const std::regex alone(R"re(^distributed_type:[ \t]*(?:'NO'|"NO"|NO)[ \t]*(?:#.*)?$)re", std::regex::icase);
  const bool editable = !cpu && std::regex_match(std::string(ctx.line_text(type_line)), alone);
  auto& f = editable ? ctx.add("lint.accelerate.not-distributed", Label::config_typo, Severity::error, title, type_line,
                               LineEdit{type_line, type_line, "distributed_type: MULTI_GPU"})
                     : ctx.add("lint.accelerate.not-distributed", Label::config_typo, Severity::error, title, type_line,
                               cpu ? "distributed_type: MULTI_CPU (accelerate's multi-machine CPU launch; see "
                                     "`accelerate config` for what else it needs)"
                                   : "distributed_type: MULTI_GPU");
  f.evidence.push_back("num_machines: " + machines +
                       "; distributed_type NO is accelerate's single-process launch "
                       "(accelerate/commands/launch.py, simple_launcher)");
  if (!cpu) f.evidence.push_back("use_cpu is not true: MULTI_GPU (accelerate's multi-GPU launch through torchrun)");
}

}  // namespace dd::lint::detail
