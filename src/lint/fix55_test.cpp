// Issue 27: fixes the twentieth stranger (tests/data/stranger/fix-2026-12-07q) found wrong or
// missing, each beside its look-alikes: p19 / c06 a /dev/shm the docker command mounts itself with
// --tmpfs (--ipc and --shm-size do not size it); p17 / p18 two TF jobs in one folder compared as one.
#include <gtest/gtest.h>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::clean;
using test::fixed_once;
using test::has;
using test::ids;
using test::lint_as;

// p19: `--tmpfs /dev/shm:...,size=64m`: the container's /dev/shm is that tmpfs whatever --ipc says;
// the edit raises its size (adding --ipc=host left it 64 MiB while lint said OK). c06: size=32g, a
// bind of the host's /dev/shm, or a tmpfs without size=: no finding and no edit.
TEST(LintFix55, ATmpfsOnDevShmIsTheShmTheContainerGets) {
  const std::string id = "lint.docker.small-shm";
  const std::string text =
      "#!/bin/bash\ndocker run --rm --gpus all \\\n  --network=host \\\n"
      "  --tmpfs /dev/shm:rw,nosuid,nodev,noexec,size=64m \\\n"
      "  nvcr.io/nvidia/pytorch:24.03-py3 torchrun --nnodes=2 --nproc_per_node=8 train.py --workers 8\n";
  auto fs = lint_as("run.sh", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title,
                  "docker run --tmpfs /dev/shm:rw,nosuid,nodev,noexec,size=64m: the container's /dev/shm is this "
                  "64m tmpfs"))
      << found[0]->finding.title;
  EXPECT_FALSE(has(found[0]->finding.title, "without --ipc=host")) << found[0]->finding.title;
  std::string after = fixed_once("run.sh", text, id, core::Severity::warning);
  EXPECT_TRUE(has(after, "  --tmpfs /dev/shm:rw,nosuid,nodev,noexec,size=16g \\\n")) << after;
  EXPECT_FALSE(has(after, "--ipc=host")) << after;
  for (const char* ok : {"--tmpfs /dev/shm:rw,nosuid,nodev,size=32g", "--tmpfs /dev/shm", "--tmpfs=/dev/shm:rw,exec",
                         "-v /dev/shm:/dev/shm", "--ipc=private --tmpfs /dev/shm:size=2g"})
    clean("run.sh",
          std::string("docker run --rm --gpus all --network=host ") + ok +
              " img torchrun --nnodes=2 --nproc_per_node=8 train.py\n",
          id);
  // review56: --mount type=tmpfs on /dev/shm decides the same way (prose: its size is in bytes)
  auto mount = lint_as("run.sh",
                       "docker run --rm --gpus all --network=host "
                       "--mount type=tmpfs,destination=/dev/shm,tmpfs-size=67108864 img torchrun "
                       "--nproc_per_node=8 train.py\n");
  ASSERT_EQ(all_of(mount, id).size(), 1u) << ids(mount);
  EXPECT_TRUE(all_of(mount, id)[0]->edits.empty());
  EXPECT_TRUE(has(all_of(mount, id)[0]->finding.title, "the container's /dev/shm is this tmpfs of 67108864 bytes"));
  clean("run.sh",
        "docker run --rm --gpus all --network=host --mount type=bind,source=/dev/shm,target=/dev/shm img torchrun "
        "--nproc_per_node=8 train.py\n",
        id);
  // one step short: a tmpfs elsewhere leaves the 64 MB default in place
  auto other = lint_as("run.sh",
                       "docker run --rm --gpus all --network=host --tmpfs /scratch:size=64m img torchrun "
                       "--nproc_per_node=8 train.py\n");
  ASSERT_EQ(all_of(other, id).size(), 1u) << ids(other);
  EXPECT_TRUE(has(all_of(other, id)[0]->finding.title, "without --ipc=host or --shm-size"));
}

