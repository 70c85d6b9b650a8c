// Issue 27: two of the thirteenth stranger's misses (tests/data/stranger/fix-2026-12-06j): p23
// `srun --export=NONE` with env:// and MASTER_ADDR/MASTER_PORT exported only to the batch shell, and
// p22 `NCCL_IB_TIMEOUT=5000` in a .env file. Each read as the stranger wrote it, its edit applied,
// and one step short; tests/system/lint/stranger13_cases.sh (p-export-none, p-ib-timeout) runs them.
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

const std::string k_issue27_cases = "fix-2026-12-06j";  // tests/data/stranger/fix-2026-12-06j/cases

const std::string k_none_id = "lint.slurm.export-none-drops-env";

// A folder of its own with p23's two files, launch.sbatch replaced by `sbatch` when given.
struct Job {
  fs::path dir;
  explicit Job(const std::string& sbatch = "") {
    static int n = 0;
    dir = fs::temp_directory_path() / ("dd-issue27-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::create_directories(dir);
    write("train.py", case_text(k_issue27_cases, "p23_srun_export_none/train.py"));
    write("launch.sbatch", sbatch.empty() ? case_text(k_issue27_cases, "p23_srun_export_none/launch.sbatch") : sbatch);
  }
  ~Job() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
  }
  std::vector<const LintFinding*> found(const std::string& id = k_none_id) {
    report = lint_paths({dir.string()}, {});
    EXPECT_TRUE(report.ok()) << report.error().message;
    return report.ok() ? all_of(report->findings, id) : std::vector<const LintFinding*>{};
  }
  core::Result<LintReport> report = LintReport{};
};

// p23: the finding, its edit (--export names the two variables), and the edited folder has none.
TEST(LintIssue27, SrunExportNoneKeepsTheExportedMasterVariablesFromTheTasks) {
  Job job;
  auto found = job.found();
  ASSERT_EQ(found.size(), 1u) << ids(job.report->findings);
  const LintFinding& f = *found[0];
  EXPECT_EQ(f.finding.severity, core::Severity::error);
  EXPECT_EQ(f.location.line, 7);
  EXPECT_NE(f.finding.title.find("srun --export=NONE starts train.py with none of the batch script's variables"),
            std::string::npos)
      << f.finding.title;
  EXPECT_NE(f.finding.title.find("MASTER_ADDR and MASTER_PORT, exported above it, do not reach the tasks"),
            std::string::npos)
      << f.finding.title;
  ASSERT_EQ(f.edits.size(), 1u);
  EXPECT_EQ(f.edits[0].replacement, "srun --export=MASTER_ADDR,MASTER_PORT /opt/conda/envs/train/bin/python train.py");
  EXPECT_TRUE(all_of(job.report->findings, "lint.launch.env-init-unset").empty()) << ids(job.report->findings);
  auto text = read_file(f.location.file);
  ASSERT_TRUE(text.ok());
  auto fixed = apply_edits(*text, f.edits);
  ASSERT_TRUE(fixed.ok());
  job.write("launch.sbatch", *fixed);
  EXPECT_TRUE(job.found().empty()) << *fixed;
}

// One step short: no --export, --export=ALL, the variables named in the list, not exported at all
// (that is lint.launch.env-init-unset's shape, not judged here), torchrun under srun.
TEST(LintIssue27, SrunExportNoneNeedsEnvInitAndTheVariablesExportedBeforeIt) {
  const std::string head = "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n";
  const std::string exp =
      "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\nexport MASTER_PORT=29500\n";
  Job plain(head + exp + "srun /opt/conda/envs/train/bin/python train.py\n");
  EXPECT_TRUE(plain.found().empty());
  Job all(head + exp + "srun --export=ALL /opt/conda/envs/train/bin/python train.py\n");
  EXPECT_TRUE(all.found().empty());
  Job listed(head + exp + "srun --export=MASTER_ADDR,MASTER_PORT python train.py\n");
  EXPECT_TRUE(listed.found().empty());
  Job unexported(head + "srun --export=NONE python train.py\n");
  EXPECT_TRUE(unexported.found().empty());
  Job spaced(head + exp + "srun --export NONE python train.py\n");
  auto found = spaced.found();
  ASSERT_EQ(found.size(), 1u) << ids(spaced.report->findings);
  ASSERT_EQ(found[0]->edits.size(), 1u);
  EXPECT_EQ(found[0]->edits[0].replacement, "srun --export=MASTER_ADDR,MASTER_PORT python train.py");
  Job torchrun(head + exp +
               "srun --export=NONE torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d "
               "--rdzv_endpoint=node01:29500 train.py\n");
  EXPECT_TRUE(torchrun.found().empty());
}

