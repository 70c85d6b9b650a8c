// The eighth stranger's run (tests/data/stranger/fix-2026-12-05e): a Kubernetes fix printed for a
// Compose file, shm warnings and an NCCL note without evidence in the pod, and one pipeline graded
// a warning where the same advice is a note elsewhere. Each case is read as the stranger wrote it;
// the printed fixes are applied here and, through PyYAML, in tests/system/lint/fix_cases.sh.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <sstream>

#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::case_text;
using test::ids;
using test::lint_as;

const std::string k_stranger8_cases = "fix-2026-12-05e";  // tests/data/stranger/fix-2026-12-05e/cases

// `text` with line `line` (1-based) replaced by its indentation and `with`.
std::string pasted(const std::string& text, int line, const std::string& with) {
  std::istringstream in(text);
  std::string out, l;
  for (int n = 1; std::getline(in, l); ++n) {
    if (n == line) l = l.substr(0, l.find_first_not_of(' ')) + with;
    out += l + "\n";
  }
  return out;
}

const std::string k_localhost = "lint.launch.master-addr-localhost";

// p09: trainer1's `MASTER_ADDR: localhost` in a Compose map. The fix is a map entry with the
// address the file gives rank 0 (trainer0's MASTER_ADDR and --master_addr), no pod in sight.
TEST(LintStranger8, ComposeMasterAddrFixKeepsTheFilesSyntax) {
  const std::string text = case_text(k_stranger8_cases, "p09_compose_localhost.yml");
  auto fs = lint_as("p09.yml", text);
  auto found = all_of(fs, k_localhost);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const auto& f = found[0]->finding;
  EXPECT_EQ(found[0]->location.line, 19);
  EXPECT_EQ(f.fix.text, "MASTER_ADDR: 10.0.3.21");
  std::string said = f.title + f.fix.text;
  for (const auto& e : f.evidence) said += "\n" + e;
  EXPECT_EQ(said.find("pod"), std::string::npos) << said;
  EXPECT_NE(said.find("line 8: MASTER_ADDR=10.0.3.21"), std::string::npos) << said;
  std::string after = pasted(text, 19, f.fix.text);
  YAML::Node doc = YAML::Load(after);
  EXPECT_EQ(doc["services"]["trainer1"]["environment"]["MASTER_ADDR"].as<std::string>(), "10.0.3.21");
  EXPECT_TRUE(all_of(lint_as("p09.yml", after), k_localhost).empty());
}

// The list form, no address elsewhere: `- MASTER_ADDR=RANK0_HOST` with a YAML comment; a pod's
// `value:` keeps its form and speaks of pods; two different addresses in the file: both named.
TEST(LintStranger8, MasterAddrFixInListFormAndPodForm) {
  std::string list =
      "services:\n  a:\n    image: t\n    environment:\n      - MASTER_ADDR=localhost\n"
      "    command: torchrun --nnodes=2 --node_rank=1 train.py\n";
  auto fs = lint_as("c.yml", list);
  auto found = all_of(fs, k_localhost);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const std::string& fix = found[0]->finding.fix.text;
  EXPECT_EQ(fix.rfind("- MASTER_ADDR=RANK0_HOST  # RANK0_HOST: the rank-0 container's", 0), 0u) << fix;
  YAML::Node doc = YAML::Load(pasted(list, 5, fix));
  ASSERT_TRUE(doc["services"]["a"]["environment"].IsSequence());
  EXPECT_EQ(doc["services"]["a"]["environment"][0].as<std::string>(), "MASTER_ADDR=RANK0_HOST");

  std::string pod =
      "apiVersion: batch/v1\nkind: Job\nspec:\n  template:\n    spec:\n      containers:\n"
      "        - name: c\n          image: t\n          command: [torchrun, --nnodes=2, train.py]\n"
      "          env:\n            - name: MASTER_ADDR\n              value: \"127.0.0.1\"\n";
  fs = lint_as("job.yaml", pod);
  found = all_of(fs, k_localhost);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const std::string& pod_fix = found[0]->finding.fix.text;
  EXPECT_EQ(pod_fix.rfind("value: \"RANK0_HOST\"  # RANK0_HOST: the rank-0 pod's", 0), 0u) << pod_fix;
  doc = YAML::Load(pasted(pod, 12, pod_fix));
  EXPECT_EQ(doc["spec"]["template"]["spec"]["containers"][0]["env"][0]["value"].as<std::string>(), "RANK0_HOST");

  std::string two =
      "services:\n  a:\n    environment:\n      MASTER_ADDR: localhost\n"
      "    command: torchrun --nnodes=2 --master_addr=10.0.0.1 train.py\n"
      "  b:\n    environment:\n      MASTER_ADDR: 10.0.0.2\n";
  fs = lint_as("two.yml", two);
  found = all_of(fs, k_localhost);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  std::string said;
  for (const auto& e : found[0]->finding.evidence) said += e + "\n";
  said += found[0]->finding.fix.text;
  EXPECT_NE(said.find("10.0.0.1"), std::string::npos) << said;
  EXPECT_NE(said.find("10.0.0.2"), std::string::npos) << said;
  EXPECT_NE(found[0]->finding.fix.text.find("RANK0_HOST"), std::string::npos) << said;
}

