#!/bin/bash
# scenario w3-rank-busy-loop: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 2
# rank 1 spins in a pure-Python loop (100% CPU) before its 5th all_reduce; one watch runs both ranks
ALLENV="MODE=busy BAD_RANK=1 BAD_STEP=4"
[ -n "${FIX:-}" ] && source "$FIX"
c2_watch_one 2
