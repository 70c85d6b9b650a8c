#!/bin/bash
# clusters4 harness (adapted from clusters-2026-12-05b) (own code): namespaces c4n<i> (nodes), c4sw (switch: bridges c4br0/c4br1),
# c4rt (router); addresses 198.18.80-95.x and fd00:18:84::/64 only. Every wait has a deadline.
set -u
DD=${DD:-/work/eval-bin8/distdoctor}
PY=/usr/bin/python3
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RUN=$(mktemp -d /tmp/c4run.XXXXXX)           # per-scenario scratch (hosts, env files)
OUT=${OUT:-out}
NODES=()                                      # node indices created

c4_cleanup() {
  local ns p
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E '^c4(n[0-9]+|sw|rt)$'); do
    for p in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
  done
  sleep 0.3
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E '^c4(n[0-9]+|sw|rt)$'); do
    ip netns del "$ns" 2>/dev/null
  done
  rm -rf "$RUN"
}
trap c4_cleanup EXIT INT TERM

c4_switch() {   # c4_switch BRIDGE...
  ip netns list | grep -qw c4sw || { ip netns add c4sw; ip -n c4sw link set lo up; }
  local b; for b in "$@"; do ip -n c4sw link add "$b" type bridge; ip -n c4sw link set "$b" up; done
}
c4_ns() { ip netns list | grep -qw "$1" || { ip netns add "$1"; ip -n "$1" link set lo up; }; }
c4_offload_off() { ip netns exec "$1" ethtool -K "$2" tso off gso off gro off >/dev/null 2>&1 || true; }

# c4_port NS IFNAME BRIDGE PORTNAME ADDR/LEN [MTU]: a NIC in NS wired to BRIDGE in c4sw
c4_port() {
  local ns=$1 ifn=$2 br=$3 port=$4 addr=$5 mtu=${6:-1500}
  c4_ns "$ns"
  ip link add name "$port" netns c4sw mtu "$mtu" type veth peer name "$ifn" netns "$ns" mtu "$mtu"
  ip -n c4sw link set "$port" master "$br" up
  ip -n "$ns" link set "$ifn" up
  [ -n "$addr" ] && ip -n "$ns" addr add "$addr" dev "$ifn" nodad 2>/dev/null || { [ -n "$addr" ] && ip -n "$ns" addr add "$addr" dev "$ifn"; }
  c4_offload_off c4sw "$port"; c4_offload_off "$ns" "$ifn"
}
# c4_node I IFNAME ADDR/LEN [BRIDGE] [MTU]
c4_node() { NODES+=("$1"); c4_port "c4n$1" "$2" "${4:-c4br0}" "c4p$1${2: -1}" "$3" "${5:-1500}"; }

# hosts file of node I: default maps every c4node<j> to HOSTADDR[j]
declare -A HOSTADDR
c4_hosts_default() {
  local i j; for i in "${NODES[@]}"; do
    { echo "127.0.0.1 localhost"; for j in "${NODES[@]}"; do echo "${HOSTADDR[$j]} c4node$j"; done; } > "$RUN/hosts.$i"
    printf 'export MASTER_ADDR=c4node0\nexport MASTER_PORT=29400\n' > "$RUN/env.$i"   # a printed fix appends below
  done
}

# c4_on I CMD...: run CMD "on node I": its netns, own UTS (hostname c4node<I>), own /etc/hosts, env.<I> sourced
c4_on() {
  local i=$1; shift
  ip netns exec "c4n$i" unshare --uts --mount --propagation private \
    bash -c 'hostname "$1"; mount --bind "$2" /etc/hosts; set -a; . "$3"; set +a; shift 3; exec "$@"' \
    c4on "c4node$i" "$RUN/hosts.$i" "$RUN/env.$i" "$@"
}

# c4_apply_fix FILE: fix.sh lines are "NODE<TAB>COMMAND": NODE=all|<i>|host; "export" lines go into env.<i>,
# anything else runs on that node (in its namespace) through bash.
c4_apply_fix() {
  local f=$1 node cmd i
  while IFS=$'\t' read -r node cmd; do
    [ -z "$node" ] || [ "${node:0:1}" = "#" ] && continue
    local targets=(); if [ "$node" = all ]; then targets=("${NODES[@]}"); else targets=("$node"); fi
    for i in "${targets[@]}"; do
      if [ "$node" = host ]; then echo "fix(host): $cmd"; bash -c "$cmd"; continue; fi
      case "$cmd" in
        export\ *) echo "$cmd" >> "$RUN/env.$i"; echo "fix(node$i env): $cmd";;
        *) echo "fix(node$i run): $cmd"; c4_on "$i" bash -c "$cmd";;
      esac
    done
  done < "$f"
}

MPORT=29400
# c4_preflight N DIR: preflight on nodes 0..N-1 (MASTER_ADDR=c4node0, MASTER_PORT=29400, rendezvous default)
c4_preflight() {
  local n=$1 d=$2 i pids=(); mkdir -p "$d"
  for ((i=0;i<n;i++)); do
    [ -e "$RUN/skip.$i" ] && continue
    c4_on "$i" timeout 75 "$DD" preflight --no-color --rank "$i" --world "$n" --token c4tok --timeout 45 \
      > "$d/pf.rank$i.txt" 2> "$d/pf.rank$i.err" & pids+=($!)
  done
  local rc=0 k=0; for i in "${pids[@]}"; do wait "$i"; echo "rank$k rc=$?" >> "$d/pf.rc"; k=$((k+1)); done
  echo "== preflight rank 0 =="; cat "$d/pf.rank0.txt"
}