// p01: `export NCCL_SOCKET_IFNAME=$DATA_IF` (line 3) before `DATA_IF=ens1f0` (line 6): empty when
// exported; the edit moves the assignment above the first use. One step short: VAR set before, a
// ${VAR:-default}, a use inside a function (indented), a variable the file never sets: quiet.
TEST(LintFix55, AJobVariableReadBeforeItsAssignmentIsNamed) {
  const std::string id = "lint.shell.used-before-set";
  const std::string text =
      "#!/bin/bash\n#SBATCH --nodes=2\nexport NCCL_SOCKET_IFNAME=$DATA_IF\nexport GLOO_SOCKET_IFNAME=${DATA_IF}\n"
      "module load cuda\nDATA_IF=ens1f0\nsrun torchrun --nnodes=2 train.py\n";
  auto fs = lint_as("job.sbatch", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->finding.title,
            "`export NCCL_SOCKET_IFNAME=$DATA_IF` (line 3) reads DATA_IF before line 6 sets it (`DATA_IF=ens1f0`): the "
            "script runs top to bottom, so DATA_IF expands to nothing there and NCCL_SOCKET_IFNAME gets an empty value "
            "(unless the environment that starts the script sets DATA_IF)");
  EXPECT_EQ(found[0]->location.line, 3);
  std::string after = fixed_once("job.sbatch", text, id);
  EXPECT_EQ(after,
            "#!/bin/bash\n#SBATCH --nodes=2\nDATA_IF=ens1f0\nexport NCCL_SOCKET_IFNAME=$DATA_IF\n"
            "export GLOO_SOCKET_IFNAME=${DATA_IF}\nmodule load cuda\nsrun torchrun --nnodes=2 train.py\n");
  clean("job.sbatch", "DATA_IF=ens1f0\nexport NCCL_SOCKET_IFNAME=$DATA_IF\nDATA_IF=eth0\n", id);
  clean("job.sbatch", "export NCCL_SOCKET_IFNAME=${DATA_IF:-ens1f0}\nDATA_IF=eth0\n", id);
  clean("job.sbatch", "setup() {\n  export NCCL_SOCKET_IFNAME=$DATA_IF\n}\nDATA_IF=ens1f0\nsetup\n", id);
  clean("job.sbatch", "export NCCL_SOCKET_IFNAME=$DATA_IF\nsrun train.py\n", id);
  clean("job.sbatch", "for DATA_IF in eth0; do :; done\nexport NCCL_SOCKET_IFNAME=$DATA_IF\nDATA_IF=x\n", id);
  clean("job.sbatch", "read -r DATA_IF < /etc/data_if\nexport NCCL_SOCKET_IFNAME=$DATA_IF\nDATA_IF=x\n", id);
  // review56: a here-document's body, single quotes, a file sourced before, an unindented function
  // body: nothing is read there at that line (or the rule cannot see what sets it)
  clean("job.sbatch",
        "cat > job.sh <<'EOS'\nexport NCCL_SOCKET_IFNAME=$DATA_IF\nEOS\nDATA_IF=eth0\nexport DATA_IF\nbash job.sh\n",
        id);
  clean("job.sbatch", "export TORCH_CMD='torchrun --master_addr=$HEAD train.py'\nHEAD=node0\n", id);
  clean("job.sbatch", "source ./cluster.env\nexport NCCL_SOCKET_IFNAME=$DATA_IF\nDATA_IF=ib0\n", id);
  clean("job.sbatch", "setup() {\nexport NCCL_SOCKET_IFNAME=$DATA_IF\n}\nDATA_IF=ens1f0\nsetup\n", id);
  auto quoted = lint_as("job.sbatch", "export NCCL_SOCKET_IFNAME=\"$DATA_IF\"\nDATA_IF=ens1f0\n");
  ASSERT_EQ(all_of(quoted, id).size(), 1u) << ids(quoted);
  EXPECT_TRUE(has(all_of(quoted, id)[0]->finding.title, "gets an empty value")) << all_of(quoted, id)[0]->finding.title;
  // a comment that says "read DATA_IF" or "DATA_IF=" assigns nothing (the roundtrip file's own comment)
  auto commented = lint_as("job.sbatch",
                           "# we read DATA_IF later; DATA_IF=eth0 is the default\n"
                           "export NCCL_SOCKET_IFNAME=$DATA_IF\nDATA_IF=ens1f0\n");
  EXPECT_EQ(all_of(commented, id).size(), 1u) << ids(commented);
  // an assignment with an expansion is not moved: prose
  auto prose = lint_as("job.sbatch", "export MASTER_ADDR=$HEAD\nHEAD=$(hostname)\n");
  auto p = all_of(prose, id);
  ASSERT_EQ(p.size(), 1u) << ids(prose);
  EXPECT_TRUE(p[0]->edits.empty());
  EXPECT_TRUE(has(p[0]->finding.fix.text, "move `HEAD=$(hostname)` above it")) << p[0]->finding.fix.text;
}

