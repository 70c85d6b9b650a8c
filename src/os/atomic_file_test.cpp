#include "os/atomic_file.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace dd::os {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    char tmpl[] = "/tmp/dd-atomic-XXXXXX";
    path = ::mkdtemp(tmpl);
  }
  ~TempDir() { fs::remove_all(path); }
};

std::string read_all(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(AtomicFile, WritesReplacesAndLeavesNoTemporaryFile) {
  TempDir d;
  auto target = (d.path / "r.html").string();
  ASSERT_FALSE(write_file_atomic("--report", target, "one"));
  ASSERT_FALSE(write_file_atomic("--report", target, "two"));
  EXPECT_EQ(read_all(target), "two");
  struct stat st {};
  ASSERT_EQ(::stat(target.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(d.path)) ++files;
  EXPECT_EQ(files, 1);
}

TEST(AtomicFile, RefusesADirectoryAndAMissingFolder) {
  TempDir d;
  auto dir = check_output_path("--report", d.path.string());
  ASSERT_TRUE(dir);
  EXPECT_NE(dir->message.find("is a directory"), std::string::npos);
  EXPECT_NE(dir->message.find("--report"), std::string::npos);
  auto missing = write_file_atomic("--report", (d.path / "no" / "r.html").string(), "x");
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->message.find("folder"), std::string::npos);
  auto dev = check_output_path("--report", "/dev/null");
  ASSERT_TRUE(dev);
  EXPECT_NE(dev->message.find("not a regular file"), std::string::npos);
}

}  // namespace
}  // namespace dd::os
