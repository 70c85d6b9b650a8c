#include "logs/fact_builder.hpp"
#include "logs/line_classifier.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "logs/analyzer.hpp"
#include "logs/rank_table.hpp"
#include "logs/text_scan.hpp"
#include "logs/tf_config_text.hpp"

namespace dd::logs {
namespace {

// Feeds `lines` to `b` as the file `name` and returns the facts so far.
const LogFacts& read_file(FactBuilder& b, const std::string& name, std::initializer_list<std::string_view> lines) {
  b.begin_file(name);
  for (std::string_view line : lines) b.add_line(line);
  return b.facts();
}

TEST(LogsFactBuilder, BuildsThePerRankPicture) {
  FactBuilder b;
  read_file(b, "r0.log",
            {"n0:10:10 [0] NCCL INFO Bootstrap : Using eth0:198.18.0.1<0>", "NCCL version 2.7.8+cuda11.0",
             "n0:10:10 [0] NCCL INFO NET/Socket : Using [0]eth0:198.18.0.1<0> [1]eth1:198.18.1.1<0>",
             "n0:10:10 [0] NCCL INFO Using network Socket", "",
             "n0:10:30 [0] include/socket.h:390 NCCL WARN Connect to 198.18.0.2<4000> failed : Connection refused"});
  const LogFacts& f =
      read_file(b, "r1.log", {"n1:20:20 [2] NCCL INFO comm 0x1 rank 1 nranks 2 cudaDev 2 busId 3000 - Init COMPLETE"});
  ASSERT_EQ(2u, f.processes.size());
  const ProcessState& p0 = *f.processes[0];
  EXPECT_EQ("n0", p0.host);
  EXPECT_EQ("eth0", p0.bootstrap_iface);
  EXPECT_EQ("198.18.0.1", p0.bootstrap_addr);
  EXPECT_EQ("2.7.8+cuda11.0", p0.nccl_version);
  ASSERT_EQ(2u, p0.socket_ifaces.size());
  EXPECT_EQ("eth1", p0.socket_ifaces[1].first);
  EXPECT_EQ("Socket", p0.transport);
  EXPECT_EQ(6u, p0.first_warning.line);
  EXPECT_EQ(6u, p0.first_error.line);
  ASSERT_EQ(1u, p0.failed_peers.size());
  EXPECT_EQ("198.18.0.2", p0.failed_peers[0].addr);
  EXPECT_EQ(4000, p0.failed_peers[0].port);
  const ProcessState& p1 = *f.processes[1];
  EXPECT_TRUE(p1.init_complete);
  EXPECT_EQ("r1.log", p1.last_activity.file);
  EXPECT_EQ(1u, p1.last_activity.line);
  auto rows = rank_rows(f);
  ASSERT_EQ(2u, rows.size());
  EXPECT_EQ(1, rows[0].rank);
  EXPECT_EQ(2, rows[0].dev);
  EXPECT_EQ("init-complete", rows[0].state);
  EXPECT_EQ(-1, rows[1].rank);
  EXPECT_EQ("failed", rows[1].state);
}

TEST(LogsFactBuilder, MemoryStaysBoundedOnHostileInput) {
  FactBuilder b;
  b.begin_file("junk");
  // More distinct fake processes and failed peers must not grow the facts without bound.
  for (int i = 0; i < 80000; ++i) {
    std::string host = "h" + std::to_string(i);
    b.add_line(host + ":1:1 [0] include/socket.h:1 NCCL WARN Connect to 10.0." + std::to_string(i % 250) + "." +
               std::to_string(i / 250 % 250) + "<" + std::to_string(i) + "> failed : Connection refused");
  }
  const LogFacts& f = b.facts();
  EXPECT_LE(f.processes.size(), k_max_processes);
  EXPECT_LE(f.peers.size(), k_max_peers);
  EXPECT_LE(f.signal(EventKind::connect_failed).evidence.size(), k_max_evidence);
  EXPECT_EQ(80000u, f.signal(EventKind::connect_failed).count);
  EXPECT_GT(f.dropped_processes, 0u);
}

TEST(LogsFactBuilder, CompactTableForThousandsOfRanks) {
  std::string text;
  for (int r = 0; r < 1024; ++r) {
    std::string host = "node" + std::to_string(r / 8);
    std::string pid = std::to_string(1000 + r);
    text += host + ":" + pid + ":" + pid + " [" + std::to_string(r % 8) + "] NCCL INFO Bootstrap : Using eth0:198.18." +
            std::to_string(r / 8) + ".1<0>\n";
    text += host + ":" + pid + ":" + pid + " [" + std::to_string(r % 8) + "] NCCL INFO comm 0x1 rank " +
            std::to_string(r) + " nranks 1024 cudaDev " + std::to_string(r % 8) + " busId 1000 - Init COMPLETE\n";
  }
  LogsReport rep = analyze_text(text, "big");
  auto rows = rank_rows(rep.facts);
  ASSERT_EQ(1024u, rows.size());
  std::string table = render_rank_table(rows, report::Style(false));
  EXPECT_NE(std::string::npos, table.find("0-1023"));
  EXPECT_LT(std::count(table.begin(), table.end(), '\n'), 10);
  EXPECT_FALSE(core::has_error(rep.findings));
}

}  // namespace
}  // namespace dd::logs

