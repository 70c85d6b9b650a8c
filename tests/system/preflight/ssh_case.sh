#!/bin/bash
# ssh_case.sh DISTDOCTOR CASE: `preflight --ssh` on namespace nodes (lib.sh). Nodes 1 and 2 run
# OpenSSH's sshd (Debian openssh-server) on 198.18.1.(i+1):2222 inside their own namespace and
# host name, with a host key and an authorized key generated into this test's temporary folder;
# node 0 runs `distdoctor preflight --ssh ...` as rank 0, which copies itself to the nodes, starts
# them and removes the copies. Everything (sshd processes, keys, namespaces) goes on exit.
#   ssh              both hosts reachable: verdict OK from 3 nodes, each copy removed again
#   ssh-unreachable  a third host has no sshd (refused) and a fourth no machine (connect times
#                    out): findings preflight.ssh.unreachable for ranks 3 and 4, no hang
DD=$1 CASE=$2
HERE="$(cd "$(dirname "$0")" && pwd)"
. "$HERE/lib.sh"
T=${PF_TIMEOUT:-40}
RV=198.18.1.1:29401
SSHD=/usr/sbin/sshd
[ -x "$SSHD" ] || die "needs $SSHD (Debian package openssh-server)"
command -v ssh-keygen >/dev/null || die "needs ssh-keygen (Debian package openssh-client)"

# sshd refuses to start without its privilege-separation folder; made (and removed) only if absent.
if [ ! -d /run/sshd ]; then
  mkdir -p /run/sshd && chmod 755 /run/sshd
  trap 'cleanup; rmdir /run/sshd 2>/dev/null' EXIT
fi

ssh-keygen -q -t ed25519 -N '' -C ddp-host -f "$WORK/host_key" || die "ssh-keygen host key"
ssh-keygen -q -t ed25519 -N '' -C ddp-user -f "$WORK/user_key" || die "ssh-keygen user key"
cp "$WORK/user_key.pub" "$WORK/authorized_keys" && chmod 600 "$WORK/authorized_keys"
: > "$WORK/known_hosts"

start_sshd() {  # I
  local i=$1 addr="198.18.1.$(($1 + 1))"
  cat > "$WORK/sshd$i.conf" <<CONF
ListenAddress $addr:2222
HostKey $WORK/host_key
AuthorizedKeysFile $WORK/authorized_keys
PidFile $WORK/sshd$i.pid
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
CONF
  in_node "$i" "$SSHD" -D -e -f "$WORK/sshd$i.conf" > "$WORK/sshd$i.log" 2>&1 &
  echo "[$addr]:2222 $(cat "$WORK/host_key.pub")" >> "$WORK/known_hosts"
  for _ in $(seq 50); do
    ip netns exec "$(ns_of "$i")" bash -c "exec 3<>/dev/tcp/$addr/2222" 2>/dev/null && return 0
    sleep 0.1
  done
  die "sshd in node $i did not start: $(cat "$WORK/sshd$i.log")"
}

# N nodes on the bridge as 198.18.1.(i+1)/24; every hosts file maps nodeJ to its address.
nodes() {
  for ((i = 0; i < $1; i++)); do
    node "$i"; link "$i" eth0 "198.18.1.$((i + 1))/24"
    for ((j = 0; j < $1; j++)); do hosts_line "$i" "198.18.1.$((j + 1))" "node$j"; done
  done
}

SSH_OPTS=(--ssh-option Port=2222 --ssh-option "IdentityFile=$WORK/user_key" --ssh-option IdentitiesOnly=yes
          --ssh-option "UserKnownHostsFile=$WORK/known_hosts" --ssh-option GlobalKnownHostsFile=/dev/null
          --ssh-option StrictHostKeyChecking=yes --ssh-option User=root)

