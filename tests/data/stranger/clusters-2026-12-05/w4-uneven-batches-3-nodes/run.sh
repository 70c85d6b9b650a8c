#!/bin/bash
# scenario w4-uneven-batches-3-nodes: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 3
# rank 2 runs out of batches at step 3 and goes to the final barrier; ranks 0,1 all_reduce step 3.
# a watch per node, --rendezvous
ALLENV="MODE=uneven BAD_RANK=2 BAD_STEP=3"
[ -n "${FIX:-}" ] && source "$FIX"
c2_watch_nodes 3