// p24: every process sets MASTER_PORT from random.randint: the ranks meet at different ports. One
// step short: a fixed port, a port read from the environment, or a file that spawns its processes
// (the parent picks once, the children inherit it): quiet.
TEST(LintFix55, ARandomMasterPortPickedByEveryProcessIsAnError) {
  const std::string id = "lint.torch.master-port-per-process";
  const std::string text =
      "import os, random\nimport torch.distributed as dist\n\n"
      "os.environ[\"MASTER_PORT\"] = str(random.randint(20000, 40000))  # avoid clashes with other jobs\n"
      "dist.init_process_group(\"gloo\")\n";
  auto fs = lint_as("train.py", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->location.line, 4);
  EXPECT_TRUE(has(found[0]->finding.title, "MASTER_PORT is set from randint(...) in the script every rank runs"))
      << found[0]->finding.title;
  EXPECT_TRUE(has(found[0]->finding.fix.text, "the launcher's --master_port")) << found[0]->finding.fix.text;
  clean("train.py", "import os\nos.environ[\"MASTER_PORT\"] = \"29500\"\n", id);
  clean("train.py", "import os\nos.environ[\"MASTER_PORT\"] = os.environ.get(\"PORT\", \"29500\")\n", id);
  clean("train.py",
        "import os, random\nimport torch.multiprocessing as mp\n\ndef main(r):\n    pass\n\n"
        "if __name__ == \"__main__\":\n    os.environ[\"MASTER_PORT\"] = str(random.randint(20000, 40000))\n"
        "    mp.spawn(main, nprocs=4)\n",
        id);
  auto helper = lint_as(
      "train.py", "import os\nfrom utils import find_free_port\nos.environ['MASTER_PORT'] = str(find_free_port())\n");
  EXPECT_EQ(all_of(helper, id).size(), 1u) << ids(helper);
  // review56: a fallback (setdefault, a guard), a launcher that starts its ranks with Popen, a seeded
  // generator: each rank does not pick its own port there
  clean("train.py",
        "import os\nfrom utils import find_free_port\nos.environ.setdefault('MASTER_PORT', str(find_free_port()))\n",
        id);
  clean("train.py",
        "import os, random\nif 'MASTER_PORT' not in os.environ:\n    os.environ['MASTER_PORT'] = str(random.randint(2, "
        "9))\n",
        id);
  clean("launch.py",
        "import os, random, subprocess\nos.environ['MASTER_PORT'] = str(random.randint(20000, 40000))\n"
        "procs = [subprocess.Popen(['python', 'train.py']) for _ in range(4)]\n",
        id);
  clean("train.py",
        "import os, random\nos.environ['MASTER_PORT'] = str(random.Random(int(os.environ['JOB_ID'])).randint(2, 9))\n",
        id);
}

