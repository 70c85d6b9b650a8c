// Issue 27, gaps a stranger found with `lint` / `lint --fix` on files written as users write them:
// env values that are not strings in a pod spec, and values computed at run time judged as if their
// text were the value. Each printed edit is applied here and the result read again; the system
// round trip (tests/system/lint/roundtrip.sh) applies the same fixes and loads them with PyYAML.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "core/export_line.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::fixed;
using test::ids;

std::vector<LintFinding> lint_as(const std::string& path, FileKind kind, const std::string& text) {
  return lint_text(path, kind, text, LintOptions{});
}

const std::string k_pod =
    "apiVersion: v1\n"
    "kind: Pod\n"
    "metadata:\n"
    "  name: trainer\n"
    "spec:\n"
    "  containers:\n"
    "  - name: main\n"
    "    image: pytorch/pytorch\n"
    "    resources:\n"
    "      limits:\n"
    "        nvidia.com/gpu: 8\n"
    "    env:\n"
    "    - name: NCCL_IB_DISABLE\n"
    "      value: 1\n"
    "    - name: NCCL_BUFFSIZE\n"
    "      value: 4194304\n"
    "    - {name: NCCL_DEBUG_SUBSYS, value: true}\n"
    "    - name: TORCH_NCCL_ASYNC_ERROR_HANDLING\n"
    "      value: false\n"
    "    - name: NCCL_DEBUG\n"
    "      value: \"1\"\n"
    "    - name: MY_FLAG\n"
    "      value: yes\n"
    "    - name: NCCL_P2P_DISABLE\n"
    "      value: on\n"
    "    - name: MY_NAME\n"
    "      value: yesterday\n";

TEST(LintStrangerGaps, K8sEnvNumberAndBooleanAreErrorsAndTheEditQuotesThem) {
  auto fs = lint_as("pod.yaml", FileKind::yaml, k_pod);
  auto found = all_of(fs, "lint.k8s.env-value-not-string");
  ASSERT_EQ(found.size(), 6u) << ids(fs);
  std::vector<int> lines;
  for (const auto* f : found) {
    EXPECT_EQ(f->finding.severity, core::Severity::error);
    ASSERT_EQ(f->edits.size(), 1u) << f->finding.title;
    lines.push_back(f->location.line);
  }
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<int>{14, 16, 17, 19, 23, 25}));  // not the quoted "1", not "yesterday"

  std::string after = fixed("pod.yaml", k_pod, fs);
  EXPECT_NE(after.find("      value: \"4194304\"\n"), std::string::npos) << after;
  EXPECT_NE(after.find("    - {name: NCCL_DEBUG_SUBSYS, value: \"true\"}\n"), std::string::npos) << after;
  EXPECT_NE(after.find("      value: \"yes\"\n"), std::string::npos) << after;
  EXPECT_NE(after.find("      value: \"on\"\n"), std::string::npos) << after;
  // Read back: every env value but the plain word is a quoted (string) scalar with the same text.
  YAML::Node doc = YAML::Load(after);
  for (const auto& e : doc["spec"]["containers"][0]["env"]) {
    if (e["name"].Scalar() == "MY_NAME") continue;
    EXPECT_EQ(e["value"].Tag(), "!") << e["name"].Scalar();
  }
  EXPECT_EQ(doc["spec"]["containers"][0]["env"][1]["value"].Scalar(), "4194304");
  EXPECT_TRUE(all_of(lint_as("pod.yaml", FileKind::yaml, after), "lint.k8s.env-value-not-string").empty());
}

// "$(IFACE)" is expanded by the kubelet from another variable: lint cannot tell whether it names a
// host interface, so it claims nothing about it.
TEST(LintStrangerGaps, K8sComputedIfnameIsNotJudgedAsAName) {
  std::string pod =
      "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: m\n    image: x\n    env:\n"
      "    - name: IFACE\n      value: ens1f0\n"
      "    - name: NCCL_SOCKET_IFNAME\n      value: \"$(IFACE)\"\n";
  auto fs = lint_as("pod.yaml", FileKind::yaml, pod);
  for (const auto& f : fs) {
    EXPECT_EQ(f.finding.title.find("$(IFACE)"), std::string::npos) << f.finding.id << ": " << f.finding.title;
    EXPECT_EQ(f.finding.fix.env.count("NCCL_SOCKET_IFNAME"), 0u) << f.finding.id;
    if (f.finding.id == "lint.k8s.no-host-network") {
      EXPECT_EQ(f.finding.severity, core::Severity::info);
    }
  }
}

