#!/bin/bash
# ranks.sh NSPREFIX N SCRIPT [VAR=VALUE...]: start ranks 0..N-1 of SCRIPT, rank i in network
# namespace NSPREFIX<i> (hostname node<i>), MASTER_ADDR 198.18.1.1, Gloo on eth0; exits 0 when every rank did.
# rI:VAR=VALUE sets VAR for rank I only; rI:-VAR starts rank I without VAR (also without the defaults').
pre=$1 n=$2 script=$3; shift 3
pids=()
for ((i = 0; i < n; i++)); do
  vars=(MASTER_ADDR=198.18.1.1 MASTER_PORT=29500 GLOO_SOCKET_IFNAME=eth0 "RANK=$i" "WORLD_SIZE=$n")
  drop=()
  for a in "$@"; do
    case $a in
      r$i:-*) drop+=("${a#r"$i":-}") ;;
      r$i:*) vars+=("${a#r"$i":}") ;;
      r[0-9]*:*) ;;
      *) vars+=("$a") ;;
    esac
  done
  env_=()
  for v in "${vars[@]}"; do
    keep=1
    for d in "${drop[@]}"; do [[ $v == "$d="* ]] && keep=0; done
    [ $keep = 1 ] && env_+=("$v")
  done
  ip netns exec "$pre$i" unshare --uts bash -c 'hostname "$1"; shift; exec "$@"' _ "node$i" \
    env "${env_[@]}" /usr/bin/python3 "$script" &
  pids+=($!)
done
rc=0
for p in "${pids[@]}"; do wait "$p" || rc=1; done
exit $rc
