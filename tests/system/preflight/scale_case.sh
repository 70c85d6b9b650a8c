#!/bin/bash
# scale_case.sh DISTDOCTOR CASE [N]: preflight on N namespace nodes (default 128) with a sparse
# probe plan (peer_plan.hpp), every node a TF_CONFIG worker serving its gRPC port 2222.
#   healthy   verdict OK, a sparse plan far below N*(N-1) pairs, no failed probe
#   failures  three faults at once, each named with its node:
#             node C cut off on the data network (its firewall drops every new connection in and
#             out except to the rendezvous port: preflight.reach.ephemeral-ports-blocked with both rules), node M behind an MTU black hole (every eth0 has
#             MTU 9000, M's bridge port 1500), node B's job port 2222 dropped by its firewall
# Permanent neighbour entries (lib.sh static_neighbours): the kernel's neighbour table is shared by
# all namespaces and holds 1,024 entries.
DD=$1 CASE=$2 N=${3:-128}
HERE="$(cd "$(dirname "$0")" && pwd)"
. "$HERE/lib.sh"
C=$((N * 29 / 100)) M=$((N * 61 / 100)) B=$((N * 79 / 100))
addr_of() { echo "198.18.$((1 + $1 / 250)).$((1 + $1 % 250))"; }

note "building $N nodes"
hosts="$WORK/hosts"
{ printf '127.0.0.1 localhost\n::1 localhost\n'; for ((i = 0; i < N; i++)); do echo "$(addr_of $i) node$i"; done; } > "$hosts"
workers=""
for ((i = 0; i < N; i++)); do workers+="\"node$i:2222\","; done
for ((i = 0; i < N; i++)); do
  node "$i"
  cp "$hosts" "/etc/netns/$(ns_of "$i")/hosts"
  link "$i" eth0 "$(addr_of $i)/16"
done
if [ "$CASE" = failures ]; then
  for ((i = 0; i < N; i++)); do
    ip -n "$(ns_of $i)" link set eth0 mtu 9000
    # real NICs put frames of the MTU on the wire; veth would carry GSO super-packets past the bridge
    no_offload "$i" eth0
    ip -n "$SW" link set "$(port_of $i eth0)" mtu 9000
  done
  ip -n "$SW" link set "$(port_of $M eth0)" mtu 1500
  # C: nothing new in or out, except its own connection to the rendezvous (rank 0's port 29400)
  printf 'table inet ddp%s {\n chain in { type filter hook input priority 0; ct state established,related accept; iifname "lo" accept; drop; }\n chain out { type filter hook output priority 0; ct state established,related accept; oifname "lo" accept; tcp dport 29400 accept; drop; }\n}\n' "$$" |
    ip netns exec "$(ns_of $C)" nft -f - || die "nft in node $C"
  drop_port "$B" 2222
fi
static_neighbours 0 "$N" eth0 addr_of
for ((i = 0; i < N; i++)); do wait_oper_up "$i" eth0; done

note "preflight on $N nodes"
t0=$(date +%s.%N)
pids=()
for ((i = 0; i < N; i++)); do
  run_pf "$i" "$WORK/pf$i.json" "TF_CONFIG={\"cluster\":{\"worker\":[${workers%,}]},\"task\":{\"type\":\"worker\",\"index\":$i}}" \
    -- --timeout "${SCALE_TIMEOUT:-300}" --no-probe --seed 4242
  pids+=($PF_PID)
