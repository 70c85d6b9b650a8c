// The thirteenth stranger's run (tests/data/stranger/fix-2026-12-06j): a fix that broke the job
// (p27, a per-task variable double-quoted in the batch shell), untrue sentences (p19 a `^` list with
// a blank, p18 two fixes for one variable, p12 `hostname -i`, p16 node 0's own command) and misses
// (p30 a port above 65535, p13 --standalone on two nodes). Each is read as the stranger wrote it,
// and one step short; tests/system/lint/stranger13_cases.sh applies the printed fixes.
#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::case_text;
using test::first_of;
using test::ids;
using test::lint_as;

const std::string k_stranger13_cases = "fix-2026-12-06j";  // tests/data/stranger/fix-2026-12-06j/cases

const std::string k_quote_id = "lint.shell.single-quoted-expansion";

// p27: TF_CONFIG='...$SLURM_PROCID...' before `srun python`: the value is set in each task (srun
// bash -c), not double-quoted in the batch shell; the fixed file has no finding.
TEST(LintStranger13, PerTaskVariableIsSetInEachTaskNotInTheBatchShell) {
  const std::string text = case_text(k_stranger13_cases, "p27_tfconfig_single_quoted_procid.sbatch");
  auto fs = lint_as("p27.sbatch", text);
  auto found = all_of(fs, k_quote_id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const LintFinding& f = *found[0];
  ASSERT_EQ(f.edits.size(), 1u) << f.finding.fix.text;
  EXPECT_EQ(f.edits[0].line, 5);
  EXPECT_EQ(f.edits[0].end_line, 6);
  EXPECT_EQ(f.edits[0].replacement,
            "srun bash -c 'export TF_CONFIG=\"{\\\"cluster\\\": {\\\"worker\\\": [\\\"node01:12345\\\", "
            "\\\"node02:12345\\\"]}, \\\"task\\\": {\\\"type\\\": \\\"worker\\\", \\\"index\\\": $SLURM_PROCID}}\"; "
            "exec python train_mwms.py'");
  ASSERT_FALSE(f.finding.evidence.empty());
  EXPECT_NE(f.finding.evidence.back().find("$SLURM_PROCID differs per task: srun (line 6)"), std::string::npos)
      << f.finding.evidence.back();
  std::string after = test::applied(text, f);
  auto again = lint_as("p27.sbatch", after);
  EXPECT_TRUE(again.empty()) << after << "\n" << ids(again);
  // the old fix, double quotes in the batch shell: found, with the same edit
  std::string old = text;
  auto a = old.find("TF_CONFIG='") + 10;
  auto b = old.find('\'', a + 1);
  std::string inner = old.substr(a + 1, b - a - 1);
  std::string esc;
  for (char c : inner) esc += c == '"' ? std::string("\\\"") : std::string(1, c);
  old.replace(a, b - a + 1, "\"" + esc + "\"");
  auto ofs = lint_as("old.sbatch", old);
  const auto* o = first_of(ofs, "lint.slurm.task-variable-expanded-once");
  ASSERT_NE(o, nullptr) << old << ids(ofs);
  ASSERT_EQ(o->edits.size(), 1u);
  EXPECT_EQ(o->edits[0].replacement, f.edits[0].replacement);
  EXPECT_NE(o->finding.title.find("expands $SLURM_PROCID once, before srun (line 6) starts the tasks"),
            std::string::npos)
      << o->finding.title;
  // escaped, or no srun after it: no finding
  std::string escaped = old;
  escaped.replace(escaped.find("$SLURM_PROCID"), 1, "\\$");
  test::clean("e.sbatch", escaped, "lint.slurm.task-variable-expanded-once");
  test::clean("n.sbatch", old.substr(0, old.find("srun ")), "lint.slurm.task-variable-expanded-once");
}

// One step short: no launcher after it (the file may run in each task: double quotes, as before); a
// variable the same on every task (double quotes); srun with an option that takes a separate value,
// or the name read again later (prose, no edit); mpirun (prose).
TEST(LintStranger13, PerTaskFixNeedsALauncherAfterAndASimpleSrunLine) {
  const std::string text = case_text(k_stranger13_cases, "p27_tfconfig_single_quoted_procid.sbatch");
  std::string alone = text.substr(0, text.find("srun "));
  auto a = lint_as("a.sh", alone);
  ASSERT_EQ(all_of(a, k_quote_id).size(), 1u) << ids(a);
  EXPECT_TRUE(all_of(a, k_quote_id)[0]->edits.empty());  // prose, as on main before this change
  EXPECT_NE(all_of(a, k_quote_id)[0]->finding.fix.text.find("quote the value with double quotes"), std::string::npos)
      << all_of(a, k_quote_id)[0]->finding.fix.text;
  auto same = lint_as("s.sbatch", "#!/bin/bash\n#SBATCH -N 2\nexport MASTER_ADDR='$(hostname)'\nsrun python t.py\n");
  ASSERT_EQ(all_of(same, k_quote_id).size(), 1u) << ids(same);
  ASSERT_EQ(all_of(same, k_quote_id)[0]->edits.size(), 1u);
  EXPECT_EQ(all_of(same, k_quote_id)[0]->edits[0].replacement, "export MASTER_ADDR=\"$(hostname)\"");
  for (const std::string& other :
       {std::string("srun -n 2 python train_mwms.py\n"), std::string("srun python train_mwms.py\necho $TF_CONFIG\n"),
        std::string("mpirun -np 2 python train_mwms.py\n")}) {
    std::string t = text.substr(0, text.find("srun ")) + other;
    auto o = lint_as("o.sbatch", t);
    auto of = all_of(o, k_quote_id);
    ASSERT_EQ(of.size(), 1u) << t << ids(o);
    EXPECT_TRUE(of[0]->edits.empty()) << t << of[0]->edits[0].replacement;
    EXPECT_NE(of[0]->finding.fix.text.find("bash -c 'export TF_CONFIG=\"...$SLURM_PROCID...\"; exec CMD'"),
              std::string::npos)
        << of[0]->finding.fix.text;
  }
}

// p19: a blank in a `^` list makes " lo" exclude nothing: lo stays eligible (env's words); in a
// selecting list the name selects nothing.
TEST(LintStranger13, BlankInAnExclusionListSaysTheNameIsNotExcluded) {
  auto fs = lint_as("p19.sh", case_text(k_stranger13_cases, "p19_ifname_exclusion_space.sh"));
  const auto* f = first_of(fs, "lint.env.ifname-whitespace");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_NE(f->finding.title.find(
                "NCCL does not trim them, so ' lo' is a prefix no interface name has: lo is not excluded, and NCCL "
                "may pick it (loopback)"),
            std::string::npos)
      << f->finding.title;
  EXPECT_EQ(f->finding.title.find("no interface name matches"), std::string::npos) << f->finding.title;
  auto sel = lint_as("s.sh", "export NCCL_SOCKET_IFNAME=\"eth0, eth1\"\n");
  const auto* s = first_of(sel, "lint.env.ifname-whitespace");
  ASSERT_NE(s, nullptr) << ids(sel);
  EXPECT_NE(s->finding.title.find("so ' eth1' matches no interface name"), std::string::npos) << s->finding.title;
  // Gloo's list is judged by env.gloo.ifname-syntax (its own rule, as on main): the blank is named there
  auto gloo = lint_as("g.sh", "export GLOO_SOCKET_IFNAME=\"eth0 \"\n");
  const auto* g = first_of(gloo, "env.gloo.ifname-syntax");
  ASSERT_NE(g, nullptr) << ids(gloo);
  EXPECT_EQ(first_of(gloo, "lint.env.ifname-whitespace"), nullptr) << ids(gloo);
  EXPECT_EQ(g->finding.fix.env.at("GLOO_SOCKET_IFNAME"), "eth0");
}

// p18: NCCL_NSOCKS_PER_PEER=4 and NCCL_SOCKET_NTHREAD=4: one consistent fix (env --export's): the
// variables of both fixes, set in printed order, give 1 x 4 = 4 sockets per peer.
TEST(LintStranger13, SocketTyposPrintOneConsistentFix) {
  auto fs = lint_as("p18.sbatch", case_text(k_stranger13_cases, "p18_nccl_socket_nthread_typo.sbatch"));
  auto found = all_of(fs, "env.unknown-name");
  ASSERT_EQ(found.size(), 2u) << ids(fs);
  std::map<std::string, std::string> env;
  for (const auto* f : found)
    for (const auto& [k, v] : f->finding.fix.env) env[k] = v;
  EXPECT_EQ(env["NCCL_SOCKET_NTHREADS"], "1");
  EXPECT_EQ(env["NCCL_NSOCKS_PERTHREAD"], "4");
  EXPECT_EQ(env["NCCL_SOCKET_NTHREAD"], "");
  EXPECT_EQ(env["NCCL_NSOCKS_PER_PEER"], "");
  const auto* typo = found[1]->location.line == 7 ? found[1] : found[0];
  EXPECT_EQ(typo->finding.fix.env.count("NCCL_SOCKET_NTHREADS"), 0u);
  EXPECT_NE(typo->finding.fix.text.find("remove NCCL_SOCKET_NTHREAD"), std::string::npos) << typo->finding.fix.text;
  // one step short: the thread typo alone is renamed as before
  auto alone = lint_as("a.sh", "export NCCL_SOCKET_NTHREAD=4\n");
  const auto* a = first_of(alone, "env.unknown-name");
  ASSERT_NE(a, nullptr) << ids(alone);
  EXPECT_EQ(a->finding.fix.env.at("NCCL_SOCKET_NTHREADS"), "4");
}

// p12: `$(hostname -i)` is the node's address(es), not its host name; `$(hostname)` keeps the name.
TEST(LintStranger13, HostnameDashIIsAnAddress) {
  auto fs = lint_as("p12.sbatch", case_text(k_stranger13_cases, "p12_srun_rdzv_hostname_i.sbatch"));
  const auto* f = first_of(fs, "lint.slurm.rendezvous-per-task");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_NE(f->finding.title.find("(the address(es) `hostname -i` prints on this node)"), std::string::npos)
      << f->finding.title;
  EXPECT_EQ(f->finding.title.find("host name"), std::string::npos) << f->finding.title;
}

// p16: the loopback address on node 0's own Compose command is read only by node 0 (a warning that
// says so); on the other service's command the nodes dial themselves (the error, as before).
TEST(LintStranger13, NodeZerosOwnCommandSaysWhatIsTrueThere) {
  auto fs = lint_as("p16.yml", case_text(k_stranger13_cases, "p16_compose_command_list_loopback.yml"));
  auto found = all_of(fs, "lint.launch.master-addr-localhost");
  ASSERT_EQ(found.size(), 2u) << ids(fs);
  if (found[0]->location.line != 10) std::swap(found[0], found[1]);
  EXPECT_EQ(found[0]->location.line, 10);
  EXPECT_EQ(found[0]->finding.severity, core::Severity::warning);
  EXPECT_NE(found[0]->finding.title.find("only node 0 reads this line, and there it reaches node 0's own store"),
            std::string::npos)
      << found[0]->finding.title;
  EXPECT_EQ(found[0]->finding.title.find("dial themselves"), std::string::npos);
  // a Compose command list gets a prose fix (RANK0_HOST to fill in), as on main
  EXPECT_NE(found[0]->finding.fix.text.find("--master_addr=RANK0_HOST"), std::string::npos)
      << found[0]->finding.fix.text;
  EXPECT_EQ(found[1]->location.line, 19);
  EXPECT_EQ(found[1]->finding.severity, core::Severity::error);
  EXPECT_NE(found[1]->finding.title.find("the other nodes dial themselves"), std::string::npos);
}

// p30: --master_port=295000 is above 65535; one step short: 65535, a variable.
TEST(LintStranger13, MasterPortOutOfRange) {
  const std::string id = "lint.torch.port-out-of-range";
  const std::string text = case_text(k_stranger13_cases, "p30_master_port_typo.sh");
  auto fs = lint_as("p30.sh", text);
  const auto* f = first_of(fs, id);
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->finding.severity, core::Severity::error);
  EXPECT_EQ(f->location.line, 3);
  EXPECT_NE(f->finding.title.find("--master_port=295000: 295000 is not a TCP port (1-65535)"), std::string::npos)
      << f->finding.title;
  EXPECT_NE(f->finding.fix.text.find("--master_port=29500"), std::string::npos) << f->finding.fix.text;
  std::string ok = text;
  ok.replace(ok.find("295000"), 6, "65535");
  test::clean("p30.sh", ok, id);
  std::string var = text;
  var.replace(var.find("295000"), 6, "$PORT");
  test::clean("p30.sh", var, id);
  test::clean("r.sh", "torchrun --nnodes=2 --rdzv_backend=c10d --rdzv_endpoint=h:29400 t.py\n", id);
  EXPECT_NE(first_of(lint_as("r.sh", "torchrun --nnodes=2 --rdzv_backend=c10d --rdzv_endpoint=h:70000 t.py\n"), id),
            nullptr);
}

