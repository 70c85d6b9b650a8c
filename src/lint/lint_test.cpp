// lint rules over tests/data/lint: each rule's fixture gives its finding at the asserted line (and
// where the fix is a single corrected line, exactly the twin's line); each corrected twin gives no
// finding of that rule and no error; the correct public examples give no error.
#include "lint/lint.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/strings.hpp"
#include "lint/edits.hpp"
#include "lint/shell_lexer.hpp"

namespace dd::lint {
namespace {

std::string dir() { return std::string(DD_TEST_DATA_DIR) + "/lint/"; }

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string line_of(const std::string& text, int line) {
  std::istringstream in(text);
  std::string l;
  for (int i = 0; i < line && std::getline(in, l); ++i) {
  }
  return l;
}

// With --unsafe-fixes, so that every rule's edit (the batch scaling too) is checked against its twin.
std::vector<LintFinding> lint_file(const std::string& rel, env::Platform platform = env::Platform::linux_os) {
  LintOptions o;
  o.platform = platform;
  o.unsafe_fixes = true;
  std::string path = dir() + rel;
  std::string text = slurp(path);
  EXPECT_FALSE(text.empty()) << path;
  return lint_text(path, kind_of(path), text, o);
}

std::string dump(const std::vector<LintFinding>& fs) {
  std::string out;
  for (const auto& f : fs) {
    out += f.finding.id + " @" + std::to_string(f.location.line) + " [" +
           std::string(core::to_string(f.finding.severity)) + "] " + f.finding.title +
           "\n    fix: " + f.finding.fix.text + "\n";
  }
  return out;
}

enum class FixCheck { none, exact, prefix, contains };

struct RuleCase {
  const char* name;
  const char* bad;
  const char* fixed;
  env::Platform platform;
  const char* id;
  int line;
  core::Severity severity;
  FixCheck fix = FixCheck::none;
  const char* fix_text = "";  // for contains; exact/prefix compare with the twin's line
};

class LintRule : public ::testing::TestWithParam<RuleCase> {};

TEST_P(LintRule, FindsAtLineAndTwinIsClean) {
  const RuleCase& c = GetParam();
  auto bad = lint_file(std::string("rules/") + c.bad, c.platform);
  const LintFinding* hit = nullptr;
  for (const auto& f : bad) {
    if (f.finding.id == c.id && f.location.line == c.line) hit = &f;
  }
  ASSERT_NE(hit, nullptr) << c.id << " at line " << c.line << " expected; got:\n" << dump(bad);
  EXPECT_EQ(hit->finding.severity, c.severity) << dump(bad);
  EXPECT_EQ(hit->location.file, dir() + "rules/" + c.bad);
  std::string twin_line = line_of(slurp(dir() + "rules/" + c.fixed), c.line);
  switch (c.fix) {
    case FixCheck::exact:
      EXPECT_EQ(hit->finding.fix.text, twin_line);
      break;
    case FixCheck::prefix:
      EXPECT_EQ(hit->finding.fix.text.rfind(twin_line, 0), 0u) << hit->finding.fix.text;
      break;
    case FixCheck::contains:
      EXPECT_NE(hit->finding.fix.text.find(c.fix_text), std::string::npos) << hit->finding.fix.text;
      break;
    case FixCheck::none:
      break;
  }
  auto good = lint_file(std::string("rules/") + c.fixed, c.platform);
  for (const auto& f : good) {
    EXPECT_NE(f.finding.id, c.id) << "twin " << c.fixed << ":\n" << dump(good);
    EXPECT_NE(f.finding.severity, core::Severity::error) << "twin " << c.fixed << ":\n" << dump(good);
  }
}

// The finding's edits, applied to the file as `lint --fix` does, leave a file where lint no longer
// finds that rule at all and finds no error the original did not have (the real parsers and the
// CLI run in tests/system/lint/roundtrip.sh).
TEST_P(LintRule, EditsApplyAndClearTheFinding) {
  const RuleCase& c = GetParam();
  std::string path = dir() + "rules/" + c.bad;
  std::string text = slurp(path);
  LintOptions o;
  o.platform = c.platform;
  o.unsafe_fixes = true;
  auto bad = lint_text(path, kind_of(path), text, o);
  const LintFinding* hit = nullptr;
  for (const auto& f : bad) {
    if (f.finding.id == c.id && f.location.line == c.line) hit = &f;
  }
  ASSERT_NE(hit, nullptr) << dump(bad);
  if (hit->edits.empty()) {
    // docs/lint.md, "Fixes that are not edits" (tests/system/lint/roundtrip.sh checks that list
    // against the rules table): only these may come without one here.
    static const std::set<std::string> k_not_edits = {
        "lint.tf.mixed-strategies",         "lint.tf.tf-config-after-strategy",
        "lint.torch.env-after-init",        "lint.torch.collective-under-rank-branch",
        "lint.torch.master-addr-localhost", "lint.launch.master-addr-localhost",
        "lint.torch.launch-deprecated",     "lint.tf.unknown-cardinality-fit",
        "lint.k8s.no-shm-volume",           "lint.k8s.no-host-network",
        "lint.k8s.no-infiniband-device",    "tf-config.localhost-in-multihost"};
    EXPECT_TRUE(k_not_edits.count(c.id)) << c.id << " printed no edit: " << hit->finding.fix.text;
    return;
  }
  auto fixed = apply_edits(text, edits_of(bad, path));
  ASSERT_TRUE(fixed) << fixed.error().message;
  auto again = lint_text(path, kind_of(path), *fixed, o);
  for (const auto& f : again) {
    EXPECT_NE(f.finding.id, c.id) << "after the edits:\n" << *fixed << "\n" << dump(again);
    if (f.finding.severity != core::Severity::error) continue;
    bool before =
        std::any_of(bad.begin(), bad.end(), [&](const LintFinding& b) { return b.finding.id == f.finding.id; });
    EXPECT_TRUE(before) << "a new error after the edits:\n" << *fixed << "\n" << dump(again);
  }
}

using core::Severity;
constexpr auto L = env::Platform::linux_os;
constexpr auto W = env::Platform::windows;

INSTANTIATE_TEST_SUITE_P(
    Rules, LintRule,
    ::testing::Values(
        RuleCase{"mirrored_windows", "mirrored_windows.py", "mirrored_windows_fixed.py", W,
                 "lint.tf.mirrored-windows-no-cross-device-ops", 3, Severity::warning, FixCheck::exact},
        RuleCase{"mirrored_devices_windows", "mirrored_devices_windows.py", "mirrored_devices_windows_fixed.py", W,
                 "lint.tf.mirrored-windows-no-cross-device-ops", 4, Severity::warning, FixCheck::exact},
        RuleCase{"mirrored_nccl_windows_hint", "mirrored_nccl_windows_hint.py", "mirrored_nccl_windows_hint_fixed.py",
                 L, "lint.tf.mirrored-windows-no-cross-device-ops", 6, Severity::warning, FixCheck::exact},
        RuleCase{"mixed_strategies", "mixed_strategies.py", "mixed_strategies_fixed.py", L, "lint.tf.mixed-strategies",
                 4, Severity::error},
        RuleCase{"tf_config_after", "tf_config_after.py", "tf_config_after_fixed.py", L,
                 "lint.tf.tf-config-after-strategy", 6, Severity::error},
        RuleCase{"tf_config_localhost", "tf_config_localhost.py", "tf_config_localhost_fixed.py", L,
                 "tf-config.localhost-in-multihost", 4, Severity::error},
        RuleCase{"collective_rank", "collective_rank.py", "collective_rank_fixed.py", L,
                 "lint.torch.collective-under-rank-branch", 9, Severity::error, FixCheck::contains,
                 "dist.all_reduce(loss)\n    if rank == 0:\n        print(\"loss\", loss.item())"},
        RuleCase{"collective_get_rank", "collective_get_rank.py", "collective_get_rank_fixed.py", L,
                 "lint.torch.collective-under-rank-branch", 7, Severity::error, FixCheck::contains,
                 "dist.barrier()  # outside the rank branch, at the indentation of line 5"},
        RuleCase{"collective_early_return", "collective_early_return.py", "collective_early_return_fixed.py", L,
                 "lint.torch.collective-under-rank-branch", 7, Severity::error},
        RuleCase{"collective_lightning", "collective_lightning.py", "collective_lightning_fixed.py", L,
                 "lint.torch.collective-under-rank-branch", 7, Severity::error},
        RuleCase{"collective_helper", "collective_helper.py", "collective_helper_fixed.py", L,
                 "lint.torch.collective-under-rank-branch", 11, Severity::error},
        RuleCase{"env_after_init", "env_after_init.py", "env_after_init_fixed.py", L, "lint.torch.env-after-init", 7,
                 Severity::error},
        RuleCase{"env_after_trainer", "env_after_trainer.py", "env_after_trainer_fixed.py", L,
                 "lint.torch.env-after-init", 6, Severity::warning},
        RuleCase{"nccl_windows", "nccl_windows.py", "nccl_windows_fixed.py", W, "lint.torch.nccl-on-windows", 3,
                 Severity::error, FixCheck::exact},
        RuleCase{"master_localhost_py", "master_localhost.py", "master_localhost_fixed.py", L,
                 "lint.torch.master-addr-localhost", 5, Severity::error},
        RuleCase{"launch_import", "launch_import.py", "launch_import_fixed.py", L, "lint.torch.launch-deprecated", 4,
                 Severity::warning},
        RuleCase{"data_pipeline", "data_pipeline.py", "data_pipeline_fixed.py", L, "lint.tf.data-pipeline-incomplete",
                 6, Severity::warning, FixCheck::contains, ".prefetch(tf.data.AUTOTUNE)"},
        RuleCase{"batch_not_scaled", "batch_not_scaled.py", "batch_not_scaled_fixed.py", L, "lint.tf.batch-not-scaled",
                 6, Severity::warning, FixCheck::exact},
        RuleCase{"unknown_cardinality", "unknown_cardinality.py", "unknown_cardinality_fixed.py", L,
                 "lint.tf.unknown-cardinality-fit", 6, Severity::error, FixCheck::contains,
                 "steps_per_epoch=<examples per epoch"},
        RuleCase{"parallel_calls", "parallel_calls.py", "parallel_calls_fixed.py", L,
                 "lint.tf.num-parallel-calls-not-autotune", 4, Severity::warning, FixCheck::exact},
        RuleCase{"env_typo_py", "env_typo.py", "env_typo_fixed.py", L, "env.unknown-name", 3, Severity::error},
        RuleCase{"launch_deprecated_sh", "launch_deprecated.sh", "launch_deprecated_fixed.sh", L,
                 "lint.torch.launch-deprecated", 4, Severity::warning, FixCheck::contains,
                 "python -m torch.distributed.run --nproc_per_node=8 \\\n    train.py --epochs 10"},
        RuleCase{"master_localhost_sbatch", "master_localhost.sbatch", "master_localhost_fixed.sbatch", L,
                 "lint.launch.master-addr-localhost", 4, Severity::error},
        RuleCase{"rdzv_localhost", "rdzv_localhost.sh", "rdzv_localhost_fixed.sh", L,
                 "lint.launch.master-addr-localhost", 2, Severity::error},
        RuleCase{"docker_network", "docker_run.sh", "docker_run_fixed.sh", L, "lint.docker.no-host-network", 2,
                 Severity::warning, FixCheck::contains, "docker run --network=host --ipc=host --rm --gpus all"},
        RuleCase{"docker_shm", "docker_run.sh", "docker_run_fixed.sh", L, "lint.docker.small-shm", 2, Severity::warning,
                 FixCheck::contains, "--ipc=host"},
        RuleCase{"docker_ib", "docker_ib.sh", "docker_ib_fixed.sh", L, "lint.docker.no-infiniband-device", 3,
                 Severity::warning, FixCheck::contains, "--device=/dev/infiniband"},
        RuleCase{"env_typo_sh", "env_typo.sh", "env_typo_fixed.sh", L, "env.unknown-name", 2, Severity::error},
        RuleCase{"dockerfile_env", "Dockerfile.launch", "Dockerfile.launch_fixed", L, "env.unknown-name", 2,
                 Severity::error},
        RuleCase{"dockerfile_launch", "Dockerfile.launch", "Dockerfile.launch_fixed", L, "lint.torch.launch-deprecated",
                 5, Severity::warning},
        RuleCase{"k8s_shm_master", "pytorchjob_no_shm.yaml", "pytorchjob_no_shm_fixed.yaml", L,
                 "lint.k8s.no-shm-volume", 11, Severity::warning},
        RuleCase{"k8s_shm_worker", "pytorchjob_no_shm.yaml", "pytorchjob_no_shm_fixed.yaml", L,
                 "lint.k8s.no-shm-volume", 24, Severity::warning},
        RuleCase{"k8s_ib", "pytorchjob_no_shm.yaml", "pytorchjob_no_shm_fixed.yaml", L, "lint.k8s.no-infiniband-device",
                 11, Severity::warning},
        RuleCase{"k8s_launch", "pytorchjob_no_shm.yaml", "pytorchjob_no_shm_fixed.yaml", L,
                 "lint.torch.launch-deprecated", 27, Severity::warning},
        RuleCase{"k8s_host_network", "pod_ifname_host.yaml", "pod_ifname_host_fixed.yaml", L,
                 "lint.k8s.no-host-network", 6, Severity::warning}),
    [](const ::testing::TestParamInfo<RuleCase>& i) { return std::string(i.param.name); });

// Without --platform windows and without a Windows check in the script, the Windows rules are silent.
TEST(LintWindows, SilentOnLinuxWithoutHint) {
  for (const char* f : {"rules/mirrored_windows.py", "rules/nccl_windows.py"}) {
    auto fs = lint_file(f, env::Platform::linux_os);
    for (const auto& x : fs) EXPECT_NE(x.finding.label, core::Label::windows_no_nccl) << f << "\n" << dump(fs);
  }
}

class LintPublic : public ::testing::TestWithParam<const char*> {};

TEST_P(LintPublic, NoErrorFinding) {
  auto fs = lint_file(std::string("public/") + GetParam());
  for (const auto& f : fs) EXPECT_NE(f.finding.severity, core::Severity::error) << GetParam() << ":\n" << dump(fs);
}

INSTANTIATE_TEST_SUITE_P(Examples, LintPublic,
                         ::testing::Values("tf_multi_worker_keras.py", "tf_distributed_input.py",
                                           "tf_mirrored_keras.py", "torch_ddp_tutorial.py", "torch_ddp_elastic.py",
                                           "lightning_multinode.py", "torchrun_multinode.sbatch", "torchrun_node.sh",
                                           "pytorchjob_simple.yaml", "pytorchjob_mnist_gloo.yaml", "Dockerfile.ddp"),
                         [](const ::testing::TestParamInfo<const char*>& i) {
                           std::string n = i.param;
                           for (auto& ch : n) {
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           }
                           return n;
                         });

// The complementary-barrier idiom (`if rank != 0: barrier()` ... `if rank == 0: barrier()`) is not
// a mismatch: every rank calls barrier() once.
TEST(LintCollective, ComplementaryBarriersPairUp) {
  std::string src =
      "import torch.distributed as dist\n"
      "def load(args):\n"
      "    if args.local_rank not in [-1, 0]:\n"
      "        dist.barrier()\n"
      "    download()\n"
      "    if args.local_rank == 0:\n"
      "        dist.barrier()\n";
  auto fs = lint_text("t.py", FileKind::python, src, {});
  for (const auto& f : fs) EXPECT_NE(f.finding.id, "lint.torch.collective-under-rank-branch") << dump(fs);
}

TEST(LintCollective, FunctoolsReduceIsNotACollective) {
  std::string src =
      "import functools\n"
      "def f(rank, xs):\n"
      "    if rank == 0:\n"
      "        return functools.reduce(lambda a, b: a + b, xs)\n";
  auto fs = lint_text("t.py", FileKind::python, src, {});
  EXPECT_TRUE(fs.empty()) << dump(fs);
}

TEST(LintInput, BrokenYamlIsReported) {
  auto fs = lint_text("bad.yaml", FileKind::yaml, "a: [1, 2\nb: {\n", {});
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].finding.id, "lint.input.unparsed");
  EXPECT_NE(fs[0].finding.title.find("bad.yaml:"), std::string::npos);
}

