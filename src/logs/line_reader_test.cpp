#include "logs/line_reader.hpp"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace dd::logs {
namespace {

namespace fs = std::filesystem;

class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/dd-logs-reader-XXXXXX";
    path_ = ::mkdtemp(tmpl);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string file(const std::string& name) const { return (fs::path(path_) / name).string(); }

 private:
  std::string path_;
};

std::vector<std::string> read_all(const std::string& path, std::size_t* cut_count = nullptr) {
  auto r = LineReader::open(path);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  std::vector<std::string> lines;
  if (!r.ok()) return lines;
  std::string_view line;
  bool cut = false;
  while (true) {
    auto more = (*r)->next(line, cut);
    EXPECT_TRUE(more.ok());
    if (!more.ok() || !*more) break;
    lines.emplace_back(line);
    if (cut && cut_count) ++*cut_count;
  }
  return lines;
}

void write_gzip(const std::string& path, const std::string& text, const char* mode = "wb") {
  gzFile gz = gzopen(path.c_str(), mode);
  ASSERT_NE(gz, nullptr);
  ASSERT_EQ(static_cast<int>(text.size()), gzwrite(gz, text.data(), static_cast<unsigned>(text.size())));
  gzclose(gz);
}

TEST(LogsLineReader, PlainFileWithCrlfAndNoFinalNewline) {
  TempDir dir;
  std::ofstream(dir.file("a.log")) << "one\r\ntwo\n\nthree";
  auto lines = read_all(dir.file("a.log"));
  ASSERT_EQ(4u, lines.size());
  EXPECT_EQ("one\r", lines[0]);  // CR is the prefix stripper's job
  EXPECT_EQ("", lines[2]);
  EXPECT_EQ("three", lines[3]);
}

TEST(LogsLineReader, GzipAndConcatenatedMembers) {
  TempDir dir;
  std::string big;
  for (int i = 0; i < 200000; ++i) big += "line " + std::to_string(i) + "\n";
  write_gzip(dir.file("a.gz"), big);
  write_gzip(dir.file("a.gz"), "tail member\n", "ab");
  auto lines = read_all(dir.file("a.gz"));
  ASSERT_EQ(200001u, lines.size());
  EXPECT_EQ("line 0", lines[0]);
  EXPECT_EQ("line 199999", lines[199999]);
  EXPECT_EQ("tail member", lines[200000]);
}

// Lines of pseudo-random hex (about half as large gzipped), so that the gzip file is larger than
// the first read (up to the 1 MB line buffer, moved to the 256 kB input buffer when it is gzip) and
// the plain file needs several refills of the line buffer.
std::string hex_lines(int count) {
  std::string out;
  std::uint64_t x = 88172645463325252ull;
  for (int i = 0; i < count; ++i) {
    out += std::to_string(i) + " ";
    for (int k = 0; k < 64; ++k) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      out += "0123456789abcdef"[x & 15];
    }
    out += '\n';
  }
  return out;
}

TEST(LogsLineReader, LargeGzipAndPlainInputsReadWhole) {
  TempDir dir;
  std::string text = hex_lines(40000);  // 2.9 MB
  write_gzip(dir.file("big.gz"), text);
  ASSERT_GT(fs::file_size(dir.file("big.gz")), 1024u * 1024u);
  std::ofstream(dir.file("big.log"), std::ios::binary) << text;
  for (const char* name : {"big.gz", "big.log"}) {
    auto lines = read_all(dir.file(name));
    ASSERT_EQ(40000u, lines.size()) << name;
    std::string joined;
    for (const auto& l : lines) joined += l + "\n";
    EXPECT_EQ(text, joined) << name;
  }
}

TEST(LogsLineReader, CutsOverlongLinesAndKeepsGoing) {
  TempDir dir;
  std::string text = std::string(3 * 1024 * 1024, 'x') + "\nafter\n";
  std::ofstream(dir.file("long.log")) << text;
  std::size_t cuts = 0;
  auto lines = read_all(dir.file("long.log"), &cuts);
  ASSERT_EQ(2u, lines.size());
  EXPECT_EQ(k_max_line, lines[0].size());
  EXPECT_EQ(1u, cuts);
  EXPECT_EQ("after", lines[1]);
}

TEST(LogsLineReader, UnreadableInputsNameTheFileAndTheProblem) {
  TempDir dir;
  auto missing = LineReader::open(dir.file("nope.log"));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(core::ErrorKind::unreadable, missing.error().kind);
  EXPECT_NE(std::string::npos, missing.error().message.find("nope.log"));
  EXPECT_NE(std::string::npos, missing.error().message.find("No such file"));
  fs::create_directory(dir.file("d"));
  auto directory = LineReader::open(dir.file("d"));
  ASSERT_FALSE(directory.ok());
  EXPECT_NE(std::string::npos, directory.error().message.find("directory"));
  // gzip magic followed by garbage: a decode error, not a crash.
  std::ofstream(dir.file("bad.gz")) << std::string("\x1f\x8b\x08\x00garbage-garbage-garbage-garbage", 36);
  auto bad = LineReader::open(dir.file("bad.gz"));
  ASSERT_TRUE(bad.ok());
  std::string_view line;
  bool cut = false;
  auto r = (*bad)->next(line, cut);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(std::string::npos, r.error().message.find("bad.gz"));
  EXPECT_NE(std::string::npos, r.error().message.find("gzip"));
}

TEST(LogsLineReader, TruncatedGzipReturnsWhatItHasAndSaysSo) {
  TempDir dir;
  std::string text;
  for (int i = 0; i < 50000; ++i) text += "payload " + std::to_string(i * 7919) + "\n";
  write_gzip(dir.file("t.gz"), text);
  auto size = fs::file_size(dir.file("t.gz"));
  fs::resize_file(dir.file("t.gz"), size / 2);
  auto r = LineReader::open(dir.file("t.gz"));
  ASSERT_TRUE(r.ok());
  std::string_view line;
  bool cut = false;
  std::size_t n = 0;
  while (true) {
    auto more = (*r)->next(line, cut);
    ASSERT_TRUE(more.ok());
    if (!*more) break;
    ++n;
  }
  EXPECT_GT(n, 1000u);
  EXPECT_LT(n, 50000u);
  EXPECT_TRUE((*r)->truncated_gzip());
}

}  // namespace
}  // namespace dd::logs
