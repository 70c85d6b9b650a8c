// Every name, value, performance, torch and platform rule, table-driven: one bad environment per
// row, the finding it must produce (id, label, severity) and the exact fix.env it must carry.
#include "env/audit.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "env/audit_test_util.hpp"

namespace dd::env {
namespace {

using core::Label;
using core::Severity;
using test::audit_of;
using test::find_id;
using test::Scenario;

struct RuleCase {
  const char* name;
  Scenario run;
  const char* id;
  Label label;
  Severity severity;
  std::map<std::string, std::string> fix;  // exact fix.env expected
};

class EnvRules : public ::testing::TestWithParam<RuleCase> {};

TEST_P(EnvRules, ProducesTheFindingAndItsFix) {
  const RuleCase& c = GetParam();
  auto fs = audit_of(c.run);
  const core::Finding* f = find_id(fs, c.id);
  ASSERT_NE(f, nullptr) << "missing " << c.id << "; got: " << test::ids(fs);
  EXPECT_EQ(f->label, c.label);
  EXPECT_EQ(f->severity, c.severity);
  EXPECT_EQ(f->fix.env, c.fix);
  EXPECT_FALSE(f->evidence.empty());
  EXPECT_FALSE(f->fix.text.empty());
}

using M = std::map<std::string, std::string>;
const auto E = Severity::error;
const auto W = Severity::warning;
const auto I = Severity::info;
const auto T = Label::config_typo;
const auto P = Label::performance;

INSTANTIATE_TEST_SUITE_P(
    Table, EnvRules,
    ::testing::Values(
        RuleCase{"ifname_typo",
                 {{{"NCCL_SOCKET_IFNAMES", "eth0"}}},
                 "env.unknown-name",
                 T,
                 E,
                 M{{"NCCL_SOCKET_IFNAMES", ""}, {"NCCL_SOCKET_IFNAME", "eth0"}}},
        RuleCase{"ifname_typo_both_set",
                 {{{"NCCL_SOCKET_IFNAMES", "eth0"}, {"NCCL_SOCKET_IFNAME", "eth1"}}},
                 "env.unknown-name",
                 T,
                 W,
                 M{{"NCCL_SOCKET_IFNAMES", ""}}},
        RuleCase{"nsocks_per_peer",
                 {{{"NCCL_NSOCKS_PER_PEER", "4"}}},
                 "env.unknown-name",
                 T,
                 E,
                 M{{"NCCL_NSOCKS_PER_PEER", ""}, {"NCCL_NSOCKS_PERTHREAD", "4"}, {"NCCL_SOCKET_NTHREADS", "1"}}},
        RuleCase{"nsocks_per_peer_threads_set",
                 {{{"NCCL_NSOCKS_PER_PEER", "8"}, {"NCCL_SOCKET_NTHREADS", "2"}}},
                 "env.unknown-name",
                 T,
                 E,
                 M{{"NCCL_NSOCKS_PER_PEER", ""}, {"NCCL_NSOCKS_PERTHREAD", "4"}}},
        RuleCase{"unknown_no_match", {{{"NCCL_COMPLETELY_MADE_UP", "1"}}}, "env.unknown-name", T, W, M{}},
        RuleCase{"master_addr_typo",
                 {{{"MASTER_ADDRESS", "198.18.0.1"}}},
                 "env.unknown-name",
                 T,
                 E,
                 M{{"MASTER_ADDRESS", ""}, {"MASTER_ADDR", "198.18.0.1"}}},
        RuleCase{"deprecated_nrings",
                 {{{"NCCL_MAX_NRINGS", "4"}}},
                 "env.deprecated-name",
                 T,
                 W,
                 M{{"NCCL_MAX_NRINGS", ""}, {"NCCL_MAX_NCHANNELS", "4"}}},
        RuleCase{"renamed_gdr_level",
                 {{{"NCCL_IB_GDR_LEVEL", "PHB"}}},
                 "env.renamed-name",
                 T,
                 W,
                 M{{"NCCL_IB_GDR_LEVEL", ""}, {"NCCL_NET_GDR_LEVEL", "PHB"}}},
        RuleCase{"removed_threshold",
                 {{{"NCCL_LL_THRESHOLD", "0"}}},
                 "env.removed-name",
                 T,
                 W,
                 M{{"NCCL_LL_THRESHOLD", ""}}},
        RuleCase{
            "newer_poll_timeout", {{{"NCCL_SOCKET_POLL_TIMEOUT_MSEC", "10"}}}, "env.newer-version-name", T, I, M{}},
        RuleCase{"algo_token", {{{"NCCL_ALGO", "rings"}}}, "env.nccl.algo-invalid", T, E, M{{"NCCL_ALGO", "Ring"}}},
        RuleCase{
            "algo_unprefixed", {{{"NCCL_ALGO", "ring;tree"}}}, "env.nccl.algo-invalid", T, E, M{{"NCCL_ALGO", ""}}},
        RuleCase{"algo_prefix",
                 {{{"NCCL_ALGO", "allreduse:ring"}}},
                 "env.nccl.algo-invalid",
                 T,
                 E,
                 M{{"NCCL_ALGO", "AllReduce:ring"}}},
        RuleCase{"proto_token", {{{"NCCL_PROTO", "LL,LL256"}}}, "env.nccl.proto-invalid", T, E, M{{"NCCL_PROTO", ""}}},
        RuleCase{"family_case",
                 {{{"NCCL_SOCKET_FAMILY", "af_inet6"}}},
                 "env.nccl.socket-family-invalid",
                 T,
                 W,
                 M{{"NCCL_SOCKET_FAMILY", "AF_INET6"}}},
        RuleCase{"family_word",
                 {{{"NCCL_SOCKET_FAMILY", "ipv4"}}},
                 "env.nccl.socket-family-invalid",
                 T,
                 W,
                 M{{"NCCL_SOCKET_FAMILY", "AF_INET"}}},
        RuleCase{"int_abc", {{{"NCCL_IB_TIMEOUT", "abc"}}}, "env.int.not-a-number", T, E, M{{"NCCL_IB_TIMEOUT", ""}}},
        RuleCase{
            "int_true", {{{"NCCL_IB_DISABLE", "true"}}}, "env.int.not-a-number", T, E, M{{"NCCL_IB_DISABLE", "1"}}},
        RuleCase{
            "int_false", {{{"NCCL_SHM_DISABLE", "false"}}}, "env.int.not-a-number", T, W, M{{"NCCL_SHM_DISABLE", "0"}}},
        RuleCase{"int_octal", {{{"NCCL_BUFFSIZE", "010"}}}, "env.int.octal", T, W, M{{"NCCL_BUFFSIZE", "10"}}},
        RuleCase{"int_octal_out_of_range", {{{"NCCL_IB_DISABLE", "010"}}}, "env.int.octal", T, W, M{}},
        RuleCase{"int_trailing",
                 {{{"NCCL_BUFFSIZE", "12abc"}}},
                 "env.int.trailing-garbage",
                 T,
                 W,
                 M{{"NCCL_BUFFSIZE", "12"}}},
        // NCCL reads "4MB" as 4 (strtoll): the fix is the byte count the user meant
        RuleCase{"int_size_unit",
                 {{{"NCCL_BUFFSIZE", "4MB"}}},
                 "env.int.trailing-garbage",
                 T,
                 W,
                 M{{"NCCL_BUFFSIZE", "4194304"}}},
        RuleCase{"int_size_unit_spaced",
                 {{{"NCCL_SOCKET_SNDBUF", "512 KiB"}}},
                 "env.int.trailing-garbage",
                 T,
                 W,
                 M{{"NCCL_SOCKET_SNDBUF", "524288"}}},
        RuleCase{"int_unit_not_bytes",
                 {{{"NCCL_SOCKET_NTHREADS", "4MB"}}},
                 "env.int.trailing-garbage",
                 T,
                 W,
                 M{{"NCCL_SOCKET_NTHREADS", "4"}}},
        RuleCase{"int_overflow",
                 {{{"NCCL_BUFFSIZE", "99999999999999999999"}}},
                 "env.int.overflow",
                 T,
                 W,
                 M{{"NCCL_BUFFSIZE", ""}}},
        RuleCase{"int_range", {{{"NCCL_CROSS_NIC", "5"}}}, "env.int.out-of-range", T, W, M{}},
        RuleCase{"nthreads_cap",
                 {{{"NCCL_SOCKET_NTHREADS", "32"}}},
                 "env.int.out-of-range",
                 T,
                 W,
                 M{{"NCCL_SOCKET_NTHREADS", "16"}}},
        RuleCase{
            "debug_level", {{{"NCCL_DEBUG", "WARNING"}}}, "env.nccl.debug-invalid", T, W, M{{"NCCL_DEBUG", "WARN"}}},
        RuleCase{"debug_subsys",
                 {{{"NCCL_DEBUG_SUBSYS", "INIT,NETWORK"}}},
                 "env.nccl.debug-subsys-invalid",
                 T,
                 W,
                 M{{"NCCL_DEBUG_SUBSYS", "INIT,NET"}}},
        RuleCase{"torch_debug",
                 {{{"TORCH_DISTRIBUTED_DEBUG", "VERBOSE"}}},
                 "env.torch.distributed-debug-invalid",
                 T,
                 E,
                 M{}},
        RuleCase{"torch_debug_case",
                 {{{"TORCH_DISTRIBUTED_DEBUG", "detai"}}},
                 "env.torch.distributed-debug-invalid",
                 T,
                 E,
                 M{{"TORCH_DISTRIBUTED_DEBUG", "DETAIL"}}},
        RuleCase{"torch_bool", {{{"TORCH_NCCL_BLOCKING_WAIT", "maybe"}}}, "env.bool.invalid", T, E, M{}},
        RuleCase{"torch_int_range", {{{"TORCH_NCCL_ASYNC_ERROR_HANDLING", "5"}}}, "env.int.out-of-range", T, W, M{}},
        RuleCase{"torch_int", {{{"TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC", "10min"}}}, "env.int.invalid", T, E, M{}},
        RuleCase{"nccl_bool", {{{"NCCL_P2P_DISABLE", "yes"}}}, "env.bool.invalid", T, W, M{}},
        RuleCase{
            "nccl_bool_off", {{{"NCCL_P2P_DISABLE", "false"}}}, "env.bool.invalid", T, W, M{{"NCCL_P2P_DISABLE", "0"}}},
        RuleCase{"enum_generic",
                 {{{"NCCL_LAUNCH_MODE", "group"}}},
                 "env.enum.invalid",
                 T,
                 W,
                 M{{"NCCL_LAUNCH_MODE", "GROUP"}}},
        RuleCase{"p2p_off", {{{"NCCL_P2P_DISABLE", "1"}}}, "env.perf.p2p-disabled", P, W, M{{"NCCL_P2P_DISABLE", ""}}},
        RuleCase{
            "ib_off", {{{"NCCL_IB_DISABLE", "1"}}, true}, "env.perf.ib-disabled", P, W, M{{"NCCL_IB_DISABLE", ""}}},
        RuleCase{"shm_off", {{{"NCCL_SHM_DISABLE", "1"}}}, "env.perf.shm-disabled", P, W, M{{"NCCL_SHM_DISABLE", ""}}},
        RuleCase{"trace", {{{"NCCL_DEBUG", "TRACE"}}}, "env.perf.debug-trace", P, W, M{{"NCCL_DEBUG", "WARN"}}},
        RuleCase{"info", {{{"NCCL_DEBUG", "info"}}}, "env.perf.debug-info", P, I, M{{"NCCL_DEBUG", "WARN"}}},
        RuleCase{
            "net_socket", {{{"NCCL_NET", "Socket"}}, true}, "env.perf.net-socket-with-ib", P, W, M{{"NCCL_NET", ""}}},
        RuleCase{"nsocks_alone",
                 {{{"NCCL_NSOCKS_PERTHREAD", "4"}}},
                 "env.perf.nsocks-without-nthreads",
                 P,
                 W,
                 M{{"NCCL_SOCKET_NTHREADS", "1"}}},
        RuleCase{"nsocks_alone_many",
                 {{{"NCCL_NSOCKS_PERTHREAD", "32"}}},
                 "env.perf.nsocks-without-nthreads",
                 P,
                 W,
                 M{{"NCCL_SOCKET_NTHREADS", "1"}}},
        RuleCase{"sockets_capped",
                 {{{"NCCL_NSOCKS_PERTHREAD", "8"}, {"NCCL_SOCKET_NTHREADS", "16"}}},
                 "env.perf.socket-count-capped",
                 P,
                 I,
                 M{{"NCCL_NSOCKS_PERTHREAD", "4"}}},
        RuleCase{"torch_alias",
                 {{{"NCCL_ASYNC_ERROR_HANDLING", "1"}}},
                 "env.torch.deprecated-alias",
                 T,
                 W,
                 M{{"NCCL_ASYNC_ERROR_HANDLING", ""}, {"TORCH_NCCL_ASYNC_ERROR_HANDLING", "1"}}},
        RuleCase{"torch_alias_conflict",
                 {{{"NCCL_BLOCKING_WAIT", "1"}, {"TORCH_NCCL_BLOCKING_WAIT", "0"}}},
                 "env.torch.alias-conflict",
                 T,
                 W,
                 M{{"NCCL_BLOCKING_WAIT", ""}}},
        RuleCase{"torch_alias_same",
                 {{{"NCCL_DESYNC_DEBUG", "1"}, {"TORCH_NCCL_DESYNC_DEBUG", "1"}}},
                 "env.torch.alias-conflict",
                 T,
                 I,
                 M{{"NCCL_DESYNC_DEBUG", ""}}},
        RuleCase{"gloo_exclusion", {{{"GLOO_SOCKET_IFNAME", "^docker0,lo"}}}, "env.gloo.ifname-syntax", T, E, M{}},
        RuleCase{"gloo_equals",
                 {{{"GLOO_SOCKET_IFNAME", "=eth0"}}},
                 "env.gloo.ifname-syntax",
                 T,
                 E,
                 M{{"GLOO_SOCKET_IFNAME", "eth0"}}},
        RuleCase{"gloo_spaces",
                 {{{"GLOO_SOCKET_IFNAME", "eth0, eth1"}}},
                 "env.gloo.ifname-syntax",
                 T,
                 E,
                 M{{"GLOO_SOCKET_IFNAME", "eth0,eth1"}}},
        RuleCase{"tp_list", {{{"TP_SOCKET_IFNAME", "eth0,eth1"}}}, "env.tensorpipe.ifname-syntax", T, W, M{}},
        RuleCase{
            "port_range", {{{"MASTER_PORT", "70000"}}}, "env.master-port.invalid", T, E, M{{"MASTER_PORT", "29500"}}},
        RuleCase{
            "port_text", {{{"MASTER_PORT", "http"}}}, "env.master-port.invalid", T, E, M{{"MASTER_PORT", "29500"}}},
        RuleCase{"rank_range", {{{"RANK", "4"}, {"WORLD_SIZE", "4"}}}, "env.rank.out-of-range", T, E, M{}},
        RuleCase{"local_rank_range",
                 {{{"LOCAL_RANK", "8"}, {"LOCAL_WORLD_SIZE", "8"}}},
                 "env.local-rank.out-of-range",
                 T,
                 E,
                 M{}},
        RuleCase{"node_rank_range", {{{"NODE_RANK", "2"}, {"NNODES", "2"}}}, "env.node-rank.out-of-range", T, E, M{}},
        RuleCase{"rank_negative", {{{"RANK", "-1"}}}, "env.int.invalid", T, E, M{}},
        RuleCase{"master_missing", {{{"RANK", "1"}, {"WORLD_SIZE", "4"}}}, "env.master-addr.missing", T, W, M{}},
        RuleCase{"windows_nccl",
                 {{{"NCCL_SOCKET_IFNAME", "eth0"}}, false, Platform::windows},
                 "env.windows.no-nccl",
                 Label::windows_no_nccl,
                 E,
                 M{{"NCCL_SOCKET_IFNAME", ""}}},  // unset: nothing reads it on Windows
        RuleCase{"windows_tf",
                 {{{"TF_CONFIG", R"({"cluster":{"worker":["a:1","b:1"]},"task":{"type":"worker","index":0}})"}},
                  false,
                  Platform::windows},
                 "env.windows.no-nccl",
                 Label::windows_no_nccl,
                 W,
                 M{}}),
    [](const ::testing::TestParamInfo<RuleCase>& p) { return std::string(p.param.name); });

TEST(EnvAudit, CleanEnvironmentHasNoFindings) {
  Scenario r{{{"NCCL_SOCKET_IFNAME", "eth0"},
              {"NCCL_DEBUG", "WARN"},
              {"NCCL_ALGO", "Ring,Tree"},
              {"NCCL_SOCKET_FAMILY", "AF_INET"},
              {"NCCL_IB_HCA", "mlx5_0"},
              {"NCCL_VERSION", "2.18.3"},
              {"MASTER_ADDR", "198.18.0.1"},
              {"MASTER_PORT", "29500"},
              {"RANK", "1"},
              {"WORLD_SIZE", "2"},
              {"TORCH_NCCL_ASYNC_ERROR_HANDLING", "3"},
              {"TORCH_DISTRIBUTED_DEBUG", "detail"},
              {"GLOO_SOCKET_IFNAME", "eth0,eth1"},
              {"SLURM_SOMETHING_NEW", "x"},
              {"PATH", "/usr/bin"}}};
  auto fs = audit_of(r);
  EXPECT_TRUE(fs.empty()) << test::ids(fs);
}

TEST(EnvAudit, PerformanceRulesNeedIbPresentWhereStated) {
  EXPECT_EQ(find_id(audit_of(Scenario{{{"NCCL_IB_DISABLE", "1"}}, false}), "env.perf.ib-disabled"), nullptr);
  EXPECT_EQ(find_id(audit_of(Scenario{{{"NCCL_NET", "Socket"}}, false}), "env.perf.net-socket-with-ib"), nullptr);
  EXPECT_TRUE(audit_of(Scenario{{}, false, Platform::linux_os}).empty());
  EXPECT_EQ(
      find_id(audit_of(Scenario{{{"NCCL_SOCKET_IFNAME", "eth0"}}, false, Platform::macos}), "env.windows.no-nccl"),
      nullptr);
}

// A multi-worker TF_CONFIG on Windows is told the multi-worker strategy with RING collectives (TF's
// CommunicationImplementation), never a one-machine MirroredStrategy or a Lightning variable.
TEST(EnvAudit, WindowsFixMatchesTheFramework) {
  auto tf =
      audit_of(Scenario{{{"TF_CONFIG", R"({"cluster":{"worker":["a:1","b:1"]},"task":{"type":"worker","index":0}})"}},
                        false,
                        Platform::windows});
  const core::Finding* f = find_id(tf, "env.windows.no-nccl");
  ASSERT_NE(f, nullptr) << test::ids(tf);
  EXPECT_NE(f->fix.text.find(
                "tf.distribute.MultiWorkerMirroredStrategy(communication_options=tf.distribute.experimental."
                "CommunicationOptions(implementation=tf.distribute.experimental.CommunicationImplementation.RING))"),
            std::string::npos)
      << f->fix.text;
  EXPECT_EQ(f->fix.text.find("MirroredStrategy(cross_device_ops"), std::string::npos) << f->fix.text;
  EXPECT_EQ(f->fix.text.find("PL_TORCH"), std::string::npos) << f->fix.text;
  EXPECT_EQ(f->fix.text.find("PyTorch"), std::string::npos) << f->fix.text;
  EXPECT_TRUE(f->fix.env.empty());
  auto torch =
      audit_of(Scenario{{{"MASTER_ADDR", "198.18.0.1"}, {"NCCL_SOCKET_IFNAME", "eth0"}}, false, Platform::windows});
  f = find_id(torch, "env.windows.no-nccl");
  ASSERT_NE(f, nullptr) << test::ids(torch);
  EXPECT_NE(f->fix.text.find("backend=\"gloo\""), std::string::npos) << f->fix.text;
  EXPECT_NE(f->fix.text.find("DDPStrategy(process_group_backend=\"gloo\")"), std::string::npos) << f->fix.text;
  EXPECT_EQ(f->fix.text.find("TensorFlow"), std::string::npos) << f->fix.text;
  EXPECT_EQ(f->fix.text.find("PL_TORCH"), std::string::npos) << f->fix.text;
  // No sign of either framework (the seeds' MirroredStrategy user on Windows): both answers, TF's
  // by the number of machines.
  auto neither = audit_of(Scenario{{}, false, Platform::windows});
  f = find_id(neither, "env.windows.no-nccl");
  ASSERT_NE(f, nullptr) << test::ids(neither);
  EXPECT_NE(f->fix.text.find("backend=\"gloo\""), std::string::npos) << f->fix.text;
  EXPECT_NE(f->fix.text.find("cross_device_ops=tf.distribute.HierarchicalCopyAllReduce()) on one machine"),
            std::string::npos)
      << f->fix.text;
  EXPECT_NE(f->fix.text.find("CommunicationImplementation.RING)) across machines"), std::string::npos) << f->fix.text;
}

// The NCCL title lists only the NCCL settings, and its "unset" advice is fix.env (empty values), so
// that --export prints the unset lines it speaks of.
TEST(EnvAudit, WindowsNcclFindingListsOnlyNcclSettingsAndUnsetsThem) {
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "10.0.0.5"}, {"NCCL_DEBUG", "INFO"}, {"TORCH_NCCL_BLOCKING_WAIT", "1"}},
                              false,
                              Platform::windows});
  const core::Finding* f = find_id(fs, "env.windows.no-nccl");
  ASSERT_NE(f, nullptr) << test::ids(fs);
  EXPECT_EQ(f->title, "NCCL settings on Windows: NCCL does not exist on Windows");
  for (const auto& e : f->evidence) {
    EXPECT_TRUE(e.starts_with("NCCL_") || e.starts_with("TORCH_NCCL_")) << e;
  }
  EXPECT_EQ(f->evidence.size(), 2u);
  EXPECT_EQ(f->fix.env, (std::map<std::string, std::string>{{"NCCL_DEBUG", ""}, {"TORCH_NCCL_BLOCKING_WAIT", ""}}));
  EXPECT_NE(f->fix.text.find("unset NCCL_DEBUG TORCH_NCCL_BLOCKING_WAIT: nothing reads them"), std::string::npos)
      << f->fix.text;
  // applied: what stays is the generic warning, whose evidence is the distributed job's settings
  auto after = audit_of(Scenario{{{"MASTER_ADDR", "10.0.0.5"}}, false, Platform::windows});
  f = find_id(after, "env.windows.no-nccl");
  ASSERT_NE(f, nullptr) << test::ids(after);
  EXPECT_EQ(f->severity, core::Severity::warning);
  EXPECT_EQ(f->evidence, std::vector<std::string>{"MASTER_ADDR=10.0.0.5 (environment)"});
  EXPECT_TRUE(f->fix.env.empty());
}

