#!/bin/bash
# runs "DIR ENV..." lines from the file $1 with 2 workers; appends to runner.log
cd "$(dirname "$0")"
worker() { while read -r line; do d=${line%% *}; rest=${line#"$d"}; [ "$rest" = "$line" ] && rest=
  echo "$(date +%T) start $line" >> runner.log
  ( cd "$d" && env $rest ./run.sh > "run.$(echo $rest | tr ' =/' '_-_').log" 2>&1 ); echo "$(date +%T) end rc=$? $line" >> runner.log
done; }
split -n r/2 "$1" /tmp/c7q.$$.; worker < /tmp/c7q.$$.aa & worker < /tmp/c7q.$$.ab & wait; rm -f /tmp/c7q.$$.*
