// lint.torch.master-addr-localhost's env:// fix with the launcher that starts the file: mp.spawn in
// the file itself, or srun / torchrun / an export in a shell file linted with it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "lint/edits.hpp"
#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::ids;
using test::lint_as;

const std::string k_id = "lint.torch.master-addr-localhost";

std::string roundtrip(const std::string& name) { return std::string(DD_TEST_DATA_DIR) + "/lint/roundtrip/" + name; }

// The finding of lint_paths(paths), which must be the only one of k_id.
const LintFinding* the_finding(const LintReport& r) {
  const LintFinding* out = nullptr;
  for (const auto& f : r.findings) {
    if (f.finding.id != k_id) continue;
    EXPECT_EQ(out, nullptr) << "two findings";
    out = &f;
  }
  return out;
}

// `file` with the finding's edits of it applied.
std::string edited(const std::string& file, const LintFinding& f) {
  std::vector<Edit> mine;
  for (const auto& e : f.edits)
    if (e.file == file) mine.push_back(e);
  auto text = read_file(file);
  EXPECT_TRUE(text.ok());
  auto out = apply_edits(*text, mine);
  EXPECT_TRUE(out.ok());
  return out.ok() ? *out : "";
}

TEST(LintEnvInit, SpawnInTheFileNamesTheLaunchLine) {
  auto text = read_file(roundtrip("env_init_spawn.py"));
  ASSERT_TRUE(text.ok());
  auto fs = lint_as("train.py", *text);
  auto f = all_of(fs, k_id);
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  ASSERT_EQ(f[0]->edits.size(), 1u);
  EXPECT_EQ(f[0]->edits[0].line, 16);
  EXPECT_EQ(f[0]->edits[0].replacement,
            "        init_method=\"env://\",  # mp.spawn (line 27) starts the ranks itself, so the file runs under "
            "python, which sets no MASTER_ADDR, MASTER_PORT: on every node run NODE_RANK=<node index: 0 on the rank-0 "
            "node> NNODES=<node count> MASTER_ADDR=<rank-0 node address> MASTER_PORT=29612 python train.py");
  EXPECT_TRUE(all_of(lint_as("train.py", test::applied(*text, *f[0])), k_id).empty());
}

TEST(LintEnvInit, SpawnLaunchLineCarriesTheScriptsOwnNodeOptions) {
  // argparse's --node_rank defaults to 0: a line without it makes every node node 0
  std::string text =
      "import argparse\nimport torch.distributed as dist\nimport torch.multiprocessing as mp\n\n\n"
      "def worker(local_rank, args):\n"
      "    dist.init_process_group(backend=\"gloo\", init_method=\"tcp://localhost:23456\",\n"
      "                            rank=args.node_rank * 2 + local_rank, world_size=args.nnodes * 2)\n\n\n"
      "if __name__ == \"__main__\":\n"
      "    p = argparse.ArgumentParser()\n"
      "    p.add_argument(\"--nnodes\", type=int, default=2)\n"
      "    p.add_argument(\"--node_rank\", type=int, default=0)\n"
      "    mp.spawn(worker, nprocs=2, args=(p.parse_args(),))\n";
  auto fs = lint_as("train.py", text);
  auto f = all_of(fs, k_id);
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  ASSERT_EQ(f[0]->edits.size(), 1u);
  const std::string& r = f[0]->edits[0].replacement;
  EXPECT_TRUE(
      r.ends_with("on every node run MASTER_ADDR=<rank-0 node address> MASTER_PORT=23456 python train.py "
                  "--nnodes=<node count> --node_rank=<node index: 0 on the rank-0 node>"))
      << r;
}

