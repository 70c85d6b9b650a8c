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
    run_pf "$i" "$WORK/pf$i.json" "$@" ${!extra:-} -- --rendezvous "$RV" --rank "$i" --world "$n" --timeout "$T" --no-probe ${PF_ARGS:-}
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
docker0-duplicate)  # docker0 with the same address on every node, NCCL_SOCKET_IFNAME=^lo lets NCCL take it
  cluster 2
  for i in 0 1; do
    ip -n "$(ns_of $i)" link add docker0 type bridge
    ip -n "$(ns_of $i)" addr add 198.19.255.1/24 dev docker0
    ip -n "$(ns_of $i)" link set docker0 up
    link "$i" eth0 "198.18.1.$((i + 1))/24"
    printf -v "PF_ENV_$i" '%s' "NCCL_SOCKET_IFNAME=^lo"
  done
  sleep 1
  [ "$(nccl_choice 0 NCCL_SOCKET_IFNAME=^lo)" = "docker0 198.19.255.1" ] || die "setup: real NCCL should pick docker0"
  preflight_all 2
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  expect_finding "$WORK/pf0.json" preflight.address.duplicate
  expect_finding "$WORK/pf0.json" preflight.nccl.unreachable-interface
  [ "$(jq_ "$WORK/pf0.json" '[f["label"] for f in d["findings"] if f["id"]=="preflight.nccl.unreachable-interface"][0]')" = virtual-interface ] || die "label"
  check_nccl_fix 2
  check_gloo_fix 2
  ;;
eno1-vs-eth0)  # cluster NIC eno1 on node0, eth0 on node1; NCCL_SOCKET_IFNAME=eth0 copied to both
  cluster 2
  link 0 eno1 198.18.1.1/24
  link 1 eth0 198.18.1.2/24
  PF_ENV_0="NCCL_SOCKET_IFNAME=eth0" PF_ENV_1="NCCL_SOCKET_IFNAME=eth0"
  preflight_all 2
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  expect_finding "$WORK/pf0.json" preflight.nccl.no-interface
  [ "$(jq_ "$WORK/pf0.json" 'd["recommendation"]["env"].get("NCCL_SOCKET_IFNAME")')" = "=eno1,eth0" ] || die "recommendation $(jq_ "$WORK/pf0.json" 'd["recommendation"]')"
  check_nccl_fix 2
  check_gloo_fix 2
  ;;
ifname-one-node)  # NCCL_SOCKET_IFNAME=ens1f0 set on node1 only; node0 falls back to the isolated eth0
  cluster 2
  for i in 0 1; do
    link "$i" eth0 "198.18.100.$((i + 1))/24" "iso$i"
    link "$i" ens1f0 "198.18.1.$((i + 1))/24"
  done
  PF_ENV_1="NCCL_SOCKET_IFNAME=ens1f0"
  preflight_all 2
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  expect_finding "$WORK/pf0.json" preflight.setting.partial
  expect_finding "$WORK/pf0.json" preflight.nccl.unreachable-interface
  [ "$(jq_ "$WORK/pf0.json" '[f["hosts"] for f in d["findings"] if f["id"]=="preflight.nccl.unreachable-interface"][0]')" = "['node0']" ] || die "should name node0"
  check_nccl_fix 2
  check_gloo_fix 2
  ;;
master-port-blocked)  # firewall drops MASTER_PORT on the master
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  drop_port 0 29500
  PF_ENV_0="MASTER_ADDR=$MASTER MASTER_PORT=$JOB_PORT" PF_ENV_1="MASTER_ADDR=$MASTER MASTER_PORT=$JOB_PORT"
  preflight_all 2
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  expect_finding "$WORK/pf0.json" preflight.port.blocked
  [ "$(jq_ "$WORK/pf0.json" 'd["recommendation"]["env"].get("MASTER_PORT")')" = 29401 ] || die "no MASTER_PORT advice"
  check_gloo_fix 2
  # issue 28: node0 read its own ruleset (libnftables' JSON API) and the finding names the rule
  # with the handle nft itself lists; the fix's `nft delete rule ...` line, run as printed in
  # node0, opens the port, and a second preflight passes.
  handle=$(ip netns exec "$(ns_of 0)" nft -a list ruleset | sed -n 's/.*tcp dport 29500 drop # handle \([0-9]*\)$/\1/p')
  [ -n "$handle" ] || die "setup: nft lists no handle for the drop rule"
  python3 - "$WORK/pf0.json" "$handle" <<'PY' || die "the finding does not name the rule with handle $handle"
import json, re, sys
d = json.load(open(sys.argv[1])); handle = sys.argv[2]
f = [f for f in d["findings"] if f["id"] == "preflight.port.blocked"][0]
want = re.compile(r"^node0 \([^)]+\): nftables table inet ddp\d+ chain in handle " + handle + r": tcp dport 29500 drop$")
ok = any(want.match(e) for e in f["evidence"])
print("evidence:", f["evidence"], "\nfix:", f["fix"]["text"], file=sys.stderr)
sys.exit(0 if ok and "nft delete rule inet ddp" in f["fix"]["text"] else 1)
PY
  cmd=$(jq_ "$WORK/pf0.json" '[f for f in d["findings"] if f["id"]=="preflight.port.blocked"][0]["fix"]["text"]' |
    grep -o 'nft delete rule [^ ()]* [^ ()]* [^ ()]* handle [0-9]*')
  [ -n "$cmd" ] || die "no 'nft delete rule' line in the fix"
  note "pasting into node0: $cmd"
  ip netns exec "$(ns_of 0)" $cmd || die "'$cmd' failed in node0"
  preflight_all 2
  expect_verdict "$WORK/pf0.json" OK
  [ "${PF_RC[0]}" = 0 ] || die "second preflight: rank 0 exit ${PF_RC[0]}"
  ;;
ephemeral-blocked)  # the master accepts only MASTER_PORT and the rendezvous port
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  node_firewall 0 'iifname "lo" accept' 'ct state established,related accept' 'tcp dport { 29500, 29401 } accept' \
    'meta l4proto tcp drop'
  PF_ENV_0="MASTER_ADDR=$MASTER MASTER_PORT=$JOB_PORT" PF_ENV_1="MASTER_ADDR=$MASTER MASTER_PORT=$JOB_PORT"
  preflight_all 2
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  expect_finding "$WORK/pf0.json" preflight.reach.ephemeral-ports-blocked
  # issue 28: the rule that drops the probe (ephemeral) ports is named from node0's own ruleset
  python3 - "$WORK/pf0.json" <<'PY' || die "the ephemeral-ports finding does not name 'meta l4proto tcp drop'"
