#!/usr/bin/env bash
# The Windows build: distdoctor.exe (lint, logs, env, check) cross-compiled with Debian's
# mingw-w64 (cmake/mingw-w64.cmake, windows/CMakeLists.txt), statically linked.
#
# usage: build-windows.sh [BUILD_DIR]   (default build/windows)
# Prints the path of distdoctor.exe on stdout; the build log goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/windows}"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S windows -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDD_WERROR=ON \
  -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
  -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/mingw-w64.cmake" "${launcher[@]}" >&2
cmake --build "$build" --target distdoctor >&2
echo "$(cd "$build" && pwd)/distdoctor.exe"
