# cluster15 (clusters-2026-12-07n): copied from clusters-2026-12-07m with sed c14 -> c15, 198.19.128. -> 198.19.136., eval-bin24 -> eval-bin25 over the WHOLE file (older comment lines below are changed too).
# cluster14 (clusters-2026-12-07m): copied from clusters-2026-12-07l (c13 -> c15, 198.19.124 -> 198.19.128, eval-bin23 -> eval-bin25, also in comments).
# cluster13 (clusters-2026-12-07l): copied from clusters-2026-12-07k (c12 -> c15, 198.19.120 -> 198.19.128, eval-bin22 -> eval-bin25 in code lines).
#!/bin/bash
# cluster12 (clusters-2026-12-07k): copied from clusters-2026-12-07j/lib.sh; in code lines c11 -> c12, 198.19.116 -> 198.19.120,
# eval-bin21 -> eval-bin22 (comments below are the earlier batches'); unchanged otherwise.
# cluster11 (clusters-2026-12-07j): copied from clusters-2026-12-07i/lib.sh with c10 -> c11, 198.19.112 -> 198.19.116,
# eval-bin20 -> eval-bin21; new: c6_on also bind-mounts \$RUN/nsswitch.<i> on /etc/nsswitch.conf when a scenario wrote one.
# cluster10 harness, copied from clusters-2026-12-06g/lib.sh (functions keep their c6_ names): namespaces
# ${P}n<i> (nodes), ${P}sw (switch), ${P}rt* (routers), ${P}lg (an outside host) where P=c11<letter> per scenario;
# addresses 198.19.116.0/22 only; hostname c11node<i> via unshare --uts; /etc/hosts per node by a bind mount;
# everything removed on exit (trap). Changes: prefix c11, binary /work/eval-bin21/distdoctor (ASan, leaks off).
# cluster10 (clusters-2026-12-07i) changes: c6_on also bind-mounts \$RUN/resolv.<i> on /etc/resolv.conf when a
# scenario wrote one; c6_cleanup calls the scenario's extra_cleanup (a cgroup it made) when defined.
set -u
export ASAN_OPTIONS=detect_leaks=0
set -u
DD=${DD:-/work/eval-bin25/distdoctor}
PY=/usr/bin/python3
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RUN=$(mktemp -d /tmp/c15run.XXXXXX)           # per-scenario scratch (hosts, env files)
OUT=${OUT:-out}
NODES=()                                      # node indices created
BG=()                                         # background helper pids (during_job)

c6_cleanup() {
  local ns p
  for p in "${BG[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null; done
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^${P}(n[0-9]+|sw|rt[0-9]*|lg)\$"); do
    for p in $(ip netns pids "$ns" 2>/dev/null); do kill -CONT "$p" 2>/dev/null; kill -9 "$p" 2>/dev/null; done
  done
  sleep 0.3
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^${P}(n[0-9]+|sw|rt[0-9]*|lg)\$"); do
    ip netns del "$ns" 2>/dev/null
  done
  if declare -F extra_cleanup >/dev/null; then extra_cleanup; fi
  rm -rf "$RUN"
}
trap c6_cleanup EXIT INT TERM

c6_switch() {   # c6_switch BRIDGE...
  ip netns list | grep -qw ${P}sw || { ip netns add ${P}sw; ip -n ${P}sw link set lo up; }
  local b; for b in "$@"; do ip -n ${P}sw link add "$b" type bridge; ip -n ${P}sw link set "$b" up; done
}
c6_ns() { ip netns list | grep -qw "$1" || { ip netns add "$1"; ip -n "$1" link set lo up; }; }
c6_offload_off() { ip netns exec "$1" ethtool -K "$2" tso off gso off gro off >/dev/null 2>&1 || true; }

