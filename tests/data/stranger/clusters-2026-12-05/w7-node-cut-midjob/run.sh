#!/bin/bash
# scenario w7-node-cut-midjob: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 2
# after rank 1 printed step 3, node1's switch port starts dropping every frame (a pulled link);
# one watch runs both ranks
ALLENV="STEP_SLEEP=1"
[ -n "${FIX:-}" ] && source "$FIX"
( for k in $(seq 1 120); do grep -q 'rank 1 step 3' "$OUT/watch.err" 2>/dev/null && break; sleep 1; done
  ip netns exec c2sw nft -f - <<'NFT'
table bridge c2cut {
  chain c2fwd { type filter hook forward priority 0; policy accept;
    iifname "c2p1" drop
    oifname "c2p1" drop
  }
}
NFT
  echo "harness: node1 cut at $(date +%T)" >> "$OUT/harness.txt" ) &
BGPIDS+=($!)
c2_watch_one 2
