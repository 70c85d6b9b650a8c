#!/bin/bash
# run_envinit.sh VARS LOG: source a *.vars.sh set, then start 2 env:// ranks on this machine with it
# (MASTER_PORT replaced by $PORT so that no run collides with another job's 29500; WORLD_SIZE=2)
vars=$1; log=$2
(
  set -a; . "$vars"; set +a
  export MASTER_PORT=${PORT:-29651} WORLD_SIZE=2
  echo "MASTER_ADDR=$MASTER_ADDR MASTER_PORT=$MASTER_PORT GLOO_SOCKET_IFNAME=${GLOO_SOCKET_IFNAME-}"
  for r in 0 1; do
    ( RANK=$r LOCAL_RANK=$r timeout 60 nice -n 10 /usr/bin/python3 envinit_check.py; echo "rank $r rc=$?" ) &
  done
  wait
) > "$log" 2>&1
echo "$vars:"; grep -E 'rc=|all_reduce' "$log"
