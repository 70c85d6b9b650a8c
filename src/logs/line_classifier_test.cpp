#include "logs/line_classifier.hpp"

#include <gtest/gtest.h>

namespace dd::logs {
namespace {

// The event's views point into the line: keep it alive until the next call.
LineEvent classify(const std::string& line) {
  static std::string held, scratch;
  held = line;
  return parse_line(held, scratch).event;
}

// `line` classifies as `kind` with `text` as its captured text.
void expect_event(const std::string& line, EventKind kind, std::string_view text) {
  LineEvent ev = classify(line);
  EXPECT_EQ(kind, ev.kind) << line;
  EXPECT_EQ(text, ev.text) << line;
}

TEST(LogsLineClassifier, ReadsTheNcclHeader) {
  LineEvent ev = classify("jupyter-vm:15833:15840 [3] NCCL INFO Setting affinity for GPU 3 to ff00ff");
  EXPECT_TRUE(ev.has_header);
  EXPECT_EQ("jupyter-vm", ev.host);
  EXPECT_EQ("15833", ev.pid);
  EXPECT_EQ(3, ev.dev);
  EXPECT_EQ(EventKind::nccl_info, ev.kind);
  EXPECT_FALSE(classify("not a header: 12 [x] NCCL INFO y").has_header);
  EXPECT_FALSE(classify("a:b [0] NCCL INFO y").has_header);  // only two fields
}

// NCCL_DEBUG_SUBSYS=COLL (enqueue.cc's INFO(NCCL_COLL, "%s: opCount %lx sendbuff %p recvbuff %p count %zu
// datatype %d op %d root %d comm %p [nranks=%d] stream %p")).
TEST(LogsLineClassifier, CollectiveTraceLines) {
  LineEvent ev = classify(
      "gpu-a:4242:4301 [1] NCCL INFO ReduceScatter: opCount 1a2 sendbuff 0x7f00 recvbuff 0x7f80 "
      "count 3000000000 datatype 9 op 4 root 0 comm 0x55aa10 [nranks=16] stream 0x55bb20");
  EXPECT_EQ(EventKind::coll_call, ev.kind);
  EXPECT_EQ("ReduceScatter", ev.text);
  EXPECT_EQ(0x1a2, ev.seq);
  EXPECT_EQ(3000000000, ev.count);
  EXPECT_EQ(9, ev.datatype);
  EXPECT_EQ(4, ev.op);
  EXPECT_EQ(0, ev.root);
  EXPECT_EQ(16, ev.nranks);
  EXPECT_EQ("0x55aa10", ev.comm);
  // Not a trace line: an "opCount" elsewhere in a message, or no count.
  EXPECT_NE(EventKind::coll_call, classify("h:1:1 [0] NCCL INFO Channel 00 : opCount 3 pending").kind);
  EXPECT_NE(EventKind::coll_call, classify("h:1:1 [0] NCCL INFO AllReduce: opCount 3 sendbuff 0x1").kind);
}

TEST(LogsLineClassifier, BootstrapAndNetLinesOfEveryVersion) {
  struct Case {
    std::string line;
    EventKind kind;
    std::string iface, addr;
  };
  const std::vector<Case> table = {
      // 2.4.8 - 2.7.8: the whole list
      {"h:1:1 [0] NCCL INFO Bootstrap : Using [0]eth0:10.0.0.1<0> [1]eth1:10.0.1.1<0>", EventKind::bootstrap_iface,
       "eth0", "10.0.0.1"},
      // 2.8 - 2.23
      {"h:1:1 [0] NCCL INFO Bootstrap : Using ib0:10.1.0.1<0>", EventKind::bootstrap_iface, "ib0", "10.1.0.1"},
      // 2.24+
      {"h:1:1 [0] NCCL INFO Bootstrap: Using eth0:fe80::1%eth0<0>", EventKind::bootstrap_iface, "eth0", "fe80::1%eth0"},
      {"h:1:1 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0> [1]eth1:10.0.1.1<0>", EventKind::socket_ifaces,
       "eth0", "10.0.0.1"},
      // 2.3: one interface per line
      {"h:1:1 [0] NCCL INFO NET : Using interface lo:127.0.0.1<0>", EventKind::legacy_iface, "lo", "127.0.0.1"},
      // the OOB interface is NET/IB's socket interface
      {"h:1:1 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [RO]; OOB eth0:10.0.0.1<0>", EventKind::ib_devices, "eth0",
       "10.0.0.1"},
      {"h:1:1 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB/SHARP [1]mlx5_8:1/RoCE [RO]; OOB ibp75s0:192.168.0.103<0>",
       EventKind::ib_devices, "ibp75s0", "192.168.0.103"},
      {"h:1:1 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.1.0.1<0>", EventKind::ib_devices, "ib0",
       "10.1.0.1"},
      // NCCLCHECK's error trace through the bootstrap (bootstrap.cu before 2.4); other files stay activity
      {"h:1:1 [0] NCCL INFO bootstrap.cc:270 -> 2", EventKind::bootstrap_failed, "", ""},
      {"h:1:1 [0] NCCL INFO bootstrap.cu:119 -> 2 [bthread]", EventKind::bootstrap_failed, "", ""},
      {"h:1:1 [0] NCCL INFO misc/socket.cc:567 -> 2", EventKind::nccl_info, "", ""},
      {"h:1:1 [0] NCCL INFO bootstrap.cc:270 -> 0", EventKind::nccl_info, "", ""},
      {"h:1:1 [0] NCCL INFO NET/IB : No device found.", EventKind::ib_none, "", ""},
      {"h:1:1 [0] NCCL INFO Using network Socket", EventKind::using_network, "", ""},
      {"h:1:1 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/IB/0", EventKind::net_channel, "", ""},
      {"h:1:1 [0] NCCL INFO Ring 00 : 3 -> 4 [send] via NET/Socket/0", EventKind::net_channel, "", ""},
      {"h:1:1 [0] NCCL INFO NET/Socket: Using 2 threads and 8 sockets per thread", EventKind::nccl_info, "", ""},
      {"h:1:1 [0] NCCL INFO Connected all rings", EventKind::rings_connected, "", ""},
  };
  for (const auto& c : table) {
    LineEvent ev = classify(c.line);
    EXPECT_EQ(c.kind, ev.kind) << c.line;
    EXPECT_EQ(c.iface, ev.iface) << c.line;
    EXPECT_EQ(c.addr, ev.addr) << c.line;
  }
  EXPECT_EQ("Socket", classify("h:1:1 [0] NCCL INFO Using network Socket").text);
  EXPECT_EQ("IB",
            channel_transport(classify("h:1:1 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/IB/0").text));
  EXPECT_EQ("", channel_transport(classify("h:1:1 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via P2P/IPC").text));
}

// A channel over GPUDirect RDMA is marked by the catalogue's "mark" (the channel entries' literal),
// in NCCL's channel and ring lines and in a channel line quoted without its header.
TEST(LogsLineClassifier, ChannelLinesMarkGpuDirectRdma) {
  EXPECT_TRUE(classify("h:1:1 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/IB/0/GDRDMA").marked);
  EXPECT_TRUE(classify("h:1:1 [0] NCCL INFO Ring 00 : 0[0] -> 1[1] via NET/IB/0/GDRDMA").marked);
  EXPECT_TRUE(classify("Channel 01/0 : 9[1a000] -> 2[6b000] [send] via NET/IB/0/GDRDMA").marked);
  EXPECT_FALSE(classify("h:1:1 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/IB/0").marked);
  EXPECT_FALSE(classify("h:1:1 [0] NCCL INFO Ring 00 : 0[0] -> 1[1] via NET/IB/1").marked);
}

TEST(LogsLineClassifier, CommRanksAndInitComplete) {
  LineEvent old = classify("h:1:1 [1] NCCL INFO comm 0x7f19 rank 3 nranks 4 cudaDev 1 busId 2000 - Init COMPLETE");
  EXPECT_EQ(EventKind::comm_rank, old.kind);
  EXPECT_EQ(3, old.rank);
  EXPECT_EQ(4, old.nranks);
  EXPECT_TRUE(old.init_complete);
  LineEvent neu = classify(
      "h:1:1 [0] NCCL INFO ncclCommInitRank comm 0x55 rank 12 nranks 16 cudaDev 0 nvmlDev 0 busId 1000 commId 0xab "
      "localSize 8 used 1 bytes - Init COMPLETE");
  EXPECT_EQ(12, neu.rank);
  EXPECT_EQ(16, neu.nranks);
  EXPECT_TRUE(neu.init_complete);
  LineEvent start = classify("h:1:1 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 1000 - Init START");
  EXPECT_FALSE(start.init_complete);
  EXPECT_EQ(0, start.rank);
  EXPECT_EQ(4, classify("h:1:1 [3] NCCL INFO nranks 4").nranks);
}

TEST(LogsLineClassifier, WarnFormatsAndCauses) {
  struct Case {
    std::string line;
    EventKind kind;
  };
  const std::vector<Case> table = {
      {"e66a:3171:3171 [0] misc/ibvwrap.cu:61 WARN Failed to open libibverbs.so[.1]", EventKind::libibverbs_missing},
      {"e66a:3171:3171 [0] include/socket.h:311 WARN Socket creation failed : Address family not supported by protocol",
       EventKind::no_socket_iface},
      {"include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-x (size 9637888)",
       EventKind::shm_error},
      {"init.cc:1247 NCCL WARN Mismatched collective detected, please check", EventKind::collective_mismatch},
      {"h:1:2 [5] ibvwrap.c:262 NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx_x:1",
       EventKind::ib_error},
      {"h:1:2 [0] include/socket.h:390 NCCL WARN Connect to 172.17.0.3<37551> failed : Connection refused",
       EventKind::connect_failed},
      {"h:1:2 [0] NCCL INFO Call to connect returned Connection refused, retrying", EventKind::connect_failed},
      {"h:1:2 [0] transport/net_socket.cc:420 NCCL WARN NET/Socket : Message truncated : received 1024 bytes instead "
       "of 4",
       EventKind::message_truncated},
      {"h:1:2 [0] misc/socket.cc:524 NCCL WARN Bootstrap : no socket interface found", EventKind::no_socket_iface},
      {"h:1:2 [0] NCCL WARN some new warning", EventKind::nccl_warn},
      {"NCCL version 2.4.8+cuda10.0", EventKind::nccl_version},
      {"h:1:1 [0] NCCL INFO NCCL version 2.19.3+cuda12.3", EventKind::nccl_version},
  };
  for (const auto& c : table) EXPECT_EQ(c.kind, classify(c.line).kind) << c.line;
  LineEvent c =
      classify("h:1:2 [0] include/socket.h:390 NCCL WARN Connect to 172.17.0.3<37551> failed : Connection refused");
  EXPECT_TRUE(c.warn);
  EXPECT_EQ("172.17.0.3", c.addr);
  EXPECT_EQ(37551, c.port);
  EXPECT_EQ(ConnError::refused, c.err);
  EXPECT_EQ("2.4.8+cuda10.0", classify("NCCL version 2.4.8+cuda10.0").text);
  {
    // NCCL <= 2.2 printed "host:pid:tid [dev] INFO msg"; pastes lose the word NCCL.
    LineEvent old = classify("gpu2:46654:46654 [0] INFO NET : Using interface ib0:12.12.12.102<0>");
    EXPECT_TRUE(old.has_header);
    EXPECT_EQ(EventKind::legacy_iface, old.kind);
    EXPECT_EQ("ib0", old.iface);
    EXPECT_EQ(EventKind::nccl_info, classify("gpu2:46654:46654 [0] INFO Using internal Network Socket").kind);
    EXPECT_EQ(EventKind::gdr_disabled, classify("INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'").kind);
    EXPECT_EQ(EventKind::ib_none, classify("INFO NET/IB : No device found.").kind);
    // Other programs' INFO lines stay free text.
    EXPECT_EQ(EventKind::none, classify("INFO Starting epoch 3").kind);
    EXPECT_EQ(EventKind::data_stall, classify("INFO DataLoader worker (pid 42) is killed by signal").kind);
    LineEvent w = classify("h:1:2 [0] WARN Call to connect failed : Connection timed out");
    EXPECT_TRUE(w.warn);
    EXPECT_EQ(EventKind::connect_failed, w.kind);
  }
  {
    const std::vector<std::string> lines = {
        "user:16899:16961 [0] misc/socket.cc:441 NCCL WARN socketFinalizeAccept: wrong type 4 != 3",
        "h:1:2 [0] misc/socket.cc:538 NCCL WARN socketFinalizeAccept from 10.0.0.2<41372>: wrong type 4 != 3",
        "h:1:2 [0] NCCL INFO socketFinalizeAccept from 10.0.0.2<41372>: wrong socket type (peer 4 != expected 3 "
        "-- peer connected to wrong NCCL socket), discarding peer connection",
    };
    for (const auto& l : lines) {
      LineEvent ev = classify(l);
      ASSERT_EQ(EventKind::socket_type_mismatch, ev.kind) << l;
      int peer = 0, expected = 0;
      ASSERT_TRUE(socket_type_pair(ev.text, peer, expected)) << l;
      EXPECT_EQ(4, peer) << l;
      EXPECT_EQ(3, expected) << l;
    }
    EXPECT_NE(EventKind::socket_type_mismatch,
              classify("h:1:2 [0] misc/socket.cc:428 NCCL WARN socketFinalizeAccept: wrong magic 12 != 34").kind);
    int a = 0, b = 0;
    EXPECT_FALSE(socket_type_pair("no numbers here", a, b));
  }
}

TEST(LogsLineClassifier, FrameworkLines) {
  struct Case {
    std::string line;
    EventKind kind;
  };
  const std::vector<Case> table = {
      {"what():  [pair.cc:724] connect [127.0.1.1]:3210: Connection refused", EventKind::connect_failed},
      {"Error: Rank -1 received an Exception. Detailed message: host not found: Name or service not known",
       EventKind::hostname_error},
      {"ValueError: host not found: Name or service not known", EventKind::hostname_error},
      {"RuntimeError: Distributed package doesn't have NCCL built in", EventKind::windows_no_nccl},
      {"[Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=BROADCAST, Timeout(ms)=5)",
       EventKind::watchdog_timeout},
      {"UNAVAILABLE: failed to connect to all addresses", EventKind::grpc_unavailable},
      {"ValueError: Invalid TF_CONFIG: missing task", EventKind::tf_config_error},
      {"RuntimeError: DataLoader timed out after 600 seconds", EventKind::data_stall},
      {"Epoch 0:  12%|#2        | 120/1000 [01:10<08:33,  1.71it/s]", EventKind::progress},
      {"RuntimeError: NCCL error in: x.cpp:1, unhandled system error", EventKind::opaque_error},
      {"#   Rank  2 Pid  15833 on jupyter device  2 [0x82] GeForce GTX 1080 Ti", EventKind::nccl_tests_rank},
      {"MASTER_ADDR resolves to 127.0.1.1 here", EventKind::loopback_alias},
      {"Epoch 1 loss 0.25", EventKind::none},
  };
  for (const auto& c : table) EXPECT_EQ(c.kind, classify(c.line).kind) << c.line;
  LineEvent w = classify("[Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, OpType=BROADCAST)");
  EXPECT_EQ(9, w.seq);
  EXPECT_EQ("BROADCAST", w.text);
  EXPECT_EQ(2, w.rank);
  LineEvent g = classify("what():  [pair.cc:724] connect [127.0.1.1]:3210: Connection refused");
  EXPECT_EQ("127.0.1.1", g.addr);
  EXPECT_EQ(3210, g.port);
  LineEvent t = classify("#   Rank  2 Pid  15833 on jupyter device  2 [0x82] GeForce GTX 1080 Ti");
  EXPECT_EQ(2, t.rank);
  EXPECT_EQ("jupyter", t.host);
  EXPECT_EQ(2, t.dev);
  LineEvent c = classify("The client socket has timed out after 1800s while trying to connect to (10.0.0.1, 29500).");
  EXPECT_EQ(EventKind::connect_failed, c.kind);
  EXPECT_EQ(ConnError::timed_out, c.err);
  EXPECT_EQ("10.0.0.1", c.addr);
  EXPECT_EQ(29500, c.port);
  {
    expect_event(
        "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:127] rp != nullptr. Unable to "
        "find address for: dgx-1.ai",
        EventKind::gloo_host_unusable, "dgx-1.ai");
    expect_event(
        "RuntimeError: [enforce fail at gloo/transport/tcp/device.cc:124] bind_rv == 0. Unable to find address for "
        "node-3; bind(2) for 10.0.0.9 failed with: Cannot assign requested address",
        EventKind::gloo_host_unusable, "node-3");
    expect_event(
        "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:84] ifa != nullptr. Unable to "
        "find address for: eth0",
        EventKind::gloo_iface_missing, "eth0");
  }
  {
    for (std::string l : {"ValueError: worker is not a valid task_type in the cluster_spec:",
                          "ValueError: 3 is not a valid task_id for task_type worker in the cluster_spec:",
                          "ValueError: Task index must be non-negative number.",
                          "ValueError: If `master` node exists in `cluster`, task_type `evaluator` is not supported.",
                          "ValueError: `task_type` 'worker' not found in cluster_spec.",
                          "ValueError: The `task_id` 2 exceeds the maximum id of worker."})
      EXPECT_EQ(EventKind::tf_config_error, classify(l).kind) << l;
  }
}

TEST(LogsLineClassifier, EndpointsTorchRejects) {
  expect_event(
      "ValueError: The port number of the rendezvous endpoint 'None:None' must be an integer between 0 and 65536.",
      EventKind::endpoint_invalid, "'None:None'");
  expect_event(
      "ValueError: The hostname of the rendezvous endpoint 'node 1:29400' must be a dot-separated list of labels, an "
      "IPv4 address, or an IPv6 address.",
      EventKind::endpoint_invalid, "'node 1:29400'");
  // pybind11's last line of TCPStore's overload error: a port outside 0-65535 is the reason.
  expect_event("Invoked with: 'master-0', 70000, 2, True, datetime.timedelta(seconds=1800); kwargs: x=1",
               EventKind::endpoint_invalid, "'master-0', 70000");
  EXPECT_EQ(EventKind::endpoint_invalid, classify("Invoked with: 'h', -1, 2, True").kind);
  expect_event("Invoked with: 'h', 99999999999999999999999, 2", EventKind::endpoint_invalid,
               "'h', 99999999999999999999999");  // beyond int64: still no port
  EXPECT_NE(EventKind::endpoint_invalid, classify("Invoked with: 'h', 70000x, 2").kind);
  EXPECT_NE(EventKind::endpoint_invalid, classify("Invoked with: 'h', -").kind);
  // A valid port: the overload failed for another argument (e.g. multi_tenant on an older torch).
  EXPECT_NE(EventKind::endpoint_invalid,
            classify("Invoked with: '127.0.0.1', 29500, 1, True, datetime.timedelta(0, 900); kwargs: multi_tenant=True")
                .kind);
  EXPECT_NE(EventKind::endpoint_invalid, classify("Invoked with: 'no', 'such', 'constructor'").kind);
  EXPECT_NE(EventKind::endpoint_invalid, classify("Invoked with: [1, 2, 3], 4").kind);
}

TEST(LogsLineClassifier, CudaCodeWithoutKernelsForTheGpu) {
  for (std::string l : {"node1:101:130 [0] enqueue.cc:215 NCCL WARN Cuda failure 'invalid device function'",
                        "[3] enqueue.cc:215 NCCL WARN Cuda failure 'invalid device function'",
                        "gpu-9:7:9 [0] enqueue.cc:58 NCCL WARN Cuda failure 'named symbol not found'",
                        "RuntimeError: CUDA error: no kernel image is available for execution on the device",
                        "RuntimeError: CUDA error: invalid device function"})
    EXPECT_EQ(EventKind::gpu_arch_unsupported, classify(l).kind) << l;
  EXPECT_EQ(EventKind::driver_version,
            classify("h:1:2 [0] misc/cudawrap.cc:182 NCCL WARN Cuda failure 'CUDA driver version is insufficient for "
                     "CUDA runtime version'")
                .kind);
}

TEST(LogsLineClassifier, StackFramesInInputPipelineCode) {
  for (std::string l : {"    __next__ (trainer/data/shard_reader.py:212)",
                        "__next__ (/opt/app/datasets/streaming.py:40)", "    _next_data (mylib/io/my_dataloader.py:77)",
                        "  File \"/srv/proj/data/iterators.py\", line 648, in __next__",
                        "  File \"/srv/proj/pipeline/image_dataset.py\", line 31 in __getitem__"})
    EXPECT_EQ(EventKind::data_stall, classify(l).kind) << l;
  for (std::string l : {"    wait (threading.py:302)", "    __next__ (trainer/model/layers.py:12)",
                        "    forward (trainer/data/augment.py:30)", "  File \"/srv/proj/train.py\", line 274, in train",
                        "Epoch (loss 0.3)"})
    EXPECT_NE(EventKind::data_stall, classify(l).kind) << l;
}

TEST(LogsLineClassifier, SurvivesHostileInput) {
  std::string junk;
  for (int i = 0; i < 4096; ++i) junk.push_back(static_cast<char>((i * 131) & 0xff));
  std::string scratch;
  (void)parse_line(junk, scratch);
  (void)parse_line(std::string(1 << 20, '<'), scratch);
  (void)parse_line(std::string(1 << 16, '['), scratch);
  (void)parse_line("h:1:1 [", scratch);
  (void)parse_line("h:1:1 [0] NCCL WARN ", scratch);
  (void)parse_line("h:1:1 [0] NCCL INFO Bootstrap : Using ", scratch);
  EXPECT_EQ(EventKind::none, parse_line(std::string(1000, '\x1b'), scratch).event.kind);
}

}  // namespace
}  // namespace dd::logs