# c6_port NS IFNAME BRIDGE PORTNAME ADDR/LEN [MTU]: a NIC in NS wired to BRIDGE in ${P}sw (ADDR may be empty)
c6_port() {
  local ns=$1 ifn=$2 br=$3 port=$4 addr=$5 mtu=${6:-1500}
  c6_ns "$ns"
  ip link add name "$port" netns ${P}sw mtu "$mtu" type veth peer name "$ifn" netns "$ns" mtu "$mtu"
  ip -n ${P}sw link set "$port" master "$br" up
  ip -n "$ns" link set "$ifn" up
  if [ -n "$addr" ]; then ip -n "$ns" addr add "$addr" dev "$ifn" nodad 2>/dev/null || ip -n "$ns" addr add "$addr" dev "$ifn"; fi
  c6_offload_off ${P}sw "$port"; c6_offload_off "$ns" "$ifn"
}
# c6_node I IFNAME ADDR/LEN [BRIDGE] [MTU]
c6_node() { [[ " ${NODES[*]:-} " == *" $1 "* ]] || NODES+=("$1"); c6_port "${P}n$1" "$2" "${4:-c15br0}" "${P}p$1${2: -1}" "$3" "${5:-1500}"; }
# c6_router IFNAME BRIDGE ADDR/LEN: a leg of router c6rt (forwarding on) on BRIDGE
c6_router() { local rt=${4:-${P}rt}; c6_port "$rt" "$1" "$2" "${rt}${1: -1}" "$3"; ip netns exec "$rt" sysctl -qw net.ipv4.ip_forward=1; }

# hosts file of node I: maps every c11node<j> to HOSTADDR[j]; env file: MASTER_ADDR (MADDR, default c11node0),
# MASTER_PORT 29400, RANK I, WORLD_SIZE = number of nodes
declare -A HOSTADDR
c6_hosts_default() {
  local i j; for i in "${NODES[@]}"; do
    { echo "127.0.0.1 localhost"; for j in "${NODES[@]}"; do echo "${HOSTADDR[$j]} c15node$j"; done; } > "$RUN/hosts.$i"
    printf 'export MASTER_ADDR=%s\nexport MASTER_PORT=29400\nexport RANK=%s\nexport WORLD_SIZE=%s\n' \
      "${MADDR:-c15node0}" "$i" "${#NODES[@]}" > "$RUN/env.$i"
  done
}

# c6_on I CMD...: run CMD "on node I": its netns, own UTS (hostname c11node<I>), own /etc/hosts, env.<I> sourced
c6_on() {
  local i=$1; shift
  ip netns exec "${P}n$i" unshare --uts --mount --propagation private \
    bash -c 'hostname "$1"; mount --bind "$2" /etc/hosts; [ -e "$4" ] && mount --bind "$4" /etc/resolv.conf; [ -e "$5" ] && mount --bind "$5" /etc/nsswitch.conf; set -a; . "$3"; set +a; shift 5; exec "$@"' \
    c15on "c15node$i" "$RUN/hosts.$i" "$RUN/env.$i" "$RUN/resolv.$i" "$RUN/nsswitch.$i" "$@"
}

# c6_apply_fix FILE: lines "NODE<TAB>COMMAND": NODE=all|<i>|host; "export"/"unset" lines go into env.<i>,
# anything else runs on that node (in its namespace) through bash.
c6_apply_fix() {
  local f=$1 node cmd i
  while IFS=$'\t' read -r node cmd; do
    [ -z "$node" ] || [ "${node:0:1}" = "#" ] && continue
    local targets=(); if [ "$node" = all ]; then targets=("${NODES[@]}"); else targets=("$node"); fi
    for i in "${targets[@]}"; do
      if [ "$node" = host ]; then echo "fix(host): $cmd"; bash -c "$cmd"; continue; fi
      case "$cmd" in
        export\ *|unset\ *) echo "$cmd" >> "$RUN/env.$i"; echo "fix(node$i env): $cmd";;
        *) echo "fix(node$i run): $cmd"; c6_on "$i" bash -c "$cmd"; echo "rc=$?";;
      esac
    done
  done < "$f"
}

# c6_preflight DIR: preflight on every node; rank, world and rendezvous (MASTER_ADDR:MASTER_PORT+1) come from the
# node's environment (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT, as a PyTorchJob sets them): no --rank/--world here
c6_preflight() {
  local d=$1 i pids=(); mkdir -p "$d"
  for i in "${NODES[@]}"; do
    [ -e "$RUN/skip.$i" ] && continue
    c6_on "$i" bash -c 'exec timeout 150 "$0" preflight --no-color --token c15tok --timeout 90' \
      "$DD" > "$d/pf.rank$i.txt" 2> "$d/pf.rank$i.err" & pids+=($!)
  done
  local k=0; for i in "${pids[@]}"; do wait "$i"; echo "node$k rc=$?" >> "$d/pf.rc"; k=$((k+1)); done
  echo "== preflight node 0 =="; cat "$d/pf.rank0.txt"
}