case "$CASE" in
ssh)
  nodes 3
  start_sshd 1; start_sshd 2
  start=$(date +%s)
  PF_GUARD=$(hang_guard "$T") run_pf 0 "$WORK/pf0.json" -- --ssh 198.18.1.2,198.18.1.3 --rendezvous "$RV" --timeout "$T" --no-probe "${SSH_OPTS[@]}"
  wait "$PF_PID"; rc=$?
  took=$(( $(date +%s) - start ))
  note "rank 0 exit $rc after ${took}s: $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
  note "ssh: $(jq_ "$WORK/pf0.json" 'd["ssh"]')"
  expect_ended "$rc" "rank 0 (--timeout $T)"
  record_bound preflight.ssh "$T" "$took"
  [ "$rc" = 0 ] || { cat "$WORK/pf0.json.err" >&2; die "rank 0 exit $rc"; }
  expect_verdict "$WORK/pf0.json" OK
  [ "$(jq_ "$WORK/pf0.json" 'sorted(n["host"] for n in d["nodes"])')" = "['node0', 'node1', 'node2']" ] || die "nodes: $(jq_ "$WORK/pf0.json" '[n["host"] for n in d["nodes"]]')"
  [ "$(jq_ "$WORK/pf0.json" '[(h["rank"], h["ok"], h["exit_code"], h["cleaned"]) for h in d["ssh"]["hosts"]]')" = "[(1, True, 0, True), (2, True, 0, True)]" ] || die "ssh hosts"
  for dir in $(jq_ "$WORK/pf0.json" '" ".join(h["dir"] for h in d["ssh"]["hosts"])'); do
    case "$dir" in /tmp/distdoctor.*) ;; *) die "copied into '$dir', not a temporary folder" ;; esac
    [ ! -e "$dir" ] || die "$dir was not removed"
  done
  ;;
ssh-unreachable)
  nodes 4
  start_sshd 1; start_sshd 2  # node 3 has no sshd; 198.18.1.9 is no machine at all
  start=$(date +%s)
  PF_GUARD=$(hang_guard "$T") run_pf 0 "$WORK/pf0.json" -- --ssh 198.18.1.2,198.18.1.3,198.18.1.4,198.18.1.9 --rendezvous "$RV" \
    --timeout "$T" --no-probe --ssh-connect-timeout 3 "${SSH_OPTS[@]}"
  wait "$PF_PID"; rc=$?
  took=$(( $(date +%s) - start ))
  note "rank 0 exit $rc after ${took}s: $(jq_ "$WORK/pf0.json" 'd["verdict"] + " - " + d["reason"]')"
  note "ssh: $(jq_ "$WORK/pf0.json" 'd["ssh"]')"
  expect_ended "$rc" "rank 0 (--timeout $T)"
  record_bound preflight.ssh-unreachable "$T" "$took"
  [ "$rc" = 1 ] || { cat "$WORK/pf0.json.err" >&2; die "rank 0 exit $rc, expected 1"; }
  expect_finding "$WORK/pf0.json" preflight.ssh.unreachable
  [ "$(jq_ "$WORK/pf0.json" 'sorted(r for f in d["findings"] if f["id"] == "preflight.ssh.unreachable" for r in f["ranks"])')" = "[3, 4]" ] || die "unreachable ranks"
  [ "$(jq_ "$WORK/pf0.json" 'any("Connection refused" in e for f in d["findings"] if 3 in f["ranks"] for e in f["evidence"])')" = True ] || die "rank 3's evidence lacks ssh's 'Connection refused'"
  [ "$(jq_ "$WORK/pf0.json" '[h["ok"] for h in d["ssh"]["hosts"]]')" = "[True, True, False, False]" ] || die "ssh hosts"
  [ "$(jq_ "$WORK/pf0.json" 'sorted(n["host"] for n in d["nodes"])')" = "['node0', 'node1', 'node2']" ] || die "nodes"
  ;;
*) die "unknown case $CASE" ;;
esac
note "$CASE: OK"
