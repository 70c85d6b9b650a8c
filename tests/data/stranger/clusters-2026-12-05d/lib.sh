#!/bin/bash
# clusters5 harness (adapted from clusters-2026-12-05b/lib.sh): namespaces c5n<i> (nodes), c5sw (switch:
# bridges c5br0/c5br1); addresses 198.18.160.0-198.18.175.255 only. Every wait has a deadline.
# Changes from 05b: prefix c5; each node's rank comes from C5_RANK in its env file (a printed fix can change
# it); MASTER_ADDR per scenario (MADDR); PHASE=job|pf runs one half of the preflight flow; a during_job hook
# (background, e.g. a change mid-job); on_verdict waits for fix.sh written from the printed verdict and
# applies it while the job hangs.
set -u
DD=${DD:-/work/eval-bin11/distdoctor}
PY=/usr/bin/python3
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RUN=$(mktemp -d /tmp/c5run.XXXXXX)           # per-scenario scratch (hosts, env files)
OUT=${OUT:-out}
NODES=()                                      # node indices created
BG=()                                         # background helper pids (during_job)

c5_cleanup() {
  local ns p
  for p in "${BG[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null; done
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E '^c5(n[0-9]+|sw)$'); do
    for p in $(ip netns pids "$ns" 2>/dev/null); do kill -CONT "$p" 2>/dev/null; kill -9 "$p" 2>/dev/null; done
  done
  sleep 0.3
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E '^c5(n[0-9]+|sw)$'); do
    ip netns del "$ns" 2>/dev/null
  done
  rm -rf "$RUN"
}
trap c5_cleanup EXIT INT TERM

c5_switch() {   # c5_switch BRIDGE...
  ip netns list | grep -qw c5sw || { ip netns add c5sw; ip -n c5sw link set lo up; }
  local b; for b in "$@"; do ip -n c5sw link add "$b" type bridge; ip -n c5sw link set "$b" up; done
}
c5_ns() { ip netns list | grep -qw "$1" || { ip netns add "$1"; ip -n "$1" link set lo up; }; }
c5_offload_off() { ip netns exec "$1" ethtool -K "$2" tso off gso off gro off >/dev/null 2>&1 || true; }

# c5_port NS IFNAME BRIDGE PORTNAME ADDR/LEN [MTU]: a NIC in NS wired to BRIDGE in c5sw (ADDR may be empty)
c5_port() {
  local ns=$1 ifn=$2 br=$3 port=$4 addr=$5 mtu=${6:-1500}
  c5_ns "$ns"
  ip link add name "$port" netns c5sw mtu "$mtu" type veth peer name "$ifn" netns "$ns" mtu "$mtu"
  ip -n c5sw link set "$port" master "$br" up
  ip -n "$ns" link set "$ifn" up
  if [ -n "$addr" ]; then ip -n "$ns" addr add "$addr" dev "$ifn" nodad 2>/dev/null || ip -n "$ns" addr add "$addr" dev "$ifn"; fi
  c5_offload_off c5sw "$port"; c5_offload_off "$ns" "$ifn"
}
# c5_node I IFNAME ADDR/LEN [BRIDGE] [MTU]
c5_node() { NODES+=("$1"); c5_port "c5n$1" "$2" "${4:-c5br0}" "c5p$1${2: -1}" "$3" "${5:-1500}"; }

# hosts file of node I: maps every c5node<j> to HOSTADDR[j]; env file: MASTER_ADDR (MADDR, default c5node0),
# MASTER_PORT 29400, C5_RANK (default I)
declare -A HOSTADDR
c5_hosts_default() {
  local i j; for i in "${NODES[@]}"; do
    { echo "127.0.0.1 localhost"; for j in "${NODES[@]}"; do echo "${HOSTADDR[$j]} c5node$j"; done; } > "$RUN/hosts.$i"
    printf 'export MASTER_ADDR=%s\nexport MASTER_PORT=29400\nexport C5_RANK=%s\n' "${MADDR:-c5node0}" "$i" > "$RUN/env.$i"
  done
}

# c5_on I CMD...: run CMD "on node I": its netns, own UTS (hostname c5node<I>), own /etc/hosts, env.<I> sourced
c5_on() {
  local i=$1; shift
  ip netns exec "c5n$i" unshare --uts --mount --propagation private \
    bash -c 'hostname "$1"; mount --bind "$2" /etc/hosts; set -a; . "$3"; set +a; shift 3; exec "$@"' \
    c5on "c5node$i" "$RUN/hosts.$i" "$RUN/env.$i" "$@"
}

