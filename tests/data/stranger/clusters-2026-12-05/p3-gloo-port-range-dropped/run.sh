#!/bin/bash
# scenario p3-gloo-port-range-dropped: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 2
# node0 (the lower address: Gloo pairs connect INTO it) drops the ephemeral port range Gloo listens on
ip netns exec c2n0 nft -f - <<'NFT'
table inet c2fw {
  chain input { type filter hook input priority 0; policy accept;
    tcp dport 32768-60999 drop
  }
}
NFT
[ -n "${FIX:-}" ] && source "$FIX"
c2_preflight 2
JOB_LIMIT=60 c2_job 2