TEST(LintEnvInit, SrunInABatchScriptGetsTheExportAboveIt) {
  auto r = lint_paths({roundtrip("env_init_srun")}, {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  const LintFinding* f = the_finding(*r);
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(f->edits.size(), 2u);
  std::string py = roundtrip("env_init_srun/train.py"), sh = roundtrip("env_init_srun/job.sbatch");
  EXPECT_NE(edited(py, *f).find("    init_method=\"env://\",  # srun ("), std::string::npos) << edited(py, *f);
  EXPECT_NE(edited(sh, *f).find("export NNODES=$SLURM_NNODES\nexport MASTER_ADDR=\"$(scontrol show hostnames "
                                "\"$SLURM_JOB_NODELIST\" | head -n 1)\" MASTER_PORT=\"${MASTER_PORT:-29611}\"\n"
                                "srun python3 train.py\n"),
            std::string::npos)
      << edited(sh, *f);
  EXPECT_TRUE(r->texts.count(py) && r->texts.count(sh));
}

TEST(LintEnvInit, TorchrunSetsThemNothingElseToChange) {
  auto r = lint_paths({roundtrip("env_init_torchrun")}, {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  const LintFinding* f = the_finding(*r);
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(f->edits.size(), 1u);
  EXPECT_NE(f->edits[0].replacement.find("dist.init_process_group(backend=\"gloo\", init_method=\"env://\")  # "
                                         "torchrun ("),
            std::string::npos)
      << f->edits[0].replacement;
  EXPECT_NE(f->edits[0].replacement.find("run.sh:3) sets MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE: nothing else"),
            std::string::npos)
      << f->edits[0].replacement;
}

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() / ("dd-envinit-" + std::to_string(::getpid()));
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return (path / name).string();
  }
};

TEST(LintEnvInit, AScriptThatExportsThemOrANeedForRankDecideTheEdit) {
  auto py = read_file(roundtrip("env_init_srun/train.py"));
  ASSERT_TRUE(py.ok());
  TempDir dir;
  dir.write("train.py", *py);
  dir.write(
      "job.sbatch",
      "#!/bin/bash\n#SBATCH --nodes=2\nexport MASTER_ADDR=$(hostname) MASTER_PORT=29611\nsrun python3 train.py\n");
  auto r = lint_paths({dir.path.string()}, {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  const LintFinding* f = the_finding(*r);
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(f->edits.size(), 1u);
  EXPECT_NE(f->edits[0].replacement.find("job.sbatch sets MASTER_ADDR, MASTER_PORT before srun (line 4): nothing "
                                         "else to set"),
            std::string::npos)
      << f->edits[0].replacement;
  // without rank=/world_size=, env:// also reads RANK and WORLD_SIZE, which no export line gives each
  // task: prose
  std::string no_rank = *py;
  for (const std::string cut : {"    rank=rank,\n", "    world_size=world_size,\n"})
    no_rank.erase(no_rank.find(cut), cut.size());
  dir.write("train.py", no_rank);
  dir.write("job.sbatch", "#!/bin/bash\n#SBATCH --nodes=2\nsrun python3 train.py\n");
  r = lint_paths({dir.path.string()}, {});
  ASSERT_TRUE(r.ok());
  f = the_finding(*r);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(f->edits.empty());
  EXPECT_NE(f->finding.fix.text.find("env:// reads MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE"), std::string::npos)
      << f->finding.fix.text;
}

// Open MPI's mpirun (it uses -x) passes the ranks on other hosts only what -x names: the export
// line above it, and -x MASTER_ADDR -x MASTER_PORT after mpirun.
TEST(LintEnvInit, OpenMpiForwardsTheExportedVariables) {
  auto py = read_file(roundtrip("env_init_srun/train.py"));
  ASSERT_TRUE(py.ok());
  TempDir dir;
  dir.write("train.py", *py);
  std::string sh = dir.write("run.sh", "#!/bin/bash\nmpirun -np 2 --hostfile hosts -x PATH python3 train.py\n");
  auto r = lint_paths({dir.path.string()}, {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  const LintFinding* f = the_finding(*r);
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(f->edits.size(), 2u);
  EXPECT_EQ(edited(sh, *f),
            "#!/bin/bash\nexport MASTER_ADDR=\"${MASTER_ADDR:?set MASTER_ADDR to the rank-0 node address}\" "
            "MASTER_PORT=\"${MASTER_PORT:-29611}\"\nmpirun -x MASTER_ADDR -x MASTER_PORT -np 2 --hostfile hosts -x "
            "PATH python3 train.py\n");
}

}  // namespace
}  // namespace dd::lint
