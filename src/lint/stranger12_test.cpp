// The twelfth stranger's run (tests/data/stranger/fix-2026-12-06i): `srun python train.py` with
// env:// and no MASTER_ADDR/MASTER_PORT (p28, missed), a PowerShell launcher (p20, refused), a
// prefix assignment that its own command reads (p33, an untrue mechanism) and a Windows NCCL
// warning cited from MASTER_ADDR (p19). Each is read as the stranger wrote it, and one step short;
// tests/system/lint/stranger12_cases.sh runs the applied fixes.
#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>

#include "lint/edits.hpp"
#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

namespace fs = std::filesystem;
using test::all_of;
using test::case_text;
using test::ids;
using test::lint_as;

const std::string k_unset_id = "lint.launch.env-init-unset";

const std::string k_stranger12_cases = "fix-2026-12-06i";  // tests/data/stranger/fix-2026-12-06i/cases

// A folder of its own with p28's two files, job.sbatch replaced by `sbatch` when given.
struct Job {
  fs::path dir;
  explicit Job(const std::string& sbatch = "") {
    dir = fs::temp_directory_path() / ("dd-stranger12-" + std::to_string(::getpid()) + "-" + std::to_string(next()++));
    fs::create_directories(dir);
    write("train.py", case_text(k_stranger12_cases, "p28_srun_env_init/train.py"));
    write("job.sbatch", sbatch.empty() ? case_text(k_stranger12_cases, "p28_srun_env_init/job.sbatch") : sbatch);
  }
  ~Job() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;
  static int& next() {
    static int n = 0;
    return n;
  }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
  }
  std::vector<const LintFinding*> unset(const std::vector<std::string>& paths = {}) {
    report = lint_paths(paths.empty() ? std::vector<std::string>{dir.string()} : paths, {});
    EXPECT_TRUE(report.ok()) << report.error().message;
    return report.ok() ? all_of(report->findings, k_unset_id) : std::vector<const LintFinding*>{};
  }
  core::Result<LintReport> report = LintReport{};
};

const std::string k_head = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n\n";

// p28: srun sets neither variable env:// reads; the edit exports both above srun, and the fixed
// folder has no finding.
TEST(LintStranger12, EnvInitUnsetUnderSrunIsFoundAndFixedAcrossFiles) {
  Job job;
  auto found = job.unset();
  ASSERT_EQ(found.size(), 1u) << ids(job.report->findings);
  const LintFinding& f = *found[0];
  EXPECT_EQ(f.finding.severity, core::Severity::error);
  EXPECT_EQ(f.location.line, 6);
  EXPECT_NE(f.location.file.find("job.sbatch"), std::string::npos);
  EXPECT_NE(f.finding.title.find("reads MASTER_ADDR and MASTER_PORT"), std::string::npos) << f.finding.title;
  EXPECT_NE(f.finding.title.find("srun sets neither"), std::string::npos) << f.finding.title;
  ASSERT_EQ(f.edits.size(), 1u);
  EXPECT_EQ(f.edits[0].replacement,
            "export MASTER_ADDR=\"$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\" "
            "MASTER_PORT=\"${MASTER_PORT:-29500}\"\nsrun python train.py");
  auto text = read_file(f.location.file);
  ASSERT_TRUE(text.ok());
  auto fixed = apply_edits(*text, f.edits);
  ASSERT_TRUE(fixed.ok());
  job.write("job.sbatch", *fixed);
  EXPECT_TRUE(job.unset().empty()) << *fixed;
}

