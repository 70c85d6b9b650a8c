#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: install dependencies, build (release: the portable binary,
# see cmake/Portable.cmake), run `distdoctor check`.
# Extra arguments go to distdoctor (e.g. --json, --no-probe).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DDD_PORTABLE=ON -DDD_BUILD_TESTS=OFF >/dev/null
cmake --build build/release --target distdoctor >/dev/null
exec ./build/release/distdoctor check "$@"