// yaml-cpp 0.7's LoadAll loops forever on these (jbeder/yaml-cpp#1040; found by system.fuzz.lint):
// lint reads documents one at a time and either reports the file or reads it.
TEST(LintInput, YamlThatLoopsYamlCppLoadAllIsReadOrReported) {
  for (std::string text :
       {std::string(","), std::string(",ab"), std::string(",\x02\x02"), std::string("a: 1\n---\n,\n")}) {
    auto fs = lint_text("odd.yaml", FileKind::yaml, text, {});
    for (const auto& f : fs) EXPECT_EQ(f.finding.id, "lint.input.unparsed") << dump(fs);
  }
}

TEST(LintInput, FindingsInLaterYamlDocumentsNameTheFilesLine) {
  std::string doc =
      "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: c\n    env:\n"
      "    - {name: NCCL_SOCKET_IFNAME, value: ens1f0}\n";
  auto one = lint_text("p.yaml", FileKind::yaml, doc, {});
  auto three = lint_text("p.yaml", FileKind::yaml, "# first\n---\n" + doc + "---\n" + doc, {});
  ASSERT_FALSE(one.empty());
  ASSERT_EQ(three.size(), 2 * one.size()) << dump(three);
  EXPECT_EQ(three[0].location.line, one[0].location.line + 2);
  EXPECT_EQ(three.back().location.line, one.back().location.line + 10);
}

