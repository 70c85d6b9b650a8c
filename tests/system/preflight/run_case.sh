#!/bin/bash
# run_case.sh DISTDOCTOR ORACLE CASE: one preflight system test on namespace nodes (lib.sh).
# Each broken case asserts the verdict names the cause, then applies rank 0's recommended
# settings to the real libnccl (dd_nccl_oracle: ncclGetUniqueId's bootstrap choice in each node)
# and/or a real torch.distributed Gloo job across the nodes, which must then work.
DD=$1 ORACLE=$2 CASE=$3
HERE="$(cd "$(dirname "$0")" && pwd)"
. "$HERE/lib.sh"
T=${PF_TIMEOUT:-20}
MASTER=198.18.1.1
JOB_PORT=29500
RV=198.18.1.1:29401

# standard cluster: N nodes, NAME on the bridge as 198.18.1.(i+1)/24, hosts file maps nodeI to it
cluster() {  # N IFNAME
  for ((i = 0; i < $1; i++)); do
    node "$i"
    for ((j = 0; j < $1; j++)); do hosts_line "$i" "198.18.1.$((j + 1))" "node$j"; done
  done
}

# run preflight on nodes 0..N-1 with common env; waits; outputs in $WORK/pfI.json
preflight_all() {  # N [VAR=VALUE...]
  local n=$1; shift
  local pids=()
  for ((i = 0; i < n; i++)); do
    local extra="PF_ENV_$i"
    run_pf "$i" "$WORK/pf$i.json" "$@" ${!extra:-} -- --rendezvous "$RV" --rank "$i" --world "$n" --timeout "$T" --no-probe
    pids+=($PF_PID)
  done
  PF_RC=()
  for p in "${pids[@]}"; do wait "$p"; PF_RC+=($?); done
  note "rank 0 exit ${PF_RC[0]}: $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
}

check_nccl_fix() {  # N: with rank 0's fix, the real NCCL bootstraps on an address every peer reached
  for ((i = 0; i < $1; i++)); do
    local fix; fix=$(fix_env_for "$WORK/pf0.json" "node$i")
    local base="PF_ENV_$i"
    local got; got=$(nccl_choice "$i" ${!base:-} $fix)
    local good; good=$(jq_ "$WORK/pf0.json" "' '.join(d['good_addresses'].get('$i', []))")
    note "node$i with [$fix]: NCCL bootstraps on $got (good: $good)"
    [[ " $good " == *" ${got#* } "* ]] || die "node$i: NCCL with the fix uses '$got', not a reached address"
  done
}

check_gloo_fix() {  # N
  for ((i = 0; i < $1; i++)); do
    local base="PF_ENV_$i"
    printf -v "GLOO_ENV_$i" '%s' "${!base:-} $(fix_env_for "$WORK/pf0.json" "node$i")"
  done
  gloo_job "$1" 40 || { cat "$WORK"/gloo*.out >&2; die "Gloo job fails with the recommended settings"; }
  note "Gloo all_reduce across $1 nodes works with the fix"
}

case "$CASE" in
healthy)
  cluster 3
  for i in 0 1 2; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  preflight_all 3
  expect_verdict "$WORK/pf0.json" OK
  [ "${PF_RC[0]}" = 0 ] || die "rank 0 exit ${PF_RC[0]}"
  for i in 1 2; do [ "$(jq_ "$WORK/pf$i.json" 'd["verdict"]')" = OK ] || die "rank $i did not get the verdict"; done
  [ "$(jq_ "$WORK/pf0.json" 'len(d["nodes"])')" = 3 ] || die "nodes[] incomplete"
  [ "$(jq_ "$WORK/pf0.json" 'all(p["ok"] and p["bulk_ok"] for p in d["probes"])')" = True ] || die "a probe failed"
  [ "$(jq_ "$WORK/pf0.json" 'sorted(n["host"] for n in d["nodes"])')" = "['node0', 'node1', 'node2']" ] || die "hosts"
  check_nccl_fix 3
  check_gloo_fix 3
  ;;
mgmt-data)  # eth0 on an isolated network on every node, cluster on ens1f0
  cluster 3
  for i in 0 1 2; do
    link "$i" eth0 "198.18.100.$((i + 1))/24" "iso$i"
    link "$i" ens1f0 "198.18.1.$((i + 1))/24"
  done
  [ "$(nccl_choice 0)" = "eth0 198.18.100.1" ] || die "setup: real NCCL should pick the isolated eth0"
  preflight_all 3
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  expect_finding "$WORK/pf0.json" preflight.nccl.unreachable-interface
  [ "$(jq_ "$WORK/pf0.json" 'd["recommendation"]["env"].get("NCCL_SOCKET_IFNAME")')" = "=ens1f0" ] || die "recommendation"
  [ "${PF_RC[0]}" = 1 ] || die "exit code ${PF_RC[0]}"
  check_nccl_fix 3
  check_gloo_fix 3
  ;;
*) die "unknown case $CASE" ;;
esac
echo "PASS: $CASE"