namespace dd::logs {
namespace {

// NCCL lines quoted without their header, and a NET/Socket list pasted one entry per line, still
// describe a process (host unknown); IB channel lines count GPUDirect RDMA use.
TEST(LogsFactBuilder, KeepsHeaderlessLinesListEntriesAndGdrChannels) {
  FactBuilder b;
  const LogFacts& f =
      read_file(b, "quoted.log",
                {"[0m NCCL INFO Bootstrap: Using lo:127.0.0.1<0>", "INFO NET/Socket : Using",
                 "NCCL INFO NET/Socket : Using [0]bond0:192.168.1.161<0>", "[1]br-05ab815fa14e:172.19.0.1<0>",
                 "9[1a000] -> 2[6b000] [send] via NET/IB/0/GDRDMA", "9[1a000] -> 2[6b000] [receive] via NET/IB/1"});
  ASSERT_EQ(1u, f.processes.size());
  const ProcessState& p = *f.processes[0];
  EXPECT_EQ("", p.host);
  EXPECT_TRUE(f.hosts.empty());
  EXPECT_EQ("lo", p.bootstrap_iface);
  ASSERT_EQ(2u, p.socket_ifaces.size());
  EXPECT_EQ("br-05ab815fa14e", p.socket_ifaces[1].first);
  EXPECT_EQ(1u, f.ib_channels_gdr);
  EXPECT_EQ(1u, f.ib_channels_plain);
}

TEST(LogsFactBuilder, KeepsNetIbOobInterfaceAndBootstrapFailures) {
  FactBuilder b;
  const LogFacts& f = read_file(
      b, "ipoib.log",
      {"a100:2331:2666 [3] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB/SHARP [1]mlx5_8:1/RoCE "
       "[RO]; OOB ibp75s0:192.168.0.103<0>",
       "a100:2330:2658 [2] NCCL INFO misc/socket.cc:567 -> 2", "a100:2330:2658 [2] NCCL INFO bootstrap.cc:270 -> 2"});
  ASSERT_EQ(2u, f.processes.size());
  const ProcessState& p = *f.processes[0];
  EXPECT_EQ("ibp75s0", p.oob_iface);
  EXPECT_EQ("192.168.0.103", p.oob_addr);
  EXPECT_EQ("", p.bootstrap_iface);  // the Bootstrap line itself was not in the log
  const Signal& s = f.signal(EventKind::bootstrap_failed);
  EXPECT_EQ(1u, s.count);
  ASSERT_EQ(1u, s.evidence.size());
  EXPECT_EQ(3u, s.evidence[0].line);
}

// A paste that lost the line breaks between "[0] NCCL INFO" records (MPICH's -prepend-rank
// prefix): every record still counts, and NCCL_IB_HCA naming devices NET/IB did not find, with
// NCCL on sockets, is a slow job (performance), or background next to a real failure.
TEST(LogsFactBuilder, SplitsGluedRecordsAndFlagsAnUnfoundIbHca) {
  const std::string glued =
      "[0] NCCL INFO NCCL_IB_HCA set to mlx5_0:1,mlx5_1:1 [0] NCCL INFO NET/IB : No device found. [0] NCCL "
      "INFO NET/Socket : Using [0]eth0:198.18.0.7<0> [0] NCCL INFO Using network Socket\n";
  LogsReport rep = analyze_text(glued, "glued");
  ASSERT_EQ(1u, rep.facts.processes.size());
  const ProcessState& p = *rep.facts.processes[0];
  EXPECT_EQ("mlx5_0:1,mlx5_1:1", p.ib_hca_env);
  EXPECT_TRUE(p.ib_none);
  EXPECT_EQ("Socket", p.transport);
  ASSERT_EQ(1u, p.socket_ifaces.size());
  EXPECT_EQ("eth0", p.socket_ifaces[0].first);
  EXPECT_EQ(1u, rep.facts.lines);
  ASSERT_FALSE(rep.findings.empty());
  EXPECT_EQ("nccl.ib.hca-not-found-socket", rep.findings[0].id);
  EXPECT_EQ(core::Label::performance, rep.findings[0].label);
  EXPECT_FALSE(core::has_error(rep.findings));

  // Without NCCL_IB_HCA, "No device found" on a host without RDMA is no finding of its own.
  LogsReport plain = analyze_text(
      "h:1:1 [0] NCCL INFO NET/IB : No device found.\n"
      "h:1:1 [0] NCCL INFO NET/Socket : Using [0]eth0:198.18.0.7<0>\n"
      "h:1:1 [0] NCCL INFO Using network Socket\n",
      "plain");
  for (const auto& f : plain.findings) EXPECT_NE("nccl.ib.hca-not-found-socket", f.id);

  // Next to a refused connection the unfound HCAs are background, not the first finding.
  LogsReport failing = analyze_text(glued +
                                        "h:1:2 [0] misc/socket.cc:1 NCCL WARN Net : Connect to 198.18.0.9<4000> "
                                        "failed : Connection refused\n",
                                    "failing");
  ASSERT_FALSE(failing.findings.empty());
  EXPECT_NE(core::Label::performance, failing.findings[0].label);
  bool background = false;
  for (const auto& f : failing.findings)
    background = background || (f.id == "nccl.ib.hca-not-found" && f.severity == core::Severity::info);
  EXPECT_TRUE(background);
}

TEST(LogsAnalyzer, HandsThePrintedTfConfigToTheCheck) {
  auto printed = [](std::string_view line) {
    std::string scratch;
    LineEvent ev = parse_line(line, scratch).event;
    return ev.kind == EventKind::tf_config_printed ? std::string(ev.text) : std::string();
  };
  EXPECT_EQ("{'cluster': {}}", printed("INFO:tensorflow:TF_CONFIG environment variable: {'cluster': {}}"));
  EXPECT_EQ("", printed("TF_CONFIG environment variable: not a dict"));
  EXPECT_EQ("", printed("export TF_CONFIG={}"));
  // A script's own print (catalogue script.tf-config.printed): JSON or a dict after ':', '=' or blanks,
  // a shell's single quotes dropped; a line that only names the variable is none.
  EXPECT_EQ("{\"cluster\": {}}", printed("TF_CONFIG:{\"cluster\": {}}"));
  EXPECT_EQ("{'cluster': {}}", printed("TF_CONFIG = {'cluster': {}}"));
  EXPECT_EQ("{\"cluster\": {}}", printed("+ export TF_CONFIG='{\"cluster\": {}}'"));
  EXPECT_EQ("", printed("os.environ['TF_CONFIG'] = json.dumps(cluster)"));
  EXPECT_EQ("{\"a\": true, \"b\": false, \"c\": null}",
            python_repr_to_json("{\"a\": true, \"b\": false, \"c\": null}").value_or("?"));
  EXPECT_EQ(
      "{\"cluster\": {\"ps\": [\"h:1\"]}, \"task\": {\"index\": 0, \"type\": \"chief\"}, "
      "\"x\": true, \"y\": null}",
      python_repr_to_json("{u'cluster': {u'ps': [u'h:1']}, 'task': {'index': 0, 'type': u'chief'}, 'x': True, "
                          "'y': None}")
          .value_or("?"));
  EXPECT_FALSE(python_repr_to_json("{'a': Spec(1)}").has_value());
  EXPECT_FALSE(python_repr_to_json("{'a': \"it's\"}").has_value());
  EXPECT_FALSE(python_repr_to_json("{'a': 'open").has_value());
  EXPECT_FALSE(python_repr_to_json("{'a': (1, 2)}").has_value());
  const std::string log =
      "INFO:tensorflow:TF_CONFIG environment variable: {'cluster': {'worker': ['198.18.0.1:2222']}, 'task': "
      "{'type': 'chief', 'index': 0}}\nTraceback (most recent call last):\n";
  std::string seen;
  auto check = [&seen](const std::string& json) {
    seen = json;
    auto f = core::new_finding("tf-config.task-type-not-in-cluster", core::Label::tf_config, core::Severity::error,
                               "task type chief has no job");
    f.fix.text = "add the chief job";
    return std::vector<core::Finding>{f};
  };
  LogsReport with = analyze_text(log, "tf.log", check);
  EXPECT_EQ("{\"cluster\": {\"worker\": [\"198.18.0.1:2222\"]}, \"task\": {\"type\": \"chief\", \"index\": 0}}", seen);
  ASSERT_FALSE(with.findings.empty());
  EXPECT_EQ("tf.config.printed.task-type-not-in-cluster", with.findings[0].id);
  EXPECT_EQ(core::Label::tf_config, with.findings[0].label);
  EXPECT_EQ("add the chief job", with.findings[0].fix.text);
  ASSERT_FALSE(with.findings[0].evidence.empty());
  EXPECT_EQ(0u, with.findings[0].evidence[0].rfind("tf.log:1:", 0));
  LogsReport without = analyze_text(log, "tf.log");
  for (const auto& f : without.findings) EXPECT_EQ(std::string::npos, f.id.find("tf.config.printed")) << f.id;
}

TEST(LogsFactBuilder, KeepsTheNetPluginAnExternalOneOutranksInternal) {
  FactBuilder b;
  const LogFacts& f =
      read_file(b, "r0.log",
                {"n0:10:10 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation",
                 "n0:10:10 [0] NCCL INFO NET/Plugin: Loaded net plugin AWS Libfabric (v8)",
                 "n1:20:20 [0] NCCL INFO NET/Plugin: Loaded net plugin AWS Libfabric (v8)",
                 "n1:20:20 [0] NCCL INFO NET/Plugin: Using internal network plugin."});
  ASSERT_EQ(2u, f.processes.size());
  EXPECT_EQ("AWS Libfabric", f.processes[0]->net_plugin);
  EXPECT_EQ(2, f.processes[0]->plugin_line.line);
  EXPECT_EQ("AWS Libfabric", f.processes[1]->net_plugin);
  EXPECT_EQ(0, f.signal(EventKind::net_plugin).count);  // a setting, not a signal
}

// The id of the first finding, and whether `id` is among the findings.
std::string first_id(const LogsReport& r) { return r.findings.empty() ? "" : r.findings[0].id; }
bool has_finding(const LogsReport& r, std::string_view id) {
  for (const auto& f : r.findings)
    if (f.id == id) return true;
  return false;
}

TEST(LogsAnalyzer, HostsOnDifferentNetPluginsDisagreeOnTransport) {
  const std::string mixed =
      "a:1:1 [0] NCCL INFO NET/Plugin: Loaded net plugin NCCL RDMA Plugin v8 (v8)\n"
      "a:1:1 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 7000 - Init START\n"
      "b:2:2 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation\n"
      "b:2:2 [0] NCCL INFO comm 0x2 rank 1 nranks 2 cudaDev 0 busId 7000 - Init START\n";
  LogsReport r = analyze_text(mixed, "m.log");
  ASSERT_EQ("nccl.net.plugin-mismatch", first_id(r));
  EXPECT_EQ(core::Label::version_mismatch, r.findings[0].label);
  EXPECT_EQ(std::vector<std::string>{"b"}, r.findings[0].hosts);  // the hosts without the plugin
  EXPECT_EQ(2u, r.findings[0].evidence.size());
  // A transport name only an external plugin registers counts as one (HPC-X's IBext, no NET/Plugin line).
  LogsReport by_network = analyze_text(
      "a:1:1 [0] NCCL INFO Using network IBext_v8\n"
      "b:2:2 [0] NCCL INFO NET/Plugin: Using internal network plugin.\n",
      "n.log");
  EXPECT_TRUE(has_finding(by_network, "nccl.net.plugin-mismatch"));
  // The same plugin everywhere, or one host only: nothing to compare.
  for (const char* log : {"a:1:1 [0] NCCL INFO NET/Plugin: Using internal network plugin.\n"
                          "b:2:2 [0] NCCL INFO NET/Plugin : No plugin found, using internal implementation\n",
                          "a:1:1 [0] NCCL INFO NET/Plugin: Loaded net plugin AWS Libfabric (v8)\n"
                          "a:1:1 [0] NCCL INFO NET/Plugin : No plugin found, using internal implementation\n"})
    EXPECT_FALSE(has_finding(analyze_text(log, "s.log"), "nccl.net.plugin-mismatch")) << log;
}

TEST(LogsAnalyzer, DifferentlyNamedInterfacesMatterOnlyInAFailedJob) {
  const std::string ifaces =
      "a:1:1 [0] NCCL INFO NET/Socket : Using [0]enp1s0:198.18.0.10<0>\n"
      "b:2:2 [0] NCCL INFO Bootstrap : Using eth0:198.18.7.20<0>\n";
  LogsReport failed = analyze_text(ifaces + "RuntimeError: NCCL error in: x.cpp:1, unhandled system error\n", "f.log");
  ASSERT_EQ("nccl.socket.iface-names-differ", first_id(failed));
  const core::Finding& f = failed.findings[0];
  EXPECT_EQ(core::Label::interface_mismatch, f.label);
  EXPECT_EQ("enp1s0,eth0", f.fix.env.at("NCCL_SOCKET_IFNAME"));
  EXPECT_EQ("enp1s0", f.fix.per_host.at("a").at("NCCL_SOCKET_IFNAME"));
  EXPECT_EQ("eth0", f.fix.per_host.at("b").at("NCCL_SOCKET_IFNAME"));
  EXPECT_FALSE(has_finding(analyze_text(ifaces, "ok.log"), "nccl.socket.iface-names-differ"));
  // IPoIB on one host, Ethernet on the other (NET/IB's OOB interface when there is no Bootstrap line).
  LogsReport fabrics = analyze_text(
      "a:1:1 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [RO]; OOB ib0:198.18.20.1<0>\n"
      "b:2:2 [0] NCCL INFO NET/Socket : Using [0]eth0:198.18.30.2<0>\n",
      "i.log");
  EXPECT_TRUE(has_finding(fabrics, "nccl.bootstrap.different-subnets"));
}

TEST(LogsAnalyzer, AMissingVerbsProviderIsTheCauseOnlyNextToAnNcclFailure) {
  const std::string warning =
      "libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0\n";
  LogsReport failed = analyze_text(warning + "node7: Test NCCL failure common.cu:775 'internal error'\n", "f.log");
  ASSERT_EQ("ib.verbs.provider-missing", first_id(failed));
  EXPECT_EQ(core::Severity::warning, failed.findings[0].severity);
  EXPECT_EQ(2u, failed.findings[0].evidence.size());
  LogsReport alone = analyze_text(warning, "a.log");
  EXPECT_TRUE(has_finding(alone, "ib.verbs.provider-missing-info"));
  EXPECT_FALSE(has_finding(alone, "ib.verbs.provider-missing"));
}

// analyze_files keeps each process's last line as a view into the reader's buffer until the reader
// moves that buffer (FactBuilder::add_buffered_line, LineReader::set_before_refill): on a file
// several times the 1 MiB buffer, every process's last_activity must still be its own last line,
// as analyze_text (which copies every line) has it; lines with ANSI colour (stripped into scratch)
// and glued records (parsed from a copy) are copied at once and must come out the same.
TEST(LogsAnalyzer, KeepsEachProcessLastLineAcrossReaderBufferRefills) {
  std::string text;
  std::map<std::string, std::string> last;  // "host:pid" -> its last line, as expected
  for (int burst = 0; text.size() < 3 * 1024 * 1024; ++burst) {
    int proc = (burst * 7) % 23;
    std::string host = "node" + std::to_string(proc % 5), pid = std::to_string(1000 + proc);
    for (int k = 0; k <= burst % 9; ++k) {
      std::string line = std::to_string(proc) + ": " + host + ":" + pid + ":" + std::to_string(2000 + proc) + " [" +
                         std::to_string(proc % 8) + "] NCCL INFO Channel " + std::to_string(k % 32) +
                         "/32 : " + std::to_string(burst) + "[0] -> 1[1] via NET/IB/" + std::to_string(k % 4) +
                         (k % 2 != 0 ? "/GDRDMA" : "");
      std::string body = line.substr(line.find(' ') + 1);
      if (burst % 13 == 5 && k == 0) line = "\x1b[32m" + line + "\x1b[0m";  // a coloured line: stripped into scratch
      if (burst % 17 == 3 && k == burst % 9) {  // two records on one line past 256 bytes: split from a copy
        std::string header = host + ":" + pid + ":" + std::to_string(2000 + proc) + " [1]";
        body = header + " NCCL INFO Connected all rings";
        line = std::to_string(proc) + ": " + header + " NCCL INFO Trees " + std::string(260, 'x') + " " + body;
      }
      text += line + "\n";
      last[host + ":" + pid] = body;
    }
  }
  char tmpl[] = "/tmp/dd-logs-refill-XXXXXX";
  ASSERT_NE(nullptr, ::mkdtemp(tmpl));
  const std::filesystem::path dir(tmpl);
  const std::string path = (dir / "big.log").string();
  std::ofstream(path, std::ios::binary) << text;
  auto from_file = analyze_files({path});
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(from_file.ok());
  LogsReport from_text = analyze_text(text, path);
  const auto& a = from_file->facts.processes;
  const auto& b = from_text.facts.processes;
  ASSERT_EQ(23u, a.size());
  ASSERT_EQ(b.size(), a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE(a[i]->host + ":" + a[i]->pid);
    EXPECT_EQ(b[i]->last_activity.line, a[i]->last_activity.line);
    EXPECT_EQ(b[i]->last_activity.text, a[i]->last_activity.text);
    EXPECT_EQ(last[a[i]->host + ":" + a[i]->pid], a[i]->last_activity.text);
  }
}

// find_literal answers as string_view::find from whichever byte of the literal it looks for first.
TEST(LogsTextScan, FindLiteralAgreesWithFind) {
  EXPECT_EQ(1u, rarest_byte("/GDRDMA"));
  EXPECT_EQ(1u, rarest_byte(" via "));
  const std::vector<std::string_view> texts = {
      "",       "a",        "via", " via ", "x via y via z", "Channel 00/32 : 0[0] -> 1[1] via NET/IB/0/GDRDMA",
      "/GDRDM", "//GDRDMA/"};
  for (std::string_view s : texts)
    for (std::string_view lit : {std::string_view("/GDRDMA"), std::string_view(" via "), std::string_view("a")})
      for (std::size_t at = 0; at < lit.size(); ++at)
        EXPECT_EQ(s.find(lit), find_literal(s, lit, at)) << s << " / " << lit;
}

}  // namespace
}  // namespace dd::logs
