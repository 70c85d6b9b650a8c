#!/bin/bash
# scenario p5-hostname-is-other-nodes-address: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 3
# node2's /etc/hosts maps its own name to node1's address (copied hosts file, one line edited wrongly)
sed -i 's/^198.18.50.12 c2node2$/198.18.50.11 c2node2/' "$TMPD/hosts2"
[ -n "${FIX:-}" ] && source "$FIX"
c2_preflight 3
JOB_LIMIT=60 c2_job 3