import json, re, sys
d = json.load(open(sys.argv[1]))
ev = [e for f in d["findings"] if f["id"] == "preflight.reach.ephemeral-ports-blocked" for e in f["evidence"]]
print(ev, file=sys.stderr)
sys.exit(0 if any(re.search(r"nftables table inet ddp\d+ chain in handle \d+: meta l4proto tcp drop$", e) for e in ev) else 1)
PY
  # the real job agrees: Gloo's pair connections use ephemeral ports and cannot be made
  gloo_job 2 25 && die "the Gloo job should fail behind this firewall"
  note "Gloo job fails as predicted"
  ;;
mtu-black-hole)  # eth0 MTU 9000 on both nodes, node1's bridge port 1500
  cluster 2
  for i in 0 1; do
    link "$i" eth0 "198.18.1.$((i + 1))/24"
    ip -n "$(ns_of $i)" link set eth0 mtu 9000
    # real NICs put frames of the MTU on the wire; veth would carry GSO super-packets past the bridge
    ip netns exec "$(ns_of $i)" ethtool -K eth0 tso off gso off gro off >/dev/null 2>&1 || die "ethtool -K"
  done
  ip -n "$SW" link set "$(port_of 0 eth0)" mtu 9000
  ip -n "$SW" link set "$(port_of 1 eth0)" mtu 1500
  # as a job runs it: MASTER_ADDR by name; rank 0 also writes the HTML report
  run_pf 0 "$WORK/pf0.json" MASTER_ADDR=node0 MASTER_PORT=$JOB_PORT -- --rendezvous "$RV" --rank 0 --world 2 --timeout "$T" \
    --no-probe --report "$WORK/pf0.html"
  P0=$PF_PID
  run_pf 1 "$WORK/pf1.json" MASTER_ADDR=node0 MASTER_PORT=$JOB_PORT -- --rendezvous "$RV" --rank 1 --world 2 --timeout "$T" --no-probe
  wait "$P0"; wait "$PF_PID"
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  expect_finding "$WORK/pf0.json" preflight.mtu.black-hole
  # issue 28: the black hole is the first finding and the verdict's cause; no address whose echo
  # passed is called unreachable; the HTML matrix shows M where the text does, never a green cell
  python3 - "$WORK/pf0.json" <<'PY' || die "the MTU black hole is not the stated cause"
import json, sys
d = json.load(open(sys.argv[1])); fs = d["findings"]
print("findings:", [f["id"] for f in fs], "reason:", d["reason"], file=sys.stderr)
assert fs[0]["id"] == "preflight.mtu.black-hole" and d["reason"] == fs[0]["title"], (fs[0]["id"], d["reason"])
echoed = {p["addr"] for p in d["probes"] if p["ok"]}
for f in fs:
    for line in [f["title"]] + f["evidence"]:
        assert "cannot reach" not in line, line
assert echoed and all(not p["carries_data"] for p in d["probes"] if p["ok"] and p["what"] == "candidate"), d["probes"]
PY
  grep -q 'class="cell ok"' "$WORK/pf0.html" && die "the HTML matrix draws a reached (green) cell in the black hole"
  grep -q 'text-anchor="middle">M</text>' "$WORK/pf0.html" || die "the HTML matrix has no M cell"
  gloo_job 2 25 && die "the Gloo job (4 MiB all_reduce) should stall in the black hole"
  note "Gloo job fails in the black hole, as predicted"
  # P2b: two nodes whose probes both ways lost the bulk are one path, one finding naming both ends
  # (the hop cannot be told from the ends); its fix's commands, run as printed on the node each
  # names, make the real job work.
  python3 - "$WORK/pf0.json" >"$WORK/mtu-fix.txt" <<'PY' || die "the black hole is not one finding between node0 and node1 with a command per node"
import json, re, sys
fs = [f for f in json.load(open(sys.argv[1]))["findings"] if f["id"] == "preflight.mtu.black-hole"]
assert len(fs) == 1 and fs[0]["title"].startswith("MTU black hole between node0 and node1"), [f["title"] for f in fs]
cmds = re.findall(r"on (node[01]): (ip link set dev \S+ mtu \d+)", fs[0]["fix"]["text"])
assert sorted(h for h, _ in cmds) == ["node0", "node1"], fs[0]["fix"]["text"]
for host, cmd in cmds: print(host[-1], cmd)
PY
  while read -r i cmd; do
    # shellcheck disable=SC2086
    ip netns exec "$(ns_of "$i")" $cmd || die "the printed fix '$cmd' failed on node$i"
  done <"$WORK/mtu-fix.txt"
  gloo_job 2 40 || die "Gloo job fails after fixing the MTU"
  note "Gloo all_reduce works after setting one MTU"
  ;;
stale-hosts)  # MASTER_ADDR=node0; node1's /etc/hosts still maps node0 to its old address on eth1, a network node1 is not on
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  link 0 eth1 198.18.9.1/24 "ddpc$$"  # a switch of its own
  printf '127.0.0.1 localhost\n198.18.9.1 node0\n198.18.1.2 node1\n' > "/etc/netns/$(ns_of 1)/hosts"
  preflight_all 2 MASTER_ADDR=node0 MASTER_PORT=$JOB_PORT
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  python3 - "$WORK/pf0.json" <<'PY' || die "the stale hosts entry is not the first finding, as hostname-resolution on node1"
import json, sys
d = json.load(open(sys.argv[1])); f = d["findings"][0]
print("findings:", [(x["id"], x["label"]) for x in d["findings"]], file=sys.stderr)
# node1's resolution is the cause; the MASTER_PORT probe it sent to 198.18.9.1 folds in (adding node0)
assert f["id"] == "preflight.master-addr.wrong" and f["label"] == "hostname-resolution" and f["hosts"][0] == "node1" and f["ranks"] == [1], f
assert "stale /etc/hosts entry or DNS answer on node1" in f["title"] and d["reason"] == f["title"], f["title"]
# P3b of the 2026-12-04 cluster run: node1's MASTER_PORT probe went to the stale address, so the
# port itself was never tried at rank 0 from there: the fix is MASTER_ADDR alone
env = d["recommendation"]["env"]
assert env.get("MASTER_ADDR") == "198.18.1.1" and "MASTER_PORT" not in env, d["recommendation"]
assert not any(c.startswith("MASTER_PORT=") for c in d["recommendation"]["checks"]), d["recommendation"]["checks"]
PY
  # the printed fix, applied on both nodes: preflight passes
  fix=$(fix_env_for "$WORK/pf0.json" node1)
  note "applying: $fix"
  # shellcheck disable=SC2086
  preflight_all 2 MASTER_ADDR=node0 MASTER_PORT=$JOB_PORT $fix
  expect_verdict "$WORK/pf0.json" OK
  # a MASTER_PORT on the --rendezvous port cannot be probed (preflight listens on it itself): said
  # at once, as a usage error, not as "another process holds the port"
  run_pf 0 "$WORK/same-port.json" MASTER_ADDR=198.18.1.1 MASTER_PORT=29401 -- --rendezvous "$RV" --rank 0 --world 2 --timeout "$T" --no-probe
  wait "$PF_PID"; rc=$?
  [ "$rc" = 2 ] || die "MASTER_PORT on the --rendezvous port: exit $rc, expected 2 (usage): $(cat "$WORK/same-port.json.err")"
  grep -q "MASTER_PORT is 29401, the --rendezvous port: preflight listens on MASTER_PORT itself" "$WORK/same-port.json.err" ||
    die "no usage message naming the shared port: $(cat "$WORK/same-port.json.err")"
  ;;
