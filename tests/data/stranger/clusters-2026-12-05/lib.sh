# clusters-2026-12-05 harness (helper clusters2). Sourced by every scenario's run.sh.
# Names: netns c2n0..c2n3 (nodes), c2sw (switch, bridges c2br and c2br2); inside each node the NICs
# are c2eth0 (data, 198.18.50.10+i/24 on c2br) and, when added, c2eth1. Only 198.18.50-59.x is used.
# Each node command runs under its own hostname (unshare --uts) with its own /etc/hosts (bind mount
# in a private mount namespace).
set -u
DD=${DD:-/work/eval-bin4/distdoctor}
PY=/usr/bin/python3
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TMPD=$(mktemp -d /tmp/c2eval.XXXXXX)
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
BGPIDS=()

c2_cleanup() {
  local p ns
  for ns in c2n0 c2n1 c2n2 c2n3 c2sw c2rt c2rb; do
    ip netns pids $ns 2>/dev/null | while read -r p; do kill -KILL "$p" 2>/dev/null; done
  done
  for p in "${BGPIDS[@]}"; do kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  for ns in c2n0 c2n1 c2n2 c2n3 c2sw c2rt c2rb; do ip netns del $ns 2>/dev/null; done
  rm -rf "$TMPD"
}
trap c2_cleanup EXIT INT TERM

# topology: N nodes on one switch bridge
c2_switch() {
  ip netns add c2sw
  ip -n c2sw link set lo up
  ip -n c2sw link add c2br type bridge
  ip -n c2sw link set c2br up
}
# c2_node I : namespace, lo, data NIC c2eth0 198.18.50.(10+I)/24 on c2br
c2_node() {
  local i=$1
  ip netns add c2n$i
  ip -n c2n$i link set lo up
  ip link add c2t$i type veth peer name c2p$i
  ip link set c2t$i netns c2n$i
  ip -n c2n$i link set c2t$i name c2eth0
  ip link set c2p$i netns c2sw
  ip -n c2sw link set c2p$i master c2br
  ip -n c2sw link set c2p$i up
  ip -n c2n$i addr add 198.18.50.$((10+i))/24 dev c2eth0
  ip -n c2n$i link set c2eth0 up
  c2_hosts $i
}
# default /etc/hosts of node I
c2_hosts() {
  local i=$1 j
  { echo "127.0.0.1 localhost"; for j in 0 1 2 3; do echo "198.18.50.$((10+j)) c2node$j"; done; } > "$TMPD/hosts$i"
}
c2_cluster() { local n=$1 i; c2_switch; for ((i=0;i<n;i++)); do c2_node $i; done; }

# nx I CMD... : run CMD in node I (own hostname, own /etc/hosts)
nx() {
  local i=$1; shift
  ip netns exec c2n$i unshare --uts --mount --propagation private \
    sh -c 'h=$0; f=$1; shift; hostname "$h"; mount --bind "$f" /etc/hosts; exec "$@"' c2node$i "$TMPD/hosts$i" "$@"
}
# per-node extra environment: ENV_I="K=V ..." (ALLENV for every node)
ALLENV=""
nenv() { local v="ENV_$1"; echo "$ALLENV ${!v:-}"; }

# preflight on N nodes; rank 0's text to $OUT/pf$TAG.rank0.txt; every rank's exit code in pf$TAG.rc
c2_preflight() {
  local n=$1 tag=${2:-} i pids=()
  for ((i=0;i<n;i++)); do
    ( nx $i env MASTER_ADDR=c2node0 MASTER_PORT=29500 RANK=$i WORLD_SIZE=$n $(nenv $i) \
        timeout -k 5 70 "$DD" preflight --token c2tok --timeout 40 --no-color \
        > "$OUT/pf$tag.rank$i.txt" 2>&1; echo "rank$i rc=$?" > "$TMPD/rc$i" ) &
    pids+=($!)
  done
  for i in "${pids[@]}"; do wait "$i"; done
  cat "$TMPD"/rc* > "$OUT/pf$tag.rc"; rm -f "$TMPD"/rc*
  # the JSON of rank 0 too (second run, same setup)
}
# real torch.distributed Gloo job, N ranks; exit codes in job$TAG.rc (ground truth)
c2_job() {
  local n=$1 tag=${2:-} i pids=()
  for ((i=0;i<n;i++)); do
    ( nx $i env MASTER_ADDR=c2node0 MASTER_PORT=29500 RANK=$i WORLD_SIZE=$n STEPS=${STEPS:-6} GLOO_TIMEOUT=${GLOO_TIMEOUT:-30} $(nenv $i) \
        timeout -k 5 ${JOB_LIMIT:-60} $PY "$HERE/train.py" > "$OUT/job$tag.rank$i.txt" 2>&1; echo "rank$i rc=$?" > "$TMPD/rc$i" ) &
    pids+=($!)
  done
  for i in "${pids[@]}"; do wait "$i"; done
  cat "$TMPD"/rc* > "$OUT/job$tag.rc"; rm -f "$TMPD"/rc*
  cat "$OUT/job$tag.rc"
}