// p21: `mpirun -mca btl_tcp_if_exclude docker0`: the list replaces Open MPI's default (with lo), so
// lo must be named; the edit puts lo first. One step short: a list with lo or 127.0.0.1/8, an
// include list, or btl_tcp_if_exclude on another program: quiet.
TEST(LintFix55, OpenMpiTcpExcludeWithoutLoopbackGetsLo) {
  const std::string id = "lint.mpi.tcp-exclude-without-lo";
  const std::string text =
      "#!/bin/bash\nmpirun -np 16 -H gpu-a:8,gpu-b:8 -bind-to none -map-by slot \\\n"
      "  -mca pml ob1 -mca btl ^openib -mca btl_tcp_if_exclude docker0 \\\n  -x NCCL_DEBUG=INFO python train.py\n";
  auto fs = lint_as("run.sh", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->location.line, 3);
  EXPECT_TRUE(has(found[0]->finding.title,
                  "`mpirun -mca btl_tcp_if_exclude docker0` excludes docker0 but not the "
                  "loopback device lo"))
      << found[0]->finding.title;
  std::string after = fixed_once("run.sh", text, id);
  EXPECT_TRUE(has(after, "-mca btl_tcp_if_exclude lo,docker0 \\\n")) << after;
  clean("run.sh", "mpirun -np 2 -H a,b --mca btl_tcp_if_exclude lo,docker0 python t.py\n", id);
  clean("run.sh", "mpirun -np 2 -H a,b --mca btl_tcp_if_exclude 127.0.0.1/8,docker0 python t.py\n", id);
  clean("run.sh", "mpirun -np 2 -H a,b --mca btl_tcp_if_include eth0 python t.py\n", id);
  clean("run.sh", "echo -mca btl_tcp_if_exclude docker0\n", id);
  auto env = lint_as("run.sh", "export OMPI_MCA_btl_tcp_if_exclude=docker0,virbr0\nmpirun -np 2 -H a,b python t.py\n");
  ASSERT_EQ(all_of(env, id).size(), 1u) << ids(env);
  std::string env_after =
      fixed_once("run.sh", "export OMPI_MCA_btl_tcp_if_exclude=docker0,virbr0\nmpirun -np 2 -H a,b python t.py\n", id);
  EXPECT_TRUE(has(env_after, "export OMPI_MCA_btl_tcp_if_exclude=lo,docker0,virbr0\n")) << env_after;
  // review56: a value from a variable (not in the text), an include list beside it (mutually
  // exclusive), a btl list without tcp: quiet
  clean("run.sh", "EXCL=lo,docker0\nmpirun -np 2 -H a,b --mca btl_tcp_if_exclude $EXCL python t.py\n", id);
  clean("run.sh", "export OMPI_MCA_btl_tcp_if_exclude=$EXCLUDE_IFS\nmpirun -np 2 -H a,b python t.py\n", id);
  clean("run.sh", "mpirun -np 2 -H a,b --mca btl_tcp_if_include eth0 --mca btl_tcp_if_exclude docker0 python t.py\n",
        id);
  clean("run.sh", "mpirun -np 2 -H a,b --mca btl ^tcp --mca btl_tcp_if_exclude docker0 python t.py\n", id);
}