// c08: Kubeflow's gloo mnist PyTorchJob (no GPUs, no DataLoader workers): no shm warning and no
// sentence about NCCL. p26: one `python train.py --workers=16` per 4-GPU pod: warned for the
// workers, and the GPUs without "processes" the input does not show.
TEST(LintStranger8, ShmAndNetworkFindingsOnlyOnEvidence) {
  auto c08 = lint_as("c08.yaml", case_text(k_stranger8_cases, "c08_pytorchjob_clean.yaml"));
  EXPECT_TRUE(all_of(c08, "lint.k8s.no-shm-volume").empty()) << ids(c08);
  for (const auto& f : c08) {
    EXPECT_EQ(f.finding.title.find("NCCL"), std::string::npos) << f.finding.title;
    EXPECT_EQ(f.finding.severity, core::Severity::info) << f.finding.id;
  }
  auto p26 = lint_as("p26.yaml", case_text(k_stranger8_cases, "p26_pytorchjob_no_shm.yaml"));
  auto shm = all_of(p26, "lint.k8s.no-shm-volume");
  ASSERT_EQ(shm.size(), 2u) << ids(p26);
  for (const auto* f : shm) {
    EXPECT_EQ(f->finding.title.find("processes"), std::string::npos) << f->finding.title;
    EXPECT_NE(f->finding.title.find("between its 4 GPUs and torch DataLoader workers (--workers=16;"),
              std::string::npos)
        << f->finding.title;
  }
  // the same pod under torchrun --nproc_per_node=4: the processes are shown, and named
  std::string text = case_text(k_stranger8_cases, "p26_pytorchjob_no_shm.yaml");
  for (auto at = text.find("                - python\n"); at != std::string::npos;
       at = text.find("                - python\n", at)) {
    text.replace(at, 25, "                - torchrun\n                - --nproc_per_node=4\n");
  }
  auto procs = lint_as("p26.yaml", text);
  shm = all_of(procs, "lint.k8s.no-shm-volume");
  ASSERT_EQ(shm.size(), 2u) << ids(procs);
  EXPECT_NE(shm[0]->finding.title.find("between its 4 GPUs' processes"), std::string::npos) << shm[0]->finding.title;
  // the gloo job given GPUs and no backend flag would use NCCL: the note comes back
  std::string nccl = case_text(k_stranger8_cases, "c08_pytorchjob_clean.yaml");
  for (auto at = nccl.find("--backend=gloo"); at != std::string::npos; at = nccl.find("--backend=gloo", at)) {
    nccl.replace(at, 14, "--backend=nccl");
  }
  EXPECT_FALSE(all_of(lint_as("c08.yaml", nccl), "lint.k8s.no-host-network").empty());
}

