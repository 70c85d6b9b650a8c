#!/bin/bash
# scenario w6-clean-merged: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 2
# nothing wrong: 12 steps of 0.5 s; a watch per node, --rendezvous
[ -n "${FIX:-}" ] && source "$FIX"
STEPS=12 c2_watch_nodes 2