ephemeral-policy-peer)  # P7: node1 (the greater address) drops every inbound port but 29500-29510 by policy
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  node_firewall 1 'policy drop;' 'iif "lo" accept' 'ct state established,related accept' 'tcp dport 29500-29510 accept'
  PF_ENV_0="MASTER_ADDR=$MASTER MASTER_PORT=$JOB_PORT" PF_ENV_1="MASTER_ADDR=$MASTER MASTER_PORT=$JOB_PORT"
  preflight_all 2
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  python3 - "$WORK/pf0.json" <<'PY' || die "the first finding does not say what was seen and name node1's policy drop"
import json, re, sys
d = json.load(open(sys.argv[1])); f = d["findings"][0]
print(json.dumps(f, indent=1), file=sys.stderr)
assert not any(x["id"] == "preflight.reach.no-route" for x in d["findings"]), [x["id"] for x in d["findings"]]
assert f["id"] == "preflight.reach.ephemeral-ports-blocked" and f["hosts"] == ["node1"] and f["ranks"] == [0], f
assert re.match(r"connections from rank\(s\) 0 to node1's probe port\(s\) \d+ get no answer: node1's own nftables ruleset drops them", f["title"]), f["title"]
ev = f["evidence"]
assert re.match(r"node1 \(198\.18\.1\.2\): nftables table inet ddp\d+ chain in: policy drop, no rule accepts tcp dport \d+$", ev[0]), ev
assert any(e.startswith("rank 1 (node1) -> node0 198.18.1.1:") and e.endswith("echo passed (connections from node1 get through)") for e in ev), ev
assert "node1 (198.18.1.2) connects out to rank(s) 0, so Gloo's pairs need no connection into it" in " ".join(ev), ev
PY
  # the real job agrees: Gloo opens the pair from node1 (the greater address), which its policy lets out
  gloo_job 2 40 || { cat "$WORK"/gloo*.out >&2; die "the Gloo job should run: node1 connects out"; }
  note "Gloo job runs as predicted"
  ;;
world-one)  # --world 1: nothing to probe; node0's hostname maps to 127.0.1.1 (harmless without peers)
  node 0
  link 0 eth0 198.18.1.1/24
  printf '127.0.0.1 localhost\n127.0.1.1 node0\n' > "/etc/netns/$(ns_of 0)/hosts"
  run_pf 0 "$WORK/pf0.json" -- --rendezvous "$RV" --rank 0 --world 1 --timeout "$T" --no-probe
  wait "$PF_PID"; rc=$?
  in_node 0 "$DD" preflight --rendezvous "$RV" --rank 0 --world 1 --timeout "$T" --no-probe > "$WORK/pf0.txt" 2>&1
  note "world 1: exit $rc, $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
  expect_verdict "$WORK/pf0.json" "OK"
  [ "$rc" = 0 ] || die "world 1: exit $rc"
  python3 - "$WORK/pf0.json" <<'PY' || die "world 1: a peer rule fired or a check was claimed"
import json, sys
d = json.load(open(sys.argv[1]))
peer = ("preflight.reach.", "preflight.mtu.", "preflight.master-addr.", "preflight.gloo.", "preflight.nccl.",
        "preflight.port.", "preflight.family.", "preflight.ipv6.", "preflight.node.", "preflight.address.")
fs = d["findings"]
print("findings:", [(f["id"], f["severity"]) for f in fs], file=sys.stderr)
assert not [f for f in fs if f["id"].startswith(peer) or f["severity"] == "error"], fs
assert d["recommendation"]["checks"] == [], d["recommendation"]["checks"]
PY
  grep -q "checked:" "$WORK/pf0.txt" && die "world 1: the text claims a check: $(grep checked: "$WORK/pf0.txt")"
  grep -q "^preflight: OK" "$WORK/pf0.txt" || die "world 1 text: $(head -3 "$WORK/pf0.txt")"
  ;;
hostname-loopback)  # node0's /etc/hosts maps its hostname to 127.0.1.1 (Debian default)
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  printf '127.0.0.1 localhost\n127.0.1.1 node0\n198.18.1.2 node1\n' > "/etc/netns/$(ns_of 0)/hosts"
  preflight_all 2
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  expect_finding "$WORK/pf0.json" preflight.gloo.hostname-loopback
  [ "$(jq_ "$WORK/pf0.json" 'd["recommendation"]["env"].get("GLOO_SOCKET_IFNAME")')" = eth0 ] || die "recommendation"
  gloo_job 2 25 && die "without the fix the Gloo job should fail (rank 0 binds 127.0.1.1)"
  note "Gloo job fails without the fix, as predicted"
  check_gloo_fix 2
  ;;