# c5_apply_fix FILE: lines "NODE<TAB>COMMAND": NODE=all|<i>|host; "export" lines go into env.<i>,
# anything else runs on that node (in its namespace) through bash.
c5_apply_fix() {
  local f=$1 node cmd i
  while IFS=$'\t' read -r node cmd; do
    [ -z "$node" ] || [ "${node:0:1}" = "#" ] && continue
    local targets=(); if [ "$node" = all ]; then targets=("${NODES[@]}"); else targets=("$node"); fi
    for i in "${targets[@]}"; do
      if [ "$node" = host ]; then echo "fix(host): $cmd"; bash -c "$cmd"; continue; fi
      case "$cmd" in
        export\ *) echo "$cmd" >> "$RUN/env.$i"; echo "fix(node$i env): $cmd";;
        *) echo "fix(node$i run): $cmd"; c5_on "$i" bash -c "$cmd"; echo "rc=$?";;
      esac
    done
  done < "$f"
}

# c5_preflight N DIR: preflight on nodes 0..N-1 (rank C5_RANK from the node's env, rendezvous default)
c5_preflight() {
  local n=$1 d=$2 i pids=(); mkdir -p "$d"
  for ((i=0;i<n;i++)); do
    [ -e "$RUN/skip.$i" ] && continue
    c5_on "$i" bash -c 'exec timeout 110 "$0" preflight --no-color --rank "$C5_RANK" --world "$1" --token c5tok --timeout 60' \
      "$DD" "$n" > "$d/pf.rank$i.txt" 2> "$d/pf.rank$i.err" & pids+=($!)
  done
  local k=0; for i in "${pids[@]}"; do wait "$i"; echo "node$k rc=$?" >> "$d/pf.rc"; k=$((k+1)); done
  echo "== preflight node 0 =="; cat "$d/pf.rank0.txt"
}

# c5_job N DIR [MODE]: the real torch Gloo job, one rank per node (RANK=C5_RANK)
c5_job() {
  local n=$1 d=$2 mode=${3:-normal} i pids=(); mkdir -p "$d"
  for ((i=0;i<n;i++)); do
    [ -e "$RUN/skip.$i" ] && continue
    c5_on "$i" bash -c 'export RANK=$C5_RANK; exec "$@"' job env WORLD_SIZE=$n MODE=$mode JOB_TIMEOUT=${JOB_TIMEOUT:-50} \
      timeout ${JOB_LIMIT:-150} "$PY" "$HERE/train.py" > "$d/job.rank$i.txt" 2>&1 & pids+=($!)
  done
  local k=0; for i in "${pids[@]}"; do wait "$i"; echo "node$k rc=$?" >> "$d/job.rc"; k=$((k+1)); done
  echo "== job =="; cat "$d/job.rc"; tail -n 2 "$d"/job.rank*.txt | cut -c1-300
}

# on_verdict default: wait (FIXWAIT s) for fix.sh (written from the printed verdict) or nofix, apply it
c5_on_verdict_default() {
  local d=$1 t=0
  echo "printed fix lines:"; grep -h '^ *fix:' "$d"/watch.rank*.err | sort | uniq -c | cut -c1-600
  while (( t < ${FIXWAIT:-240} )); do [ -e fix.sh ] || [ -e nofix ] && break; sleep 2; t=$((t+2)); done
  if [ -e fix.sh ]; then echo "applying fix.sh after ${t}s:"; c5_apply_fix fix.sh; else echo "no fix applied (${t}s)"; fi
}

