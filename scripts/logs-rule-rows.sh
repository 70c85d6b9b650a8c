#!/bin/bash
# logs-rule-rows.sh [ROOT]: the coverage count of docs/rules.md's opening paragraph for `logs`.
# Candidates: every id-shaped string literal ("a.b", starting and ending with a letter or digit,
# file names left out) in the rule sources src/logs/rules_*.cpp and src/logs/rule_engine.cpp, tests
# left out. A few of them are not rule ids (catalogue entry ids a rule asks `recognised_by`, the
# stem of an id a rule completes, such as "launch.elastic"), so the total is an upper bound.
# Catalogue entry ids that are no signal rule's id are left out (listed apart).
# A candidate counts as covered when the first cell of a row of the "## logs" table names it in
# backticks (`launch.*.sigkill` covers launch.X.sigkill). Prints "covered N of M" and the rest.
ROOT=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$ROOT" || exit 2
sources=(src/logs/rule_engine.cpp)
for f in src/logs/rules_*.cpp; do [[ $f == *_test.cpp ]] || sources+=("$f"); done
ids=$(grep -ohE '"[a-z][a-z0-9_-]*\.[a-z][a-z0-9_.-]*[a-z0-9]"' "${sources[@]}" |
  tr -d '"' | grep -vE '\.(cpp|hpp|json|log|txt|py|so|cc)$' | sort -u)
# shellcheck disable=SC2016 # the backticks are markdown, not a command
cells=$(sed -n '/^## logs/,/^## lint/p' docs/rules.md | grep '^| `' | cut -d'|' -f2 | grep -oE '`[^`]+`' | tr -d '`')
covered=0
total=0
rest=()
# A catalogue entry id that no signal rule carries and that the sources only ask about
# (recognised_by, entries.count) is a line a rule asks for, not a rule: listed apart, not counted.
entries=()
for id in $ids; do
  if grep -qF "\"id\": \"$id\"" src/logs/data/message_catalogue.json &&
     ! grep -qF "\"id\": \"$id\"" src/logs/data/signal_rules.json &&
     ! grep -hF "\"$id\"" "${sources[@]}" | grep -qvE 'recognised_by|entries\.count'; then
    entries+=("$id")
    continue
  fi
  total=$((total + 1))
  hit=0
  for cell in $cells; do
    # shellcheck disable=SC2053 # a cell may be a glob (launch.*.sigkill)
    # a stem the rule completes (launch.elastic of launch.elastic.exit: no signal rule's id) is
    # covered by the rows of its ids
    if [[ $id == $cell ]] || { [[ $id == ${cell%.*} ]] && ! grep -qF "\"id\": \"$id\"" src/logs/data/signal_rules.json; }; then
      hit=1
      break
    fi
  done
  if [ $hit = 1 ]; then covered=$((covered + 1)); else rest+=("$id"); fi
done
echo "covered $covered of $total"
printf '%s\n' "${rest[@]}"
echo "catalogue entries the rules ask for (not rules): ${entries[*]}"