// p13: --standalone with --nnodes=2; one step short: --nnodes=1, no --nnodes, no --standalone.
TEST(LintStranger13, StandaloneOnSeveralNodes) {
  const std::string id = "lint.torch.standalone-multi-node";
  const std::string text = case_text(k_stranger13_cases, "p13_torchrun_standalone_nnodes2.sh");
  auto fs = lint_as("p13.sh", text);
  const auto* f = first_of(fs, id);
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->finding.severity, core::Severity::error);
  EXPECT_EQ(f->location.line, 3);
  EXPECT_NE(f->finding.title.find("torchrun --standalone with --nnodes=2: --standalone is a one-node job"),
            std::string::npos)
      << f->finding.title;
  std::string one = text;
  one.replace(one.find("--nnodes=2"), 10, "--nnodes=1");
  test::clean("p13.sh", one, id);
  std::string none = text;
  none.replace(none.find("--nnodes=2 "), 11, "");
  test::clean("p13.sh", none, id);
  std::string elastic = text;
  elastic.replace(elastic.find("--standalone "), 13, "--rdzv_backend=c10d --rdzv_endpoint=n1:29400 ");
  test::clean("p13.sh", elastic, id);
  EXPECT_NE(first_of(lint_as("e.sh", "torchrun --standalone --nnodes=1:2 t.py\n"), id), nullptr);
}

// p28: init_method="file:///tmp/..." with NODE_RANK/NNODES; one step short: a shared path, a file
// that shows no second node.
TEST(LintStranger13, NodeLocalInitFileInAMultiNodeScript) {
  const std::string id = "lint.torch.init-file-node-local";
  const std::string text = case_text(k_stranger13_cases, "p28_init_file_tmp.py");
  auto fs = lint_as("p28.py", text);
  const auto* f = first_of(fs, id);
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->finding.severity, core::Severity::error);
  EXPECT_EQ(f->location.line, 10);
  EXPECT_NE(f->finding.title.find("init_method \"file:///tmp/ddp_init_file\" in a multi-node script: /tmp is each "
                                  "node's own"),
            std::string::npos)
      << f->finding.title;
  std::string shared = text;
  shared.replace(shared.find("/tmp/"), 5, "/shared/");
  test::clean("p28.py", shared, id);
  std::string one = text;
  one.replace(one.find("NODE_RANK = int(os.environ[\"NODE_RANK\"])"), 40, "NODE_RANK = 0");
  one.replace(one.find("NNODES = int(os.environ[\"NNODES\"])"), 34, "NNODES = 1");
  test::clean("p28.py", one, id);
}

}  // namespace
}  // namespace dd::lint
