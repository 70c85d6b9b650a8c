#!/usr/bin/env bash
# Golden files (tests/data/golden_text/*.txt, tests/data/logs/*.expected) are reviewed, never
# rewritten by a test. After a change that alters their output on purpose, this script runs the
# golden tests of a built tree, copies each output that differed (written by the tests under
# BUILD/golden-received/, see tests/support/report/golden_text.hpp) over its golden file, and lists
# them: read `git diff tests/data` line by line before committing; anything not intended is a bug.
#
# usage: review-goldens.sh [BUILD_DIR]   (default: build/asan; the tree's dd_unit_tests must be built)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build/asan}"
tests="$build/dd_unit_tests"
[[ -x "$tests" ]] || { echo "review-goldens: $tests is not built (ninja -C $build dd_unit_tests)" >&2; exit 2; }
received="$build/golden-received"
rm -rf "$received"
# The tests that compare with golden files; their failures are the differences to review.
"$tests" --gtest_filter='LogsGolden.*:CheckText.*:PreflightText.*' >/dev/null 2>&1
if [[ ! -d "$received" ]]; then
  echo "review-goldens: every golden file matches"
  exit 0
fi
count=0
while IFS= read -r -d '' f; do
  rel="${f#"$received"/}"
  cp "$f" "$root/tests/data/$rel"
  echo "updated tests/data/$rel"
  count=$((count + 1))
done < <(find "$received" -type f -print0 | sort -z)
echo "review-goldens: $count golden file(s) replaced by this build's output; review them: git diff tests/data"
