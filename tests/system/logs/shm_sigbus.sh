#!/bin/bash
# system.logs.shm_sigbus: nccl.shm.sigbus-in-open on a real SIGBUS and its fix applied.
# usage: shm_sigbus.sh DISTDOCTOR SHM_SIGBUS_OPEN.cpp
# shm_sigbus_open.cpp repeats the steps of NCCL 2.12-2.18's ncclShmOpen (ftruncate, mmap, writes) from
# a proxy thread; it is not NCCL. In a private mount namespace (nothing is mounted outside it) /dev/shm
# is a tmpfs of Docker's default 64 MB and the program, run under gdb as in NVIDIA/JAX-Toolbox#183,
# creates 8 segments of 9637888 bytes (jax-26465's size). Asserts: the program really stops on SIGBUS
# in ncclShmOpen; `distdoctor logs` on gdb's output puts nccl.shm.sigbus-in-open (shm-exhausted)
# first with the check and fix; the check `df -h /dev/shm` shows 64M; the fix applied (/dev/shm a
# 1g tmpfs, what `docker run --shm-size=1g` mounts there) lets the same run exit 0 and the log then
# yields no shm finding. Needs root (unshare -m, mount), g++ and gdb. The program is named "train":
# a name holding "shm_open" would make gdb's signal line a torch.dataloader.shm line (that catalogue
# entry takes any line with the text shm_open).
set -u
dd=$1
src=$2
work=$(mktemp -d "/tmp/dd-shm-sigbus.$$.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}
g++ -O1 -pthread -o "$work/train" "$src" || fail "cannot build $src"

# run SIZE: /dev/shm of SIZE in a private mount namespace; df's line and gdb's output to $work/SIZE.log
run() {
  timeout 120 unshare -m --propagation private sh -c \
    "mount -t tmpfs -o size=$1 tmpfs /dev/shm && df -h /dev/shm && gdb -q -batch -ex run -ex bt --args '$work/train' 8 9637888" \
    >"$work/$1.log" 2>&1
}

# first_finding LOG: "id label" of the first finding, then the fix text on the next line
first_finding() {
  "$dd" logs --json "$1" | python3 -c '
import json, sys
f = (json.load(sys.stdin).get("findings") or [{}])[0]
print(f.get("id", "-"), f.get("label", "-"))
print((f.get("fix") or {}).get("text", ""))'
}

run 64m
small=$work/64m.log
grep -q 'received signal SIGBUS, Bus error' "$small" || fail "no SIGBUS with a 64m /dev/shm: $(cat "$small")"
grep -q 'in ncclShmOpen(char\*, unsigned long' "$small" || fail "SIGBUS not in ncclShmOpen: $(cat "$small")"
grep -qE '^tmpfs +64M ' "$small" || fail "df -h /dev/shm does not show 64M: $(cat "$small")"
out=$(first_finding "$small")
echo "64m: $(head -1 <<<"$out")"
[ "$(head -1 <<<"$out")" = "nccl.shm.sigbus-in-open shm-exhausted" ] || fail "first finding: $out"
grep -q 'df -h /dev/shm' <<<"$out" || fail "fix without the check: $out"
grep -q -- '--shm-size=1g' <<<"$out" || fail "fix without --shm-size=1g: $out"

# The fix applied: a 1g /dev/shm.
run 1g
big=$work/1g.log
grep -qE '^tmpfs +1\.0G ' "$big" || fail "df -h /dev/shm does not show 1.0G: $(cat "$big")"
grep -q 'created 8 segments of 9637888 bytes' "$big" || fail "the run did not finish with 1g: $(cat "$big")"
grep -q 'exited normally' "$big" || fail "the program did not exit 0 with 1g: $(cat "$big")"
grep -q 'SIGBUS' "$big" && fail "SIGBUS with 1g: $(cat "$big")"
out=$(first_finding "$big")
echo "1g: $(head -1 <<<"$out")"
grep -q 'shm' <<<"$(head -1 <<<"$out")" && fail "a shm finding after the fix: $out"
echo "PASS"