# ---- watch ----
# c2_watch_nodes N : one `distdoctor watch --rendezvous` per node around its rank; ends at WATCH_LIMIT
# seconds (default 150): then the ranks (python3 in our namespaces) get TERM, 15 s later KILL.
c2_wait_or_end() {
  local limit=$1; shift
  local t=0 p alive
  while (( t < limit )); do
    alive=0; for p in "$@"; do kill -0 "$p" 2>/dev/null && alive=1; done
    (( alive )) || break
    sleep 2; t=$((t+2))
  done
  if (( t >= limit )); then
    echo "harness: limit ${limit}s reached, TERM to the ranks" >> "$OUT/harness.txt"
    local ns; for ns in c2n0 c2n1 c2n2 c2n3; do
      for p in $(ip netns pids $ns 2>/dev/null); do
        [ "$(cat /proc/$p/comm 2>/dev/null)" = python3 ] && grep -q train.py /proc/$p/cmdline 2>/dev/null && kill -TERM "$p" 2>/dev/null
      done; done
    sleep 15
    for ns in c2n0 c2n1 c2n2 c2n3; do
      for p in $(ip netns pids $ns 2>/dev/null); do
        [ "$(cat /proc/$p/comm 2>/dev/null)" = python3 ] && grep -q train.py /proc/$p/cmdline 2>/dev/null && kill -KILL "$p" 2>/dev/null
      done; done
  fi
  for p in "$@"; do timeout 30 tail --pid="$p" -f /dev/null; wait "$p" 2>/dev/null; done
}
c2_watch_nodes() {
  local n=$1 tag=${2:-} i pids=()
  for ((i=0;i<n;i++)); do
    nx $i env MASTER_ADDR=c2node0 MASTER_PORT=29500 RANK=$i WORLD_SIZE=$n STEPS=${STEPS:-10} GLOO_TIMEOUT=${GLOO_TIMEOUT:-600} $(nenv $i) \
      "$DD" watch --no-color --json --stall ${STALL:-10} --rendezvous c2node0:29600 --rank $i --world $n --token c2w \
      -- $PY "$HERE/train.py" > "$OUT/watch$tag.rank$i.json" 2> "$OUT/watch$tag.rank$i.err" &
    pids+=($!); BGPIDS+=($!)
  done
  c2_wait_or_end ${WATCH_LIMIT:-150} "${pids[@]}"
  for ((i=0;i<n;i++)); do echo "watch rank$i json bytes: $(wc -c < "$OUT/watch$tag.rank$i.json")"; done >> "$OUT/harness.txt"
}
# c2_watch_one N : one `distdoctor watch` in the host namespace around a launcher that starts every rank
c2_watch_one() {
  local n=$1 tag=${2:-} i
  { echo "#!/bin/sh"
    for ((i=0;i<n;i++)); do
      printf 'ip netns exec c2n%d unshare --uts --mount --propagation private sh -c '\''hostname c2node%d; mount --bind %s /etc/hosts; exec "$@"'\'' x env MASTER_ADDR=c2node0 MASTER_PORT=29500 RANK=%d WORLD_SIZE=%d STEPS=%s GLOO_TIMEOUT=%s %s %s %s &\n' \
        $i $i "$TMPD/hosts$i" $i $n "${STEPS:-10}" "${GLOO_TIMEOUT:-600}" "$(nenv $i)" "$PY" "$HERE/train.py"
    done
    echo "wait"; } > "$TMPD/launch.sh"
  chmod +x "$TMPD/launch.sh"; cp "$TMPD/launch.sh" "$OUT/launch$tag.sh"
  "$DD" watch --no-color --json --stall ${STALL:-10} -- "$TMPD/launch.sh" > "$OUT/watch$tag.json" 2> "$OUT/watch$tag.err" &
  local p=$!; BGPIDS+=($p)
  c2_wait_or_end ${WATCH_LIMIT:-150} $p
}