# c6_stdin I: the job's stdin on node I: the FIFO $RUN/stdin.I when a scenario made one (c6_stdin_fifo), else /dev/null
c6_stdin() { if [ -p "$RUN/stdin.$1" ]; then echo "$RUN/stdin.$1"; else echo /dev/null; fi; }
# c6_stdin_fifo I: node I's ranks read a terminal-like stdin that stays open (a FIFO the harness holds open read-write
# on fd 7, so opening it never blocks and a reader never sees EOF); `echo c > $RUN/stdin.I` types into it
c6_stdin_fifo() { mkfifo "$RUN/stdin.$1"; exec 7<>"$RUN/stdin.$1"; }

# c6_job DIR [MODE]: the real torch Gloo job, one rank per node (RANK, WORLD_SIZE from the node's env)
c6_job() {
  local d=$1 mode=${2:-normal} i pids=(); mkdir -p "$d"
  for i in "${NODES[@]}"; do
    [ -e "$RUN/skip.$i" ] && continue
    c6_on "$i" env MODE=$mode JOB_TIMEOUT=${JOB_TIMEOUT:-50} \
      timeout ${JOB_LIMIT:-150} "$PY" "$HERE/train.py" > "$d/job.rank$i.txt" 2>&1 < "$(c6_stdin "$i")" & pids+=($!)
  done
  local k=0; for i in "${pids[@]}"; do wait "$i"; echo "node$k rc=$?" >> "$d/job.rc"; k=$((k+1)); done
  echo "== job =="; cat "$d/job.rc"; tail -n 2 "$d"/job.rank*.txt | cut -c1-300
}

# on_verdict default: wait (FIXWAIT s) for fix.sh (written from the printed verdict) or nofix, apply it
c6_on_verdict_default() {
  local d=$1 t=0
  echo "printed fix lines:"; grep -h '^ *fix:' "$d"/watch.rank*.err | sort | uniq -c | cut -c1-600
  while (( t < ${FIXWAIT:-240} )); do [ -e fix.sh ] || [ -e nofix ] || [ -e truefix.sh ] && break; sleep 2; t=$((t+2)); done
  if [ -e fix.sh ]; then echo "applying fix.sh after ${t}s:"; c6_apply_fix fix.sh
  elif [ -e truefix.sh ]; then echo "applying truefix.sh (manifest fix) after ${t}s:"; c6_apply_fix truefix.sh
  else echo "no fix applied (${t}s)"; fi
}