// p06: #SBATCH --export=NONE and a plain srun after exports: the steps inherit NONE; the edit sets
// SLURM_EXPORT_ENV=ALL above the srun. One step short (c02): the script unsets SLURM_EXPORT_ENV, the
// srun passes --export=ALL, or nothing is exported: quiet.
TEST(LintFix55, BatchExportNoneReachesTheSteps) {
  const std::string id = "lint.slurm.batch-export-none";
  const std::string text =
      "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --export=NONE\n\nsource /etc/profile\n"
      "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\nexport MASTER_PORT=29500\n"
      "srun bash -c 'RANK=$SLURM_PROCID exec python train.py'\n";
  auto fs = lint_as("job.sbatch", text);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_EQ(found[0]->finding.title,
            "#SBATCH --export=NONE (line 3) reaches the job steps: srun on line 8 starts the tasks without the "
            "variables this script exports (MASTER_ADDR, MASTER_PORT), so every task runs without them");
  std::string after = fixed_once("job.sbatch", text, id);
  EXPECT_TRUE(has(after, "export MASTER_PORT=29500\nexport SLURM_EXPORT_ENV=ALL\nsrun bash -c")) << after;
  std::string unset = text;
  unset.replace(unset.find("source /etc/profile"), 19, "unset SLURM_EXPORT_ENV");
  clean("job.sbatch", unset, id);
  std::string own = text;
  own.replace(own.find("srun bash"), 9, "srun --export=ALL bash");
  clean("job.sbatch", own, id);
  clean("job.sbatch", "#!/bin/bash\n#SBATCH --export=NONE\nsrun /opt/env/bin/python train.py\n", id);
  // review56: --export on a continuation line, a plain (unexported) assignment expanded into argv, a
  // directive after the first command (a comment to sbatch): quiet; an srun before the exports, then
  // one after, and `time srun`: the later one is found
  clean("job.sbatch",
        "#!/bin/bash\n#SBATCH --export=NONE\nexport MASTER_PORT=29500\nsrun --ntasks-per-node=1 \\\n"
        "  --export=ALL python train.py\n",
        id);
  clean("job.sbatch",
        "#!/bin/bash\n#SBATCH --export=NONE\nMASTER_PORT=29500\nsrun python train.py --port $MASTER_PORT\n", id);
  clean("job.sbatch",
        "#!/bin/bash\nmodule load cuda\n#SBATCH --export=NONE\nexport MASTER_PORT=29500\nsrun python t.py\n", id);
  auto later = lint_as("job.sbatch",
                       "#!/bin/bash\n#SBATCH --export=NONE\nsrun hostname\nexport MASTER_PORT=29500\n"
                       "time srun python train.py\n");
  auto l = all_of(later, id);
  ASSERT_EQ(l.size(), 1u) << ids(later);
  EXPECT_EQ(l[0]->location.line, 5);
}

// p20: the pod's memory volume is mounted at /dev/shm in the log-shipper sidecar only: the training
// container's own /dev/shm stays the 64 MB default. One step short: the training container mounts it
// too, or a pod of one container that mounts it: quiet.
TEST(LintFix55, ASidecarsShmMountIsNotTheTrainingContainers) {
  const std::string id = "lint.k8s.no-shm-volume";
  auto pod = [](bool trainer_mounts) {
    return std::string(
               "apiVersion: v1\nkind: Pod\nmetadata:\n  name: vit\nspec:\n  containers:\n"
               "    - name: pytorch\n      image: img\n"
               "      command: [\"torchrun\", \"--nproc_per_node=4\", \"train.py\", \"--workers=8\"]\n"
               "      resources:\n        limits:\n          nvidia.com/gpu: 4\n") +
           (trainer_mounts ? "      volumeMounts:\n        - {name: dshm, mountPath: /dev/shm}\n" : "") +
           "    - name: log-shipper\n      image: fluent/fluent-bit:3.0\n      volumeMounts:\n"
           "        - {name: dshm, mountPath: /dev/shm}\n  volumes:\n    - name: dshm\n      emptyDir:\n"
           "        medium: Memory\n";
  };
  auto fs = lint_as("pod.yaml", pod(false));
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_TRUE(has(found[0]->finding.title,
                  "the training container mounts nothing at /dev/shm (only log-shipper mounts a memory-backed "
                  "/dev/shm: each container has its own /dev/shm)"))
      << found[0]->finding.title;
  clean("pod.yaml", pod(true), id);
}

}  // namespace
}  // namespace dd::lint