# c4_job N DIR [MODE]: the real torch Gloo job, one rank per node
c4_job() {
  local n=$1 d=$2 mode=${3:-normal} i pids=(); mkdir -p "$d"
  for ((i=0;i<n;i++)); do
    [ -e "$RUN/skip.$i" ] && continue
    c4_on "$i" env RANK=$i WORLD_SIZE=$n MODE=$mode JOB_TIMEOUT=${JOB_TIMEOUT:-50} \
      timeout ${JOB_LIMIT:-100} "$PY" "$HERE/train.py" > "$d/job.rank$i.txt" 2>&1 & pids+=($!)
  done
  local k=0; for i in "${pids[@]}"; do wait "$i"; echo "rank$k rc=$?" >> "$d/job.rc"; k=$((k+1)); done
  echo "== job =="; cat "$d/job.rc"; tail -n 2 "$d"/job.rank*.txt | cut -c1-300
}

# c4_watch N DIR MODE: one watch per node, merged with --rendezvous; after the merged verdict (or
# WATCH_LIMIT s) run the scenario's on_verdict hook, then wait for the job (deadline) and end leftovers
c4_watch() {
  local n=$1 d=$2 mode=$3 i pids=(); mkdir -p "$d"
  for ((i=0;i<n;i++)); do
    [ -e "$RUN/skip.$i" ] && continue
    c4_on "$i" env RANK=$i WORLD_SIZE=$n MODE=$mode JOB_TIMEOUT=1800 \
      timeout ${WATCH_HARD:-400} "$DD" watch --no-color --json --stall ${STALL:-15} --rendezvous c4node0:29401 --rank "$i" --world "${WWORLD:-$n}" \
        --token c4w --meet-timeout ${MEET:-90} --log "$d/job.rank$i.txt" -- "$PY" "$HERE/train.py" > "$d/watch.rank$i.json" 2> "$d/watch.rank$i.err" & pids+=($!)
  done
  local t=0
  while (( t < ${WATCH_LIMIT:-240} )); do
    grep -q 'job verdict' "$d/watch.rank0.err" 2>/dev/null && break
    local alive=0; for i in "${pids[@]}"; do kill -0 "$i" 2>/dev/null && alive=1; done; ((alive)) || break
    sleep 2; t=$((t+2))
  done
  echo "verdict-wait ${t}s" > "$d/harness.txt"
  declare -F on_verdict >/dev/null && on_verdict "$d" >> "$d/harness.txt" 2>&1
  t=0; while (( t < ${AFTER_LIMIT:-60} )); do
    local alive=0; for i in "${pids[@]}"; do kill -0 "$i" 2>/dev/null && alive=1; done; ((alive)) || break
    sleep 2; t=$((t+2))
  done
  c4_kill_python >> "$d/harness.txt"
  local k=0; for i in "${pids[@]}"; do wait "$i"; echo "watch$k rc=$?" >> "$d/watch.rc"; k=$((k+1)); done
  echo "== watch rank0 stderr (tail) =="; grep -v '^rank [0-9] step' "$d/watch.rank0.err" | tail -n 60
}
# pids of the job's python3 ranks on node I (processes in our namespace only)
c4_rank_pids() { local p; for p in $(ip netns pids "c4n$1" 2>/dev/null); do
  [ "$(cat /proc/$p/comm 2>/dev/null)" = python3 ] && grep -qa 'RANK=' /proc/$p/environ 2>/dev/null && echo "$p"; done; }
c4_kill_python() { local i p; for i in "${NODES[@]}"; do for p in $(c4_rank_pids "$i"); do
  echo "harness: SIGKILL leftover rank pid $p on node $i"; kill -CONT "$p" 2>/dev/null; kill -9 "$p" 2>/dev/null; done; done; }

# SETUP_ONLY=1 ./run.sh: build the scenario, show each node's addresses, hosts and env, run nothing
c4_setup_dump() { local i; for i in "${NODES[@]}"; do echo "== node$i"; ip -n c4n$i -br addr; ip -n c4n$i -br link | cut -c1-60
  c4_on "$i" bash -c 'hostname; cat /etc/hosts; env | grep -E "^(MASTER|GLOO|NCCL|SHARD|EVAL)" | sort'; done; }

# c4_main N: the preflight scenario flow. Before: preflight then the real job into out/.
# FIX=fix.sh: the same setup, the printed fix applied as printed, preflight and job again into fix-out/.
c4_main() {
  local n=$1
  if [ -n "${SETUP_ONLY:-}" ]; then c4_setup_dump; return; fi
  if [ -n "${FIX:-}" ]; then
    mkdir -p fix-out; c4_apply_fix "$FIX" > fix-out/fix-applied.txt 2>&1; cat fix-out/fix-applied.txt
    c4_preflight "$n" fix-out; c4_job "$n" fix-out
  else
    rm -rf "$OUT"; c4_preflight "$n" "$OUT"; c4_job "$n" "$OUT"
  fi
}

# c4_wmain N MODE: the watch scenario flow into out/ (FIX unused: the fix is applied in on_verdict while it hangs)
c4_wmain() { if [ -n "${SETUP_ONLY:-}" ]; then c4_setup_dump; return; fi; rm -rf "$OUT"; c4_watch "$1" "$OUT" "$2"; }