// An environment built by copying os.environ and passed to a child process is audited as
// os.environ["X"] = v is, with the same one-line edits.
TEST(LintStrangerGaps, CopiedEnvironmentsAreAudited) {
  const std::string script =
      "import os\n"
      "import subprocess\n"
      "\n"
      "env = os.environ.copy()\n"
      "env[\"NCCL_SOCKET_IFNAME\"] = \"eth9 \"\n"
      "env2 = dict(os.environ)\n"
      "env2.update({\"GLOO_SOCKET_IFNAME\": \"ens1f0 \"})\n"
      "env2.setdefault(\"NCCL_SOKET_NTHREADS\", \"4\")\n"
      "subprocess.run([\"python\", \"train.py\"], env=env, check=True)\n"
      "subprocess.run([\"python\", \"train.py\"], env=env2, check=True)\n"
      "subprocess.run([\"python\", \"eval.py\"], env=dict(os.environ, NCCL_SOCKET_IFNAME=\"ib0 \"), check=True)\n";
  auto fs = lint_as("launch.py", FileKind::python, script);
  auto ws = all_of(fs, "lint.env.ifname-whitespace");
  std::vector<int> lines;
  for (const auto* f : ws) lines.push_back(f->location.line);
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<int>{5, 11})) << ids(fs);
  // GLOO_SOCKET_IFNAME's blank is the audit's own finding (one defect, one finding).
  auto gloo = all_of(fs, "env.gloo.ifname-syntax");
  ASSERT_EQ(gloo.size(), 1u) << ids(fs);
  EXPECT_EQ(gloo[0]->location.line, 7);
  auto typo = all_of(fs, "env.unknown-name");
  ASSERT_EQ(typo.size(), 1u) << ids(fs);
  EXPECT_EQ(typo[0]->location.line, 8);

  std::string after = fixed("launch.py", script, fs);
  EXPECT_NE(after.find("env[\"NCCL_SOCKET_IFNAME\"] = \"eth9\"\n"), std::string::npos) << after;
  EXPECT_NE(after.find("env2.update({\"GLOO_SOCKET_IFNAME\": \"ens1f0\"})\n"), std::string::npos) << after;
  EXPECT_NE(after.find("env=dict(os.environ, NCCL_SOCKET_IFNAME=\"ib0\")"), std::string::npos) << after;
  EXPECT_NE(after.find("env2.setdefault(\"NCCL_SOCKET_NTHREADS\", \"4\")\n"), std::string::npos) << after;
  auto again = lint_as("launch.py", FileKind::python, after);
  EXPECT_TRUE(all_of(again, "lint.python.syntax-error").empty()) << ids(again);
  EXPECT_TRUE(all_of(again, "lint.env.ifname-whitespace").empty()) << ids(again);
  EXPECT_TRUE(all_of(again, "env.unknown-name").empty()) << ids(again);

  // A dict that is not a copy of the environment is not one.
  auto plain = lint_as("t.py", FileKind::python, "cfg = {}\ncfg[\"NCCL_SOCKET_IFNAME\"] = \"eth9 \"\n");
  EXPECT_TRUE(all_of(plain, "lint.env.ifname-whitespace").empty()) << ids(plain);
}