never-starts)  # world 3, rank 2 never runs
  cluster 3
  for i in 0 1 2; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  start=$(date +%s)
  pids=()
  for i in 0 1; do PF_GUARD=$(hang_guard "$T") run_pf "$i" "$WORK/pf$i.json" -- --rendezvous "$RV" --rank "$i" --world 3 --timeout "$T" --no-probe; pids+=($PF_PID); done
  wait "${pids[0]}"; rc0=$?; wait "${pids[1]}"; rc1=$?
  took=$(( $(date +%s) - start ))
  note "rank 0 exit $rc0 after ${took}s: $(jq_ "$WORK/pf0.json" 'd["reason"]')"
  expect_ended "$rc0" "rank 0 (--timeout $T)"; expect_ended "$rc1" "rank 1 (--timeout $T)"
  record_bound preflight.never-starts "$T" "$took"
  expect_finding "$WORK/pf0.json" preflight.node.missing
  [ "$(jq_ "$WORK/pf0.json" 'd["missing"]')" = "[2]" ] || die "missing ranks"
  [ "$(jq_ "$WORK/pf1.json" 'd["verdict"]')" = "WILL HANG" ] || die "rank 1 verdict"
  ;;
killed-midway)  # world 4: rank 3 never starts, rank 2 is killed after joining
  cluster 4
  for i in 0 1 2 3; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  start=$(date +%s)
  pids=()
  for i in 0 1 2; do PF_GUARD=$(hang_guard "$T") run_pf "$i" "$WORK/pf$i.json" -- --rendezvous "$RV" --rank "$i" --world 4 --timeout "$T" --no-probe; pids+=($PF_PID); done
  # kill rank 2 once it has joined (its connection to the rendezvous is up; start-up takes
  # longer than a fixed sleep on a loaded machine), plus a moment for the join to be read
  for _ in $(seq 300); do
    [ -n "$(ip netns exec "$(ns_of 2)" ss -Htn state established '( dport = :29401 )')" ] && break
    sleep 0.1
  done
  sleep 1
  ip netns pids "$(ns_of 2)" | xargs -r kill -9
  wait "${pids[0]}"; rc0=$?; wait "${pids[1]}"; rc1=$?; wait "${pids[2]}" 2>/dev/null
  took=$(( $(date +%s) - start ))
  note "rank 0 after ${took}s: $(jq_ "$WORK/pf0.json" 'd["reason"]')"
  expect_ended "$rc0" "rank 0 (--timeout $T)"; expect_ended "$rc1" "rank 1 (--timeout $T)"
  record_bound preflight.killed-midway "$T" "$took"
  expect_finding "$WORK/pf0.json" preflight.node.lost
  expect_finding "$WORK/pf0.json" preflight.node.missing
  [ "$(jq_ "$WORK/pf0.json" '[l["rank"] for l in d["lost"]]')" = "[2]" ] || die "lost ranks"
  [ "$(jq_ "$WORK/pf0.json" 'd["missing"]')" = "[3]" ] || die "missing ranks"
  ;;
slow-link | delay-only)  # 200 ms delay on node1's eth0, with 20% loss (slow-link) or none
  # (a userspace wire: this kernel has no netem)
  loss=20; [ "$CASE" = delay-only ] && loss=0
  cluster 2
  link 0 eth0 198.18.1.1/24
  no_offload 0 eth0
  slow_link 1 eth0 198.18.1.2/24 200 "$loss"
  wait_oper_up 0 eth0
  T=40 preflight_all 2
  expect_finding "$WORK/pf0.json" preflight.reach.slow
  expect_verdict "$WORK/pf0.json" "WILL BE SLOW"
  [ "$(jq_ "$WORK/pf0.json" 'all(p["rtt_us"] >= 180000 for p in d["probes"] if p["ok"])')" = True ] ||
    die "a probe across the 200 ms wire measured less than 180 ms"
  if [ "$loss" = 0 ]; then  # slow, and not mistaken for loss
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(any(f["id"]=="preflight.reach.lossy" for f in d["findings"]))' "$WORK/pf0.json" ||
      die "a delay without loss was reported as loss"
    [ "$(jq_ "$WORK/pf0.json" 'all(p["ok"] and p["bulk_ok"] for p in d["probes"])')" = True ] || die "a probe failed on a lossless link"
  fi
  ;;
lossy-link)  # 20% of node1's inbound packets dropped at random (nftables numgen; no netem needed)
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  node_firewall 1 'iifname "eth0" numgen random mod 100 < 20 drop'
  # 4 MiB per probe: with segmentation offload a 512 KiB transfer is only a handful of packets,
  # which a 20% random drop misses about one time in six.
  T=40 PF_ARGS="--bulk-kib 4096" preflight_all 2
  expect_finding "$WORK/pf0.json" preflight.reach.lossy
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(any(f["id"]=="preflight.mtu.black-hole" for f in d["findings"]))' "$WORK/pf0.json" ||
    die "loss misread as an MTU black hole"
  ;;
torchrun)  # real torchrun (static rendezvous, 2 processes per node); preflight meets at MASTER_PORT+1
  # Debian 12's torchrun (torch 1.13 on Python 3.11) crashes on its own default --redirects/--tee
  # ("0": Python 3.11 no longer iterates a Flag's zero member); per-rank mappings avoid that.
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  pids=()
  for i in 0 1; do
    in_node "$i" timeout 60 /usr/bin/torchrun --nnodes=2 --nproc_per_node=2 --rdzv_backend=static \
      --master_addr=$MASTER --master_port=$JOB_PORT --node_rank="$i" --log_dir "$WORK/trlogs$i" \
      --redirects 0:2,1:2 --tee 0:2,1:2 --no_python \
      bash -c 'exec "$1" preflight --json --timeout 30 --no-probe > "$2.$LOCAL_RANK"' _ "$DD" "$WORK/tr$i" \
      > "$WORK/torchrun$i.log" 2>&1 &
    pids+=($!)
  done
  for i in 0 1; do wait "${pids[$i]}" || note "torchrun on node$i exited $? (rank 0 exits 1 on a finding)"; done
  for i in 0 1; do
    # (bash only sends each local rank's output to its own file; the environment is torchrun's)
    lr0="$WORK/tr$i.0" lr1="$WORK/tr$i.1"
    [ -s "$lr0" ] && [ -s "$lr1" ] || { cat "$WORK/torchrun$i.log" >&2; die "torchrun on node$i: no output from its local ranks"; }
    cp "$lr0" "$WORK/pf$i.json"
    [ "$(jq_ "$lr1" 'd["role"]')" = skipped ] || die "local rank 1 on node$i took part: $(cat "$lr1")"
  done
  note "rank 0: $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
  [ "$(jq_ "$WORK/pf0.json" 'd["launcher"]')" = torchrun ] || die "launcher not detected as torchrun"
  [ "$(jq_ "$WORK/pf0.json" 'd["world"]')" = 2 ] || die "world should count nodes (2), not processes (4)"
  [ "$(jq_ "$WORK/pf1.json" 'd["rank"]')" = 1 ] || die "node1 should be preflight rank 1 (GROUP_RANK)"
  expect_verdict "$WORK/pf0.json" OK
  # torchrun's own store holds MASTER_PORT on node0: node1 connect-tested it (no probe protocol there)
  [ "$(jq_ "$WORK/pf0.json" 'sorted((p["from"], p["to"], p["ok"], p["protocol"]) for p in d["probes"] if p["what"]=="MASTER_PORT")')" = \
    "[(1, 0, True, False)]" ] || die "MASTER_PORT was not connect-tested from node1"
  ;;
