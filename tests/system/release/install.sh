#!/usr/bin/env bash
# `cmake --install` of the release build into a temporary prefix: the binary runs, the man page
# has a section per command of `distdoctor --help`, the bash completion completes commands and
# a command's options, and the zsh and fish completions name every command. Everything lives in a temporary folder, removed on exit.
#
# usage: install.sh BUILD_DIR
set -uo pipefail
(($# == 1)) || { echo "usage: install.sh BUILD_DIR" >&2; exit 2; }
build="$1"
[[ -f "$build/cmake_install.cmake" ]] || { echo "install: '$build' is not a configured build folder" >&2; exit 2; }
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-install
fail=0
bad() { echo "install: FAIL: $*" >&2; fail=1; }

cmake --install "$build" --prefix "$tmp/usr" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; bad "cmake --install failed"; exit 1; }
(cd "$tmp" && find . -type f | sort)
bin="$tmp/usr/bin/distdoctor" man="$tmp/usr/share/man/man1/distdoctor.1"
bash_c="$tmp/usr/share/bash-completion/completions/distdoctor" zsh_c="$tmp/usr/share/zsh/vendor-completions/_distdoctor"
fish_c="$tmp/usr/share/fish/vendor_completions.d/distdoctor.fish"
for f in "$bin" "$man" "$bash_c" "$zsh_c" "$fish_c"; do [[ -s "$f" ]] || bad "not installed: ${f#"$tmp"}"; done
((fail)) && exit 1

"$bin" --version | grep -q '^distdoctor ' || bad "installed binary does not run"
# Every command of the help (the command table) has a man section and a bash completion.
mapfile -t cmds < <("$bin" --help | awk 'tolower($0) ~ /^subcommands:/ {on=1; next} on && /^[^ ]/ {on=0} on && /^  [a-z]/ {print $1}')
((${#cmds[@]} >= 3)) || bad "too few commands in --help: ${cmds[*]}"
for c in "${cmds[@]}"; do
  grep -qx ".SS $c" "$man" || bad "man page has no section for '$c'"
  grep -q "'$c:" "$zsh_c" || bad "zsh completion lacks '$c'"
  grep -q "__fish_use_subcommand -a $c " "$fish_c" || bad "fish completion lacks '$c'"
done
grep -q '__probe' "$man" "$bash_c" "$zsh_c" && bad "an internal command is documented"
# The man page is valid troff when a formatter is here (man-db is not in a minbase root).
if command -v groff >/dev/null; then
  groff -man -Tutf8 -ww "$man" >/dev/null 2>"$tmp/groff.err"; [[ -s "$tmp/groff.err" ]] && bad "groff: $(head -3 "$tmp/groff.err")"
fi
# bash: "distdoctor pre<TAB>" and "distdoctor preflight --ra<TAB>".
complete_words() {
  bash --norc -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _distdoctor; echo "${COMPREPLY[*]}"' _ "$bash_c" "$@"
}
[[ "$(complete_words distdoctor pre)" == preflight ]] || bad "bash: 'pre' completes to '$(complete_words distdoctor pre)'"
[[ "$(complete_words distdoctor preflight --rend)" == --rendezvous ]] || bad "bash: 'preflight --rend' completes to '$(complete_words distdoctor preflight --rend)'"
[[ "$(complete_words distdoctor check --no-p)" == --no-probe ]] || bad "bash: 'check --no-p' completes to '$(complete_words distdoctor check --no-p)'"
if ! command -v zsh >/dev/null; then bad "zsh is not installed (scripts/install-deps.sh)"
else zsh -n "$zsh_c" || bad "zsh completion has a syntax error"; fi
grep -q "__fish_seen_subcommand_from preflight' -l rendezvous$" "$fish_c" || bad "fish: preflight has no --rendezvous"
# fish: the same two completions in a real fish (Debian's fish, scripts/install-deps.sh)
fish_complete() { fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$fish_c" "$1" | cut -f1 | tr '\n' ' ' | sed 's/ $//'; }
if ! command -v fish >/dev/null; then
  bad "fish is not installed (scripts/install-deps.sh)"
else
  [[ "$(fish_complete "distdoctor pre")" == preflight ]] || bad "fish: 'pre' completes to '$(fish_complete "distdoctor pre")'"
  [[ "$(fish_complete "distdoctor lint --fo")" == --format ]] || bad "fish: 'lint --fo' completes to '$(fish_complete "distdoctor lint --fo")'"
fi
((fail == 0)) && echo "install: OK (${#cmds[@]} commands: ${cmds[*]})"
exit "$fail"
