#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: install dependencies, build with warnings as errors and
# ASan/UBSan, run every unit and system test (system tests need root: namespaces, nftables).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/check-tools.sh   # every tool the tests call, with its package
build=build/asan
# Unity build of the modules and the CLI (16 sources a compile, as the release build): on 2 cores
# it halves their compile time (docs/build.md, "Suite time"); the unit tests compile file by file.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DDD_WERROR=ON -DDD_SANITIZE=ON -DDD_FUZZ=ON \
  -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 >/dev/null
cmake --build "$build"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# ctest -j starts the longest tests first when it knows their times (Testing/Temporary/
# CTestCostData.txt, written after each run); a fresh build tree has none and would start them in
# file order, the 8-minute fuzz build and the serial namespace cases last. tests/ctest-cost.txt is
# a copy of one run's times (refresh: copy that file back), given only where ctest has none yet.
cost=$build/Testing/Temporary/CTestCostData.txt
if [ ! -s "$cost" ]; then mkdir -p "$(dirname "$cost")" && cp tests/ctest-cost.txt "$cost"; fi
# -LE: the 128-node preflight tests (label scale, minutes on 2 cores) and the clang-tidy function-size
# check over all of src/ (label slow, about 20 minutes) run on their own: ctest -L scale, ctest -L slow
ctest --test-dir "$build" --output-on-failure --timeout 900 -j2 -LE "scale|slow" "$@"
