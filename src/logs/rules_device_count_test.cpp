// Messages of batch s19 (tests/corpus/logs-s19, now a development set) that name their cause: more
// GPUs or processes asked for than a process sees, or a checkpoint split for another world size
// (CUDA's "invalid device ordinal", Lightning's "You requested gpu", llama's "Loading a checkpoint for
// MP="), DeepSpeed's launcher without a hostfile, Horovod's CPU/GPU device check, c10d's per-address
// bind warnings for a port in use, a torch without libuv asked for it, and NCCL's shared-memory attach
// that finds no segment (ENOENT, not a full /dev/shm). Each excerpt is the real log's lines (the case
// named beside it); each rule also gets the log one step short, which must not claim it.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::any_label;
using test::evidence_has;
using test::find_id;
using test::has;

// modded-nanogpt-61: torchrun started more processes than the node's GPUs.
constexpr const char* k_set_device_trace =
    "W0104 13:46:27.896000 80302 torch/distributed/run.py:792] *****************************************\n"
    "Traceback (most recent call last):\n"
    "  File \"/home/schmid/modded-nanogpt/train_gpt.py\", line 402, in <module>\n"
    "    torch.cuda.set_device(local_rank)\n"
    "  File \"/home/schmid/modded-nanogpt/venv-modded/lib/python3.12/site-packages/torch/cuda/__init__.py\", line 477, "
    "in set_device\n"
    "    torch._C._cuda_setDevice(device)\n";

TEST(LogsDeviceCount, InvalidDeviceOrdinalSaysTheIndexIsNotAmongTheGpusSeen) {
  auto r = analyze_text(std::string(k_set_device_trace) +
                            "RuntimeError: CUDA error: invalid device ordinal\n"
                            "CUDA kernel errors might be asynchronously reported at some other API call, so the "
                            "stacktrace below might be incorrect.\n"
                            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n",
                        "train.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "cuda.device.ordinal-invalid");
  EXPECT_EQ(f.label, core::Label::config_typo);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "not among the GPUs it sees")) << f.title;
  EXPECT_TRUE(evidence_has(f, "invalid device ordinal"));
  EXPECT_TRUE(has(f.fix.text, "torch.cuda.device_count()")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "--nproc_per_node")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "LOCAL_RANK")) << f.fix.text;

  // hrnet-171 / squash-generation-40: THC's two forms (torch 1.x).
  auto thc = analyze_text(
      "THCudaCheck FAIL file=/pytorch/torch/csrc/cuda/Module.cpp line=33 error=10 : invalid device ordinal\n"
      "Traceback (most recent call last):\n"
      "  File \"question-generation/train.py\", line 259, in train\n"
      "    torch.cuda.set_device(args.local_rank)\n"
      "RuntimeError: cuda runtime error (10) : invalid device ordinal at /pytorch/torch/csrc/cuda/Module.cpp:33\n",
      "train.log");
  ASSERT_FALSE(thc.findings.empty());
  EXPECT_EQ(thc.findings.front().id, "cuda.device.ordinal-invalid");

  // One step short: the traceback without the error line names nothing about devices.
  auto bare = analyze_text(k_set_device_trace, "train.log");
  EXPECT_EQ(find_id(bare, "cuda.device.ordinal-invalid"), nullptr);
  EXPECT_FALSE(any_label(bare, core::Label::config_typo));
}

// NCCL's own CUDACHECK text of the same CUDA error (logs-s16/nccl-496, a driver older than the CUDA
// NCCL was built with) is not read as a launch that asked for too many GPUs.
TEST(LogsDeviceCount, NcclsCudaFailureTextIsNotTheLaunchFinding) {
  auto r =
      analyze_text("8470dd07de42:174:239 [0] init.cc:895 NCCL WARN Cuda failure 'invalid device ordinal'\n", "r0.log");
  EXPECT_EQ(find_id(r, "cuda.device.ordinal-invalid"), nullptr);
}

// dofa-pytorch-20: Lightning's two-line MisconfigurationException.
TEST(LogsDeviceCount, LightningNamesTheGpusRequested) {
  auto r = analyze_text(
      "lightning.fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [0, 1]\n"
      " But your machine only has: [0]\n",
      "train.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "lightning.gpus.requested-absent");
  EXPECT_EQ(f.label, core::Label::config_typo);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "GPU(s) [0, 1] and")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "devices=N")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "CUDA_VISIBLE_DEVICES")) << f.fix.text;

  auto bare = analyze_text(" But your machine only has: [0]\n", "train.log");
  EXPECT_EQ(find_id(bare, "lightning.gpus.requested-absent"), nullptr);
}

