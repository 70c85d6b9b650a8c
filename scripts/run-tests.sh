#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: install dependencies, build with warnings as errors and
# ASan/UBSan, run every unit and system test (system tests need root: namespaces, nftables).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/check-tools.sh   # every tool the tests call, with its package
build=build/asan
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DDD_WERROR=ON -DDD_SANITIZE=ON -DDD_FUZZ=ON >/dev/null
cmake --build "$build"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# -LE: the 128-node preflight tests (label scale, minutes on 2 cores) and the clang-tidy function-size
# check over all of src/ (label slow, about 20 minutes) run on their own: ctest -L scale, ctest -L slow
ctest --test-dir "$build" --output-on-failure --timeout 900 -j2 -LE "scale|slow" "$@"