// TF_CONFIG of the workers in one folder: one cluster, only task.index differs.
TEST(LintAcross, TfConfigWorkersInOneFolderDescribeOneCluster) {
  auto ids_at = [](const LintReport& r) {
    std::vector<std::string> out;
    for (const auto& f : r.findings)
      if (core::starts_with(f.finding.id, "lint.tf.tf-config-"))
        out.push_back(f.finding.id + " " + std::filesystem::path(f.location.file).filename().string() + ":" +
                      std::to_string(f.location.line));
    return out;
  };
  auto differs = lint_paths({dir() + "across/tf_workers"}, {});
  ASSERT_TRUE(differs) << differs.error().message;
  EXPECT_EQ(ids_at(*differs), std::vector<std::string>{"lint.tf.tf-config-cluster-differs worker1.sh:3"});
  EXPECT_EQ(differs->findings.front().finding.severity, core::Severity::error);
  auto fixed = lint_paths({dir() + "across/tf_workers_fixed"}, {});
  ASSERT_TRUE(fixed);
  EXPECT_TRUE(ids_at(*fixed).empty());
  auto copied = lint_paths({dir() + "across/tf_copied"}, {});
  ASSERT_TRUE(copied);
  EXPECT_EQ(ids_at(*copied), std::vector<std::string>{"lint.tf.tf-config-task-repeated worker1.py:7"});
  // folders apart are different jobs
  auto apart = lint_paths({dir() + "across/tf_workers_fixed/worker0.sh", dir() + "across/tf_copied/worker1.py"}, {});
  ASSERT_TRUE(apart);
  EXPECT_TRUE(ids_at(*apart).empty());
  // fix-2026-12-07q: one folder, two jobs whose clusters share no host:port (a compose pair, a
  // bare-metal pair): each job agrees with itself; no cross-job claim
  auto two_jobs = lint_paths({dir() + "across/tf_two_jobs"}, {});
  ASSERT_TRUE(two_jobs);
  EXPECT_TRUE(ids_at(*two_jobs).empty()) << ::testing::PrintToString(ids_at(*two_jobs));
  // review56: the same hosts with every port changed are one job whose files disagree
  auto port_typo = lint_paths({dir() + "across/tf_port_typo"}, {});
  ASSERT_TRUE(port_typo);
  EXPECT_EQ(ids_at(*port_typo), (std::vector<std::string>{"lint.tf.tf-config-cluster-differs worker1.sh:3",
                                                          "lint.tf.tf-config-task-repeated worker1.sh:3"}));
}

