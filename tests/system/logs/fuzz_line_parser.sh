#!/bin/bash
# Fuzzes the logs line parser (src/logs/line_parser_fuzz.cpp) through the shared runner
# (tests/system/fuzz/run_fuzz.sh: clang libFuzzer + ASan/UBSan, objects through its ccache),
# seeded with the golden fixtures and lines of about 1 MB. Fails on a crash, a sanitizer report,
# a leak, or an input slower than 10 s (a hang). Usage: fuzz_line_parser.sh SOURCE_DIR [SECONDS]
set -u
src=$1 secs=${2:-20}
seeds=$(mktemp -d /tmp/dd-logs-fuzz-XXXXXX)
trap 'rm -rf "$seeds"' EXIT
cp "$src"/tests/data/logs/*.log "$seeds/"
python3 - "$seeds" <<'PY'
import sys, os
d = sys.argv[1]
open(os.path.join(d, "long-nccl-line"), "w").write("h:1:1 [0] NCCL INFO Bootstrap : Using " + "[0]eth0:10.0.0.1<0> " * 50000 + "\n")
open(os.path.join(d, "long-brackets"), "w").write("[" * 1000000)
open(os.path.join(d, "long-angles"), "w").write("Connect to " + "<1" * 500000)
PY
DD_FUZZ_SEEDS=$seeds DD_FUZZ_MAX_LEN=1100000 \
  bash "$(dirname "$0")/../fuzz/run_fuzz.sh" "$src" tests/fuzz/logs/line_parser_fuzz.cpp "$secs" logs core report
