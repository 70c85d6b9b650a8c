#!/usr/bin/env bash
# The portable release binary needs only glibc: its NEEDED entries are libc, libm, the loader (and
# libdl/libpthread, stubs on glibc >= 2.34), `ldd` agrees, and it prints the highest GLIBC_ symbol
# version it needs (README states it; at most GLIBC_2.31). It still probes the real libnccl in its child: `check
# --json` gives the same nccl.library as the test build's binary (REFERENCE) on this machine.
#
# usage: portable.sh BINARY REFERENCE
set -uo pipefail
(($# == 2)) || { echo "usage: portable.sh BINARY REFERENCE" >&2; exit 2; }
bin="$1" ref="$2"
[[ -x "$bin" ]] || { echo "portable: '$bin' is not an executable (build it with scripts/build-release.sh)" >&2; exit 2; }
[[ -x "$ref" ]] || { echo "portable: reference '$ref' is not an executable" >&2; exit 2; }
fail=0
bad() { echo "portable: FAIL: $*" >&2; fail=1; }

allowed='^(libc\.so\.6|libm\.so\.6|libdl\.so\.2|libpthread\.so\.0|ld-linux-x86-64\.so\.2)$'
mapfile -t needed < <(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "NEEDED: ${needed[*]}"
((${#needed[@]})) || bad "no NEEDED entries (a fully static binary cannot dlopen libnccl)"
for n in "${needed[@]}"; do [[ "$n" =~ $allowed ]] || bad "needs $n (only glibc may stay dynamic)"; done
# ldd resolves the same list (plus the vdso and the loader); nothing from /usr/lib other than glibc.
while read -r line; do
  name="${line%% *}"
  case "$name" in linux-vdso.so.1|/lib*/ld-linux*|ld-linux*) continue ;; esac
  [[ "$name" =~ $allowed ]] || bad "ldd lists $line"
done < <(ldd "$bin")
# RUNPATH/RPATH would make the binary look for libraries in the build tree.
readelf -d "$bin" | grep -qE '\((RUNPATH|RPATH)\)' && bad "has an RPATH/RUNPATH"

max="$(readelf -V "$bin" | grep -o 'GLIBC_[0-9][0-9.]*' | sort -u -V | tail -1)"
[[ -n "$max" ]] || bad "no GLIBC_ version references"
echo "highest glibc symbol version needed: $max"
# It is linked against Debian 11's glibc 2.31 (scripts/glibc-sysroot.sh), so it loads on 2.31 and
# newer (Ubuntu 20.04+, Debian 11+, RHEL 9; README); system.release.oldroot runs it on 2.31.
ceiling=GLIBC_2.31
[[ "$(printf '%s\n' "$max" "$ceiling" | sort -V | tail -1)" == "$ceiling" ]] || bad "$max is newer than $ceiling"
# libstdc++ and fmt are inside: their symbols are defined, not imported.
nm -D --undefined-only "$bin" | grep -E 'GLIBCXX_|CXXABI_|_ZN3fmt' >/dev/null && bad "imports libstdc++ or fmt symbols"

"$bin" --version | grep -q '^distdoctor ' || bad "--version does not run"
# Same probe answer as the test build (real libnccl dlopened in the __probe-nccl child); the
# unique id's port is random per run.
export ASAN_OPTIONS="${ASAN_OPTIONS:-}"
got="$(timeout 120 "$bin" check --json 2>/dev/null | jq -cS '.nccl.library | del(.observed.port)')" || true
want="$(timeout 120 "$ref" check --json 2>/dev/null | jq -cS '.nccl.library | del(.observed.port)')" || true
echo "portable nccl.library: $got"
[[ -n "$got" && "$got" != null ]] || bad "check --json of the portable binary has no nccl.library"
[[ "$got" == "$want" ]] || bad "nccl.library differs from the test build's: $want"
grep -q '"observed"' <<<"$got" || bad "no observed probe result in nccl.library"
((fail == 0)) && echo "portable: OK"
exit "$fail"
