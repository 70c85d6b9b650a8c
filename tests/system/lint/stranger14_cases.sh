#!/bin/bash
# Issue 27: the fourteenth stranger's run (tests/data/stranger/fix-2026-12-06k): the two fixes that
# broke the job (p28 a second /dev/shm mount beside the pod's own `medium: memory` one; p30 bash
# export/unset lines for a cmd.exe `set NAME = value`) and the untrue sentences (MASTER_ADDR with a
# scheme or a port called a name that does not resolve, prefetch(buffer_size=AUTOTUNE) called a fixed
# size, an inline '# comment' in NCCL_SOCKET_IFNAME repaired to this machine's interface). Each printed
# fix applied as printed (`lint --fix` then PyYAML, `env --export` through bash) and the tool run again.
# Usage: stranger14_cases.sh DISTDOCTOR SOURCE_DIR CASE
set -u
dd=$1 src=$2 case=$3
py=/usr/bin/python3
cases=$src/tests/data/stranger/fix-2026-12-06k/cases
tmp=$(mktemp -d /tmp/dd-stranger14.$$.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT  # a killed run (Ctrl-C, timeout -s TERM) leaves no folder: exit runs the EXIT trap
trap 'exit 143' TERM
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

ids() { $py -c 'import json,sys; print("\n".join(f["id"] for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out"; }
# envrun VAR=VALUE...: distdoctor env --json in an environment of only these variables
envrun() { env -i PATH=/usr/bin:/bin "$@" "$dd" env --json >"$tmp/out" 2>"$tmp/err"; rc=$?; }
# exported VAR VAR=VALUE...: VAR after `eval "$(distdoctor env --export)"` in that environment
exported() {
  local var=$1
  shift
  env -i PATH=/usr/bin:/bin "$@" bash -c 'lines=$("$0" env --export 2>/dev/null); bash -n <<<"$lines" || exit 9
eval "$lines"; printf "%s|%s" "${'"$var"'-<unset>}" "${MASTER_PORT-<unset>}"' "$dd"
}

case $case in
hold)
  # for system.fix.stranger-killed-cleanup: print the folder, then wait to be killed
  echo "$tmp"
  sleep 60
  ;;
o-k8s-shm-medium)
  # p28: each pod mounts the emptyDir `shm` (medium: memory, sizeLimit: 16Gi) at /dev/shm. The fix
  # edits that volume's medium; no second mount. Applied: PyYAML reads it, every container's
  # mountPaths are unique, medium Memory with the sizeLimit kept, lint says nothing about /dev/shm.
  cp "$cases/p28_k8s_shm_medium_lower.yaml" "$tmp/job.yaml"
  run lint --json "$tmp/job.yaml"
  [ "$(ids | grep -cx lint.k8s.shm-medium)" = 2 ] || fail "two pods, two lint.k8s.shm-medium: $(ids)"
  ids | grep -qx lint.k8s.no-shm-volume && fail "a second /dev/shm mount offered: $(cat "$tmp/out")"
  $py - "$tmp/out" <<'PY' || fail "title: $(cat "$tmp/out")"
import json, sys
f = [f for f in json.load(open(sys.argv[1]))["findings"] if f["id"] == "lint.k8s.shm-medium"]
assert all("medium: memory" in x["title"] and "Memory" in x["title"] for x in f), f
assert all(x["fix"]["text"].strip() == "medium: Memory" for x in f), [x["fix"]["text"] for x in f]
PY
  run lint --fix "$tmp/job.yaml"
  $py - "$tmp/job.yaml" <<'PY' || fail "fixed manifest: $(cat "$tmp/job.yaml")"
import sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
for role, r in doc["spec"]["pytorchReplicaSpecs"].items():
    spec = r["template"]["spec"]
    for c in spec["containers"]:
        paths = [m["mountPath"] for m in c.get("volumeMounts", [])]
        assert len(paths) == len(set(paths)), (role, paths)
        assert paths.count("/dev/shm") == 1, (role, paths)
    vols = {v["name"]: v for v in spec["volumes"]}
    assert list(vols) == ["shm"], vols
    assert vols["shm"]["emptyDir"] == {"medium": "Memory", "sizeLimit": "16Gi"}, vols
PY
  run lint --json "$tmp/job.yaml"
  [ "$rc" = 0 ] || fail "lint after the fix: rc=$rc $(cat "$tmp/out")"
  ids | grep -Eqx 'lint\.k8s\.(shm-medium|no-shm-volume)' && fail "still about /dev/shm: $(ids)"
  # look-alikes: the right medium, and a disk emptyDir at /dev/shm, say nothing about /dev/shm
  sed 's/medium: memory/medium: Memory/' "$cases/p28_k8s_shm_medium_lower.yaml" >"$tmp/ok.yaml"
  sed '/medium: memory/d' "$cases/p28_k8s_shm_medium_lower.yaml" >"$tmp/disk.yaml"
  for f in ok disk; do
    run lint --json "$tmp/$f.yaml"
    ids | grep -Eqx 'lint\.k8s\.(shm-medium|no-shm-volume)' && fail "$f.yaml: $(ids)"
  done
  ;;