// A value computed at run time ($IFACE, ${IFACE}) is not the interface's name: no claim about it,
// no fix.env that would write the literal text.
TEST(LintStrangerGaps, ComputedValuesAreNotJudgedAsLiterals) {
  struct Case {
    std::string path;
    FileKind kind;
    std::string text;
  };
  for (const auto& c : std::vector<Case>{
           {"job.sh", FileKind::shell,
            "#!/bin/bash\nIFACE=$(ip -o route get 10.0.0.1 | awk '{print $5}')\n"
            "export NCCL_SOCKET_IFNAME=$IFACE\nexport NCCL_SOCKET_NTHREADS=$N\ntorchrun --nproc_per_node=8 t.py\n"},
           {"Dockerfile", FileKind::dockerfile,
            "FROM pytorch/pytorch\nARG IFACE=ens1f0\nENV NCCL_SOCKET_IFNAME=${IFACE}\n"
            "CMD [\"torchrun\", \"--nproc_per_node=8\", \"t.py\"]\n"},
       }) {
    auto fs = lint_as(c.path, c.kind, c.text);
    for (const auto& f : fs) {
      EXPECT_NE(f.finding.severity, core::Severity::error) << c.path << ": " << f.finding.id << ": " << f.finding.title;
      for (const auto& [k, v] : f.finding.fix.env)
        EXPECT_EQ(v.find('$'), std::string::npos) << c.path << ": " << f.finding.id;
      for (const auto& e : f.edits) EXPECT_EQ(e.replacement.find("IFNAME=$"), std::string::npos) << c.path;
    }
  }
}

// The text output writes a variable to set in the file's own language.
TEST(LintStrangerGaps, EnvFixSpeaksTheFilesLanguage) {
  EXPECT_EQ(core::env_setting(core::EnvSyntax::shell, "NCCL_SOCKET_IFNAME", "eth0"), "export NCCL_SOCKET_IFNAME=eth0");
  EXPECT_EQ(core::env_setting(core::EnvSyntax::dockerfile, "NCCL_SOCKET_IFNAME", "eth0"),
            "ENV NCCL_SOCKET_IFNAME=eth0");
  EXPECT_EQ(core::env_setting(core::EnvSyntax::dockerfile, "A", "x y$"), "ENV A=\"x y\\$\"");
  std::string k8s = core::env_setting(core::EnvSyntax::k8s, "NCCL_BUFFSIZE", "4194304");
  EXPECT_EQ(k8s, "- name: NCCL_BUFFSIZE\n  value: \"4194304\"");
  YAML::Node entry = YAML::Load(k8s)[0];
  EXPECT_EQ(entry["value"].Tag(), "!");  // a string, as the API server requires
  EXPECT_EQ(entry["value"].Scalar(), "4194304");

  LintReport docker;
  docker.files = {"Dockerfile"};
  docker.findings = lint_as("Dockerfile", FileKind::dockerfile, "FROM x\nENV NCCL_P2P_LEVEL=NVL\nENV NCCL_ALGO=Tree\n");
  LintReport pod;
  pod.files = {"pod.yaml"};
  pod.findings = lint_as("pod.yaml", FileKind::yaml, k_pod);
  report::Style plain_style(false);
  for (const auto* r : {&docker, &pod}) {
    std::string text = render_text(*r, plain_style);
    EXPECT_EQ(text.find("export "), std::string::npos) << text;
  }
}

// lint.tf.batch-not-scaled scales the batch (with --unsafe-fixes); a step count divided by the unscaled batch is named
// (not edited): after the fix it would ask for N times too many steps.
TEST(LintStrangerGaps, BatchScaledNamesTheStepCountLine) {
  const std::string script =
      "import tensorflow as tf\n"
      "strategy = tf.distribute.MirroredStrategy()\n"
      "BATCH_SIZE = 64\n"
      "N_TRAIN = 50000\n"
      "steps_per_epoch = N_TRAIN // BATCH_SIZE\n"
      "ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(1000).batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)\n"
      "model.fit(ds, epochs=2, steps_per_epoch=steps_per_epoch, validation_steps=10000 // BATCH_SIZE)\n";
  LintOptions unsafe;
  unsafe.unsafe_fixes = true;
  auto fs = lint_text("train.py", FileKind::python, script, unsafe);
  auto found = all_of(fs, "lint.tf.batch-not-scaled");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const auto& f = *found[0];
  // with the batch edited (--unsafe-fixes) the step counts are edited with it: an epoch keeps its examples
  EXPECT_NE(f.finding.title.find("line 5 divides by BATCH_SIZE (a step count?): the edit divides it by the scaled"),
            std::string::npos)
      << f.finding.title;
  EXPECT_NE(f.finding.title.find("line 7 divides"), std::string::npos) << f.finding.title;
  std::vector<int> lines;
  for (const auto& e : f.edits) lines.push_back(e.line);
  EXPECT_EQ(lines, (std::vector<int>{6, 5, 7}));
  std::string after = fixed("train.py", script, fs);
  EXPECT_NE(after.find("steps_per_epoch = N_TRAIN // (BATCH_SIZE * strategy.num_replicas_in_sync)\n"),
            std::string::npos)
      << after;
  EXPECT_NE(after.find(".batch(BATCH_SIZE * strategy.num_replicas_in_sync)"), std::string::npos) << after;
  EXPECT_TRUE(all_of(lint_as("train.py", FileKind::python, after), "lint.python.syntax-error").empty());
}

