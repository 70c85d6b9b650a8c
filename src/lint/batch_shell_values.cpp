// Values a shell file computes once, in the shell that runs it, and then hands to every task or node
// (stranger fix-2026-12-06m):
//
// lint.slurm.task-variable-in-batch-shell (p02): `export RANK=$SLURM_PROCID` (or LOCAL_RANK /
// NODE_RANK / GROUP_RANK from SLURM_PROCID / SLURM_LOCALID / SLURM_NODEID) as a command of the batch
// script, before `srun`. The batch shell expands it once, with its own value (the batch script is the
// batch step's one task: 0), and srun hands the exported result to every task (sbatch's and srun's
// default --export=ALL); srun sets SLURM_PROCID per task but not RANK. Every task then has the same
// rank: env:// ranks collide. Judged only where a later `srun` line does not set that name itself.
// The fix moves the assignment into each task's shell: `srun bash -c 'RANK=$SLURM_PROCID ... exec CMD'`
// (an edit where the srun command is one line whose command has no quotes, `$` or backslash; else
// prose).
//
// lint.launch.master-addr-all-addresses (p04): MASTER_ADDR=$(hostname -I) (or --all-ip-addresses)
// without a pipe that keeps one: hostname(1) prints every address of the host, separated by blanks,
// with a trailing blank, so the value is a list, not a host. Under Slurm (an #SBATCH line or srun) the
// edit takes the allocation's first node name, the node the batch script and rank 0 run on; else the
// prose offers `hostname -I | cut -d' ' -f1` with its caveat (the first address the kernel lists can
// be a docker0 / bridge address the other nodes cannot reach).
//
// lint.slurm.master-addr-last-node (p03): MASTER_ADDR from `scontrol show hostnames ... | tail -n 1`
// in a file whose rank 0 is SLURM_PROCID 0 (RANK from SLURM_PROCID, or --node_rank from SLURM_NODEID)
// with a static rendezvous (no c10d): srun's default block distribution puts task 0 on the first node
// of the allocation, so the rank-0 store listens there and the others dial the last node. Edit:
// `head -n 1`.
// lint.slurm.master-addr-node-list (fix-2026-12-07n p01): MASTER_ADDR=$SLURM_JOB_NODELIST (or
// --master_addr / --rdzv_endpoint from it, SLURM_NODELIST, SLURM_STEP_NODELIST) where the allocation
// is not one node: the node list in Slurm's compressed form is not a host. Edit: the first node,
// `$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)`.
#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

bool under_slurm(const FileContext& ctx) {
  const std::string& t = ctx.text();
  return core::starts_with(t, "#SBATCH") || t.find("\n#SBATCH") != std::string::npos ||
         std::regex_search(t, std::regex(R"((^|[\s;&|])srun\s)"));
}

// The srun commands of the file at or after `from`.
std::vector<const ShellCommand*> srun_after(const std::vector<ShellCommand>& commands, int from) {
  std::vector<const ShellCommand*> out;
  for (const auto& c : commands) {
    if (c.line >= from && !c.words.empty() && program_name(c.words.front()) == "srun") out.push_back(&c);
  }
  return out;
}

// `srun [--opt=value | -l | --exclusive ...] CMD ARGS` on one line: that line with CMD ARGS run by
// `bash -c '<assigns> exec CMD ARGS'`; "" when the line cannot be rewritten safely.
std::string srun_with_assigns(std::string_view line, const std::string& assigns) {
  static const std::regex shape(
      R"(^(\s*srun((\s+--?[A-Za-z][\w-]*=\S+)|(\s+(-l|-u|--label|--unbuffered|--exclusive|--kill-on-bad-exit|-K)))*)\s+([^-\s].*?)\s*$)");
  std::string text(line);
  std::smatch m;
  if (!std::regex_match(text, m, shape)) return "";
  std::string cmd = m[6].str();
  // Quotes, expansions and the shell's operators (`&` `|` `;` redirections, subshells) would change
  // meaning inside `bash -c` (a trailing `&` would background each task's command and end the task).
  if (cmd.find_first_of("'\"$\\`#&|;<>()") != std::string::npos) return "";
  return m[1].str() + " bash -c '" + assigns + " exec " + cmd + "'";
}