TEST(LintInput, PathErrors) {
  auto missing = lint_paths({dir() + "does-not-exist.py"}, {});
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("does-not-exist.py"), std::string::npos);
  auto unknown = lint_paths({dir() + "public/README.md"}, {});
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("README.md"), std::string::npos);
}

TEST(LintPaths, FolderWalkFindsEveryKind) {
  auto r = lint_paths({dir() + "public"}, {});
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->files.size(), 11u);
  EXPECT_GT(r->lines, 300);
  EXPECT_FALSE(std::any_of(r->findings.begin(), r->findings.end(),
                           [](const LintFinding& f) { return f.finding.severity == core::Severity::error; }));
}

TEST(ShellLexer, ContinuationsQuotesAndSeparators) {
  auto cmds =
      split_commands("export A=1 B='x y' # c\nFOO=\"a\\\"b\" run --x \\\n  --y $(hostname -i) && echo \"$Z\"\n");
  ASSERT_EQ(cmds.size(), 3u);
  EXPECT_EQ(cmds[0].line, 1);
  EXPECT_EQ(cmds[0].words, (std::vector<std::string>{"export", "A=1", "B=x y"}));
  EXPECT_EQ(cmds[1].line, 2);
  EXPECT_EQ(cmds[1].words, (std::vector<std::string>{"FOO=a\"b", "run", "--x", "--y", "$(hostname -i)"}));
  EXPECT_EQ(cmds[2].line, 3);
  EXPECT_EQ(cmds[2].words, (std::vector<std::string>{"echo", "$Z"}));
}

