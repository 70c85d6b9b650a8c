#!/bin/bash
# scenario p8-clean-3-nodes-ifname-set: see MANIFEST.md. FIX=file applies a printed fix (sourced after the setup).
cd "$(dirname "$0")"; OUT=$PWD/${FIX:+fix-}out; rm -rf "$OUT"; source ../lib.sh
c2_cluster 3
ALLENV="NCCL_SOCKET_IFNAME=c2eth0 GLOO_SOCKET_IFNAME=c2eth0"
[ -n "${FIX:-}" ] && source "$FIX"
c2_preflight 3
JOB_LIMIT=60 c2_job 3