void task_variables(FileContext& ctx, const std::vector<ShellCommand>& commands) {
  static const std::regex task_var(R"(^\$\{?(SLURM_PROCID|SLURM_LOCALID|SLURM_NODEID)\}?$)");
  struct Seen {
    int line;
    std::string name, var;
    bool alone;  // the export sets this name only (its line can be dropped)
  };
  std::vector<Seen> seen;
  for (const auto& c : commands) {
    if (c.words.size() < 2 || c.words.front() != "export") continue;
    for (std::size_t k = 1; k < c.words.size(); ++k) {
      const std::string& w = c.words[k];
      auto eq = w.find('=');
      if (eq == std::string::npos) continue;
      std::string name = w.substr(0, eq);
      std::smatch m;
      std::string value = w.substr(eq + 1);
      if (name != "RANK" && name != "LOCAL_RANK" && name != "NODE_RANK" && name != "GROUP_RANK") continue;
      if (std::regex_match(value, m, task_var)) seen.push_back({c.line, name, m[1].str(), c.words.size() == 2});
    }
  }
  if (seen.empty()) return;
  auto sruns = srun_after(commands, seen.front().line);
  if (sruns.size() != 1) return;  // none: nothing passes them on; several: which one is meant is unclear
  const ShellCommand& srun = *sruns.front();
  std::string joined = core::join(srun.words, " ");
  // A launcher under srun (torchrun, torch.distributed.run/launch) sets RANK and LOCAL_RANK for each of
  // its workers itself: the batch shell's value never reaches them.
  if (joined.find("torchrun") != std::string::npos || joined.find("torch.distributed.run") != std::string::npos ||
      joined.find("torch.distributed.launch") != std::string::npos)
    return;
  std::vector<std::string> names, assigns;
  for (const auto& s : seen) {
    if (s.line > srun.line || joined.find(s.name + "=") != std::string::npos) continue;
    names.push_back("export " + s.name + "=$" + s.var);
    assigns.push_back(s.name + "=$" + s.var);
  }
  if (names.empty()) return;
  std::string title = core::join(names, " and ") + (names.size() > 1 ? " run" : " runs") +
                      " once, in the batch shell, before srun starts any task: srun hands that one value (the batch "
                      "script's own " +
                      seen.front().var +
                      ", 0) to every task, so all tasks get the same rank; srun sets SLURM_PROCID per task, "
                      "not RANK";
  std::string rewritten = srun_with_assigns(ctx.line_text(srun.line), core::join(assigns, " "));
  core::Finding* f = nullptr;
  // The edit drops whole export lines: only where each sets just that name and every one is moved.
  bool whole_lines =
      names.size() == seen.size() && std::all_of(seen.begin(), seen.end(), [](const Seen& s) { return s.alone; });
  if (!rewritten.empty() && whole_lines && ctx.line_text(srun.line).find('\\') == std::string_view::npos) {
    std::string text;
    for (int l = seen.front().line; l < srun.line; ++l) {
      bool moved = false;
      for (const auto& s : seen) moved = moved || s.line == l;
      if (!moved) text += std::string(ctx.line_text(l)) + "\n";
    }
    text += rewritten;
    f = &ctx.add("lint.slurm.task-variable-in-batch-shell", core::Label::config_typo, core::Severity::error, title,
                 seen.front().line, LineEdit{seen.front().line, srun.line, text});
    // what the edit does, said so the text output can be applied by hand
    f->fix.text = "lines " + std::to_string(seen.front().line) + "-" + std::to_string(srun.line) +
                  " become (the export lines of those names dropped, the srun line run by each task's shell):\n" + text;
  } else {
    f = &ctx.add("lint.slurm.task-variable-in-batch-shell", core::Label::config_typo, core::Severity::error, title,
                 seen.front().line,
                 "srun bash -c '" + core::join(assigns, " ") +
                     " exec python train.py ...'  # set them in each task's shell (single quotes), and remove the "
                     "export lines; or read SLURM_PROCID / SLURM_LOCALID in the script");
  }
  f->evidence.push_back("line " + std::to_string(srun.line) + ": " + std::string(core::trim(ctx.line_text(srun.line))) +
                        " (srun passes the batch shell's exported environment to its tasks: --export=ALL, the "
                        "default)");
}

void all_addresses(FileContext& ctx, bool slurm) {
  static const std::regex re(R"(MASTER_ADDR=("?)\$\(\s*hostname\s+(-I|--all-ip-addresses|-i)\s*\)\1)");
  for (int l = 1; l <= ctx.line_count(); ++l) {
    std::string text(ctx.line_text(l));
    if (core::starts_with(core::trim(text), "#") || text.size() > 4096) continue;
    std::smatch m;
    if (!std::regex_search(text, m, re) || m[2].str() == "-i") continue;
    std::string title = "MASTER_ADDR=$(hostname " + m[2].str() +
                        ") is every address of this host, separated by blanks (hostname prints them all, with a "
                        "trailing blank): not one host, so the rendezvous address is a list, and unquoted it splits "
                        "into separate words";
    core::Finding* f = nullptr;
    if (slurm) {
      std::string fixed = text;
      fixed.replace(static_cast<std::size_t>(m.position(0)), static_cast<std::size_t>(m.length(0)),
                    "MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)");
      f = &ctx.add("lint.launch.master-addr-all-addresses", core::Label::config_typo, core::Severity::error, title, l,
                   LineEdit{l, l, fixed});
      f->evidence.push_back(
          "the fix names the allocation's first node, where the batch script and rank 0 run, by the name Slurm "
          "knows it by; if names do not resolve between the nodes, $(hostname -I | cut -d' ' -f1) keeps one "
          "address instead, but it is the first the kernel lists, which can be a docker0 or bridge address the "
          "other nodes cannot reach: check it with `ip -o -4 addr` on that node");
    } else {
      f = &ctx.add("lint.launch.master-addr-all-addresses", core::Label::config_typo, core::Severity::error, title, l,
                   "MASTER_ADDR=<rank 0's host name or one of its addresses>  # $(hostname -I | cut -d' ' -f1) "
                   "keeps the first address the kernel lists, which can be a docker0 or bridge address the other "
                   "nodes cannot reach: check it with `ip -o -4 addr`");
    }
  }
}

