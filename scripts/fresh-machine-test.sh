#!/usr/bin/env bash
# Manual check (not part of the suite: it downloads Debian packages): does distdoctor work on a
# pristine Debian 12? Makes a debootstrap minbase root (no -dev packages, no compiler), then in it:
#   1. the portable release binary runs (--version, env --json, check --no-probe --json, logs);
#   2. the .deb installs with dpkg, `distdoctor --version` runs from /usr/bin, dpkg -r removes it;
#   3. with --full: copies the repository in and runs the README's two commands there
#      (scripts/run-check.sh and scripts/run-tests.sh; long: installs every dependency, builds, runs
#      the whole suite), with /usr/local/cuda bind-mounted read-only as on the development machines.
#
# usage: fresh-machine-test.sh [--full] [--keep] [ROOT_DIR]   (as root; needs debootstrap)
# Build the binary and .deb first: bash scripts/run-check.sh (build/release) or
# bash scripts/build-release.sh (build/portable); build/release is used when both exist.
set -euo pipefail
cd "$(dirname "$0")/.."
full=0 keep=0 root=""
for a in "$@"; do
  case "$a" in
    --full) full=1 ;;
    --keep) keep=1 ;;
    -*) echo "fresh-machine-test: unknown option '$a'" >&2; exit 2 ;;
    *) root="$a" ;;
  esac
done
[[ "$(id -u)" == 0 ]] || { echo "fresh-machine-test: needs root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "fresh-machine-test: needs debootstrap (apt-get install debootstrap)" >&2; exit 2; }
rel=build/release; [[ -x $rel/distdoctor ]] || rel=build/portable
bin=$rel/distdoctor
deb=$(ls $rel/distdoctor_*_amd64.deb 2>/dev/null | head -1)
[[ -x "$bin" && -n "$deb" ]] || { echo "fresh-machine-test: run 'bash scripts/run-check.sh' (or scripts/build-release.sh) first" >&2; exit 2; }
echo "binary under test: $bin, $deb"

made_root=0
if [[ -z "$root" ]]; then root="$(mktemp -d /tmp/dd-fresh.XXXXXX)"; made_root=1; fi
# mktemp -d makes the folder 0700: as the root's /, that would lock every other user out of the
# whole tree (the suite's non-root checks could not even load bash's libraries).
chmod 755 "$root"
mounts=()
cleanup() {
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[$i]}" 2>/dev/null || true; done
  if ((made_root && !keep)); then rm -rf --one-file-system "$root"; else echo "root kept at $root" >&2; fi
}
trap cleanup EXIT
mnt() { mkdir -p "$root$2"; mount "${@:3}" "$1" "$root$2"; mounts+=("$root$2"); }

if [[ ! -x "$root/bin/bash" ]]; then
  echo "== debootstrap --variant=minbase bookworm $root" >&2
  started=$SECONDS
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$root.debootstrap.log" 2>&1 ||
    { tail -20 "$root.debootstrap.log" >&2; exit 1; }
  rm -f "$root.debootstrap.log"
  echo "   $((SECONDS - started)) s" >&2
fi
# The root is a mount point of its own, as / is on a machine: `ip netns exec` and `unshare --mount`
# change the propagation of /, which fails on a plain directory.
mnt "$root" "" --bind
mnt proc /proc -t proc
mnt sysfs /sys -t sysfs
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }

echo "== 1. the portable binary in the minbase root" >&2
install -m 755 "$bin" "$root/opt-distdoctor"
echo "glibc in the root: $(in_root ldd --version | head -1)"
echo "-dev packages in the root: $(in_root dpkg-query -W -f='${Package}\n' | grep -c -- '-dev$' || true)"
in_root /opt-distdoctor --version
in_root /opt-distdoctor env --json >/dev/null; echo "env --json exit $?"
rc=0; in_root /opt-distdoctor check --no-probe --json >"$root/check.json" || rc=$?
echo "check --no-probe --json exit $rc, $(wc -c <"$root/check.json") bytes, findings: $(grep -o '"id": *"[^"]*"' "$root/check.json" | tr '\n' ' ')"
((rc <= 1)) || exit 1
printf 'NCCL INFO Bootstrap : Using lo:127.0.0.1<0>\n' >"$root/one.log"
rc=0; in_root /opt-distdoctor logs /one.log >/dev/null || rc=$?; echo "logs exit $rc"; ((rc <= 1)) || exit 1

echo "== 2. the .deb in the minbase root" >&2
cp "$deb" "$root/distdoctor.deb"
in_root dpkg -i /distdoctor.deb
in_root /usr/bin/distdoctor --version
in_root dpkg -L distdoctor
in_root dpkg -r distdoctor
[[ ! -e "$root/usr/bin/distdoctor" ]] || { echo "dpkg -r left /usr/bin/distdoctor" >&2; exit 1; }

if ((full)); then
  echo "== 3. the README's two commands in the root (long)" >&2
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  [[ -d /usr/local/cuda ]] && { mkdir -p "$root/usr/local"; ln -sfn "$(readlink -f /usr/local/cuda)" "$root/usr/local/cuda";
                                mnt "$(readlink -f /usr/local/cuda)" "$(readlink -f /usr/local/cuda)" --bind -o ro; }
  mnt /dev /dev --bind
  mnt devpts /dev/pts -t devpts
  mnt tmpfs /run -t tmpfs
  # A clean copy each run: a reused root's build tree would keep objects newer than sources copied
  # with their original times (a second run linked stale objects).
  rm -rf "$root/src" "$root/shared"
  mkdir -p "$root/src"
  git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$root/src"
  # The project's shared folder (DESIGN.md, the labelled corpus) sits beside the checkout, as here.
  [[ -d ../shared ]] && cp -a ../shared "$root/shared"
  # check exits 1 when it finds an error on this host (a finding, not a failure); 2 or more fails
  started=$SECONDS
  rc=0; in_root bash -c 'cd /src && bash scripts/run-check.sh --no-probe' || rc=$?
  check_s=$((SECONDS - started))
  echo "run-check exit $rc after $check_s s"
  ((rc <= 1)) || { echo "fresh-machine-test: run-check.sh failed in the pristine root" >&2; exit 1; }
  started=$SECONDS
  rc=0; in_root bash -c 'cd /src && bash scripts/run-tests.sh' || rc=$?
  tests_s=$((SECONDS - started))
  echo "run-tests exit $rc after $tests_s s; both commands: $((check_s + tests_s)) s"
  ((rc == 0)) || { echo "fresh-machine-test: run-tests.sh failed in the pristine root" >&2; exit 1; }
fi
echo "fresh-machine-test: OK" >&2
