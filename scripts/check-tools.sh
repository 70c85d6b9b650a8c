#!/usr/bin/env bash
# Every external program the tests, benchmarks and scripts call, and the Debian 12 package that
# provides it. Exits 1 naming each missing tool and its package, or a package of the table that
# scripts/install-deps.sh does not install (so a fresh machine gets it). Run by
# scripts/run-tests.sh before the build and as ctest `system.tools`.
#
# usage: check-tools.sh [--deps FILE]   (default: the install-deps.sh next to this script)
set -uo pipefail
deps="$(dirname "$0")/install-deps.sh"
case "${1:-}" in
  --deps) deps="${2:?--deps needs a file}" ;;
  "") ;;
  *) echo "check-tools: unknown argument '$1' (usage: check-tools.sh [--deps FILE])" >&2; exit 2 ;;
esac
[[ -r "$deps" ]] || { echo "check-tools: cannot read '$deps'" >&2; exit 2; }

# tool | package | who calls it
table='
ip             | iproute2        | tests/system (network namespaces, veth, addresses)
nft            | nftables        | tests/system/preflight (firewall cases)
iptables       | iptables        | tests/system/preflight
ethtool        | ethtool         | tests/system (offloads off on veth)
ping           | iputils-ping    | tests/system/preflight (the `ping -I` check a second-NIC fix prints)
tcpdump        | tcpdump         | tests/data/stranger/clusters-2026-12-07i (printed tcpdump steps)
unshare        | util-linux      | per-node host names (unshare --uts)
setpriv        | util-linux      | unprivileged-user cases (check_newuser, netns selftest)
flock          | util-linux      | MISMATCHES.txt writers
timeout        | coreutils       | every child the tests start
jq             | jq              | JSON checks in the system tests
pre-commit     | pre-commit      | tests/system/lint/pre_commit.sh (the hook definition run by pre-commit)
git            | git             | tests/system/lint/pre_commit.sh (pre-commit try-repo runs in a git repository)
fish           | fish            | tests/system/release/install.sh (the fish completion)
zsh            | zsh             | tests/system/release/install.sh (zsh -n on the zsh completion)
/usr/bin/python3 | python3-torch | real torch.distributed (Gloo) jobs, JSON checks
gzip           | gzip            | tests/system/logs (gzip input)
nc             | netcat-openbsd  | bench/preflight_bench.sh (nc -zv loop baseline)
hyperfine      | hyperfine       | bench/check_bench.sh
iperf3         | iperf3          | bench/collective_bench.sh (link ceiling)
pgrep          | procps          | tests/system/probe_netns.sh (no surviving probe child)
bc             | bc              | bench/preflight_bench.sh
/usr/bin/time  | time            | bench/check_bench.sh, bench/logs_bench.sh (peak RSS)
clang++        | clang           | libFuzzer targets (tests/system/fuzz, logs)
clang-format-14 | clang-format-14 | scripts/check-format.sh (system.style.format)
clang-tidy-14  | clang-tidy-14   | scripts/check-function-size.sh (system.style.function-size)
ccache         | ccache          | tests/system/fuzz (objects shared by the fuzz targets of one run)
readelf        | binutils        | tests/system/portable.sh (NEEDED and GLIBC_ versions)
dpkg-deb       | dpkg            | tests/system/package.sh (.deb contents)
objcopy        | binutils        | cmake/Portable.cmake (libstdc++ random.o with arc4random weakened)
curl           | curl            | scripts/glibc-sysroot.sh (Debian 11 glibc for the release link)
xz             | xz-utils        | scripts/glibc-sysroot.sh (Packages.xz)
gpgv           | gpgv            | scripts/glibc-sysroot.sh (the signed InRelease of the mirror)
debootstrap    | debootstrap     | tests/system/release/oldroot.sh (Debian 11 minbase root)
chroot         | coreutils       | tests/system/release/oldroot.sh (runs the release binary in it)
ssh            | openssh-client  | preflight --ssh (rank 0 starts the nodes), its system test
scp            | openssh-client  | preflight --ssh (copies the binary)
ssh-keygen     | openssh-client  | tests/system/preflight/ssh_case.sh (host and user keys)
/usr/sbin/sshd | openssh-server  | tests/system/preflight/ssh_case.sh (sshd in each namespace node)
chromium       | chromium        | tests/system/report/browser.sh (renders the HTML reports headless)
cmake          | cmake           | build, install and CPack tests
ninja          | ninja-build     | build
x86_64-w64-mingw32-g++-posix | g++-mingw-w64-x86-64-posix | scripts/build-windows.sh (distdoctor.exe)
/usr/lib/wine/wine64 | wine64      | tests/system/windows/wine_cases.sh (runs distdoctor.exe)
sudo           | sudo            | tests/system/lint/fix56_cases.sh (a real sudo: env_reset before and after the fix)
'
fail=0
while IFS='|' read -r tool pkg why; do
  tool="${tool// /}" pkg="${pkg// /}"
  [[ -n "$tool" ]] || continue
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "check-tools: missing '$tool' (Debian package $pkg; used by${why}): run scripts/install-deps.sh" >&2
    fail=1
  fi
  # The package must be in install-deps.sh's list (a word of its pkgs=( ... ) block), unless it
  # is Essential/required on every Debian (coreutils, gzip, util-linux, dpkg are).
  case "$pkg" in coreutils|gzip|util-linux|dpkg) continue ;; esac
  if ! sed -n '/^pkgs=(/,/^)/p' "$deps" | sed 's/#.*//' | tr -s ' \t' '\n\n' | grep -qx -- "$pkg"; then
    echo "check-tools: package '$pkg' (for '$tool') is not installed by $deps" >&2
    fail=1
  fi
done <<<"$table"
# python3 must be able to import torch (Debian's python3-torch, not a pip one elsewhere on PATH).
if [[ -x /usr/bin/python3 ]] && ! /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  echo "check-tools: /usr/bin/python3 cannot import torch (Debian package python3-torch)" >&2
  fail=1
fi
# preflight reads the firewall through libnftables' JSON API (dlopen, not linked; the binary runs
# without it) and system.preflight.master-port-blocked expects the rule named: libnftables1.
if [[ -x /usr/bin/python3 ]] && ! /usr/bin/python3 -c 'import ctypes; ctypes.CDLL("libnftables.so.1")' >/dev/null 2>&1; then
  echo "check-tools: libnftables.so.1 cannot be loaded (Debian package libnftables1)" >&2
  fail=1
fi
if ! sed -n '/^pkgs=(/,/^)/p' "$deps" | sed 's/#.*//' | tr -s ' \t' '\n\n' | grep -qx -- libnftables1; then
  echo "check-tools: package 'libnftables1' (libnftables.so.1) is not installed by $deps" >&2
  fail=1
fi
# lint's SARIF test validates with Debian's python3-jsonschema through /usr/bin/python3.
if [[ -x /usr/bin/python3 ]] && ! /usr/bin/python3 -c 'import jsonschema' >/dev/null 2>&1; then
  echo "check-tools: /usr/bin/python3 cannot import jsonschema (Debian package python3-jsonschema)" >&2
  fail=1
fi
((fail == 0)) && echo "check-tools: all $(grep -c '|' <<<"$table") tools present, each package in $(basename "$deps")"
exit "$fail"
