#!/usr/bin/env bash
# ThreadSanitizer run of the threaded parts (the rendezvous server and clients, the prober and probe
# server, bench's mesh of sockets): builds only dd_tsan_tests in build/tsan (-DDD_TSAN=ON) and runs
# it; a data race or lock-order inversion fails it (exit 66) with both stacks. Not part of the
# README's test command (a second sanitizer tree); run after scripts/install-deps.sh:
#   bash scripts/tsan.sh [--gtest_filter=...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/tsan
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDD_WERROR=ON -DDD_TSAN=ON "${launcher[@]}" >/dev/null
cmake --build "$build" --target dd_tsan_tests
# exitcode=66: a report fails the run even when the test itself passed.
TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1" "$build/dd_tsan_tests" "$@"
