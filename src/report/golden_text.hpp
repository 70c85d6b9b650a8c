// Test-only: compares rendered text with tests/data/golden_text/<name>.txt; DD_UPDATE_GOLDEN=1
// rewrites the file instead (then review the diff).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace dd::report::testing {

inline void expect_golden(const std::string& name, const std::string& actual) {
  namespace fs = std::filesystem;
  fs::path path = fs::path(DD_TEST_DATA_DIR) / "golden_text" / (name + ".txt");
  if (std::getenv("DD_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in.good()) << "golden file missing: " << path << " (DD_UPDATE_GOLDEN=1 writes it)";
  std::stringstream expected;
  expected << in.rdbuf();
  EXPECT_EQ(actual, expected.str()) << "text differs from " << path;
}

}  // namespace dd::report::testing
