#!/bin/bash
# Builds src/logs/line_parser_fuzz.cpp with clang's libFuzzer (+ASan/UBSan) and runs it for a
# bounded time, seeded with the golden fixtures and a 1 MB line. Fails on a crash, a sanitizer
# report, a leak, or an input slower than 10 s (a hang). Usage: fuzz_line_parser.sh SOURCE_DIR [SECONDS]
set -u
src=$1 secs=${2:-20}
cxx=$(command -v clang++-14 || command -v clang++)
[ -n "$cxx" ] || { echo "fuzz: clang++ not found (apt-get install clang-14)" >&2; exit 1; }
work=$(mktemp -d /tmp/dd-logs-fuzz-XXXXXX)
trap 'rm -rf "$work"' EXIT
sources=$(ls "$src"/src/logs/*.cpp "$src"/src/core/*.cpp "$src"/src/report/*.cpp | grep -v -e '_test\.cpp$')
# shellcheck disable=SC2086
if ! "$cxx" -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I"$src/src" $sources -o "$work/fuzz" -lfmt -lz 2>"$work/build.log"; then
  cat "$work/build.log" >&2
  echo "fuzz: build failed" >&2
  exit 1
fi
mkdir -p "$work/corpus"
cp "$src"/tests/data/logs/*.log "$work/corpus/"
python3 - "$work/corpus" <<'PY'
import sys, os
d = sys.argv[1]
open(os.path.join(d, "long-nccl-line"), "w").write("h:1:1 [0] NCCL INFO Bootstrap : Using " + "[0]eth0:10.0.0.1<0> " * 50000 + "\n")
open(os.path.join(d, "long-brackets"), "w").write("[" * 1000000)
open(os.path.join(d, "long-angles"), "w").write("Connect to " + "<1" * 500000)
PY
echo "fuzz: running ${secs}s over $(ls "$work/corpus" | wc -l) seeds"
"$work/fuzz" -max_total_time="$secs" -max_len=1100000 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
  "$work/corpus" 2>&1 | tail -25
rc=${PIPESTATUS[0]}
echo "fuzz: exit $rc"
exit "$rc"
