#!/usr/bin/env bash
# The portable release binary runs on an older distribution: a Debian 11 (glibc 2.31) minbase root
# made by debootstrap, with no -dev packages. Inside it (chroot, in a private mount namespace so
# every mount goes away with the test, even when it is killed) it must:
#   - print --version and reject an unknown flag with exit 2 (C++ exceptions through the unwinder);
#   - `check --json`: one JSON object with the nccl section, whose nccl.library (the real libnccl
#     from the read-only bind-mounted /usr/local/cuda, dlopened in the probe child) equals the
#     test build's answer on this machine (REFERENCE);
#   - `env --json`, `logs --json` on a corpus log and `lint --json` of a TF script and a
#     PyTorchJob manifest (tree-sitter, yaml-cpp): the same output as REFERENCE;
#   - the .deb (DEB) installs there with dpkg (its Depends hold on Debian 11), its distdoctor runs,
#     and it is removed again.
# The root is cached in CACHE (debootstrap of bullseye minbase: about 215 MB on disk, 40 MB of
# downloads, 501 s once on the loaded 2-core machine; later runs 15-20 s). Override the mirror
# with DD_DEBIAN_MIRROR.
#
# usage: oldroot.sh BINARY REFERENCE CACHE LOGFILE DEB
set -uo pipefail
(($# == 5)) || { echo "usage: oldroot.sh BINARY REFERENCE CACHE LOGFILE DEB" >&2; exit 2; }
bin="$(realpath "$1")" ref="$(realpath "$2")" cache="$3" logfile="$(realpath "$4")" deb="$(realpath "$5")"
die() { echo "oldroot: $*" >&2; exit 2; }
[[ -x "$bin" ]] || die "'$1' is not an executable (build it with scripts/build-release.sh)"
[[ -x "$ref" ]] || die "reference '$2' is not an executable"
[[ -r "$logfile" ]] || die "log file '$4' is not readable"
[[ -r "$deb" ]] || die "package '$5' is not readable (scripts/build-release.sh makes it)"
((EUID == 0)) || die "needs root (debootstrap, chroot, mounts)"
for tool in debootstrap chroot unshare jq flock mount; do
  command -v "$tool" >/dev/null || die "$tool not found (scripts/install-deps.sh installs it)"
done

# Everything below runs in a private mount namespace: the mounts are never seen outside it and end
# with it.
if [[ "${DD_OLDROOT_IN_NS:-}" != 1 ]]; then
  DD_OLDROOT_IN_NS=1 exec unshare --mount --propagation private bash "$0" "$@"
fi

mirror="${DD_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
mkdir -p "$cache"
cache="$(realpath "$cache")"
root="$cache/bullseye-minbase"
# One debootstrap at a time; a half-made root (no .complete) is made again.
exec 9>"$cache/.lock"
flock -w 1200 9 || die "timed out waiting for $cache/.lock"
if [[ ! -f "$root/.complete" ]]; then
  rm -rf "$root" "$root.tmp"
  echo "oldroot: debootstrap --variant=minbase bullseye (once; cached in $root)" >&2
  start=$SECONDS
  if ! timeout 1500 debootstrap --variant=minbase bullseye "$root.tmp" "$mirror" >"$cache/debootstrap.log" 2>&1; then
    tail -20 "$cache/debootstrap.log" >&2
    grep -qs " $root.tmp/" /proc/self/mounts && awk -v r="$root.tmp/" 'index($2, r) == 1 {print $2}' /proc/self/mounts \
      | sort -r | xargs -r -n1 umount -l
    rm -rf "$root.tmp"
    die "debootstrap of bullseye failed (log above)"
  fi
  mv "$root.tmp" "$root" && touch "$root/.complete"
  echo "oldroot: debootstrap took $((SECONDS - start)) s" >&2
fi
flock -u 9

fail=0
bad() { echo "oldroot: FAIL: $*" >&2; fail=1; }
glibc="$(chroot "$root" getconf GNU_LIBC_VERSION)"
echo "root: $root ($glibc)"
[[ "$glibc" == "glibc 2.31" ]] || bad "the root's glibc is '$glibc', expected glibc 2.31"
devpkgs="$(chroot "$root" dpkg-query -W -f='${Package}\n' | grep -E -- '-dev$' || true)"
[[ -z "$devpkgs" ]] || bad "the root has -dev packages: $devpkgs"

# A run killed by ctest's timeout (no EXIT trap) leaves its folder; remove those of dead runs.
for stale in "$root"/tmp/dd-oldroot.*.*; do
  [[ -d "$stale" ]] || continue
  pid="${stale#"$root"/tmp/dd-oldroot.}" pid="${pid%%.*}"
  [[ "$pid" =~ ^[0-9]+$ ]] && ! kill -0 "$pid" 2>/dev/null && rm -rf "$stale"
done
work="$(mktemp -d "$root/tmp/dd-oldroot.$$.XXXXXX")"
mounts=()
cleanup() {
  local i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount "${mounts[i]}" 2>/dev/null || umount -l "${mounts[i]}"; done
  rm -rf "$work"
  chroot "$root" dpkg-query -W distdoctor >/dev/null 2>&1 && chroot "$root" dpkg --purge distdoctor >/dev/null 2>&1
  [[ -d "$root/usr/local/cuda" ]] && rmdir "$root/usr/local/cuda" 2>/dev/null
  true
}
trap cleanup EXIT
mount -t proc proc "$root/proc" && mounts+=("$root/proc") || die "cannot mount proc in $root"
mount --bind -o ro /sys "$root/sys" && mounts+=("$root/sys") || die "cannot bind /sys into $root"
if [[ -d /usr/local/cuda/lib64 ]]; then
  mkdir -p "$root/usr/local/cuda"
  mount --bind -o ro /usr/local/cuda/ "$root/usr/local/cuda" && mounts+=("$root/usr/local/cuda") \
    || die "cannot bind /usr/local/cuda into $root"
fi
cp "$bin" "$work/distdoctor"
cp "$logfile" "$work/job.log"
lintdata="$(cd "$(dirname "$0")/../../data/lint/public" && pwd)" || die "tests/data/lint/public not found"
cp "$lintdata/tf_distributed_input.py" "$lintdata/pytorchjob_simple.yaml" "$work/" || die "lint examples missing"
inner="/tmp/$(basename "$work")"
# The same clean environment inside and outside: the answers may differ only by the system.
cleanenv=(env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 LD_LIBRARY_PATH=/usr/local/cuda/lib64)
inside() { timeout 120 chroot "$root" "${cleanenv[@]}" sh -c "cd $inner && ./distdoctor \"\$@\"" distdoctor "$@"; }
outside() { (cd "$work" && ASAN_OPTIONS="${ASAN_OPTIONS:-}" timeout 120 "${cleanenv[@]}" ASAN_OPTIONS="${ASAN_OPTIONS:-}" "$ref" "$@"); }

v="$(inside --version)"; rc=$?
echo "--version: $v (exit $rc)"
[[ $rc == 0 && "$v" == "distdoctor "* ]] || bad "--version in the old root gave exit $rc: $v"
inside --no-such-flag >/dev/null 2>"$work/err"; rc=$?
[[ $rc == 2 ]] && grep -q -- '--no-such-flag' "$work/err" || bad "an unknown flag gave exit $rc: $(cat "$work/err")"

inside check --json >"$work/check.json" 2>"$work/check.err"; rc=$?
echo "check --json: exit $rc"
((rc == 0 || rc == 1)) || bad "check --json exited $rc: $(tail -5 "$work/check.err")"
jq -e 'type == "object" and has("nccl")' "$work/check.json" >/dev/null || bad "check --json is not an object with nccl"
got="$(jq -cS '.nccl.library | del(.observed.port)' "$work/check.json" 2>/dev/null)"
want="$(outside check --json 2>/dev/null | jq -cS '.nccl.library | del(.observed.port)')"
echo "old root nccl.library: $got"
[[ -n "$got" && "$got" != null ]] || bad "no nccl.library"
grep -q '"observed"' <<<"$got" || bad "no observed probe result in nccl.library (libnccl not dlopened)"
[[ "$got" == "$want" ]] || bad "nccl.library differs from the reference's on this machine: $want"

inside env --json >"$work/env.json" 2>"$work/env.err"; rc=$?
((rc == 0 || rc == 1)) || bad "env --json exited $rc: $(tail -5 "$work/env.err")"
jq -e 'type == "object"' "$work/env.json" >/dev/null || bad "env --json is not one JSON object"
[[ "$(jq -cS . "$work/env.json")" == "$(outside env --json 2>/dev/null | jq -cS .)" ]] \
  || bad "env --json differs from the reference's"

inside logs --json job.log >"$work/logs.json" 2>"$work/logs.err"; rc=$?
echo "logs --json job.log: exit $rc, $(jq -r '[.findings[]?.id] | join(",")' "$work/logs.json" 2>/dev/null)"
((rc == 0 || rc == 1)) || bad "logs --json exited $rc: $(tail -5 "$work/logs.err")"
outside logs --json job.log >"$work/logs.ref.json" 2>/dev/null
jq -e 'type == "object"' "$work/logs.json" >/dev/null || bad "logs --json is not one JSON object"
cmp -s "$work/logs.json" "$work/logs.ref.json" || bad "logs --json differs from the reference's"

inside lint --json tf_distributed_input.py pytorchjob_simple.yaml >"$work/lint.json" 2>"$work/lint.err"; rc=$?
echo "lint --json: exit $rc, $(jq -r '[.findings[]?.id] | unique | join(",")' "$work/lint.json" 2>/dev/null)"
((rc == 0 || rc == 1)) || bad "lint --json exited $rc: $(tail -5 "$work/lint.err")"
# Python through tree-sitter and YAML through yaml-cpp: each gives findings.
jq -e '[.findings[].id] | any(startswith("lint.tf.")) and any(startswith("lint.k8s."))' "$work/lint.json" >/dev/null \
  || bad "lint --json lacks the TF script's or the manifest's findings"
outside lint --json tf_distributed_input.py pytorchjob_simple.yaml >"$work/lint.ref.json" 2>/dev/null
cmp -s "$work/lint.json" "$work/lint.ref.json" || bad "lint --json differs from the reference's"

cp "$deb" "$work/distdoctor.deb"
if chroot "$root" dpkg -i "$inner/distdoctor.deb" >"$work/dpkg.log" 2>&1; then
  v="$(timeout 60 chroot "$root" "${cleanenv[@]}" /usr/bin/distdoctor --version)" \
    || bad "the installed /usr/bin/distdoctor does not run"
  echo "dpkg -i $(basename "$deb"): installed, /usr/bin/distdoctor --version: $v"
  chroot "$root" dpkg --purge distdoctor >"$work/dpkg.log" 2>&1 || bad "dpkg --purge failed: $(cat "$work/dpkg.log")"
else
  bad "dpkg -i of the .deb failed in the old root: $(cat "$work/dpkg.log")"
fi

((fail == 0)) && echo "oldroot: OK"
exit "$fail"