# c6_watch DIR MODE: one watch per node, merged with --rendezvous; after the merged verdict (or
# WATCH_LIMIT s) run on_verdict, then wait for the job (deadline) and end leftovers
c6_watch() {
  local d=$1 mode=$2 n=${#NODES[@]} i pids=(); mkdir -p "$d"
  for i in "${NODES[@]}"; do
    [ -e "$RUN/skip.$i" ] && continue
    c6_on "$i" env MODE=$mode JOB_TIMEOUT=1800 \
      timeout ${WATCH_HARD:-700} "$DD" watch --no-color --json --stall ${STALL:-20} --rendezvous c15node0:29401 --rank "$i" --world "$n" \
        --token c15w --meet-timeout ${MEET:-90} --log "$d/job.rank$i.txt" -- "$PY" "$HERE/train.py" > "$d/watch.rank$i.json" 2> "$d/watch.rank$i.err" < "$(c6_stdin "$i")" & pids+=($!)
  done
  if declare -F during_job >/dev/null; then during_job "$d" >> "$d/during.txt" 2>&1 & BG+=($!); fi
  local t=0
  while (( t < ${WATCH_LIMIT:-420} )); do
    grep -qiE 'job verdict|merged verdict|verdict:' "$d/watch.rank0.err" 2>/dev/null && break
    local alive=0; for i in "${pids[@]}"; do kill -0 "$i" 2>/dev/null && alive=1; done; ((alive)) || break
    sleep 2; t=$((t+2))
  done
  echo "verdict-wait ${t}s" > "$d/harness.txt"
  if declare -F on_verdict >/dev/null; then on_verdict "$d" >> "$d/harness.txt" 2>&1; else c6_on_verdict_default "$d" >> "$d/harness.txt" 2>&1; fi
  t=0; while (( t < ${AFTER_LIMIT:-150} )); do
    local alive=0; for i in "${pids[@]}"; do kill -0 "$i" 2>/dev/null && alive=1; done; ((alive)) || break
    sleep 2; t=$((t+2))
  done
  echo "after-fix wait ${t}s" >> "$d/harness.txt"
  c6_kill_python >> "$d/harness.txt"
  local k=0; for i in "${pids[@]}"; do wait "$i"; echo "watch$k rc=$?" >> "$d/watch.rc"; k=$((k+1)); done
  echo "== watch rank0 stderr (tail) =="; grep -v '^rank [0-9] step' "$d/watch.rank0.err" | tail -n 80
}
# pids of the job's python3 processes on node I (processes in our namespace only; loader workers included)
c6_rank_pids() { local p; for p in $(ip netns pids "${P}n$1" 2>/dev/null); do
  [ "$(cat /proc/$p/comm 2>/dev/null)" = python3 ] && grep -qa 'RANK=' /proc/$p/environ 2>/dev/null && echo "$p"; done; }
c6_kill_python() { local i p; for i in "${NODES[@]}"; do for p in $(c6_rank_pids "$i"); do
  echo "harness: SIGKILL leftover job pid $p on node $i"; kill -CONT "$p" 2>/dev/null; kill -9 "$p" 2>/dev/null; done; done; }
# c6_wait_log FILE PATTERN SECONDS: wait until FILE has a line matching PATTERN
c6_wait_log() { local t=0; while (( t < $3 )); do grep -qE "$2" "$1" 2>/dev/null && return 0; sleep 1; t=$((t+1)); done; return 1; }

# c6_main [MODE]: the preflight scenario flow. PHASE=job: the real job only into out/; PHASE=pf: preflight
# only into out/; neither: both. FIX=fix.sh: the same setup, the printed fix applied as printed, preflight and
# job again into fix-out/ (FIXOUT overrides the folder).
c6_main() {
  local mode=${1:-normal}
  if [ -n "${FIX:-}" ]; then
    local fo=${FIXOUT:-fix-out}; rm -rf "$fo"; mkdir -p "$fo"
    c6_apply_fix "$FIX" > "$fo/fix-applied.txt" 2>&1; cat "$fo/fix-applied.txt"
    c6_preflight "$fo"; c6_job "$fo" "$mode"
  else
    mkdir -p "$OUT"
    case "${PHASE:-}" in
      job) rm -f "$OUT/job."*; c6_job "$OUT" "$mode";;
      pf) rm -f "$OUT/pf."*; c6_preflight "$OUT";;
      *) rm -rf "$OUT"; mkdir -p "$OUT"; c6_preflight "$OUT"; c6_job "$OUT" "$mode";;
    esac
  fi
}

# c6_wmain MODE: the watch scenario flow into out/. PHASE=job: the bare job (no watch) into out-bare/.
# cluster14: FIX=FILE (w*): apply FILE (the printed or manifest fix) to the env/nodes first, then watch into ${FIXOUT:-fix-out}/
c6_wmain() {
  if [ -n "${FIX:-}" ]; then
    local fo=${FIXOUT:-fix-out}; rm -rf "$fo"; mkdir -p "$fo"
    c6_apply_fix "$FIX" > "$fo/fix-applied.txt" 2>&1; cat "$fo/fix-applied.txt"
    c6_watch "$fo" "$1"; return
  fi
  if [ "${PHASE:-}" = job ]; then
    rm -rf out-bare; mkdir -p out-bare
    if declare -F during_job >/dev/null; then during_job out-bare >> out-bare/during.txt 2>&1 & BG+=($!); fi
    JOB_TIMEOUT=1800 JOB_LIMIT=${BARE_LIMIT:-200} c6_job out-bare "$1"
  else rm -rf "$OUT"; c6_watch "$OUT" "$1"; fi
}
