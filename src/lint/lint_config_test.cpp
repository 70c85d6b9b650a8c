// lint's config file (lint_config.hpp) through the real TOML parser: both places, the errors that
// name the file, and the search upward from a folder.
#include "lint/lint_config.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace dd::lint {
namespace {

TEST(LintConfig, ReadsTopLevelKeysOfDistdoctorToml) {
  auto c = parse_config(".distdoctor.toml",
                        "select = [\"lint.docker\", \"lint.k8s\"]\nignore = [\"lint.docker.small-shm\"]\n", false);
  ASSERT_TRUE(c) << c.error().message;
  ASSERT_TRUE(*c);
  EXPECT_EQ((*c)->select, (std::vector<std::string>{"lint.docker", "lint.k8s"}));
  EXPECT_EQ((*c)->ignore, (std::vector<std::string>{"lint.docker.small-shm"}));
}

TEST(LintConfig, ReadsToolDistdoctorOfPyproject) {
  auto c = parse_config("pyproject.toml", "[project]\nname = \"x\"\n\n[tool.distdoctor]\nignore = [\"env\"]\n", true);
  ASSERT_TRUE(c) << c.error().message;
  ASSERT_TRUE(*c);
  EXPECT_TRUE((*c)->select.empty());
  EXPECT_EQ((*c)->ignore, (std::vector<std::string>{"env"}));
  auto none = parse_config("pyproject.toml", "[tool.ruff]\nline-length = 100\n", true);
  ASSERT_TRUE(none);
  EXPECT_FALSE(*none);
}

TEST(LintConfig, ErrorsNameTheFileAndTheProblem) {
  auto syntax = parse_config("a/.distdoctor.toml", "select = [\"lint.docker\"\n", false);
  ASSERT_FALSE(syntax);
  EXPECT_EQ(syntax.error().message.rfind("a/.distdoctor.toml: not valid TOML", 0), 0u) << syntax.error().message;
  auto key = parse_config("pyproject.toml", "[tool.distdoctor]\nselct = [\"lint\"]\n", true);
  ASSERT_FALSE(key);
  EXPECT_EQ(key.error().message,
            "pyproject.toml: [tool.distdoctor] unknown key 'selct' (distdoctor reads select and ignore)");
  auto type = parse_config(".distdoctor.toml", "ignore = \"lint.docker\"\n", false);
  ASSERT_FALSE(type);
  EXPECT_NE(type.error().message.find("ignore must be a list of rule ids"), std::string::npos);
  auto id = parse_config(".distdoctor.toml", "ignore = [\"Lint Docker\"]\n", false);
  ASSERT_FALSE(id);
  EXPECT_NE(id.error().message.find("is not a rule id"), std::string::npos);
}

TEST(LintConfig, NearestFolderWinsAndPyprojectWithoutTableIsPassedOver) {
  char tmpl[] = "/tmp/dd-lint-config-XXXXXX";
  ASSERT_NE(::mkdtemp(tmpl), nullptr);
  std::filesystem::path root(tmpl);
  std::filesystem::create_directories(root / "repo" / "sub");
  std::ofstream(root / "repo" / ".distdoctor.toml") << "ignore = [\"lint.docker\"]\n";
  std::ofstream(root / "repo" / "sub" / "pyproject.toml") << "[project]\nname = \"x\"\n";
  auto c = find_config(root / "repo" / "sub");
  ASSERT_TRUE(c) << c.error().message;
  ASSERT_TRUE(*c);
  EXPECT_EQ((*c)->path, (root / "repo" / ".distdoctor.toml").string());
  std::ofstream(root / "repo" / "sub" / "pyproject.toml") << "[tool.distdoctor]\nselect = [\"lint.k8s\"]\n";
  auto near = find_config(root / "repo" / "sub");
  ASSERT_TRUE(near && *near);
  EXPECT_EQ((*near)->select, (std::vector<std::string>{"lint.k8s"}));
  std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace dd::lint
