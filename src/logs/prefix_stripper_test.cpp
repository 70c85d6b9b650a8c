#include "logs/prefix_stripper.hpp"

#include <gtest/gtest.h>

namespace dd::logs {
namespace {

struct Case {
  std::string in;
  std::string body;
  int rank;
};

TEST(LogsPrefixStripper, RemovesLauncherPrefixesTimestampsAnsiAndCr) {
  const std::vector<Case> table = {
      {"h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1},
      {"h:1:2 [0] NCCL INFO x\r", "h:1:2 [0] NCCL INFO x", -1},
      {"[1,3]<stdout>:h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", 3},
      {"[0,12]<stderr>:boom", "boom", 12},
      {"[3] h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", 3},
      {"[0] NCCL INFO x", "NCCL INFO x", 0},
      {"[] x", "[] x", -1},
      {"7: h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", 7},
      {"[default5]:[rank5]:oops", "oops", 5},
      {"[rank11]:[E ProcessGroupNCCL.cpp:1] x", "[E ProcessGroupNCCL.cpp:1] x", 11},
      {"[2026-03-13 22:26:02] host:1:2 [5] a.c:1 NCCL WARN w", "host:1:2 [5] a.c:1 NCCL WARN w", -1},
      {"2026-03-01T10:00:00.123Z h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1},
      {"2020-01-17 00:55:01,694 msg", "msg", -1},
      {"3: 2026-03-01T10:00:00+02:00 text", "text", 3},
      {"(RayTrainWorker pid=11904, ip=10.0.0.1) h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1},
      {"\x1b[32mh:1:2 [0] NCCL \x1b[1;31mWARN\x1b[0m x", "h:1:2 [0] NCCL WARN x", -1},
      {"  File \"a.py\", line 3", "File \"a.py\", line 3", -1},
      {"INFO 2020-01-17 00:55:01,694 Using TCPStore", "INFO 2020-01-17 00:55:01,694 Using TCPStore", -1},
      {"12345678: not srun", "12345678: not srun", -1},
      {"[0m ip-1:2:3 [0] NCCL INFO x", "ip-1:2:3 [0] NCCL INFO x", -1},
      {"[36m(RayWorkerWrapper pid=4009) [rank1]:[E P.cpp:5] y", "[E P.cpp:5] y", 1},
      {"[trainer0|0]:ncclInternalError: x", "ncclInternalError: x", -1},
      {"10.10.23.10: so-u-10:13:15 [0] a.cc:1 NCCL WARN w", "so-u-10:13:15 [0] a.cc:1 NCCL WARN w", -1},
      {"node-a: h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1},
      {"RuntimeError: NCCL error in: x", "RuntimeError: NCCL error in: x", -1},
      {"trainer-1  | h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1},
      {"[pod/job-0/pytorch] h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1},
      {"Dec  1 10:00:00 node1 python3[123]: h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1},
      {"I0917 19:46:00.202469  101542 ev_epoll_linux.c:82] Use of signals", "Use of signals", -1},
      {"2025-11-09 15:39:31.043 +08:00 [2025-11-09 07:39:30] h:1:2 [0] NCCL WARN w", "h:1:2 [0] NCCL WARN w", -1},
      {"Decoder failed", "Decoder failed", -1},
      {"", "", -1},
      {"\x1b", "", -1},
      {"[", "[", -1},
  };
  for (const auto& c : table) {
    std::string scratch;
    Stripped s = strip_prefixes(c.in, scratch);
    EXPECT_EQ(c.body, std::string(s.body)) << c.in;
    EXPECT_EQ(c.rank, s.launcher_rank) << c.in;
  }
}

struct HostCase {
  std::string in;
  std::string body;
  int rank;
  std::string host;
};

void expect_table(const std::vector<HostCase>& table) {
  for (const auto& c : table) {
    std::string scratch;
    Stripped s = strip_prefixes(c.in, scratch);
    EXPECT_EQ(c.body, std::string(s.body)) << c.in;
    EXPECT_EQ(c.rank, s.launcher_rank) << c.in;
    EXPECT_EQ(c.host, std::string(s.host)) << c.in;
  }
}

// Programs' own lines that look like some prefix stay whole.
TEST(LogsPrefixStripper, RealNcclTorchTfLinesStayWhole) {
  for (std::string line : {
           "nodea:2001:2001 [0] NCCL INFO Bootstrap : Using eth0:198.18.1.1<0>",
           "10.0.0.1:123:456 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 1000",
           "ip-10-0-0-1.ec2.internal:123:456 [0] NCCL INFO x",
           "worker-0.train-svc.default.svc:12:13 [0] NCCL INFO x",
           "NCCL version 2.18.3+cuda12.1",
           "ncclInternalError: Internal check failed.",
           "WARNING:torch.distributed.run:",
           "torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process 1 closing signal SIGTERM",
           "horovod.common.exceptions.HorovodInternalError: ncclCommInitRank failed",
           "tensorflow.python.framework.errors_impl.UnavailableError: failed to connect",
           "[W socket.cpp:601] [c10d] The IPv6 network addresses of (m, 1) cannot be retrieved",
           "[E ProcessGroupNCCL.cpp:563] [Rank 0] Watchdog caught collective operation timeout",
           "Epoch 1: 100%|##########| 10/10",
           "./train.sh: line 12: python: command not found",
           "libnccl.so.2: cannot open shared object file",
           "x86_64: unsupported",
       }) {
    std::string scratch;
    Stripped s = strip_prefixes(line, scratch);
    EXPECT_EQ(line, std::string(s.body));
    EXPECT_EQ(-1, s.launcher_rank) << line;
    EXPECT_TRUE(s.host.empty()) << line;
  }
}

// GNU grep: -H / -r name the file, -n the line, ':' on a match, '-' on a context line.
TEST(LogsPrefixStripper, GrepFileNamesLineNumbersAndContext) {
  expect_table({
      {"rank0.log:h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1, ""},
      {"logs/node-1/rank0.log:12:h:1:2 [0] NCCL WARN x", "h:1:2 [0] NCCL WARN x", -1, ""},
      {"logs/node-1/rank0.log-13-h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1, ""},
      {"slurm-1234.out:RuntimeError: NCCL error", "RuntimeError: NCCL error", -1, ""},
      {"slurm-1234.out-  File \"train.py\", line 3", "File \"train.py\", line 3", -1, ""},
      {"./out/1/rank.0/stderr:Traceback (most recent call last):", "Traceback (most recent call last):", -1, ""},
      {"train.log.1:12:00:00 msg", "12:00:00 msg", -1, ""},
      {"train.log:7:2026-12-04 12:00:00,123 msg", "msg", -1, ""},
      {"mystery:h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1, ""},
      {"42:h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1, ""},
      {"42:RuntimeError: x", "RuntimeError: x", -1, ""},
      {"43-Traceback (most recent call last):", "Traceback (most recent call last):", -1, ""},
      {"--", "--", -1, ""},
      // not grep: Python warnings, exception names, clocks, "2-node"
      {"/usr/lib/python3/torch/distributed/c10d.py:12: UserWarning: x",
       "/usr/lib/python3/torch/distributed/c10d.py:12: UserWarning: x", -1, ""},
      {"torch.distributed.DistBackendError: NCCL error", "torch.distributed.DistBackendError: NCCL error", -1, ""},
      {"12:00:01 msg", "12:00:01 msg", -1, ""},
      {"2-node job", "2-node job", -1, ""},
      {"gpu-node-001:20000:20100 [0] NCCL INFO x", "gpu-node-001:20000:20100 [0] NCCL INFO x", -1, ""},
  });
}

// pdsh / clush "host: ", kubectl --prefix, stern, journald: the host is kept.
TEST(LogsPrefixStripper, CollectorsKeepTheHost) {
  expect_table({
      {"node01: RuntimeError: NCCL error", "RuntimeError: NCCL error", -1, "node01"},
      {"gpu-3.cluster.local: [rank3]:[E P.cpp:1] y", "[E P.cpp:1] y", 3, "gpu-3.cluster.local"},
      {"10.0.0.7: Traceback (most recent call last):", "Traceback (most recent call last):", -1, "10.0.0.7"},
      {"node-a: h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1, "node-a"},
      {"python3: can't open file", "python3: can't open file", -1, ""},
      {"srun: error: task 3: Exited", "srun: error: task 3: Exited", -1, ""},
      {"Warning: x", "Warning: x", -1, ""},
      {"[pod/trainer-worker-1/pytorch] RuntimeError: x", "RuntimeError: x", -1, "trainer-worker-1"},
      {"[pod/w-0/c] 2026-12-04T12:00:00.123456789Z h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1, "w-0"},
      {"trainer-worker-0 pytorch h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1, "trainer-worker-0"},
      {"kubeflow trainer-worker-0 pytorch RuntimeError: x", "RuntimeError: x", -1, "trainer-worker-0"},
      {"trainer-worker-0 pytorch [rank1]:[E P.cpp:5] y", "[E P.cpp:5] y", 1, "trainer-worker-0"},
      {"loss is nan at step 3", "loss is nan at step 3", -1, ""},
      {"the-job failed RuntimeError: x", "the-job failed RuntimeError: x", -1, ""},
      {"Dec 04 12:00:00 node7 python3[123]: h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", -1, "node7"},
      {"Dec 04 12:00:00.123456 node7 python3[123]: RuntimeError: x", "RuntimeError: x", -1, "node7"},
      {"2026-12-04T12:00:00+0000 node7 python3[123]: RuntimeError: x", "RuntimeError: x", -1, "node7"},
      {"2026-12-04T12:00:00.123456+00:00 node7 python3[123]: x", "x", -1, "node7"},
      {"Fri 2026-12-04 12:00:00 CET node7 python3[123]: x", "x", -1, "node7"},
      {"1733313600.123456 node7 python3[123]: x", "x", -1, "node7"},
      {"[ 1234.567890] node7 python3[123]: x", "x", -1, "node7"},
  });
}

// srun --label, Open MPI 4 and 5 (PMIx) tags, --timestamp-output, Horovod.
TEST(LogsPrefixStripper, LauncherTagsOfEveryForm) {
  expect_table({
      {" 3: h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", 3, ""},
      {"P1 12: h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", 12, ""},
      {"[1,2]<stdout>: h:1:2 [0] NCCL INFO x", "h:1:2 [0] NCCL INFO x", 2, ""},
      {"[prterun-node1-4242@1,5]<stderr>: boom", "boom", 5, ""},
      {"[1,5][node9:4321]<stderr>: boom", "boom", 5, "node9"},
      {"[1,5][unknown:unknown]<stderr>: boom", "boom", 5, ""},
      {"[7]<stdout>: boom", "boom", 7, ""},
      {"[Fri Dec  4 12:00:00 2026][1,5]<stdout>: boom", "boom", 5, ""},
      {"[Fri Dec  4 12:00:00 2026]<stdout>: boom", "boom", -1, ""},
      {"Fri Dec  4 12:00:00 2026[1,5]<stdout>:boom", "boom", 5, ""},
      {"Fri Dec  4 12:00:00 2026<stderr>:boom", "boom", -1, ""},
      {"[1]<stderr>:h:1:2 [0] NCCL WARN w", "h:1:2 [0] NCCL WARN w", 1, ""},
      {"Fri Dec 14 09:01:02 2026[0]<stdout>:text", "text", 0, ""},
      {"Fri Dec 14 09:01:02 2026 is a date", "is a date", -1, ""},
      {"[prterun-box1-4242@1,1][box1:1688]<stdout>: #   Rank  1 Pid   1688 on    box1",
       "#   Rank  1 Pid   1688 on    box1", 1, "box1"},
  });
}

}  // namespace
}  // namespace dd::logs
