// `logs --json` writes ranks[] without a JSON tree (rank_json_text.hpp) and the classifier takes
// the NCCL header span the prefix stripper saw (Stripped::header_*): both must give exactly what
// the slower paths give, on every fixture log and on lines made to stress them.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/json_limits.hpp"
#include "logs/analyzer.hpp"
#include "logs/line_classifier.hpp"
#include "logs/logs_report.hpp"

namespace dd::logs {
namespace {

namespace fs = std::filesystem;

std::vector<std::pair<std::string, std::string>> fixture_logs() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& e : fs::directory_iterator(fs::path(DD_TEST_DATA_DIR) / "logs")) {
    if (e.path().extension() != ".log") continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    out.emplace_back(e.path().filename().string(), text.str());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Ranks with failed peers, socket lists, IB devices, warnings and errors, and strings that need
// escaping: a quote, a backslash, a tab, a control byte, UTF-8 and a byte that is not UTF-8.
constexpr std::string_view k_stress =
    "h\xc3\xa9te:11:12 [0] NCCL INFO Bootstrap : Using eth\"0:198.18.0.1<0>\n"
    "h\xc3\xa9te:11:12 [0] NCCL INFO NET/Socket : Using [0]eth\\0:198.18.0.1<0> [1]ib\x01:198.18.1.1<0>\n"
    "h\xc3\xa9te:11:12 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 1000 - Init START\n"
    "h\xc3\xa9te:11:12 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to \tens\xff\n"
    "h\xc3\xa9te:11:12 [0] misc/socket.cc:450 NCCL WARN Call to connect returned Connection refused, retrying\n"
    "h\xc3\xa9te:11:12 [0] misc/socket.cc:450 NCCL WARN Net : Connect to 198.18.0.9<43555> failed : "
    "Connection refused\n"
    "node-b:21:22 [1] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB eth0:198.18.0.2<0>\n"
    "node-b:21:22 [1] NCCL INFO comm 0x1 rank 1 nranks 2 cudaDev 1 busId 2000 - Init COMPLETE\n"
    "node-b:21:22 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/IB/0/GDRDMA\n"
    "[0] NCCL INFO NET/Plugin : No plugin found\n";

TEST(LogsJsonText, SameBytesAsTheJsonTreeOnEveryFixtureLog) {
  auto logs = fixture_logs();
  ASSERT_GT(logs.size(), 50u);
  std::size_t with_ranks = 0;
  for (const auto& [name, text] : logs) {
    LogsReport r = analyze_text(text, name);
    EXPECT_EQ(to_json_text(r), core::dump_json(to_json(r), 2)) << name;
    if (!to_json(r)["ranks"].empty()) ++with_ranks;
  }
  EXPECT_GT(with_ranks, 40u);  // 49 of the fixture logs have ranks
}

TEST(LogsJsonText, SameBytesWhenStringsNeedEscaping) {
  LogsReport r = analyze_text(k_stress, "stress \"log\".txt");
  auto tree = to_json(r);
  ASSERT_EQ(tree["ranks"].size(), 2u);
  EXPECT_FALSE(tree["ranks"][0]["failed_peers"].empty());
  EXPECT_FALSE(tree["ranks"][0]["net"]["socket"].empty());
  EXPECT_FALSE(tree["ranks"][0]["socket_ifname"].is_null());
  EXPECT_FALSE(tree["ranks"][1]["net"]["ib_devices"].is_null());
  EXPECT_EQ(to_json_text(r), core::dump_json(tree, 2));
  EXPECT_EQ(to_json_text(LogsReport{}), core::dump_json(to_json(LogsReport{}), 2));
}

bool same_event(const LineEvent& a, const LineEvent& b) {
  return a.kind == b.kind && a.has_header == b.has_header && a.warn == b.warn && a.host == b.host && a.pid == b.pid &&
         a.dev == b.dev && a.text == b.text && a.rank == b.rank && a.catalogue_entry == b.catalogue_entry;
}

TEST(LogsHeaderSpan, ClassifierGivesTheSameEventWithTheStrippersSpan) {
  std::vector<std::string> lines = {
      "host-1:123:456 [7] NCCL INFO Using network IB",
      "3: gpu-node-015:20123:20223 [3] NCCL INFO Channel 00/32 : 3[3] -> 4[4] via P2P/IPC/read",
      "h.example.org-x:1:2 [0] NCCL INFO Connected all rings",  // may be grep context
      "h:1234567890123456789012345:1 [0] NCCL INFO pid of 25 digits",
      "h:123456789012345678901234:1 [0] NCCL INFO pid of 24 digits",
      "h:1:2 [",
      "h:1:2 [0",
      "h:1:2 [12] ",
      "train.log:12:h:1:2 [0] NCCL WARN grep -n before the header",
      "2026-03-01T10:00:00Z h:1:2 [0] NCCL INFO after a time stamp",
  };
  std::size_t seen = 0;
  for (const auto& [name, text] : fixture_logs()) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  std::string scratch;
  for (const auto& line : lines) {
    ParsedLine p = parse_line(line, scratch);
    if (p.stripped.header_end != 0) ++seen;
    EXPECT_TRUE(same_event(p.event, classify_body(p.stripped.body))) << line;
  }
  EXPECT_GT(seen, 100u);
}

}  // namespace
}  // namespace dd::logs