void last_node(FileContext& ctx, const std::vector<ShellCommand>& commands) {
  const std::string& t = ctx.text();
  bool rank0_first = t.find("SLURM_PROCID") != std::string::npos ||
                     std::regex_search(t, std::regex(R"(--node[_-]rank[= ]\$\{?SLURM_NODEID)"));
  if (!rank0_first || std::regex_search(t, std::regex(R"(rdzv[_-]backend[= ]+c10d)"))) return;
  if (srun_after(commands, 1).empty()) return;
  static const std::regex re(R"(MASTER_ADDR=.*scontrol\s+show\s+host[nN]ames[^|]*\|\s*(tail\s+(-n\s*1|-1))\b)");
  for (int l = 1; l <= ctx.line_count(); ++l) {
    std::string text(ctx.line_text(l));
    if (core::starts_with(core::trim(text), "#") || text.size() > 4096) continue;
    std::smatch m;
    if (!std::regex_search(text, m, re)) continue;
    std::string fixed = text;
    fixed.replace(static_cast<std::size_t>(m.position(1)), static_cast<std::size_t>(m.length(1)), "head -n 1");
    auto& f = ctx.add("lint.slurm.master-addr-last-node", core::Label::config_typo, core::Severity::error,
                      "MASTER_ADDR is the allocation's last node (" + m[1].str() +
                          "), but rank 0 is SLURM_PROCID 0, which srun places on the first node: the rank-0 store "
                          "listens there and the other ranks dial a node where nothing listens, until the "
                          "rendezvous times out",
                      l, LineEdit{l, l, fixed});
    f.evidence.push_back(
        "srun's default distribution (block) gives the first node of the allocation the first tasks; "
        "`scontrol show hostnames` lists the nodes in that order");
  }
}

// Whether the file's allocation is one node (`#SBATCH --nodes=1`, `-N 1`): its node list is then one host.
bool single_node_allocation(const FileContext& ctx) {
  static const std::regex nodes(R"((^|\n)#SBATCH\s+(--nodes[= ]|-N\s*)1(\s|$))");
  return std::regex_search(ctx.text(), nodes);
}

void node_list_as_host(FileContext& ctx) {
  if (single_node_allocation(ctx)) return;
  static const std::regex re(
      R"re((MASTER_ADDR=|--master[_-]addr[= ]|--rdzv[_-]endpoint[= ])"?(\$\{?SLURM_(JOB_|STEP_)?NODELIST\}?)(?![A-Za-z0-9_]))re");
  for (int l = 1; l <= ctx.line_count(); ++l) {
    std::string text(ctx.line_text(l));
    auto head = core::trim(text);
    if (core::starts_with(head, "#") || core::starts_with(head, "echo") || core::starts_with(head, "printf") ||
        text.size() > 4096)
      continue;  // a comment, or a line that shows the value: nothing dials it
    std::smatch m;
    if (!std::regex_search(text, m, re)) continue;
    const std::string var = m.str(2);
    if (var.front() == '$' && var[1] == '{' && var.back() != '}') continue;
    std::string fixed = text;
    fixed.replace(static_cast<std::size_t>(m.position(2)), static_cast<std::size_t>(m.length(2)),
                  "$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)");
    auto& f = ctx.add("lint.slurm.master-addr-node-list", core::Label::config_typo, core::Severity::error,
                      "the rendezvous host is " + var +
                          ", the allocation's whole node list in Slurm's compressed form (`node[01-02]`, "
                          "`gpu-a,gpu-b`): one host name only on a one-node allocation, so with several nodes it "
                          "resolves nowhere and no rank reaches the rendezvous",
                      l, LineEdit{l, l, fixed});
    f.evidence.push_back(
        "the fix takes the allocation's first node (`scontrol show hostnames` expands the list one name per line, "
        "in allocation order), where the batch script runs and srun's block distribution puts task 0");
  }
}

}  // namespace

void batch_shell_values_rule(FileContext& ctx) {
  auto commands = split_commands(ctx.text());
  bool slurm = under_slurm(ctx);
  if (slurm) task_variables(ctx, commands);
  all_addresses(ctx, slurm);
  last_node(ctx, commands);
  if (slurm) node_list_as_host(ctx);
}

}  // namespace dd::lint::detail