// One step short of the evidence: the Python file alone, the batch script alone, the variables
// named by the script, by #SBATCH --export or by another file of the run, torchrun, or RANK not given.
TEST(LintStranger12, EnvInitUnsetNeedsTheLauncherAndNoFileNamingTheVariables) {
  Job job;
  EXPECT_TRUE(job.unset({(job.dir / "train.py").string()}).empty());
  EXPECT_TRUE(job.unset({(job.dir / "job.sbatch").string()}).empty());
  Job exported(k_head +
               "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
               "export MASTER_PORT=29500\nsrun python train.py\n");
  EXPECT_TRUE(exported.unset().empty());
  Job directive(k_head + "#SBATCH --export=ALL,MASTER_ADDR=node01,MASTER_PORT=29500\nsrun python train.py\n");
  EXPECT_TRUE(directive.unset().empty());
  Job env_file;
  env_file.write("cluster.env", "MASTER_ADDR=node01\nMASTER_PORT=29500\n");
  EXPECT_TRUE(env_file.unset().empty());
  Job torchrun(k_head +
               "srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d "
               "--rdzv_endpoint=node01:29500 train.py\n");
  EXPECT_TRUE(torchrun.unset().empty());
  Job none(k_head + "srun --export=NONE python train.py\n");
  EXPECT_TRUE(none.unset().empty());
  Job no_rank;
  std::string py = case_text(k_stranger12_cases, "p28_srun_env_init/train.py");
  auto at = py.find(", rank=rank, world_size=world_size");
  ASSERT_NE(at, std::string::npos);
  no_rank.write("train.py", py.erase(at, std::string(", rank=rank, world_size=world_size").size()));
  EXPECT_TRUE(no_rank.unset().empty());
  // the default init_method is env:// too; one variable named elsewhere leaves the other
  Job implicit;
  py = case_text(k_stranger12_cases, "p28_srun_env_init/train.py");
  at = py.find("init_method=\"env://\", ");
  ASSERT_NE(at, std::string::npos);
  implicit.write("train.py", py.erase(at, std::string("init_method=\"env://\", ").size()));
  implicit.write("job.sbatch", k_head + "export MASTER_PORT=29500\nsrun python train.py\n");
  auto found = implicit.unset();
  ASSERT_EQ(found.size(), 1u) << ids(implicit.report->findings);
  EXPECT_NE(found[0]->finding.title.find("reads MASTER_ADDR from"), std::string::npos) << found[0]->finding.title;
  EXPECT_NE(found[0]->finding.title.find("srun sets no MASTER_ADDR"), std::string::npos) << found[0]->finding.title;
}

