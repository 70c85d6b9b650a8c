#!/bin/bash
# one worker over "DIR ENV..." lines of $1; appends to runner.log
cd "$(dirname "$0")"
while read -r line; do d=${line%% *}; rest=${line#"$d"}
  echo "$(date +%T) start $line" >> runner.log
  ( cd "$d" && env $rest ./run.sh > "run.$(echo $rest | tr ' =/' '_-_').log" 2>&1 ); echo "$(date +%T) end rc=$? $line" >> runner.log
done < "$1"
