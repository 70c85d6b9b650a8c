// A fix whose edit changes another line than the finding's says which line its text replaces
// (fix-2026-12-06m p10: the finding at the deepspeed line 9, the edit on line 10; the text pasted over
// line 9 removed the command and bash -n still passed).
#include <gtest/gtest.h>

#include <string>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::first_of;
using test::ids;
using test::lint_as;

TEST(LintFixLine, EditOfAnotherLineNamesIt) {
  const std::string script =
      "#!/bin/bash\n"
      "set -euo pipefail\n"
      "export NCCL_SOCKET_IFNAME=ens5\n"
      "deepspeed --hostfile=hostfile --num_nodes=2 --num_gpus=8 \\\n"
      "    --master_addr=localhost --master_port=29500 \\\n"
      "    train.py --deepspeed --deepspeed_config ds_config.json\n";
  auto fs = lint_as("launch.sh", script);
  const auto* f = first_of(fs, "lint.launch.master-addr-localhost");
  ASSERT_NE(f, nullptr) << ids(fs);
  ASSERT_EQ(f->edits.size(), 1u);
  ASSERT_NE(f->edits.front().line, f->location.line);
  EXPECT_EQ(f->finding.fix.text.rfind("line " + std::to_string(f->edits.front().line) + " becomes: ", 0), 0u)
      << f->finding.fix.text;
  // the text after the prefix is the edit's line, trimmed
  std::string fixed = test::applied(script, *f);
  EXPECT_EQ(fixed.find("--master_addr=localhost"), std::string::npos) << fixed;
}

TEST(LintFixLine, EditOfTheFindingsOwnLineHasNoPrefix) {
  auto fs = lint_as("train.sh", "#!/bin/bash\nexport NCCL_SOCKET_FAMILY=IPv4\n");
  ASSERT_FALSE(fs.empty());
  for (const auto& f : fs) {
    for (const auto& e : f.edits) {
      if (e.line == f.location.line && e.end_line == e.line) {
        EXPECT_EQ(f.finding.fix.text.rfind("line ", 0), std::string::npos)
            << f.finding.id << ": " << f.finding.fix.text;
      }
    }
  }
}

}  // namespace
}  // namespace dd::lint