# c5_watch N DIR MODE: one watch per node, merged with --rendezvous; after the merged verdict (or
# WATCH_LIMIT s) run on_verdict, then wait for the job (deadline) and end leftovers
c5_watch() {
  local n=$1 d=$2 mode=$3 i pids=(); mkdir -p "$d"
  for ((i=0;i<n;i++)); do
    [ -e "$RUN/skip.$i" ] && continue
    c5_on "$i" bash -c 'export RANK=$C5_RANK; exec "$@"' job env WORLD_SIZE=$n MODE=$mode JOB_TIMEOUT=1800 \
      timeout ${WATCH_HARD:-600} "$DD" watch --no-color --json --stall ${STALL:-15} --rendezvous c5node0:29401 --rank "$i" --world "${WWORLD:-$n}" \
        --token c5w --meet-timeout ${MEET:-90} --log "$d/job.rank$i.txt" -- "$PY" "$HERE/train.py" > "$d/watch.rank$i.json" 2> "$d/watch.rank$i.err" & pids+=($!)
  done
  if declare -F during_job >/dev/null; then during_job "$d" >> "$d/during.txt" 2>&1 & BG+=($!); fi
  local t=0
  while (( t < ${WATCH_LIMIT:-300} )); do
    grep -qiE 'job verdict|merged verdict|verdict:' "$d/watch.rank0.err" 2>/dev/null && break
    local alive=0; for i in "${pids[@]}"; do kill -0 "$i" 2>/dev/null && alive=1; done; ((alive)) || break
    sleep 2; t=$((t+2))
  done
  echo "verdict-wait ${t}s" > "$d/harness.txt"
  if declare -F on_verdict >/dev/null; then on_verdict "$d" >> "$d/harness.txt" 2>&1; else c5_on_verdict_default "$d" >> "$d/harness.txt" 2>&1; fi
  t=0; while (( t < ${AFTER_LIMIT:-60} )); do
    local alive=0; for i in "${pids[@]}"; do kill -0 "$i" 2>/dev/null && alive=1; done; ((alive)) || break
    sleep 2; t=$((t+2))
  done
  echo "after-fix wait ${t}s" >> "$d/harness.txt"
  c5_kill_python >> "$d/harness.txt"
  local k=0; for i in "${pids[@]}"; do wait "$i"; echo "watch$k rc=$?" >> "$d/watch.rc"; k=$((k+1)); done
  echo "== watch rank0 stderr (tail) =="; grep -v '^rank [0-9] step' "$d/watch.rank0.err" | tail -n 80
}
# pids of the job's python3 ranks on node I (processes in our namespace only)
c5_rank_pids() { local p; for p in $(ip netns pids "c5n$1" 2>/dev/null); do
  [ "$(cat /proc/$p/comm 2>/dev/null)" = python3 ] && grep -qa 'RANK=' /proc/$p/environ 2>/dev/null && echo "$p"; done; }
c5_kill_python() { local i p; for i in "${NODES[@]}"; do for p in $(c5_rank_pids "$i"); do
  echo "harness: SIGKILL leftover rank pid $p on node $i"; kill -CONT "$p" 2>/dev/null; kill -9 "$p" 2>/dev/null; done; done; }

# c5_main N [MODE]: the preflight scenario flow. PHASE=job: the real job only into out/; PHASE=pf: preflight
# only into out/; neither: both. FIX=fix.sh: the same setup, the printed fix applied as printed, preflight and
# job again into fix-out/ (FIXOUT overrides the folder).
c5_main() {
  local n=$1 mode=${2:-normal}
  if [ -n "${FIX:-}" ]; then
    local fo=${FIXOUT:-fix-out}; rm -rf "$fo"; mkdir -p "$fo"
    c5_apply_fix "$FIX" > "$fo/fix-applied.txt" 2>&1; cat "$fo/fix-applied.txt"
    c5_preflight "$n" "$fo"; c5_job "$n" "$fo" "$mode"
  else
    case "${PHASE:-}" in
      job) rm -rf "$OUT/job."*; c5_job "$n" "$OUT" "$mode";;
      pf) rm -f "$OUT/pf."*; c5_preflight "$n" "$OUT";;
      *) rm -rf "$OUT"; c5_preflight "$n" "$OUT"; c5_job "$n" "$OUT" "$mode";;
    esac
  fi
}

# c5_wmain N MODE: the watch scenario flow into out/. PHASE=job: the bare job (no watch) into out-bare/.
c5_wmain() {
  if [ "${PHASE:-}" = job ]; then
    rm -rf out-bare; mkdir -p out-bare
    if declare -F during_job >/dev/null; then during_job out-bare >> out-bare/during.txt 2>&1 & BG+=($!); fi
    JOB_TIMEOUT=1800 JOB_LIMIT=${BARE_LIMIT:-120} c5_job "$1" out-bare "$2"
  else rm -rf "$OUT"; c5_watch "$1" "$OUT" "$2"; fi
}