slurm-env)  # Slurm's variables (hostlist range, job id) decide rank, world, meeting point and token
  cluster 3
  for i in 0 1 2; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  pids=()
  for i in 0 1 2; do
    run_pf "$i" "$WORK/pf$i.json" SLURM_PROCID=$i SLURM_NTASKS=3 'SLURM_JOB_NODELIST=node[0-2]' SLURM_JOB_ID=4242 \
      SLURM_LOCALID=0 -- --timeout "$T" --no-probe
    pids+=($PF_PID)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  note "rank 0: $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
  [ "$(jq_ "$WORK/pf0.json" 'd["launcher"]')" = slurm ] || die "launcher"
  # the token derives from SLURM_JOB_ID (every node agrees, or they would not have joined) and is never printed
  [ "$(jq_ "$WORK/pf0.json" 'd["token"]["source"]')" = "slurm job id" ] || die "token $(jq_ "$WORK/pf0.json" 'd["token"]')"
  [ "$(jq_ "$WORK/pf0.json" 'sorted(n["host"] for n in d["nodes"])')" = "['node0', 'node1', 'node2']" ] || die "nodes"
  expect_verdict "$WORK/pf0.json" OK
  ;;
tf-config)  # TF_CONFIG workers: meeting at the leader, gRPC ports 2222 served and probed
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  pids=()
  for i in 0 1; do
    run_pf "$i" "$WORK/pf$i.json" \
      "TF_CONFIG={\"cluster\":{\"worker\":[\"node0:2222\",\"node1:2222\"]},\"task\":{\"type\":\"worker\",\"index\":$i}}" \
      -- --timeout "$T" --no-probe
    pids+=($PF_PID)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  note "rank 0: $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
  [ "$(jq_ "$WORK/pf0.json" 'd["launcher"]')" = tf-config ] || die "launcher"
  expect_verdict "$WORK/pf0.json" OK
  # each worker's gRPC port was served by preflight (protocol probe) and reached by the other
  [ "$(jq_ "$WORK/pf0.json" 'sorted((p["from"], p["what"], p["ok"], p["protocol"]) for p in d["probes"] if p["what"].startswith("TF_CONFIG") and p["from"] != p["to"])')" = \
    "[(0, 'TF_CONFIG worker[1]', True, True), (1, 'TF_CONFIG worker[0]', True, True)]" ] || die "gRPC ports not probed: $(jq_ "$WORK/pf0.json" '[(p["from"], p["to"], p["what"], p["ok"]) for p in d["probes"] if p["what"] != "candidate"]')"
  ;;
tf-config-copied-index)  # TF_CONFIG copied to both workers with index 0
  cluster 2
  tf='{"cluster":{"worker":["node0:2222","node1:2222"]},"task":{"type":"worker","index":0}}'
  pids=()
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  for i in 0 1; do
    run_pf "$i" "$WORK/pf$i.json" "TF_CONFIG=$tf" -- --rendezvous "$RV" --rank "$i" --world 2 --timeout "$T" --no-probe
    pids+=($PF_PID)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  note "rank 0: $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
  expect_finding "$WORK/pf0.json" preflight.tf-config.duplicate-task
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  ;;
rendezvous-unreachable)  # a member that cannot reach rank 0 says why, in the same JSON shape
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  drop_port 0 29402
  # refused: node0 is up but nothing listens; no answer: node0 drops the SYNs; unresolvable name;
  # no route: an address outside every subnet of node1 (198.19.0.0/16 is in the test range)
  for spec in "refused 198.18.1.1:29401" "no-answer 198.18.1.1:29402" "unresolved nosuchnode.invalid:29401" \
              "no-route 198.19.7.7:29401"; do
    set -- $spec
    start=$(date +%s)
    PF_GUARD=$(hang_guard 4) run_pf 1 "$WORK/m-$1.json" -- --rendezvous "$2" --rank 1 --world 2 --timeout 4 --no-probe
    wait "$PF_PID"; rc=$?
    took=$(( $(date +%s) - start ))
    note "$1: exit $rc after ${took}s: $(jq_ "$WORK/m-$1.json" 'd["verdict"] + " - " + d["reason"]')"
    expect_ended "$rc" "$1 (--timeout 4)"
    record_bound "preflight.rendezvous-$1" 4 "$took"
    [ "$rc" = 1 ] || die "$1: exit $rc, expected 1"
    expect_finding "$WORK/m-$1.json" "preflight.rendezvous.$1"
    [ "$(jq_ "$WORK/m-$1.json" 'd["role"]')" = member ] || die "$1: role"
    [ -n "$(jq_ "$WORK/m-$1.json" '[f["fix"]["text"] for f in d["findings"] if f["id"].startswith("preflight.rendezvous")][0]')" ] || die "$1: no advice"
  done
  ;;
nccl-version-mismatch)  # node1 loads NCCL from its own install whose nccl.h says 2.21.5
  # Only NCCL 2.28.9 exists on this machine: node1's install is the same library under another
  # prefix with an older nccl.h beside it (how pip/conda installs look), read with --no-probe.
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  mkdir -p "$WORK/nccl-old/lib" "$WORK/nccl-old/include"
  ln -s /usr/local/cuda/lib64/libnccl.so.2 "$WORK/nccl-old/lib/libnccl.so.2"
  printf '#define NCCL_MAJOR 2\n#define NCCL_MINOR 21\n#define NCCL_PATCH 5\n' > "$WORK/nccl-old/include/nccl.h"
  PF_ENV_1="LD_LIBRARY_PATH=$WORK/nccl-old/lib"
  preflight_all 2
  expect_finding "$WORK/pf0.json" preflight.nccl.version-mismatch
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  [ "$(jq_ "$WORK/pf0.json" '[f["evidence"] for f in d["findings"] if f["id"]=="preflight.nccl.version-mismatch"][0]')" = \
    "['NCCL 2.21.5 on node1', 'NCCL 2.28.9 on node0']" ] || die "evidence should name each version and node"
  ;;
