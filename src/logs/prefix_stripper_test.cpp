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

}  // namespace
}  // namespace dd::logs
