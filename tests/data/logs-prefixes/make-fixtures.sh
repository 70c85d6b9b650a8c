#!/bin/bash
# Writes tests/data/logs/prefixes-<family>.log: an existing fixture (the "base" named in
# src/logs/prefix_families_test.cpp) as a person would gather it. grep and Open MPI 4's mpirun are
# run for real when present (their output is checked in, so timestamps stay as first written);
# the other tools' prefixes are written from their documented formats (docs/logs.md "Prefixes").
# Usage: tests/data/logs-prefixes/make-fixtures.sh [FAMILY...]   (run from the repository root)
set -euo pipefail
logs=tests/data/logs
work=$(mktemp -d /tmp/dd-prefix-fixtures-XXXXXX)
trap 'rm -rf "$work"' EXIT
want() { [ $# -eq 0 ] || [[ " $* " == *" $family "* ]]; }
args=("$@")

# grep -H -n -C1 over a gathered log folder: file names, line numbers, ':' / '-' and "--".
family=grep
if want "${args[@]}"; then
  mkdir -p "$work/logs/node-a" "$work/logs/node-b" "$work/logs/node-c"
  grep '^nodea\|^NCCL version' $logs/loopback-across-hosts.log >"$work/logs/node-a/rank0.log"
  grep '^nodeb' $logs/loopback-across-hosts.log >"$work/logs/node-b/rank1.log"
  cp $logs/firewall-refused.log "$work/logs/node-c/train.log.1"
  # the files named in order (grep -r would follow the directory's order); -H as with -r
  (cd "$work" && grep -H -n -C1 -e 'Using' -e 'comm 0x' -e 'WARN' \
    logs/node-a/rank0.log logs/node-b/rank1.log logs/node-c/train.log.1) >$logs/prefixes-grep.log
fi

# pdsh -w node0[1-2] / clush: "host: " before each line; nccl-tests print their own "host: ".
family=pdsh
if want "${args[@]}"; then
  {
    sed -n '1,2p' $logs/watchdog-diverged.log | sed 's/^/node01: /'
    sed -n '3p' $logs/watchdog-diverged.log | sed 's/^/10.0.0.2: /'
  } >$logs/prefixes-pdsh.log
fi

# kubectl logs --prefix --timestamps: "[pod/NAME/CONTAINER] " then the RFC 3339 time.
family=kubectl
if want "${args[@]}"; then
  sed 's/^/[pod\/trainer-worker-0\/pytorch] 2026-12-04T12:00:01.123456789Z /' $logs/firewall-refused.log >$logs/prefixes-kubectl.log
fi

# stern (default template, and the namespace first with --all-namespaces).
family=stern
if want "${args[@]}"; then
  {
    sed -n '1,2p' $logs/different-subnets.log | sed 's/^/trainer-worker-0 pytorch /'
    sed -n '3,4p' $logs/different-subnets.log | sed 's/^/kubeflow trainer-worker-1 pytorch /'
  } >$logs/prefixes-stern.log
fi

# srun --label: "%*d: " (width of the largest task id) and "P<component> " in a heterogeneous job.
family=srun
if want "${args[@]}"; then
  {
    sed -n '1,2p' $logs/version-mismatch.log | sed 's/^/ 0: /'
    sed -n '3,4p' $logs/version-mismatch.log | sed 's/^/P1 11: /'
  } >$logs/prefixes-srun.log
fi

# Open MPI 4 mpirun --tag-output --timestamp-output, run for real: rank 0 prints host-a's lines.
family=mpirun
if want "${args[@]}" && command -v mpirun >/dev/null; then
  cp $logs/different-subnets.log "$work/base.log"
  mpirun --allow-run-as-root --oversubscribe -np 2 --tag-output --timestamp-output \
    sh -c 'if [ "$OMPI_COMM_WORLD_RANK" = 0 ]; then grep "^host-a" '"$work"'/base.log; else grep "^host-b" '"$work"'/base.log; fi' \
    | sort -s -t']' -k1,1 >$logs/prefixes-mpirun.log  # rank 0's lines first
fi

# Open MPI 5 (PMIx) --output tag / tag-fullname / tag-detailed / rank / timestamp forms.
family=ompi5
if want "${args[@]}"; then
  {
    sed -n '1p' $logs/system-error-single-host.log | sed 's/^/[1,0]<stdout>: /'
    sed -n '2p' $logs/system-error-single-host.log | sed 's/^/[prterun-box1-4242@1,1][box1:1688]<stdout>: /'
    sed -n '3p' $logs/system-error-single-host.log | sed 's/^/[Fri Dec  4 12:00:00 2026][1]<stderr>: /'
  } >$logs/prefixes-ompi5.log
fi

# horovodrun: "[rank]<stream>:" and, with --prefix-output-with-timestamp, asctime() first.
family=horovod
if want "${args[@]}"; then
  {
    grep '^nodea\|^NCCL version' $logs/loopback-across-hosts.log | sed 's/^/[0]<stdout>:/'
    grep '^nodeb' $logs/loopback-across-hosts.log | sed 's/^/Fri Dec  4 12:00:00 2026[1]<stderr>:/'
  } >$logs/prefixes-horovod.log
fi

# ISO 8601 stamps: T or space, fraction, zone (Z, +hh:mm, +hhmm, apart).
family=iso
if want "${args[@]}"; then
  {
    sed -n '1p' $logs/shm-exhausted.log | sed 's/^/2026-12-04T12:00:00Z /'
    sed -n '2p' $logs/shm-exhausted.log | sed 's/^/2026-12-04 12:00:00,123 /'
    sed -n '3p' $logs/shm-exhausted.log | sed 's/^/2026-12-04T12:00:00.123456+01:00 /'
    sed -n '4p' $logs/shm-exhausted.log | sed 's/^/2026-12-04 12:00:00.123 +08:00 /'
  } >$logs/prefixes-iso.log
fi

# journalctl -o short / short-precise / short-iso (one host, a python3 unit).
family=journald
if want "${args[@]}"; then
  {
    sed -n '1p' $logs/gloo-127011.log | sed 's/^/Dec 04 12:00:00 node7 python3[4242]: /'
    sed -n '2p' $logs/gloo-127011.log | sed 's/^/Dec 04 12:00:00.123456 node7 python3[4242]: /'
    sed -n '1,2p' $logs/hostname-dns.log | sed 's/^/2026-12-04T12:00:01+0000 node8 python3[777]: /'
  } >$logs/prefixes-journald.log
fi
