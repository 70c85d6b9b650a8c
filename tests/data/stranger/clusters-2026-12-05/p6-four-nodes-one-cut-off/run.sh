#!/bin/bash
# scenario p6-four-nodes-one-cut-off: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 4
# node2's switch port drops every frame (bridge-family nftables in the switch): node2 is cut off
ip netns exec c2sw nft -f - <<'NFT'
table bridge c2cut {
  chain c2fwd { type filter hook forward priority 0; policy accept;
    iifname "c2p2" drop
    oifname "c2p2" drop
  }
}
NFT
[ $? -eq 0 ] || { echo "harness: nft setup failed" >&2; exit 9; }
[ -n "${FIX:-}" ] && source "$FIX"
c2_preflight 4
JOB_LIMIT=60 c2_job 4