namespace dd::logs {
namespace {

// Line formats generalised from the development corpus's cases.
TEST(LogsLineClassifier, SecondRoundFormats) {
  struct Case {
    std::string line;
    EventKind kind;
  };
  const std::vector<Case> table = {
      {"    raise RuntimeError(\"Distributed package doesn't have NCCL \" \"built in\")", EventKind::windows_no_nccl},
      {"InvalidArgumentError: Task 2 was not defined in job \"worker\"", EventKind::tf_config_error},
      {"TF_CONFIG is {\"worker\":[\"n1:2222\",\"n2:2222\"],\"evaluator\":[\"n3:2222\"]}", EventKind::tf_config_error},
      {"TF_CONFIG is {\"cluster\":{\"worker\":[\"n1:2222\"]},\"task\":{\"type\":\"evaluator\",\"index\":0}}",
       EventKind::none},
      {"Running tokenizer on dataset:  88%|########8 | 383700/433643 [29:55<03:25, 2432.70 examples/s]",
       EventKind::data_stall},
      {"Map: 100%|##########| 1000/1000 [00:01<00:00, 900.00 examples/s]", EventKind::none},
      {"    with training_args.main_process_first(desc=\"dataset map pre-processing\"):", EventKind::data_stall},
      {"NCCL WARN NET/IB : Got completion from peer fe80::1%ib0<33397> with error 4, opcode 32611, len 32611, vendor "
       "err 81 (Send)",
       EventKind::driver_error},
      {"h:1:2 [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.0.2<57888> with status=4 "
       "opcode=1 len=0 vendor err 81 (Send)",
       EventKind::driver_error},
      {"h:1:2 [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.0.2<57888> with status=12 "
       "opcode=1 len=0 vendor err 129 (Send)",
       EventKind::ib_error},
  };
  for (const auto& c : table) EXPECT_EQ(c.kind, classify(c.line).kind) << c.line;
  EXPECT_FALSE(detail::is_unfinished_preprocessing("Epoch 0:  12%|#2   | 120/1000 [01:10<08:33,  1.71it/s]"));
  EXPECT_TRUE(detail::is_unfinished_preprocessing("Map:   9%|7  | 280000/2969526 [29:55<4:48:08, 155.57 examples/s]"));
}

// Found by the fuzzer: an nccl-tests rank line behind an NCCL header must not replace the
// header's host/pid (the fact builder keys processes on their adjacent span).
// A paste that lost the line breaks between NCCL records: where the next record (with its own
// header or "[rank] " prefix) starts.
TEST(LogsLineClassifier, FindsGluedRecords) {
  constexpr auto npos = std::string_view::npos;
  EXPECT_EQ(npos, glued_record_start("h:1:2 [0] NCCL INFO NET/Socket : Using [0]eth0:198.18.0.1<0>"));
  EXPECT_EQ(npos, glued_record_start("just text"));
  EXPECT_EQ(npos, glued_record_start("NCCL INFO set NCCL_DEBUG=INFO then NCCL_WARN=1"));
  std::string_view two = "NCCL INFO NET/IB : No device found. [0] NCCL INFO Using network Socket";
  ASSERT_EQ(36u, glued_record_start(two));
  EXPECT_EQ("[0] NCCL INFO Using network Socket", two.substr(36));
  std::string_view headed = "h:1:2 [0] NCCL INFO a h:1:2 [1] a.cc:3 NCCL WARN b";
  ASSERT_EQ(22u, glued_record_start(headed));
  EXPECT_EQ("h:1:2 [1] a.cc:3 NCCL WARN b", headed.substr(22));
  std::string_view headed2 = "h:1:2 [0] NCCL INFO a h:1:3 [1] NCCL WARN b";
  ASSERT_EQ(22u, glued_record_start(headed2));
  EXPECT_EQ("h:1:3 [1] NCCL WARN b", headed2.substr(22));
  EXPECT_EQ(npos, glued_record_start("x NCCL INFO a NCCL INFO"));  // no text after the second tag
  // A value with two colons before "[0] " is not a header (NCCL's pid and tid are numbers).
  std::string_view hca = "NCCL INFO NCCL_IB_HCA set to mlx5_0:1,mlx5_1:1 [0] NCCL INFO NET/IB : No device found.";
  ASSERT_EQ(47u, glued_record_start(hca));
  EXPECT_EQ("[0] NCCL INFO NET/IB : No device found.", hca.substr(47));
}

TEST(LogsLineClassifier, HeaderedTestsRankLineKeepsTheHeader) {
  std::string scratch;
  LineEvent ev = parse_line("gpu-a:101:101 [0] #   Rank  0 Pid   1688 on    box1 device  0 [0x18] X", scratch).event;
  EXPECT_TRUE(ev.has_header);
  EXPECT_EQ("gpu-a", ev.host);
  EXPECT_EQ("101", ev.pid);
  EXPECT_NE(EventKind::nccl_tests_rank, ev.kind);
}

TEST(LogsLineClassifier, NetPluginLinesOfEveryVersion) {
  // net.cc 2.11 - 2.18, 2.19 - 2.25 and plugin/net.cc 2.26+: the process runs NCCL's own IB/Socket.
  expect_event("h:1:1 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation",
               EventKind::net_plugin, "internal");
  expect_event("h:1:1 [0] NCCL INFO NET/Plugin : No plugin found, using internal implementation", EventKind::net_plugin,
               "internal");
  expect_event("h:1:1 [0] NCCL INFO NET/Plugin: Using internal network plugin.", EventKind::net_plugin, "internal");
  expect_event("h:1:1 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal net plugin.",
               EventKind::net_plugin, "internal");
  // An external plugin: its name, without the API version.
  expect_event("h:1:1 [0] NCCL INFO NET/Plugin: Loaded net plugin AWS Libfabric (v8)", EventKind::net_plugin,
               "AWS Libfabric");
  // The HPC-X / nccl-rdma-sharp-plugins plugin's own lines.
  expect_event("h:1:1 [0] NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so",
               EventKind::net_plugin, "/opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so");
  expect_event("h:1:1 [0] NCCL INFO P2P plugin v8 IBext_v8", EventKind::net_plugin, "IBext_v8");
  expect_event("h:1:1 [0] NCCL INFO P2P plugin IBext", EventKind::net_plugin, "IBext");
  // A try that failed is no outcome.
  EXPECT_NE(EventKind::net_plugin,
            classify("h:1:1 [0] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v8 symbol.").kind);
  EXPECT_NE(EventKind::net_plugin, classify("h:1:1 [0] NCCL INFO NET/Plugin: Loaded net plugin  (v8)").kind);
}

TEST(LogsLineClassifier, NvlsCudaFailureAndMissingVerbsProvider) {
  expect_event("h:1:2 [0] transport/nvls.cc:165 NCCL WARN Cuda failure 'invalid argument'", EventKind::nvls_error,
               "Cuda failure 'invalid argument'");
  EXPECT_NE(EventKind::nvls_error, classify("h:1:2 [0] enqueue.cc:90 NCCL WARN Cuda failure 'invalid argument'").kind);
  expect_event("libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0",
               EventKind::verbs_provider_missing, "");
}

}  // namespace
}  // namespace dd::logs
