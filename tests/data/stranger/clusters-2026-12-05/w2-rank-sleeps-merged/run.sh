#!/bin/bash
# scenario w2-rank-sleeps-merged: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 2
# rank 1 sleeps in Python (time.sleep(3600)) before its 5th all_reduce; a watch per node, --rendezvous
ALLENV="MODE=sleep BAD_RANK=1 BAD_STEP=4"
[ -n "${FIX:-}" ] && source "$FIX"
c2_watch_nodes 2