done
rc0=0
for ((i = 0; i < N; i++)); do wait "${pids[$i]}"; rc=$?; [ "$i" = 0 ] && rc0=$rc; done
note "all $N nodes done in $(echo "$(date +%s.%N) - $t0" | bc) s; rank 0 exit $rc0: $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
[ "$(jq_ "$WORK/pf0.json" 'd["plan"]["kind"]')" = sparse ] || die "plan is not sparse: $(jq_ "$WORK/pf0.json" 'd.get("plan")')"
[ "$(jq_ "$WORK/pf0.json" 'd["plan"]["seed"]')" = 4242 ] || die "seed not reported"
[ "$(jq_ "$WORK/pf0.json" 'd["plan"]["pairs_probed"] * 4 < d["plan"]["pairs_total"]')" = True ] || die "plan not sparse enough"
[ "$(jq_ "$WORK/pf0.json" 'len(d["nodes"])')" = "$N" ] || die "nodes[] has $(jq_ "$WORK/pf0.json" 'len(d["nodes"])') of $N"
# probes[] holds failures only; the summary counts them all
jq_ "$WORK/pf0.json" 'd["probe_summary"]' >&2
[ "$(jq_ "$WORK/pf0.json" 'all((not p["ok"]) or (not p["bulk_ok"]) or p["retransmits"] > 0 for p in d["probes"])')" = True ] ||
  die "probes[] of a sparse plan lists a passing probe"
# the gRPC ports were probed (connect + protocol) along the plan
[ "$(jq_ "$WORK/pf0.json" 'd["probe_summary"]["total"] > 2 * d["plan"]["pairs_probed"] - 1')" = True ] || die "job ports not probed"

case "$CASE" in
healthy)
  expect_verdict "$WORK/pf0.json" OK
  [ "$rc0" = 0 ] || die "rank 0 exit $rc0"
  [ "$(jq_ "$WORK/pf0.json" 'd["probe_summary"]["failed"]')" = 0 ] || die "failed probes: $(jq_ "$WORK/pf0.json" 'd["probes"][:5]')"
  for i in 1 $((N / 2)) $((N - 1)); do [ "$(jq_ "$WORK/pf$i.json" 'd["verdict"]')" = OK ] || die "rank $i did not get the verdict"; done
  ;;
failures)
  expect_verdict "$WORK/pf0.json" "WILL HANG"
  [ "$rc0" = 1 ] || die "rank 0 exit $rc0"
  named() {  # ID HOST: the finding exists and names exactly HOST
    python3 - "$WORK/pf0.json" "$1" "$2" <<'PY' || die "finding $1 does not name $2 alone: $(jq_ "$WORK/pf0.json" '[(f["id"], f["hosts"]) for f in d["findings"]]')"
import json, sys
d = json.load(open(sys.argv[1])); fid, host = sys.argv[2], sys.argv[3]
hits = [f for f in d["findings"] if f["id"] == fid]
sys.exit(0 if hits and all(f["hosts"] == [host] for f in hits) else 1)
PY
  }
  # node C's own ruleset drops what it sends and what arrives: named with both of its rules and the
  # nft lines that delete them (not "no route": the nodes share a subnet)
  named preflight.reach.ephemeral-ports-blocked "node$C"
  python3 - "$WORK/pf0.json" "ddp$$" <<'PY' || die "node $C's finding does not delete both of its drop rules"
import json, sys
d = json.load(open(sys.argv[1])); table = sys.argv[2]
f = [f for f in d["findings"] if f["id"] == "preflight.reach.ephemeral-ports-blocked"][0]
for chain in ("in", "out"):
    assert "nft delete rule inet %s %s handle" % (table, chain) in f["fix"]["text"], f["fix"]["text"]
assert not any(g["id"] == "preflight.reach.no-route" for g in d["findings"]), [g["id"] for g in d["findings"]]
PY
  named preflight.mtu.black-hole "node$M"
  named preflight.port.blocked "node$B"
  # no error finding blames a fourth node
  python3 - "$WORK/pf0.json" "node$C" "node$M" "node$B" <<'PY' || die "an error finding names a healthy node"
import json, sys
d = json.load(open(sys.argv[1])); bad = set(sys.argv[2:])
for f in d["findings"]:
    if f["severity"] == "error" and not set(f["hosts"]) <= bad:
        print("blames healthy nodes:", f["id"], f["hosts"], file=sys.stderr); sys.exit(1)
PY
  ;;
*) die "unknown case $CASE" ;;
esac
note "PASS $CASE on $N nodes"
