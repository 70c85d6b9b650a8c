#!/bin/bash
# scenario w1-rank-exits-midjob: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 2
# rank 1 (node1) calls os._exit(3) before its 5th all_reduce; one watch (host) runs both ranks
ALLENV="MODE=exit BAD_RANK=1 BAD_STEP=4"
[ -n "${FIX:-}" ] && source "$FIX"
c2_watch_one 2