// llama-806: a 70B checkpoint (MP=8) started with one process.
TEST(LogsDeviceCount, LlamaCheckpointQuotesMpAndWorldSize) {
  const std::string trace =
      "torchrun --nproc_per_node 1 example_text_completion.py \\\n"
      "     --ckpt_dir /home/user/imported_models/llama-2-70b-chat/Llama-2-70b-chat \\\n"
      "> initializing model parallel with size 1\n"
      "Traceback (most recent call last):\n"
      "  File \"/home/user/data/llama/llama/generation.py\", line 103, in build\n"
      "    assert model_parallel_size == len(\n";
  auto r = analyze_text(trace + "AssertionError: Loading a checkpoint for MP=8 but world size is 1\n", "run.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "llama.checkpoint.model-parallel");
  EXPECT_EQ(f.label, core::Label::config_typo);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "'MP=8 but world size is 1'")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "torchrun --nproc_per_node MP")) << f.fix.text;

  auto bare = analyze_text(trace, "run.log");
  EXPECT_EQ(find_id(bare, "llama.checkpoint.model-parallel"), nullptr);
}

// gpt-neox-671: the runner's warning, then a rendezvous traceback cut before its error line.
TEST(LogsDeviceCount, DeepSpeedWithoutHostfileIsAWarningThatYieldsToAnError) {
  const std::string warning =
      "[WARNING] [runner.py:178:fetch_hostfile] Unable to find hostfile, will proceed with training with local "
      "resources only.\n";
  const std::string trace =
      "Traceback (most recent call last):\n"
      "  File \"/fsx/hailey/pythia/gpt-neox/train.py\", line 30, in <module>\n"
      "    pretrain(neox_args=neox_args)\n"
      "  File \"/fsx/gpt-neox/conda/envs/neox/lib/python3.9/site-packages/torch/distributed/distributed_c10d.py\", "
      "line 595, in init_process_group\n"
      "    store, rank, world_size = next(rendezvous_iterator)\n";
  auto r = analyze_text(warning + trace, "neox.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "deepspeed.hostfile.missing");
  EXPECT_EQ(f.label, core::Label::config_typo);
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_TRUE(has(f.title, "on this machine only")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "slots=GPUS")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "On one node this line is expected")) << f.fix.text;

  // An error that names its cause outranks the warning.
  auto with_error = analyze_text(warning + trace +
                                     "RuntimeError: The server socket has failed to listen on any local network "
                                     "address. The server socket has failed to bind to [::]:29500 (errno: 98 - "
                                     "Address already in use). The server socket has failed to bind to 0.0.0.0:29500 "
                                     "(errno: 98 - Address already in use).\n",
                                 "neox.log");
  ASSERT_FALSE(with_error.findings.empty());
  EXPECT_EQ(with_error.findings.front().id, "launch.port.in-use");
  EXPECT_NE(find_id(with_error, "deepspeed.hostfile.missing"), nullptr);

  auto bare = analyze_text(trace, "neox.log");
  EXPECT_EQ(find_id(bare, "deepspeed.hostfile.missing"), nullptr);
}

// lightning-2771 (Open MPI tags) and lightning-7411: Horovod's coordinator check.
TEST(LogsDeviceCount, HorovodDeviceMismatchNamesTheCollective) {
  auto r = analyze_text(
      "[1,2]<stderr>:  File \"/usr/local/lib/python3.6/dist-packages/horovod/torch/mpi_ops.py\", line 505, in "
      "synchronize\n"
      "[1,2]<stderr>:    mpi_lib.horovod_torch_wait_and_clear(handle)\n"
      "[1,2]<stderr>:RuntimeError: Mismatched BROADCAST CPU/GPU device selection: One rank specified device CPU, but "
      "another rank specified device GPU.\n"
      "[1,1]<stderr>:Traceback (most recent call last):\n",
      "horovod.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "horovod.collective.device-mismatch");
  EXPECT_EQ(f.label, core::Label::collective_mismatch);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "the same BROADCAST on different devices")) << f.title;
  EXPECT_TRUE(has(f.fix.text, "torch.cuda.set_device(hvd.local_rank())")) << f.fix.text;

  auto allreduce = analyze_text(
      "    raise HorovodInternalError(e)\n"
      "horovod.common.exceptions.HorovodInternalError: Mismatched ALLREDUCE CPU/GPU device selection: One rank "
      "specified device CPU, but another rank specified device GPU.\n",
      "horovod.log");
  const auto* a = find_id(allreduce, "horovod.collective.device-mismatch");
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(has(a->title, "the same ALLREDUCE on")) << a->title;

  auto bare = analyze_text("    raise HorovodInternalError(e)\n", "horovod.log");
  EXPECT_EQ(find_id(bare, "horovod.collective.device-mismatch"), nullptr);
}