o-bat-set-blanks)
  # p30: `set MASTER_ADDR = 10.0.0.5` in a .bat. The fix is cmd's `set MASTER_ADDR=10.0.0.5`, never
  # bash lines; --fix writes it (CRLF kept) and lint is clean after. No cmd.exe here: the line is
  # checked as cmd reads it (split at the first '=', blanks kept).
  cp "$cases/p30_bat_set_spaces.bat" "$tmp/node1.bat"
  run lint "$tmp/node1.bat"
  grep -q '\[lint.batch.set-blanks\]' "$tmp/out" || fail "no lint.batch.set-blanks: $(cat "$tmp/out")"
  grep -Eq '^ +(fix: )?(export|unset) ' "$tmp/out" && fail "bash lines for a .bat: $(cat "$tmp/out")"
  grep -q 'env.unknown-name' "$tmp/out" && fail "\"MASTER_ADDR \" judged as a name: $(cat "$tmp/out")"
  grep -Eq '^ +fix: set MASTER_ADDR=10\.0\.0\.5$' "$tmp/out" || fail "fix: $(cat "$tmp/out")"
  run lint --fix "$tmp/node1.bat"
  [ "$(sed -n 3p "$tmp/node1.bat")" = $'set MASTER_ADDR=10.0.0.5\r' ] || fail "line 3: $(sed -n 3p "$tmp/node1.bat" | od -c)"
  # as cmd.exe splits it: name before the first '=', the rest the value
  $py - "$tmp/node1.bat" <<'PY' || fail "as cmd reads it"
import sys
line = open(sys.argv[1], newline="").read().split("\r\n")[2]
name, value = line[4:].split("=", 1)
assert (name, value) == ("MASTER_ADDR", "10.0.0.5"), (name, value)
PY
  run lint "$tmp/node1.bat"
  [ "$rc" = 0 ] || fail "lint after the fix: rc=$rc $(cat "$tmp/out")"
  # a .bat env fix is `set`, a REM line for its note; a .ps1's is $env:
  printf 'set NCCL_SOCKET_IFNAM=eth0\r\ntorchrun --nnodes=2 train.py\r\n' >"$tmp/typo.bat"
  run lint "$tmp/typo.bat"
  grep -Eq '^ +set NCCL_SOCKET_IFNAME=' "$tmp/out" || fail ".bat env fix: $(cat "$tmp/out")"
  grep -Eq '^ +(export|unset) ' "$tmp/out" && fail ".bat env fix in bash: $(cat "$tmp/out")"
  grep -Eq '^ +set NCCL_SOCKET_IFNAM=$' "$tmp/out" || fail ".bat unset: $(cat "$tmp/out")"
  printf '$env:NCCL_SOCKET_IFNAM = "eth0"\ntorchrun --nnodes=2 train.py\n' >"$tmp/typo.ps1"
  run lint "$tmp/typo.ps1"
  grep -Eq '^ +\$env:NCCL_SOCKET_IFNAME = ' "$tmp/out" || fail ".ps1 env fix: $(cat "$tmp/out")"
  grep -Eq '^ +(export|unset) ' "$tmp/out" && fail ".ps1 env fix in bash: $(cat "$tmp/out")"
  # look-alike: c07's `set "NAME=value"` lines are not blanks around '='
  run lint "$cases/c07_bat_quoted_set.bat"
  grep -q 'set-blanks' "$tmp/out" && fail "c07: $(cat "$tmp/out")"
  ;;