wrong-token)  # node1 belongs to another job: dropped with the reason, named missing
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  run_pf 0 "$WORK/pf0.json" -- --rendezvous "$RV" --rank 0 --world 2 --timeout 8 --no-probe --token jobA; p0=$PF_PID
  run_pf 1 "$WORK/pf1.json" -- --rendezvous "$RV" --rank 1 --world 2 --timeout 8 --no-probe --token jobB; p1=$PF_PID
  wait $p0; wait $p1
  expect_finding "$WORK/pf0.json" preflight.node.missing
  grep -q "wrong job token" "$WORK/pf0.json" || die "rank 0 does not log the drop reason"
  grep -q "wrong job token" "$WORK/pf1.json" || die "node1 does not say why it was dropped"
  ! grep -q "jobA\|jobB" "$WORK/pf0.json" "$WORK/pf1.json" || die "a token is printed"
  ;;
tf-config-localhost | tf-config-shared-port)  # one node's own TF_CONFIG is the cause
  # localhost: worker 0 is written localhost:2222, so worker 1 dials itself; shared-port: both
  # tasks name node0:2222. Rank 0 must name tf-config first, with the failed task-port probe as
  # its evidence, not a firewall.
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  workers='"localhost:2222","node1:2222"'; want=tf-config.localhost-in-multihost
  [ "$CASE" = tf-config-shared-port ] && workers='"node0:2222","node0:2222"' && want=tf-config.duplicate-address
  pids=()
  for i in 0 1; do
    run_pf "$i" "$WORK/pf$i.json" "TF_CONFIG={\"cluster\":{\"worker\":[$workers]},\"task\":{\"type\":\"worker\",\"index\":$i}}" \
      -- --rendezvous "$RV" --rank "$i" --world 2 --timeout "$T" --no-probe
    pids+=($PF_PID)
  done
  rcs=(); for p in "${pids[@]}"; do wait "$p"; rcs+=($?); done
  note "rank 0 exit ${rcs[0]}: $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
  [ "${rcs[0]}" = 1 ] || die "rank 0 exit ${rcs[0]}"
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  [ "$(jq_ "$WORK/pf0.json" 'd["findings"][0]["label"]')" = tf-config ] ||
    die "first finding is not tf-config: $(jq_ "$WORK/pf0.json" '[(f["id"], f["label"]) for f in d["findings"]]')"
  expect_finding "$WORK/pf0.json" "$want"
  # the probe failure the configuration predicts is evidence under it, not a finding of its own
  [ "$(jq_ "$WORK/pf0.json" 'any(f["id"] == "preflight.port.blocked" and f["title"].startswith("TF_CONFIG") for f in d["findings"])')" = False ] ||
    die "a TF_CONFIG port finding stands beside the cause"
  [ "$(jq_ "$WORK/pf0.json" 'any(p["what"].startswith("TF_CONFIG") and not p["ok"] for p in d["probes"])')" = True ] ||
    die "setup: no TF_CONFIG task port probe failed"
  [ "$(jq_ "$WORK/pf0.json" 'any(e.startswith("explains: TF_CONFIG") for e in d["findings"][0]["evidence"])')" = True ] ||
    die "the failed task-port probe is not evidence of the tf-config finding"
  ;;
tf-config-index-outside)  # worker 1's TF_CONFIG names task index 5 of a 2-worker cluster
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  tf() { echo "TF_CONFIG={\"cluster\":{\"worker\":[\"node0:2222\",\"node1:2222\"]},\"task\":{\"type\":\"worker\",\"index\":$1}}"; }
  # (a) nothing but TF_CONFIG: node1 cannot know its rank; it prints its own finding, exit 1
  run_pf 1 "$WORK/alone.json" "$(tf 5)" -- --timeout 4 --no-probe
  wait "$PF_PID"; rc=$?
  note "node1 alone: exit $rc: $(jq_ "$WORK/alone.json" 'd["verdict"] + " - " + d["reason"]')"
  [ "$rc" = 1 ] || die "node1 exit $rc, expected 1 (a finding, not a usage error): $(cat "$WORK/alone.json.err")"
  expect_finding "$WORK/alone.json" tf-config.task-index-out-of-range
  [ "$(jq_ "$WORK/alone.json" 'd["role"]')" = member ] || die "role"
  # (b) with --rank from the operator it joins at the TF_CONFIG leader, and rank 0 names the cause
  run_pf 0 "$WORK/pf0.json" "$(tf 0)" -- --timeout "$T" --no-probe; p0=$PF_PID
  run_pf 1 "$WORK/pf1.json" "$(tf 5)" -- --rank 1 --timeout "$T" --no-probe; p1=$PF_PID
  wait $p0; rc0=$?; wait $p1
  note "rank 0 exit $rc0: $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
  [ "$(jq_ "$WORK/pf0.json" 'len(d["nodes"])')" = 2 ] || die "node1 did not join: $(cat "$WORK/pf1.json")"
  [ "$(jq_ "$WORK/pf0.json" 'd["findings"][0]["id"]')" = tf-config.task-index-out-of-range ] ||
    die "first finding: $(jq_ "$WORK/pf0.json" '[f["id"] for f in d["findings"]]')"
  [ "$(jq_ "$WORK/pf0.json" 'd["findings"][0]["hosts"]')" = "['node1']" ] || die "should name node1"
  [ "$rc0" = 1 ] || die "rank 0 exit $rc0"
  ;;
