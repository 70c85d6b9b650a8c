#!/bin/bash
# scenario p7-master-port-taken: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 2
# a leftover process on node0 still listens on MASTER_PORT 29500 (an earlier run that never exited)
nx 0 timeout 600 $PY -c 'import socket,time; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("0.0.0.0",29500)); s.listen(8); time.sleep(600)' &
BGPIDS+=($!); sleep 3
[ -n "${FIX:-}" ] && source "$FIX"
c2_preflight 2
JOB_LIMIT=60 c2_job 2
