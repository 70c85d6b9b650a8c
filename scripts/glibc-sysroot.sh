#!/usr/bin/env bash
# An old glibc to link the portable release binary against (docs/portable-glibc.md): Debian 11's
# libc6 and libc6-dev (glibc 2.31), unpacked into DIR. Only the linker uses it (crt files, libc.so,
# libc_nonshared.a, libpthread/libdl/libm); headers and every other library stay Debian 12's.
# The mirror's InRelease is checked with gpgv against Debian's archive keyring, the Packages index and
# both .debs against the SHA256 sums it lists. Cached: a second call with a complete DIR only
# prints it (about 5 MB of downloads, 25 MB unpacked).
#
# usage: glibc-sysroot.sh [DIR]   (default build/glibc-sysroot-bullseye)
# env:   DD_DEBIAN_MIRROR (default http://deb.debian.org/debian; e.g. http://archive.debian.org/debian
#        once bullseye moves there)
# Prints DIR (absolute) on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build/glibc-sysroot-bullseye}"
mirror="${DD_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
suite=bullseye
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
mkdir -p "$(dirname "$dir")"
dir="$(cd "$(dirname "$dir")" && pwd)/$(basename "$dir")"
if [[ -f "$dir/.complete" ]]; then echo "$dir"; exit 0; fi
[[ -r "$keyring" ]] || { echo "glibc-sysroot: $keyring missing (package debian-archive-keyring)" >&2; exit 2; }

work="$(mktemp -d "${dir}.tmp.XXXXXX")"
trap 'rm -rf "$work"' EXIT
get() { curl -fsSL --retry 3 --connect-timeout 20 --max-time 300 -o "$2" "$1" \
  || { echo "glibc-sysroot: cannot download $1" >&2; exit 2; }; }
# sha256_of FILE NAME: the SHA256 that a (verified) index lists for NAME.
check_sum() {
  local want="$1" file="$2"
  [[ -n "$want" && "$(sha256sum "$file" | cut -d' ' -f1)" == "$want" ]] \
    || { echo "glibc-sysroot: checksum mismatch for $file" >&2; exit 2; }
}

get "$mirror/dists/$suite/InRelease" "$work/InRelease"
gpgv --keyring "$keyring" --output "$work/Release" "$work/InRelease" 2>"$work/gpgv.log" \
  || { cat "$work/gpgv.log" >&2; echo "glibc-sysroot: bad signature on $mirror $suite InRelease" >&2; exit 2; }
get "$mirror/dists/$suite/main/binary-amd64/Packages.xz" "$work/Packages.xz"
sum="$(awk '/^SHA256:/{s=1; next} /^[^ ]/{s=0} s && $3=="main/binary-amd64/Packages.xz"{print $1}' "$work/Release")"
check_sum "$sum" "$work/Packages.xz"
xz -dc "$work/Packages.xz" >"$work/Packages"

mkdir "$work/root"
for pkg in libc6 libc6-dev; do
  read -r file sum < <(awk -v p="$pkg" '$1=="Package:"{x=($2==p)} x&&$1=="Filename:"{f=$2} x&&$1=="SHA256:"{s=$2}
    x&&/^$/{if (f!="") {print f, s; exit}}' "$work/Packages")
  [[ -n "${file:-}" ]] || { echo "glibc-sysroot: $pkg not in $suite's Packages" >&2; exit 2; }
  get "$mirror/$file" "$work/$pkg.deb"
  check_sum "$sum" "$work/$pkg.deb"
  dpkg-deb -x "$work/$pkg.deb" "$work/root"
  echo "glibc-sysroot: $(basename "$file")" >&2
done
# The linker follows symlinks inside the sysroot: make the absolute ones (libpthread.so ->
# /lib/x86_64-linux-gnu/libpthread.so.0, the loader) point inside it.
while IFS= read -r link; do
  target="$(readlink "$link")"
  ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$work/root$target")" "$link"
done < <(find "$work/root" -type l -lname '/*')
[[ -f "$work/root/usr/lib/x86_64-linux-gnu/libc_nonshared.a" && -e "$work/root/lib/x86_64-linux-gnu/libc.so.6" ]] \
  || { echo "glibc-sysroot: unpacked root lacks libc" >&2; exit 2; }
rm -rf "$dir"
mv "$work/root" "$dir"
touch "$dir/.complete"
echo "$dir"