// p33: `MASTER_ADDR=$(hostname) torchrun ... --master_addr=$MASTER_ADDR`: bash expands the word
// before the prefix takes effect. A separate statement keeps the per-node wording; set before srun:
// no finding.
TEST(LintStranger12, PrefixAssignmentReadByItsOwnCommandSaysWhatBashExpands) {
  const std::string id = "lint.slurm.rendezvous-per-task";
  const std::string text = case_text(k_stranger12_cases, "p33_srun_bash_c_hostname.sbatch");
  auto fs = lint_as("p33.sbatch", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const std::string& title = found[0]->finding.title;
  EXPECT_NE(title.find("bash expands `--master_addr=$MASTER_ADDR` before the prefix takes effect"), std::string::npos)
      << title;
  EXPECT_EQ(title.find("each task's shell computes it on its own node"), std::string::npos) << title;
  EXPECT_NE(found[0]->finding.fix.text.find("drop MASTER_ADDR=$(hostname) and use $MASTER_ADDR"), std::string::npos);
  std::string statement = text;
  statement.replace(statement.find("MASTER_ADDR=$(hostname) torchrun"), 32, "export MASTER_ADDR=$(hostname); torchrun");
  auto sfs = lint_as("p33.sbatch", statement);
  ASSERT_EQ(all_of(sfs, id).size(), 1u) << ids(sfs);
  EXPECT_NE(all_of(sfs, id)[0]->finding.title.find("each task's shell computes it on its own node"), std::string::npos);
  std::string before = text;
  before.insert(before.find("srun"),
                "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n");
  test::clean("p33.sbatch", before, id);
  // a prefix no word of its command reads: the variable differs per node in the command's environment
  std::string env_only = text;
  env_only.replace(env_only.find("--master_addr=$MASTER_ADDR "), 27, "");
  auto efs = lint_as("p33.sbatch", env_only);
  ASSERT_EQ(all_of(efs, id).size(), 1u) << ids(efs);
  EXPECT_NE(all_of(efs, id)[0]->finding.title.find("each task's shell computes it"), std::string::npos);
}

// p19 with --platform windows: MASTER_ADDR shows a distributed job, not NCCL; a line asking for the
// NCCL backend is the evidence, and an NCCL variable stays the error.
TEST(LintStranger12, WindowsNoNcclInALaunchFileNeedsWhatAsksForNccl) {
  LintOptions windows;
  windows.platform = env::Platform::windows;
  const std::string text = case_text(k_stranger12_cases, "p19_windows_launch.bat");
  auto fs = lint_as("p19.bat", text, windows);
  EXPECT_NE(test::first_of(fs, "lint.launch.master-addr-localhost"), nullptr) << ids(fs);
  EXPECT_EQ(test::first_of(fs, "env.windows.no-nccl"), nullptr) << ids(fs);
  std::string nccl = text;
  nccl.insert(nccl.rfind("train.py") + 8, " --backend nccl");
  auto nfs = lint_as("p19.bat", nccl, windows);
  const auto* f = test::first_of(nfs, "env.windows.no-nccl");
  ASSERT_NE(f, nullptr) << ids(nfs);
  EXPECT_EQ(f->location.line, 7);
  ASSERT_EQ(f->finding.evidence.size(), 1u);
  EXPECT_NE(f->finding.evidence[0].find("--backend nccl (p19.bat:7)"), std::string::npos) << f->finding.evidence[0];
  auto vfs = lint_as("v.bat", "set NCCL_DEBUG=WARN\r\nset MASTER_ADDR=10.0.0.1\r\n", windows);
  const auto* v = test::first_of(vfs, "env.windows.no-nccl");
  ASSERT_NE(v, nullptr) << ids(vfs);
  EXPECT_EQ(v->finding.severity, core::Severity::error);
  EXPECT_NE(v->finding.evidence[0].find("NCCL_DEBUG=WARN"), std::string::npos);
}

// p20 / c15: a .ps1 is read: its $env: lines, its commands with backtick continuations.
TEST(LintStranger12, PowerShellLauncherIsRead) {
  EXPECT_EQ(kind_of("launch.ps1"), FileKind::powershell);
  EXPECT_EQ(kind_named("ps1"), FileKind::powershell);
  const std::string text = case_text(k_stranger12_cases, "p20_windows_static_rdzv.ps1");
  EXPECT_EQ(sniff_kind(text), FileKind::powershell);
  auto fs = lint_as("p20.ps1", text);
  auto found = all_of(fs, "lint.torch.static-rendezvous-no-node-rank");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(fs.size(), 1u) << ids(fs);
  ASSERT_EQ(found[0]->edits.size(), 1u);
  EXPECT_EQ(found[0]->edits[0].line, 4);
  EXPECT_EQ(found[0]->edits[0].end_line, 6);
  EXPECT_NE(found[0]->edits[0].replacement.find("    --rdzv_backend=c10d --rdzv_endpoint=192.168.1.20:29500 `\n"),
            std::string::npos)
      << found[0]->edits[0].replacement;
  EXPECT_TRUE(lint_as("c15.ps1", case_text(k_stranger12_cases, "c15_windows_local.ps1")).empty());
  auto env = lint_as("e.ps1", "<# a block\n$env:NCCL_IB_DISABLE = \"no\"\n#>\n$env:NCCL_IB_DISABLE = 'true'\n");
  const auto* e = test::first_of(env, "env.int.not-a-number");
  ASSERT_NE(e, nullptr) << ids(env);
  EXPECT_EQ(e->location.line, 4);
}

}  // namespace
}  // namespace dd::lint