// NCCL_BUFFSIZE=4MB has its own error with a value (4194304); on Windows the unset comes first, so
// that the export keeps the unset and never prints the value (nor the value after the unset).
TEST(EnvAudit, WindowsUnsetComesBeforeAnotherFindingsValueForTheSameVariable) {
  auto fs = audit_of(Scenario{{{"MASTER_ADDR", "10.0.0.5"}, {"NCCL_BUFFSIZE", "4MB"}}, false, Platform::windows});
  ASSERT_GE(fs.size(), 2u) << test::ids(fs);
  EXPECT_EQ(fs[0].id, "env.windows.no-nccl") << test::ids(fs);
  bool valued = std::any_of(fs.begin(), fs.end(), [](const core::Finding& f) {
    auto it = f.fix.env.find("NCCL_BUFFSIZE");
    return it != f.fix.env.end() && !it->second.empty();
  });
  EXPECT_TRUE(valued) << "the value fix this test orders against is gone: " << test::ids(fs);
  std::string lines = export_lines(fs);
  EXPECT_NE(lines.find("unset NCCL_BUFFSIZE"), std::string::npos) << lines;
  EXPECT_EQ(lines.find("NCCL_BUFFSIZE=4194304"), std::string::npos) << lines;
}

TEST(EnvAudit, EvidenceNamesTheVariableValueAndSource) {
  auto fs = audit_of(Scenario{{{"NCCL_SOCKET_IFNAMES", "eth0"}}});
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].evidence.at(0), "NCCL_SOCKET_IFNAMES=eth0 (environment)");
}