// p22: NCCL_IB_TIMEOUT=5000 in a .env file; one step short: 22, 31, 0 and a variable.
TEST(LintIssue27, IbTimeoutIsAnExponentNotMilliseconds) {
  const std::string id = "env.nccl.ib-timeout-range";
  const std::string text = case_text(k_issue27_cases, "p22_nccl_ib_timeout_ms.env");
  auto fs = lint_as("cluster.env", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const auto& f = found[0]->finding;
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_EQ(found[0]->location.line, 3);
  EXPECT_NE(f.title.find("NCCL_IB_TIMEOUT=5000 is outside 0..31: it is an exponent"), std::string::npos) << f.title;
  EXPECT_NE(f.title.find("5000 arrives as 136"), std::string::npos) << f.title;
  ASSERT_EQ(f.fix.env.count("NCCL_IB_TIMEOUT"), 1u);
  EXPECT_EQ(f.fix.env.at("NCCL_IB_TIMEOUT"), "22");
  EXPECT_TRUE(all_of(fs, "env.int.out-of-range").empty()) << ids(fs);
  for (const char* v : {"22", "31", "0", "$TIMEOUT"}) {
    std::string ok = text;
    ok.replace(ok.find("5000"), 4, v);
    EXPECT_TRUE(all_of(lint_as("cluster.env", ok), id).empty()) << v;
  }
  std::string big = text;
  big.replace(big.find("5000"), 4, "32");
  auto big_fs = lint_as("cluster.env", big);
  auto b = all_of(big_fs, id);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0]->finding.title.find("arrives as"), std::string::npos) << b[0]->finding.title;
}

// p24: a Compose service with 4 GPUs and --num_workers 8, neither shm_size nor ipc: host; the edit
// adds `ipc: host` above the service's first key and the edited file has no finding. One step short:
// ipc: host, shm_size, one GPU and no workers, no GPU at all (c08 of the same run is the clean one).
TEST(LintIssue27, ComposeServiceWithGpusAndDefaultShm) {
  const std::string id = "lint.compose.small-shm";
  const std::string text = case_text(k_issue27_cases, "p24_compose_no_shm_4gpu.yml");
  auto fs = lint_as("docker-compose.yml", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const LintFinding& f = *found[0];
  EXPECT_EQ(f.finding.severity, core::Severity::warning);
  EXPECT_EQ(f.finding.label, core::Label::shm_exhausted);
  EXPECT_EQ(f.location.line, 3);
  EXPECT_NE(f.finding.title.find("the service asks for 4 GPUs and sets neither shm_size nor ipc: host"),
            std::string::npos)
      << f.finding.title;
  EXPECT_NE(f.finding.title.find("torch DataLoader workers (--num_workers 8)"), std::string::npos) << f.finding.title;
  ASSERT_EQ(f.edits.size(), 1u);
  EXPECT_EQ(f.edits[0].replacement, "    ipc: host\n    image: nvcr.io/nvidia/pytorch:24.05-py3");
  auto fixed = apply_edits(text, f.edits);
  ASSERT_TRUE(fixed.ok());
  EXPECT_TRUE(all_of(lint_as("docker-compose.yml", *fixed), id).empty()) << *fixed;
  std::string shm = text;
  shm.insert(shm.find("    network_mode"), "    shm_size: 16gb\n");
  EXPECT_TRUE(all_of(lint_as("docker-compose.yml", shm), id).empty());
  std::string one = text;
  one.replace(one.find("count: 4"), 8, "count: 1");
  one.replace(one.find(" --num_workers 8"), 16, "");
  one.replace(one.find("--nproc_per_node=4"), 18, "--nproc_per_node=1");
  EXPECT_TRUE(all_of(lint_as("docker-compose.yml", one), id).empty()) << ids(lint_as("docker-compose.yml", one));
  std::string cpu = text;
  cpu.erase(cpu.find("    deploy:"));
  EXPECT_TRUE(all_of(lint_as("docker-compose.yml", cpu), id).empty());
  EXPECT_TRUE(all_of(lint_as("c08.yml", case_text(k_issue27_cases, "c08_compose_hostnet.yml")), id).empty());
  auto runtime = lint_as("r.yml", "services:\n  t:\n    image: x\n    runtime: nvidia\n    command: python t.py\n");
  ASSERT_EQ(all_of(runtime, id).size(), 1u) << ids(runtime);
  EXPECT_NE(all_of(runtime, id)[0]->finding.title.find("all the host's GPUs"), std::string::npos);
}

}  // namespace
}  // namespace dd::lint