ipv6-link-local | ipv6-link-local-same-ifindex)  # the only network is IPv6 link-local (fe80::)
  # ifindex of eth0: 2 on both nodes, or 4 on node1 (a spare veth pair comes first there). NCCL's
  # unique id carries rank 0's scope id, which the other node uses verbatim.
  # host names map to the ULA addresses the fix adds later (not present while preflight runs)
  for i in 0 1; do
    node "$i"
    for j in 0 1; do hosts_line "$i" "fd00:18::$((j + 1))" "node$j"; done
  done
  # (a veth pair inside node1 takes ifindexes 2 and 3 there; this kernel has no dummy links)
  [ "$CASE" = ipv6-link-local ] && ip -n "$(ns_of 1)" link add spare0 type veth peer name spare1
  for i in 0 1; do
    ip netns exec "$(ns_of $i)" sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
    link "$i" eth0 "fe80::18:$((i + 1))/64"
  done
  sleep 1
  idx0=$(ip netns exec "$(ns_of 0)" cat /sys/class/net/eth0/ifindex)
  idx1=$(ip netns exec "$(ns_of 1)" cat /sys/class/net/eth0/ifindex)
  note "eth0 ifindex: node0 $idx0, node1 $idx1"
  if [ "$CASE" = ipv6-link-local ]; then [ "$idx0" != "$idx1" ] || die "setup: ifindexes should differ"
  else [ "$idx0" = "$idx1" ] || die "setup: ifindexes should be equal"; fi
  # the real NCCL bootstraps on the link-local address (the premise of the diagnosis)
  got=$(nccl_choice 0)
  note "real NCCL on node0: $got"
  [[ "$got" == "eth0 fe80::"* ]] || die "setup: real NCCL should pick eth0's fe80:: address, got '$got'"
  # the meeting point: rank 0's link-local address with its zone (what an operator would try)
  RV="[fe80::18:1%eth0]:29401" preflight_all 2
  [ "$(jq_ "$WORK/pf0.json" 'len(d["nodes"])')" = 2 ] || die "node1 did not join: $(cat "$WORK/pf1.json")"
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  [ "$(jq_ "$WORK/pf0.json" 'd["findings"][0]["label"]')" = ipv6-link-local ] ||
    die "first finding: $(jq_ "$WORK/pf0.json" '[(f["id"], f["label"]) for f in d["findings"]]')"
  expect_finding "$WORK/pf0.json" preflight.ipv6.link-local-only
  [ "$(jq_ "$WORK/pf0.json" 'sum(f["severity"] == "error" for f in d["findings"])')" = 1 ] ||
    die "symptoms stand beside the cause: $(jq_ "$WORK/pf0.json" '[f["id"] for f in d["findings"]]')"
  [ "$(jq_ "$WORK/pf0.json" "any('scope id $idx0' in e for e in d['findings'][0]['evidence'])")" = True ] ||
    die "evidence does not name rank 0's scope id $idx0"
  # a real Gloo job over the link-local address fails, as diagnosed (no zone in MASTER_ADDR)
  MASTER=fe80::18:1 gloo_job 2 25 && die "the Gloo job should fail on link-local addresses"
  note "Gloo job on fe80:: fails, as diagnosed"
  # the fix: routable (ULA) addresses on that network, MASTER_ADDR and NCCL_SOCKET_FAMILY to match
  for i in 0 1; do ip -n "$(ns_of $i)" addr add "fd00:18::$((i + 1))/64" dev eth0 nodad; done
  MASTER=fd00:18::1 gloo_job 2 40 || { cat "$WORK"/gloo*.out >&2; die "the Gloo job fails on ULA addresses"; }
  got=$(nccl_choice 0 NCCL_SOCKET_FAMILY=AF_INET6)
  [[ "$got" == "eth0 fd00:18::1" ]] || die "real NCCL with the fix bootstraps on '$got', not fd00:18::1"
  note "with ULA addresses: Gloo all_reduce works and NCCL bootstraps on $got"
  ;;
mixed-families)  # node0 has IPv4 only, node1 IPv6 (ULA) only: no family in common
  # They meet over link-local (the one thing they share, as an operator's first try would), so
  # both reports reach rank 0; the job's own MASTER_ADDR (IPv4) cannot be reached from node1.
  for i in 0 1; do node "$i"; done
  hosts_line 0 198.18.1.1 node0; hosts_line 0 fd00:18::2 node1
  hosts_line 1 198.18.1.1 node0; hosts_line 1 fd00:18::2 node1
  for i in 0 1; do
    ip netns exec "$(ns_of $i)" sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
    link "$i" eth0 "fe80::18:$((i + 1))/64"
  done
  ip -n "$(ns_of 0)" addr add 198.18.1.1/24 dev eth0
  ip -n "$(ns_of 1)" addr add fd00:18::2/64 dev eth0 nodad
  # premise: the real NCCL on node1 bootstraps on IPv6, node0's on IPv4
  got0=$(nccl_choice 0) got1=$(nccl_choice 1)
  note "real NCCL: node0 $got0, node1 $got1"
  [[ "$got0" == "eth0 198.18.1.1" && "$got1" == "eth0 fd00:18::2" ]] || die "setup: NCCL's choices differ from the premise"
  RV="[fe80::18:1%eth0]:29401" PF_ENV_0="MASTER_ADDR=198.18.1.1" PF_ENV_1="MASTER_ADDR=198.18.1.1" preflight_all 2
  [ "$(jq_ "$WORK/pf0.json" 'len(d["nodes"])')" = 2 ] || die "node1 did not join: $(cat "$WORK/pf1.json")"
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  expect_finding "$WORK/pf0.json" preflight.family.mismatch
  [ "$(jq_ "$WORK/pf0.json" 'd["findings"][0]["id"]')" = preflight.family.mismatch ] ||
    die "first finding: $(jq_ "$WORK/pf0.json" '[(f["id"], f["label"]) for f in d["findings"]]')"
  [ "$(jq_ "$WORK/pf0.json" 'sorted(d["findings"][0]["hosts"])')" = "['node0', 'node1']" ] || die "hosts of the finding"
  # as diagnosed, a real Gloo job on the job's MASTER_ADDR fails
  MASTER=198.18.1.1 gloo_job 2 25 && die "the Gloo job should fail across families"
  note "Gloo job across families fails, as diagnosed"
  # the fix: an address of one family on every node, NCCL_SOCKET_FAMILY to match
  ip -n "$(ns_of 1)" addr add 198.18.1.2/24 dev eth0
  for i in 0 1; do sed -i 's/^fd00:18::2 node1$/198.18.1.2 node1/' "/etc/netns/$(ns_of $i)/hosts"; done
  MASTER=198.18.1.1 gloo_job 2 40 || { cat "$WORK"/gloo*.out >&2; die "the Gloo job fails with IPv4 on both nodes"; }
  got1=$(nccl_choice 1 NCCL_SOCKET_FAMILY=AF_INET)
  [ "$got1" = "eth0 198.18.1.2" ] || die "real NCCL on node1 with the fix bootstraps on '$got1'"
  note "with IPv4 on both nodes: Gloo all_reduce works and NCCL on node1 bootstraps on $got1"
  ;;