// gr-mg-11: c10d's per-address bind warnings and the listen error, no RuntimeError line.
TEST(LogsDeviceCount, PortInUseFromBindWarningsAndTheListenError) {
  const std::string binds =
      "[W socket.cpp:436] [c10d] The server socket has failed to bind to [::]:50002 (errno: 98 - Address already in "
      "use).\n"
      "[W socket.cpp:436] [c10d] The server socket has failed to bind to 0.0.0.0:50002 (errno: 98 - Address already "
      "in use).\n";
  const std::string listen =
      "[E socket.cpp:472] [c10d] The server socket has failed to listen on any local network address.\n";
  auto r = analyze_text(binds + listen, "train.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "launch.port.in-use");
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "Port 50002 is already in use")) << f.title;
  EXPECT_TRUE(evidence_has(f, "failed to listen on any local network address"));
  EXPECT_TRUE(has(f.fix.text, "ss -ltnp \"sport = :50002\"")) << f.fix.text;

  // The bind warnings alone: the store may have bound another address, so only a warning that says so.
  auto warned = analyze_text(binds, "train.log");
  const auto* w = find_id(warned, "launch.port.in-use");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->severity, core::Severity::warning);
  EXPECT_TRUE(has(w->title, "whether it bound another address is not shown")) << w->title;

  // The listen error alone names no errno: not this finding.
  auto bare = analyze_text(listen, "train.log");
  EXPECT_EQ(find_id(bare, "launch.port.in-use"), nullptr);
  // Another errno in the bind warning (permission denied) is not a port in use.
  auto denied = analyze_text(
      "[W socket.cpp:436] [c10d] The server socket has failed to bind to [::]:80 (errno: 13 - Permission denied).\n" +
          listen,
      "train.log");
  EXPECT_EQ(find_id(denied, "launch.port.in-use"), nullptr);
}

// fluxgym-82 (accelerate on Windows, lines as its web UI printed them).
TEST(LogsDeviceCount, TorchWithoutLibuvGetsUseLibuvOff) {
  const std::string trace =
      "39] [INFO] rdzv_info = spec.dzv_handler.next_rendezvous()\n"
      "39] [INFO] self._store = TCPStore (# type: ignore [call-arg]\n";
  auto r =
      analyze_text(trace +
                       "39] [INFO] RuntimeError: use_libuv was requested but PyTorch was build without libuv support\n"
                       "41] [ERROR] Command exited with code 1\n",
                   "fluxgym.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "launch.store.libuv-missing");
  EXPECT_EQ(f.label, core::Label::other);
  EXPECT_EQ(f.severity, core::Severity::error);
  EXPECT_TRUE(has(f.title, "no libuv")) << f.title;
  ASSERT_EQ(f.fix.env.count("USE_LIBUV"), 1U);
  EXPECT_EQ(f.fix.env.at("USE_LIBUV"), "0");
  EXPECT_TRUE(has(f.fix.text, "$env:USE_LIBUV = \"0\"")) << f.fix.text;

  auto bare = analyze_text(trace, "fluxgym.log");
  EXPECT_EQ(find_id(bare, "launch.store.libuv-missing"), nullptr);
}

// nccl-1589: the attach finds no segment (ENOENT). That is not a full /dev/shm; ENOSPC still is.
TEST(LogsDeviceCount, ShmAttachWithoutTheSegmentIsNotShmExhausted) {
  auto r = analyze_text(
      "g148:14937:69361 [0] NCCL INFO Channel 00/1 : 0[0] -> 7[7] via P2P/CUMEM\n"
      "g148:14937:69361 [0] NCCL INFO Channel 01/1 : 0[0] -> 8[0] [send] via NET/IB/9/GDRDMA/Shared\n"
      "\n"
      "g148:14937:69361 [0] misc/shmutils.cc:93 NCCL WARN Call to open failed: No such file or directory\n"
      "\n"
      "g148:14937:69361 [0] misc/shmutils.cc:129 NCCL WARN Error while attaching to shared memory segment "
      "/dev/shm/nccl-glnlGK (size 14156128), error: No such file or directory (2)\n",
      "g148.log");
  ASSERT_FALSE(r.findings.empty());
  const auto& f = r.findings.front();
  EXPECT_EQ(f.id, "nccl.shm.segment-missing");
  EXPECT_EQ(f.label, core::Label::other);
  EXPECT_TRUE(has(f.title, "not /dev/shm full")) << f.title;
  EXPECT_TRUE(evidence_has(f, "/dev/shm/nccl-glnlGK"));
  EXPECT_TRUE(has(f.fix.text, "--ipc=host")) << f.fix.text;
  EXPECT_TRUE(has(f.fix.text, "NCCL_SHM_DISABLE=1")) << f.fix.text;
  EXPECT_EQ(find_id(r, "nccl.shm.exhausted"), nullptr);
  EXPECT_FALSE(any_label(r, core::Label::shm_exhausted));

  // The same message with ENOSPC (/dev/shm full) stays nccl.shm.exhausted.
  auto full = analyze_text(
      "node1:101:130 [0] misc/shmutils.cc:129 NCCL WARN Error while creating shared memory segment "
      "/dev/shm/nccl-Ab12Cd (size 9637888), error: No space left on device (28)\n",
      "node1.log");
  ASSERT_FALSE(full.findings.empty());
  EXPECT_EQ(full.findings.front().id, "nccl.shm.exhausted");
  EXPECT_EQ(find_id(full, "nccl.shm.segment-missing"), nullptr);
}

}  // namespace
}  // namespace dd::logs
