#include <gtest/gtest.h>

#include "env/launchers/launch_info.hpp"

namespace dd::env::launchers {
namespace {

os::Environment env_of(std::map<std::string, std::string> m) { return os::Environment(std::move(m)); }

TEST(DetectLaunch, TorchEnvUsesMasterPortPlusOneAndProbesMasterPort) {
  auto r = detect_launch(
      env_of({{"MASTER_ADDR", "node0"}, {"MASTER_PORT", "29500"}, {"RANK", "2"}, {"WORLD_SIZE", "4"}}), {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->launcher, "torch-env");
  EXPECT_EQ(*r->rank, 2);
  EXPECT_EQ(*r->world, 4);
  EXPECT_EQ(r->rendezvous_host, "node0");
  EXPECT_EQ(r->rendezvous_port, 29501);
  ASSERT_EQ(r->job_ports.size(), 1u);
  EXPECT_EQ(r->job_ports[0].port, 29500);
  EXPECT_FALSE(r->job_ports[0].connect_only);
}

TEST(DetectLaunch, TorchrunIsOneAgentPerNode) {
  std::map<std::string, std::string> m = {
      {"MASTER_ADDR", "10.0.0.1"}, {"MASTER_PORT", "29500"},  {"RANK", "9"},       {"WORLD_SIZE", "16"},
      {"LOCAL_RANK", "0"},         {"LOCAL_WORLD_SIZE", "8"}, {"GROUP_RANK", "1"}, {"TORCHELASTIC_RUN_ID", "abc"}};
  auto r = detect_launch(env_of(m), {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->launcher, "torchrun");
  EXPECT_EQ(*r->rank, 1);
  EXPECT_EQ(*r->world, 2);
  EXPECT_TRUE(r->job_ports[0].connect_only);  // torchrun's store holds MASTER_PORT
  EXPECT_EQ(job_token(*r, {}), "torchrun:abc");
  m["LOCAL_RANK"] = "3";
  auto s = detect_launch(env_of(m), {});
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(s->skip);
  EXPECT_NE(s->skip_reason.find("LOCAL_RANK=3"), std::string::npos);
}

TEST(DetectLaunch, SlurmFirstNodeOfHostlistOnDefaultPort) {
  auto r = detect_launch(env_of({{"SLURM_PROCID", "3"},
                                 {"SLURM_NTASKS", "5"},
                                 {"SLURM_NNODES", "5"},
                                 {"SLURM_JOB_NODELIST", "gpu[07-09,11],cpu1"},
                                 {"SLURM_JOB_ID", "4242"}}),
                         {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->launcher, "slurm");
  EXPECT_EQ(*r->rank, 3);
  EXPECT_EQ(*r->world, 5);
  EXPECT_EQ(r->rendezvous_host, "gpu07");
  EXPECT_EQ(r->rendezvous_port, 29400);
  EXPECT_EQ(job_token(*r, {}), "slurm:4242");
}

TEST(DetectLaunch, SlurmSeveralTasksPerNodeUsesNodeId) {
  auto r = detect_launch(env_of({{"SLURM_PROCID", "5"},
                                 {"SLURM_NTASKS", "8"},
                                 {"SLURM_NNODES", "2"},
                                 {"SLURM_NODEID", "1"},
                                 {"SLURM_LOCALID", "1"},
                                 {"SLURM_JOB_NODELIST", "a,b"}}),
                         {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r->rank, 1);
  EXPECT_EQ(*r->world, 2);
  EXPECT_TRUE(r->skip);
}

TEST(DetectLaunch, SlurmWithMasterAddrMeetsThere) {
  auto r = detect_launch(env_of({{"SLURM_PROCID", "0"},
                                 {"SLURM_NTASKS", "2"},
                                 {"SLURM_JOB_NODELIST", "n[1-2]"},
                                 {"MASTER_ADDR", "n1-ib"},
                                 {"MASTER_PORT", "12345"}}),
                         {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->launcher, "slurm");
  EXPECT_EQ(r->rendezvous_host, "n1-ib");
  EXPECT_EQ(r->rendezvous_port, 12346);
}

TEST(DetectLaunch, OpenMpiAndMpichNeedAMeetingPoint) {
  auto r = detect_launch(env_of({{"OMPI_COMM_WORLD_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "2"}}), {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, core::ErrorKind::usage);
  EXPECT_NE(r.error().message.find("--rendezvous"), std::string::npos);
  auto m = detect_launch(env_of({{"PMI_RANK", "1"}, {"PMI_SIZE", "3"}}), LaunchFlags{"h:9", {}, {}, {}});
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->launcher, "mpich");
  EXPECT_EQ(*m->rank, 1);
  EXPECT_EQ(*m->world, 3);
  EXPECT_EQ(m->rendezvous_port, 9);
}

TEST(DetectLaunch, TfConfigChiefFirstAndGrpcPortsAreJobPorts) {
  std::string tf =
      R"({"cluster":{"chief":["c0:2222"],"worker":["w0:2222","w1:2223"]},"task":{"type":"worker","index":1}})";
  auto r = detect_launch(env_of({{"TF_CONFIG", tf}}), {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->launcher, "tf-config");
  EXPECT_EQ(*r->rank, 2);
  EXPECT_EQ(*r->world, 3);
  EXPECT_EQ(r->rendezvous_host, "c0");
  EXPECT_EQ(r->rendezvous_port, 29400);
  ASSERT_EQ(r->job_ports.size(), 3u);
  EXPECT_EQ(r->job_ports[2].port, 2223);
  auto bad = detect_launch(
      env_of({{"TF_CONFIG", R"({"cluster":{"worker":["a:1"]},"task":{"type":"worker","index":4}})"}}), {});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("TF_CONFIG"), std::string::npos);
  EXPECT_FALSE(detect_launch(env_of({{"TF_CONFIG", "{nope"}}), {}).ok());
}

TEST(DetectLaunch, FlagsOverrideAndAreValidated) {
  LaunchFlags f{"[fd00:18::1]:7000", 0, 2, "tok"};
  auto r = detect_launch(env_of({{"RANK", "5"}, {"WORLD_SIZE", "9"}, {"MASTER_ADDR", "x"}}), f);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->rendezvous_host, "fd00:18::1");
  EXPECT_EQ(r->rendezvous_port, 7000);
  EXPECT_EQ(*r->rank, 0);
  EXPECT_EQ(*r->world, 2);
  EXPECT_EQ(job_token(*r, f), "tok");
  auto out = detect_launch({}, LaunchFlags{"h:1", 3, 3, {}});
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("rank 3 is outside the world of 3"), std::string::npos);
  EXPECT_FALSE(detect_launch({}, LaunchFlags{"h:0", 0, 1, {}}).ok());
  EXPECT_FALSE(detect_launch({}, LaunchFlags{"fd00::1:80", 0, 1, {}}).ok());
  EXPECT_FALSE(detect_launch(env_of({{"RANK", "x"}, {"MASTER_ADDR", "h"}}), {}).ok());
}

TEST(DetectLaunch, NothingKnownIsAUsageError) {
  auto r = detect_launch({}, {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, core::ErrorKind::usage);
}

}  // namespace
}  // namespace dd::env::launchers