TEST(EnvAudit, ConfigFileValuesAreAuditedAndTheEnvironmentWins) {
  Scenario r;
  r.vars = {{"NCCL_DEBUG", "WARN"}};
  r.config = {{"NCCL_SOCKET_IFNAMES", "eth0", "/etc/nccl.conf:3"}, {"NCCL_DEBUG", "TRACE", "/etc/nccl.conf:4"}};
  auto fs = audit_of(r);
  const core::Finding* typo = find_id(fs, "env.unknown-name");
  ASSERT_NE(typo, nullptr);
  EXPECT_EQ(typo->evidence.at(0), "NCCL_SOCKET_IFNAMES=eth0 (/etc/nccl.conf:3)");
  EXPECT_NE(typo->fix.text.find("/etc/nccl.conf:3"), std::string::npos);
  EXPECT_EQ(find_id(fs, "env.perf.debug-trace"), nullptr);  // the environment's WARN wins over the file
}

TEST(EnvAudit, ErrorsComeFirst) {
  auto fs = audit_of(Scenario{{{"NCCL_DEBUG", "INFO"}, {"NCCL_P2P_DISABLE", "1"}, {"NCCL_SOCKET_IFNAMES", "eth0"}}});
  ASSERT_EQ(fs.size(), 3u);
  EXPECT_EQ(fs[0].severity, Severity::error);
  EXPECT_EQ(fs[1].severity, Severity::warning);
  EXPECT_EQ(fs[2].severity, Severity::info);
}

