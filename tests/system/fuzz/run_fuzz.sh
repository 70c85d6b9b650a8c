#!/bin/bash
# Builds one libFuzzer target (src/<mod>/<name>_fuzz.cpp) with clang (+ASan/UBSan) together with
# the non-test sources of the modules it needs, and runs it for a bounded time. Fails on a crash,
# a sanitizer report, a leak, or an input slower than 10 s (a hang). The project build may be g++,
# so this needs no CMake target. Usage: run_fuzz.sh SOURCE_DIR FUZZ_FILE SECONDS MODULE...
# DD_FUZZ_LINK: extra objects and libraries for the link (tests/system/lint/run_lint_fuzz.sh).
# DD_FUZZ_SEEDS: a folder of extra seed inputs; DD_FUZZ_MAX_LEN: the longest input (default 65536)
# (tests/system/logs/fuzz_line_parser.sh seeds 1 MB lines).
set -u
src=$1 target=$2 secs=$3
shift 3
cxx=$(command -v clang++-14 || command -v clang++)
[ -n "$cxx" ] || { echo "fuzz: clang++ not found (apt-get install clang)" >&2; exit 1; }
work=$(mktemp -d /tmp/dd-fuzz-XXXXXX)
trap 'rm -rf "$work"' EXIT
sources=()
# A module folder's sources compile as unity files of up to 16 sources each, like the CI tree
# (CMAKE_UNITY_BUILD_BATCH_SIZE=16; file-local names are unique within a module folder), though the
# batches differ from CMake's (one folder level here, env and env/launchers apart; CMake's take
# src/<module>/** in one list): a file-local name clash fails either build. A file that includes a
# <linux/...> header compiles on its own (cmake/Modules.cmake says why).
# The unity files live beside the fuzz ccache (a stable path, rewritten only when their text
# changes), so a later run's compile hits the cache.
unity=${DD_FUZZ_CCACHE:+$DD_FUZZ_CCACHE/unity-src}
unity=${unity:-$work/unity}
mkdir -p "$unity"
unity_batch() {  # unity_batch NAME FILE...: one source that includes each FILE
  local out=$unity/$1.cpp
  shift
  printf '#include "%s"\n' "$@" >"$work/unity.tmp"
  cmp -s "$work/unity.tmp" "$out" || mv "$work/unity.tmp" "$out"
  sources+=("$out")
}
for mod in "$@"; do
  dir=$src/src/$mod
  [ -d "$dir" ] || dir=$src/tests/support/$mod  # test support linked in, e.g. os/fake
  batch=() n=0
  while IFS= read -r f; do
    if grep -q '^#include <linux/' "$f"; then sources+=("$f"); continue; fi
    batch+=("$f")
    if [ "${#batch[@]}" -eq 16 ]; then unity_batch "${mod//\//_}_$n" "${batch[@]}"; batch=() n=$((n + 1)); fi
  done < <(find "$dir" -maxdepth 1 -name '*.cpp' ! -name '*_test.cpp' ! -name '*_fuzz.cpp' | sort)
  [ "${#batch[@]}" -eq 0 ] || unity_batch "${mod//\//_}_$n" "${batch[@]}"
  # the module's data files, compiled in as the CMake build does (cmake/EmbedData.cmake)
  for d in "$src/src/$mod"/data/*.json; do
    [ -f "$d" ] || continue
    mkdir -p "$work/embedded"
    out="$work/embedded/${mod}_$(basename "$d" .json).cpp"
    cmake -DIN="$d" -DOUT="$out" -P "$src/cmake/EmbedData.cmake" || { echo "fuzz: embedding $d failed" >&2; exit 1; }
    sources+=("$out")
  done
done
# Each source compiles to its own object, two at a time, through ccache when DD_FUZZ_CCACHE names
# a cache directory (tests/system/fuzz.cmake gives one under the build tree): the fuzz targets
# share most modules, so the second and later targets of a run reuse the first one's objects.
flags=(-std=c++20 -O1 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -I"$src/src" -I"$src/tests/support")
launcher=()
if [ -n "${DD_FUZZ_CCACHE:-}" ] && command -v ccache >/dev/null; then
  mkdir -p "$DD_FUZZ_CCACHE" && launcher=(env CCACHE_DIR="$DD_FUZZ_CCACHE" CCACHE_BASEDIR="$src" ccache)
fi
mkdir -p "$work/obj"
i=0
for f in "$src/$target" "${sources[@]}"; do
  printf '%s\0%s\0' "$f" "$work/obj/$i.o" >>"$work/jobs"
  i=$((i + 1))
done
xargs -a "$work/jobs" -0 -n 2 -P 2 bash -c 'f=${@: -2:1} o=${@: -1}; set -- "${@:1:$#-2}"
  "$@" -c "$f" -o "$o" 2>"$o.log" || { cat "$o.log" >&2; exit 255; }' _ \
  "${launcher[@]}" "$cxx" "${flags[@]}" 2>"$work/build.log"
objs=("$work"/obj/*.o)
if [ "${#objs[@]}" -ne "$i" ] ||
   ! "$cxx" -fsanitize=fuzzer,address,undefined "${objs[@]}" -o "$work/fuzz" \
     -lfmt -lz -lnettle -ldl -lpthread ${DD_FUZZ_LINK:-} 2>>"$work/build.log"; then
  cat "$work/build.log" >&2
  echo "fuzz: build of $target failed" >&2
  exit 1
fi
mkdir -p "$work/corpus"
# Inputs that once crashed a target live in tests/system/fuzz/corpus/<file name>/ and are replayed
# first, so a fixed crash stays fixed; the seed is fixed so a CI run explores what a local run did.
regressions="$src/tests/system/fuzz/corpus/$(basename "$target" .cpp)"
[ -d "$regressions" ] && cp "$regressions"/* "$work/corpus/" 2>/dev/null
[ -n "${DD_FUZZ_SEEDS:-}" ] && cp "$DD_FUZZ_SEEDS"/* "$work/corpus/"
echo "fuzz: running $target for ${secs}s over $(ls "$work/corpus" | wc -l) seeds"
"$work/fuzz" -seed=1 -max_total_time="$secs" -max_len="${DD_FUZZ_MAX_LEN:-65536}" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix="$work/artifact-" "$work/corpus" >"$work/run.log" 2>&1
rc=$?
if [ "$rc" -ne 0 ]; then
  grep -m1 -B2 -A30 -E '^==[0-9]+==|ALARM|ERROR: libFuzzer|runtime error' "$work/run.log" | head -60
  # the input that failed travels in the log (the work folder is removed): base64, first 8 KiB
  for a in "$work"/artifact-*; do
    [ -f "$a" ] || continue
    echo "fuzz: failing input $(basename "$a") ($(stat -c %s "$a") bytes), base64:"
    head -c 8192 "$a" | base64 -w 120
  done
fi
tail -8 "$work/run.log"
echo "fuzz: exit $rc"
exit "$rc"
