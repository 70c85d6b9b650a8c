// Test-only: golden files, compared and never written. tests/data/golden_text/<name>.txt and
// tests/data/logs/<case>.expected are reviewed by a person; a test that finds its output different
// (or the file missing) fails, and writes what it got under golden-received/ beside the test
// binary (the build tree), at the golden file's path below tests/data. scripts/review-goldens.sh
// copies those files over the goldens so that `git diff` shows the change for review before it is
// committed.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace dd::report::testing {

// Records `actual` as the received version of tests/data/<relative>; returns where it went.
inline std::string write_received(const std::string& relative, const std::string& actual) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path path = fs::read_symlink("/proc/self/exe", ec).parent_path() / "golden-received" / relative;
  fs::create_directories(path.parent_path(), ec);
  std::ofstream(path, std::ios::binary) << actual;
  return path.string();
}

// The golden file's text; nullopt when it cannot be read.
inline std::optional<std::string> read_golden(const std::string& relative) {
  std::ifstream in(std::filesystem::path(DD_TEST_DATA_DIR) / relative, std::ios::binary);
  if (!in.good()) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Compares `actual` with tests/data/<relative>; on a difference the test fails and the received
// text is written for review.
inline void expect_same_as_golden(const std::string& relative, const std::string& actual) {
  auto expected = read_golden(relative);
  if (expected && *expected == actual) return;
  std::string received = write_received(relative, actual);
  if (!expected) {
    ADD_FAILURE() << "golden file missing: tests/data/" << relative << " (this run's output: " << received
                  << "; scripts/review-goldens.sh)";
    return;
  }
  EXPECT_EQ(actual, *expected) << "text differs from tests/data/" << relative << " (this run's output: " << received
                               << "; scripts/review-goldens.sh)";
}

inline void expect_golden(const std::string& name, const std::string& actual) {
  expect_same_as_golden("golden_text/" + name + ".txt", actual);
}

}  // namespace dd::report::testing
