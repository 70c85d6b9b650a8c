#!/usr/bin/env bash
# .pre-commit-hooks.yaml run the way pre-commit runs it (issue 31): Debian's pre-commit, `try-repo`
# on this source tree's hook definition (uncommitted changes included), in a scratch git
# repository whose staged files are a broken training script, a clean one and a file lint does not
# read. The hook must fail on the broken script with the compiler-style line, pass once it is
# fixed, and never hand lint a file it refuses. Offline: language system needs no environment.
# Usage: pre_commit.sh DISTDOCTOR SOURCE_DIR
set -u
dd=$1 src=$2
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-pre-commit
fail=0 cases=0
ok() { cases=$((cases + 1)); echo "ok   $1"; }
bad() { cases=$((cases + 1)); echo "FAIL $1" >&2; fail=1; }

mkdir -p "$tmp/bin" "$tmp/work" "$tmp/home"
ln -s "$(readlink -f "$dd")" "$tmp/bin/distdoctor"
export PATH="$tmp/bin:$PATH" HOME="$tmp/home" PRE_COMMIT_HOME="$tmp/cache" GIT_CONFIG_NOSYSTEM=1
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
cd "$tmp/work" || exit 1
git init -q . && git config user.email t@example.invalid && git config user.name t
cp "$src/tests/data/lint/rules/collective_rank.py" train.py   # an error finding (rank-branch collective)
cp "$src/tests/data/lint/rules/collective_rank_fixed.py" ok.py
printf 'notes\n' >NOTES.txt
git add -A
# try-repo needs the hook repository to be a git repository. The source tree may not be one (a
# tarball, or the copy scripts/fresh-machine-test.sh makes), so the hook definition under test, this
# tree's .pre-commit-hooks.yaml (language: system: the only file the hook needs), is committed to a
# scratch repository of its own.
mkdir -p "$tmp/hooks" && cp "$src/.pre-commit-hooks.yaml" "$tmp/hooks/" &&
  git -C "$tmp/hooks" init -q . && git -C "$tmp/hooks" add -A &&
  git -C "$tmp/hooks" -c user.email=t@example.invalid -c user.name=t commit -q -m hooks || { echo "FAIL: hook repository" >&2; exit 1; }
pre-commit try-repo "$tmp/hooks" distdoctor-lint --all-files >"$tmp/out" 2>&1; rc=$?
if [[ $rc == 1 ]] && grep -q "^train.py:[0-9]*:[0-9]*: error: .* \[lint.torch.collective-under-rank-branch\]$" "$tmp/out" &&
   ! grep -q "NOTES.txt" "$tmp/out"; then
  ok "hook fails on the broken script with file:line:col lines"
else
  bad "hook on the broken script: exit $rc: $(cat "$tmp/out")"
fi
cp ok.py train.py && git add -A
pre-commit try-repo "$tmp/hooks" distdoctor-lint --all-files >"$tmp/out" 2>&1; rc=$?
[[ $rc == 0 ]] && grep -q "distdoctor lint.*Passed" "$tmp/out" && ok "hook passes once fixed" || bad "hook after the fix: exit $rc: $(cat "$tmp/out")"
echo "$cases cases, $([[ $fail == 0 ]] && echo all passed || echo FAILURES)"
exit $fail