// Applying every fix.env (empty = unset) and auditing again leaves none of the fixed findings.
TEST(EnvAudit, ApplyingTheFixesClearsTheFindings) {
  std::map<std::string, std::string> vars = {
      {"NCCL_SOCKET_IFNAMES", "eth0"},    {"NCCL_NSOCKS_PER_PEER", "4"}, {"NCCL_ALGO", "rings"},
      {"NCCL_SOCKET_FAMILY", "ipv6"},     {"NCCL_BUFFSIZE", "010"},      {"NCCL_DEBUG", "TRACE"},
      {"NCCL_ASYNC_ERROR_HANDLING", "1"}, {"NCCL_MAX_NRINGS", "2"},      {"MASTER_PORT", "99999"},
      {"GLOO_SOCKET_IFNAME", "=eth0"},    {"NCCL_P2P_DISABLE", "1"}};
  auto before = audit_of(Scenario{vars});
  ASSERT_GE(before.size(), 11u) << test::ids(before);
  for (const auto& f : before) {
    for (const auto& [k, v] : f.fix.env) {
      if (v.empty())
        vars.erase(k);
      else
        vars[k] = v;
    }
  }
  auto after = audit_of(Scenario{vars});
  EXPECT_TRUE(after.empty()) << test::ids(after);
}

}  // namespace
}  // namespace dd::env