// c01, c13, p13: a pipeline that lacks only cache() or prefetch() is performance advice: a note in
// each (c01 was a warning); steps out of order stay a warning.
TEST(LintStranger8, PipelinePerformanceAdviceIsANoteEverywhere) {
  for (const char* name : {"c01_hvd_keras_clean.py", "c13_tf_mwms_clean.py", "p13_tf_batch_not_scaled.py"}) {
    auto fs = lint_as(name, case_text(k_stranger8_cases, name));
    auto pipe = all_of(fs, "lint.tf.data-pipeline-incomplete");
    ASSERT_EQ(pipe.size(), 1u) << name << ": " << ids(fs);
    EXPECT_EQ(pipe[0]->finding.severity, core::Severity::info) << name << ": " << pipe[0]->finding.title;
    EXPECT_TRUE(pipe[0]->edits.empty()) << name;
  }
  auto order = lint_as("p14.py", case_text(k_stranger8_cases, "p14_tf_shuffle_after_batch.py"));
  auto pipe = all_of(order, "lint.tf.data-pipeline-incomplete");
  ASSERT_EQ(pipe.size(), 1u) << ids(order);
  EXPECT_EQ(pipe[0]->finding.severity, core::Severity::warning);
}

// p17: CRLF on `export MASTER_ADDR=$(... | head -n 1)\r`: the example says how the line ends, not
// that `1)` is a word (bash's last word there is the whole assignment).
TEST(LintStranger8, CrlfExampleSaysHowTheLineEnds) {
  auto fs = lint_as("p17.sbatch", case_text(k_stranger8_cases, "p17_crlf.sbatch"));
  auto crlf = all_of(fs, "lint.shell.crlf-line-endings");
  ASSERT_EQ(crlf.size(), 1u) << ids(fs);
  const std::string& title = crlf[0]->finding.title;
  EXPECT_EQ(title.find("last word is"), std::string::npos) << title;
  EXPECT_NE(title.find(" ends in `"), std::string::npos) << title;
}

// p14 of fix-2026-12-06i: a Compose service's `command:` with --master_addr=localhost. Compose fills
// `$MASTER_ADDR` there from the shell that runs it (empty when unset), never from the service's
// environment: the fix writes the rank-0 address the file gives (trainer-0), and both fixes pasted
// leave a file with no finding whose commands name trainer-0.
TEST(LintStranger12, ComposeCommandGetsTheRank0AddressNotAShellVariable) {
  std::string text =
      "services:\n  trainer-0:\n    image: t\n"
      "    command: torchrun --nnodes=2 --nproc_per_node=1 --node_rank=0 --master_addr=trainer-0 --master_port=29500 "
      "train.py\n    environment:\n      MASTER_ADDR: trainer-0\n  trainer-1:\n    image: t\n"
      "    command: torchrun --nnodes=2 --nproc_per_node=1 --node_rank=1 --master_addr=localhost --master_port=29500 "
      "train.py\n    environment:\n      MASTER_ADDR: localhost\n";
  auto fs = lint_as("p14.yml", text);
  auto found = all_of(fs, k_localhost);
  ASSERT_EQ(found.size(), 2u) << ids(fs);
  std::string after = text;
  for (const auto* f : found) {
    EXPECT_EQ(f->finding.fix.text.find('$'), std::string::npos) << f->finding.fix.text;
    after = pasted(after, f->location.line, f->finding.fix.text);
  }
  YAML::Node doc = YAML::Load(after);
  EXPECT_NE(doc["services"]["trainer-1"]["command"].as<std::string>().find("--master_addr=trainer-0 "),
            std::string::npos)
      << after;
  EXPECT_EQ(doc["services"]["trainer-1"]["environment"]["MASTER_ADDR"].as<std::string>(), "trainer-0");
  EXPECT_TRUE(lint_as("p14.yml", after).empty()) << after;
}

}  // namespace
}  // namespace dd::lint
