#!/usr/bin/env bash
# The release build: one portable binary (DD_PORTABLE: libstdc++, libgcc, fmt and zlib linked in,
# glibc dynamic and linked against Debian 11's glibc 2.31 so it runs on older distributions:
# scripts/glibc-sysroot.sh, docs/portable-glibc.md), its man page and completions, and the .deb (CPack).
#
# usage: build-release.sh [BUILD_DIR]   (default build/portable)
# Prints the paths of the binary and the .deb on stdout; the build log goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/portable}"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
sysroot="$(bash scripts/glibc-sysroot.sh "$build/glibc-sysroot")"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDD_PORTABLE=ON -DDD_BUILD_TESTS=OFF \
  -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
  -DDD_GLIBC_SYSROOT="$sysroot" "${launcher[@]}" >&2
cmake --build "$build" --target distdoctor dd_docs >&2
# libstdc++'s random.o is linked with its arc4random reference weakened (absent before glibc 2.36;
# cmake/Portable.cmake): nothing of ours may create a std::random_device, which could pick it.
users="$(find "$build" -name '*.o' -path '*CMakeFiles*' -print0 | xargs -0 nm -A -C --undefined-only 2>/dev/null \
  | grep 'std::random_device' || true)"
if [[ -n "$users" ]]; then
  echo "build-release: std::random_device is not allowed in the portable build (use getrandom):" >&2
  echo "$users" >&2
  exit 1
fi
(cd "$build" && cpack -G DEB >&2)
echo "$(cd "$build" && pwd)/distdoctor"
ls "$(cd "$build" && pwd)"/distdoctor_*_amd64.deb