o-master-addr-form)
  # p03 / p04 values: a scheme or a port in MASTER_ADDR is the cause (not DNS); the exported fix is
  # the bare address (+ MASTER_PORT for host:port), run through bash, and env is quiet about it after.
  envrun MASTER_ADDR=tcp://10.20.0.11 MASTER_PORT=29500 WORLD_SIZE=16 RANK=3
  ids | grep -qx env.master-addr.not-a-host || fail "tcp://: $(ids)"
  ids | grep -qx env.master-addr.unresolvable && fail "tcp:// called unresolvable: $(cat "$tmp/out")"
  grep -q 'DNS\|/etc/hosts' "$tmp/out" && fail "a DNS fix: $(cat "$tmp/out")"
  got=$(exported MASTER_ADDR MASTER_ADDR=tcp://10.20.0.11 MASTER_PORT=29500 WORLD_SIZE=16 RANK=3)
  [ "$got" = "10.20.0.11|29500" ] || fail "tcp:// exported: $got"
  envrun MASTER_ADDR=10.20.0.11 MASTER_PORT=29500 WORLD_SIZE=16 RANK=3
  ids | grep -Eqx 'env\.master-addr\.(not-a-host|unresolvable)' && fail "after: $(ids)"
  envrun MASTER_ADDR=10.20.0.11:29500 WORLD_SIZE=8 RANK=5
  ids | grep -qx env.master-addr.not-a-host || fail "host:port: $(ids)"
  grep -q 'a port (:29500)' "$tmp/out" || fail "host:port title: $(cat "$tmp/out")"
  got=$(exported MASTER_ADDR MASTER_ADDR=10.20.0.11:29500 WORLD_SIZE=8 RANK=5)
  [ "$got" = "10.20.0.11|29500" ] || fail "host:port exported: $got"
  # look-alikes: a bare IPv6 address, a bare name
  envrun MASTER_ADDR=::1 MASTER_PORT=29500 WORLD_SIZE=1 RANK=0
  ids | grep -qx env.master-addr.not-a-host && fail "::1: $(ids)"
  envrun MASTER_ADDR=localhost MASTER_PORT=29500 WORLD_SIZE=1 RANK=0
  ids | grep -qx env.master-addr.not-a-host && fail "localhost: $(ids)"
  ;;
o-prefetch-autotune)
  # c08: prefetch(buffer_size=tf.data.experimental.AUTOTUNE) is AUTOTUNE; so are the other spellings.
  # A literal size (keyword or positional) is still the note.
  run lint --json "$cases/c08_tfdata_experimental_autotune.py"
  ids | grep -qx lint.tf.data-pipeline-incomplete && fail "c08: $(cat "$tmp/out")"
  for arg in 'buffer_size=tf.data.AUTOTUNE' 'tf.data.experimental.AUTOTUNE' 'tf.data.AUTOTUNE' 'buffer_size=8' '8'; do
    sed "s/prefetch(buffer_size=tf.data.experimental.AUTOTUNE)/prefetch($arg)/" \
      "$cases/c08_tfdata_experimental_autotune.py" >"$tmp/c08.py"
    run lint --json "$tmp/c08.py"
    if [ "${arg%AUTOTUNE}" != "$arg" ]; then
      ids | grep -qx lint.tf.data-pipeline-incomplete && fail "prefetch($arg): $(cat "$tmp/out")"
    else
      ids | grep -qx lint.tf.data-pipeline-incomplete || fail "prefetch($arg) not noted: $(ids)"
    fi
  done
  ;;
o-ifname-comment)
  # p24 as docker's --env-file passes it: NCCL_SOCKET_IFNAME='ens5   # the 100G fabric NIC'. The
  # fix keeps the user's ens5 (not this machine's interface); exported through bash, then env
  # again: no inline-comment finding.
  envrun 'NCCL_SOCKET_IFNAME=ens5   # the 100G fabric NIC' MASTER_PORT=29500
  ids | grep -qx nccl.ifname.inline-comment || fail "no inline-comment: $(ids)"
  got=$(exported NCCL_SOCKET_IFNAME 'NCCL_SOCKET_IFNAME=ens5   # the 100G fabric NIC' MASTER_PORT=29500)
  [ "$got" = "ens5|29500" ] || fail "exported: $got"
  envrun NCCL_SOCKET_IFNAME=ens5 MASTER_PORT=29500
  ids | grep -qx nccl.ifname.inline-comment && fail "after: $(ids)"
  ;;
o-export-blanks)
  # p21: `export NCCL_SOCKET_IFNAME = ib0`. bash as written: the value is not set (and "=" is not a
  # valid identifier); after `lint --fix` bash sets it, and lint is quiet about the line.
  cp "$cases/p21_export_spaces.sbatch" "$tmp/job.sbatch"
  line() { sed -n 6p "$tmp/job.sbatch" | env -i PATH=/usr/bin:/bin bash -c 'eval "$(cat)" 2>/dev/null; echo "${NCCL_SOCKET_IFNAME-<unset>}"'; }
  [ "$(line)" = "<unset>" ] || fail "as written: $(line)"
  run lint --json "$tmp/job.sbatch"
  ids | grep -qx lint.shell.export-blanks || fail "not found: $(ids)"
  run lint --fix "$tmp/job.sbatch"
  [ "$(sed -n 6p "$tmp/job.sbatch")" = "export NCCL_SOCKET_IFNAME=ib0" ] || fail "line 6: $(sed -n 6p "$tmp/job.sbatch")"
  bash -n "$tmp/job.sbatch" || fail "bash -n"
  [ "$(line)" = "ib0" ] || fail "after the fix: $(line)"
  run lint --json "$tmp/job.sbatch"
  ids | grep -qx lint.shell.export-blanks && fail "after: $(ids)"
  # look-alikes: a plain export, `[ "$a" = b ]`, an echo with " = "
  printf '#!/bin/bash\nexport A=b\n[ "$A" = b ] && echo "x = y"\nexport B="c = d"\n' >"$tmp/ok.sh"
  run lint --json "$tmp/ok.sh"
  ids | grep -qx lint.shell.export-blanks && fail "look-alike: $(ids)"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS [$case]"