own-ephemeral-drop)  # issue 28 p3: node0 (MASTER_ADDR) drops its whole ephemeral range inbound, with no ct state
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  range=$(ip netns exec "$(ns_of 0)" cat /proc/sys/net/ipv4/ip_local_port_range | awk '{print $1 "-" $2}')
  node_firewall 0 "tcp dport $range drop"
  PF_ENV_0="MASTER_ADDR=node0 MASTER_PORT=$JOB_PORT" PF_ENV_1="MASTER_ADDR=node0 MASTER_PORT=$JOB_PORT"
  preflight_all 2
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  # the cause first: node0's own rule, which also drops the answers to node0's own connections;
  # node1 is not called unreachable, nor node0's address, which node1's MASTER_PORT echo reached
  python3 - "$WORK/pf0.json" <<'PY' || die "the first finding is not node0's own rule"
import json, sys
d = json.load(open(sys.argv[1]))
fs = d["findings"]
print([(f["id"], f["hosts"], f["title"]) for f in fs], file=sys.stderr)
f = fs[0]
assert f["id"] == "preflight.reach.ephemeral-ports-blocked" and f["hosts"] == ["node0"], f
assert d["reason"] == f["title"]
assert "the answers to its own connections" in f["title"], f["title"]
assert any("tcp dport " in e and " drop" in e for e in f["evidence"]), f["evidence"]
assert any("[MASTER_PORT]: echo passed" in e for e in f["evidence"]), f["evidence"]
assert not any(x["id"] == "preflight.reach.no-route" for x in fs)
text = json.dumps(fs)
assert "cannot be reached" not in text and "198.18.1.1, which the other nodes cannot reach" not in text
PY
  gloo_job 2 25 && die "the Gloo job should fail behind node0's rule"
  note "Gloo job fails, as diagnosed"
  # the printed fix, as printed, on node0
  cmd=$(jq_ "$WORK/pf0.json" 'd["findings"][0]["fix"]["text"]' | grep -o 'nft delete rule [^ ]* [^ ]* [^ ]* handle [0-9]*')
  [ "$(echo "$cmd" | wc -l)" = 1 ] && [ -n "$cmd" ] || die "the fix should carry one nft command: '$cmd'"
  ip netns exec "$(ns_of 0)" bash -c "$cmd" || die "the printed command failed: $cmd"
  preflight_all 2
  expect_verdict "$WORK/pf0.json" "OK"
  gloo_job 2 40 || { cat "$WORK"/gloo*.out >&2; die "the Gloo job fails after the printed fix"; }
  note "after '$cmd' on node0: preflight OK, Gloo all_reduce works"
  ;;
gloo-ifname-greater)  # issue 28 p1: GLOO/NCCL_SOCKET_IFNAME=eth1 (isolated) on node1 only; node1's address is the greater
  cluster 2
  for i in 0 1; do
    link "$i" eth0 "198.18.1.$((i + 1))/24"
    link "$i" eth1 "198.18.53.$((i + 10))/24" "iso$i"
  done
  PF_ENV_1="GLOO_SOCKET_IFNAME=eth1 NCCL_SOCKET_IFNAME=eth1"
  preflight_all 2
  python3 - "$WORK/pf0.json" <<'PY' || die "Gloo's finding does not follow who connects"
import json, sys
d = json.load(open(sys.argv[1]))
fs = d["findings"]
print([(f["id"], f["severity"], f["hosts"], f["title"]) for f in fs], file=sys.stderr)
g = [f for f in fs if f["id"] == "preflight.gloo.unreachable-interface"]
assert len(g) == 1 and g[0]["severity"] == "warning" and g[0]["hosts"] == ["node1"], g
assert "no Gloo pair connects into it" in g[0]["title"]
# NCCL: each finding names the hosts whose NCCL uses eth1 in the role its title says
for f in fs:
    if f["id"] != "preflight.nccl.unreachable-interface": continue
    if f["title"].startswith("NCCL will use eth1"): assert f["hosts"] == ["node1"], f
    else: assert f["title"].startswith("NCCL's NET/Socket data devices include eth1") and f["hosts"] == ["node0"], f
assert not any("across nodes" in f["title"] for f in fs)
PY
  # the real Gloo job with node1 on eth1 completes: node1 connects out to node0's eth0 address
  GLOO_ENV_1="GLOO_SOCKET_IFNAME=eth1" gloo_job 2 40 || { cat "$WORK"/gloo*.out >&2; die "the Gloo job should complete"; }
  note "Gloo all_reduce works with GLOO_SOCKET_IFNAME=eth1 on node1 only, as the warning says"
  ;;
rendezvous-path-cut)  # issue 28 p6: node1's switch port drops every frame; its connects and echo get no answer
  cluster 2
  for i in 0 1; do link "$i" eth0 "198.18.1.$((i + 1))/24"; done
  addr_of() { echo "198.18.1.$(($1 + 1))"; }
  static_neighbours 0 2 eth0 addr_of  # no ARP failure: the SYNs vanish as on a dead path
  printf 'table bridge ddp%s {\n  chain fw {\n    type filter hook forward priority 0;\n    iifname "%s" drop\n    oifname "%s" drop\n  }\n}\n' \
    "$$" "$(port_of 1 eth0)" "$(port_of 1 eth0)" | ip netns exec "$SW" nft -f - || die "nft in the switch"
  preflight_all 2
  python3 - "$WORK/pf1.json" <<'PY' || die "node1's finding claims a firewall or misses the path"
import json, sys
d = json.load(open(sys.argv[1]))
f = d["findings"][0]
print(json.dumps(f, indent=1), file=sys.stderr)
assert f["id"] == "preflight.rendezvous.no-answer" and f["label"] == "no-route", f
assert "ICMP echo to 198.18.1.1: no answer" in f["evidence"], f["evidence"]
assert "this node's own nftables ruleset drops nothing to TCP port 29401" in f["evidence"], f["evidence"]
assert "firewall drops" not in f["title"] + f["fix"]["text"]
assert "a link or switch port down" in f["fix"]["text"] and "route back" in f["fix"]["text"]
PY
  expect_finding "$WORK/pf0.json" preflight.node.missing
  ;;
*) die "unknown case $CASE" ;;
esac
echo "PASS: $CASE"
