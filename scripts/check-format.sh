#!/usr/bin/env bash
# Every C++ file of the project follows .clang-format (clang-format 14): prints each file that
# differs and the command that formats it; exit 1 when one does, 2 on a usage error. third_party/
# and test data are not the project's code and are not checked.
#
# usage: check-format.sh [ROOT]   (default: the repository this script belongs to)
set -uo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
[[ -d "$root/src" && -r "$root/.clang-format" ]] ||
  { echo "check-format: '$root' has no src/ or no .clang-format" >&2; exit 2; }
command -v clang-format-14 >/dev/null ||
  { echo "check-format: clang-format-14 is missing (Debian package clang-format-14)" >&2; exit 2; }
cd "$root" || exit 2
mapfile -t files < <(find src tests bench cmake windows -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.cc' \) \
  -not -path 'tests/data/*' -not -path 'tests/corpus/*' 2>/dev/null | sort)
(( ${#files[@]} > 0 )) || { echo "check-format: no C++ files under '$root'" >&2; exit 2; }
# One clang-format process for all files; it names each line that differs as "FILE:L:C: error: ...".
out=$(clang-format-14 --dry-run --Werror "${files[@]}" 2>&1 >/dev/null)
mapfile -t differ < <(grep -o '^[^:]*:[0-9]*:[0-9]*: error' <<<"$out" | cut -d: -f1 | sort -u)
bad=${#differ[@]}
for f in "${differ[@]}"; do echo "$f: not formatted (clang-format-14 -i $f)" >&2; done
if (( bad == 0 )) && grep -q . <<<"$out"; then echo "check-format: clang-format-14 failed: $out" >&2; exit 2; fi
if (( bad > 0 )); then
  echo "check-format: $bad of ${#files[@]} files differ from .clang-format" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files follow .clang-format"