TEST(ShellLexer, DescriptorDuplicationIsPartOfItsWordNotASeparator) {
  auto cmds = split_commands("nohup torchrun train.py > train.log 2>&1 & echo started >&2\n");
  ASSERT_EQ(cmds.size(), 2u);
  EXPECT_EQ(cmds[0].words, (std::vector<std::string>{"nohup", "torchrun", "train.py", ">", "train.log", "2>&1"}));
  EXPECT_EQ(cmds[1].words, (std::vector<std::string>{"echo", "started", ">&2"}));
}

TEST(ShellLexer, HeredocBodyIsSkipped) {
  auto cmds = split_commands("cat <<EOF > f\nexport NCCL_X=1\nEOF\nexport B=2\n");
  ASSERT_EQ(cmds.size(), 2u);
  EXPECT_EQ(cmds[1].words, (std::vector<std::string>{"export", "B=2"}));
  EXPECT_EQ(cmds[1].line, 4);
}

TEST(LintHere, IfnameThatMatchesNothingHere) {
  LintOptions o;
  o.here = true;
  os::AddressEntry lo{"lo", "lo", os::Family::inet, "127.0.0.1", 8, 0, true, true, true};
  os::AddressEntry eth{"eth0", "eth0", os::Family::inet, "198.18.0.2", 24, 0, true, true, false};
  o.entries = {lo, eth};
  auto fs = lint_text("run.sh", FileKind::shell, "export NCCL_SOCKET_IFNAME=ens1f0\n", o);
  auto it = std::find_if(fs.begin(), fs.end(),
                         [](const LintFinding& f) { return f.finding.id == "lint.here.ifname-matches-nothing"; });
  ASSERT_NE(it, fs.end()) << dump(fs);
  EXPECT_EQ(it->location.line, 1);
  EXPECT_EQ(it->finding.fix.text, "export NCCL_SOCKET_IFNAME=eth0");
  auto ok = lint_text("run.sh", FileKind::shell, "export NCCL_SOCKET_IFNAME=eth0\n", o);
  EXPECT_TRUE(ok.empty()) << dump(ok);
  auto lo_only = lint_text("run.sh", FileKind::shell, "export NCCL_SOCKET_IFNAME=lo\n", o);
  auto lo_hit = std::find_if(lo_only.begin(), lo_only.end(),
                             [](const LintFinding& f) { return f.finding.id == "lint.here.ifname-loopback"; });
  ASSERT_NE(lo_hit, lo_only.end()) << dump(lo_only);
  EXPECT_EQ(lo_hit->finding.fix.text, "export NCCL_SOCKET_IFNAME=eth0");
}

}  // namespace
}  // namespace dd::lint