// A literal --local_rank in the script's arguments under torchrun: named, with the fix to read
// LOCAL_RANK from the environment; never an edit that drops or changes it.
TEST(LintStrangerGaps, LiteralLocalRankUnderTorchrunIsNamedNotEdited) {
  const std::string job =
      "#!/bin/bash\n"
      "torchrun --nproc_per_node=8 train.py --epochs 3 --local_rank 0\n"
      "python -m torch.distributed.run --nproc-per-node=4 train.py --local-rank=0\n"
      "python -m torch.distributed.launch --nproc_per_node=4 train.py --lr 0.1\n";
  auto fs = lint_as("job.sh", FileKind::shell, job);
  auto found = all_of(fs, "lint.torch.local-rank-literal");
  ASSERT_EQ(found.size(), 2u) << ids(fs);
  for (const auto* f : found) {
    EXPECT_TRUE(f->edits.empty());
    EXPECT_NE(f->finding.fix.text.find("os.environ[\"LOCAL_RANK\"]"), std::string::npos) << f->finding.fix.text;
  }
  // No finding's edit removes or changes the literal flag.
  std::string after = fixed("job.sh", job, fs);
  EXPECT_NE(after.find("train.py --epochs 3 --local_rank 0\n"), std::string::npos) << after;
  EXPECT_NE(after.find("train.py --local-rank=0\n"), std::string::npos) << after;
  // torch.distributed.launch without --use_env passes --local_rank itself: not this rule.
  auto launch =
      lint_as("j.sh", FileKind::shell, "python -m torch.distributed.launch --nproc_per_node=2 t.py --local_rank 0\n");
  EXPECT_TRUE(all_of(launch, "lint.torch.local-rank-literal").empty()) << ids(launch);
}

// A second stranger: the MASTER_ADDR fix for a Dockerfile read `ENV MASTER_ADDR=RANK0_HOST  # ...`,
// and Docker keeps a "#" after an instruction as part of the value; the same Dockerfile on standard
// input got `export MASTER_ADDR=...` (the fix's language came from the name "<stdin>").
TEST(LintStrangerGaps, DockerfileMasterAddrFixHasNoTrailingCommentAndStdinKeepsItsKind) {
  const std::string text =
      "FROM pytorch/pytorch\n"
      "ENV MASTER_ADDR=localhost\n"
      "CMD torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK --master_addr=$MASTER_ADDR train.py\n";
  for (const std::string path : {"Dockerfile", "<stdin>"}) {
    auto fs = lint_as(path, FileKind::dockerfile, text);
    auto f = all_of(fs, "lint.launch.master-addr-localhost");
    ASSERT_EQ(f.size(), 1u) << path << ": " << ids(fs);
    const std::string& fix = f[0]->finding.fix.text;
    EXPECT_EQ(fix.find("export"), std::string::npos) << path << ": " << fix;
    EXPECT_NE(fix.find("\nENV MASTER_ADDR=RANK0_HOST"), std::string::npos) << path << ": " << fix;
    std::size_t env = fix.find("ENV ");
    ASSERT_NE(env, std::string::npos) << fix;
    EXPECT_EQ(fix.find('#', env), std::string::npos) << "a comment after ENV: " << fix;
  }
}

}  // namespace
}  // namespace dd::lint
