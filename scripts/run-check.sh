#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: install dependencies, make the release build (the same
# scripts/build-release.sh that makes the shipped binary and .deb: linked against Debian 11's glibc
# 2.31, so the binary this leaves in build/release runs on glibc >= 2.31), run `distdoctor check`.
# Extra arguments go to distdoctor (e.g. --json, --no-probe). DD_RELEASE_DIR overrides the build
# folder (default build/release); the test suite builds its release fixture through this script.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
dir="${DD_RELEASE_DIR:-build/release}"
# build-release.sh prints the binary's path, then the .deb's; its build log goes to stderr
mkdir -p "$(dirname "$dir")"
made="$(bash scripts/build-release.sh "$dir" 2>"$dir.build.log")" ||
  { tail -30 "$dir.build.log" >&2; echo "run-check: the release build failed (log: $dir.build.log)" >&2; exit 3; }
bin="${made%%$'\n'*}"
[[ -x "$bin" ]] || { tail -30 "$dir.build.log" >&2; echo "run-check: the release build made no binary (log: $dir.build.log)" >&2; exit 3; }
exec "$bin" check "$@"
