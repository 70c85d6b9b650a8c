#!/usr/bin/env bash
# The release build: one portable binary (DD_PORTABLE: libstdc++, libgcc, fmt and zlib linked in,
# glibc dynamic), its man page and completions, and the .deb (CPack).
#
# usage: build-release.sh [BUILD_DIR]   (default build/portable)
# Prints the paths of the binary and the .deb on stdout; the build log goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/portable}"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDD_PORTABLE=ON -DDD_BUILD_TESTS=OFF \
  "${launcher[@]}" >&2
cmake --build "$build" --target distdoctor dd_docs >&2
(cd "$build" && cpack -G DEB >&2)
echo "$(cd "$build" && pwd)/distdoctor"
ls "$(cd "$build" && pwd)"/distdoctor_*_amd64.deb
