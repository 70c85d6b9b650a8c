#!/usr/bin/env bash
# The .deb of the release build: its metadata (Depends only on libc6), its files, and a real
# `dpkg --root` install into a temporary root where the installed binary runs, then `dpkg -r`
# removes every file again. The machine's own dpkg database is not touched.
#
# usage: deb.sh DEB
set -uo pipefail
(($# == 1)) || { echo "usage: deb.sh DEB" >&2; exit 2; }
deb="$1"
[[ -r "$deb" ]] || { echo "deb: '$deb' is not readable (scripts/build-release.sh makes it)" >&2; exit 2; }
root="$(mktemp -d /tmp/dd-deb.XXXXXX)"
trap 'rm -rf "$root"' EXIT
fail=0
bad() { echo "deb: FAIL: $*" >&2; fail=1; }

dpkg-deb --info "$deb" | sed -n '/Package:/,$p'
depends="$(dpkg-deb --field "$deb" Depends)"
[[ "$depends" =~ ^libc6\ \(\>=\ 2\.[0-9]+\)$ ]] || bad "Depends is '$depends' (the portable binary needs only libc6)"
contents="$(dpkg-deb --contents "$deb")"
for f in ./usr/bin/distdoctor ./usr/share/man/man1/distdoctor.1 ./usr/share/bash-completion/completions/distdoctor \
         ./usr/share/zsh/vendor-completions/_distdoctor; do
  grep -q " $f\$" <<<"$contents" || bad "the package lacks $f"
done

# A private dpkg database in ROOT; libc6 is not installed there, hence --force-depends.
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" && : >"$root/var/lib/dpkg/status"
dpkg --root="$root" --force-depends --force-not-root -i "$deb" >"$root/log" 2>&1 || { cat "$root/log" >&2; bad "dpkg -i failed"; }
dpkg --root="$root" -s distdoctor | grep -q '^Status: install ok installed' || bad "dpkg does not list distdoctor as installed"
"$root/usr/bin/distdoctor" --version | grep -q '^distdoctor ' || bad "the installed binary does not run"
"$root/usr/bin/distdoctor" env --json | jq -e '.findings | type == "array"' >/dev/null || bad "installed 'env --json' gives no findings array"
dpkg --root="$root" --force-depends -r distdoctor >"$root/log" 2>&1 || { cat "$root/log" >&2; bad "dpkg -r failed"; }
[[ -e "$root/usr/bin/distdoctor" ]] && bad "dpkg -r left usr/bin/distdoctor"
((fail == 0)) && echo "deb: OK ($depends)"
exit "$fail"
