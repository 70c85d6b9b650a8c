#!/bin/bash
# Issue 27: the fixes distdoctor prints, applied the way a user applies them, then checked by the
# real consumer (bash with an argv comparison, /usr/bin/python3 ast, PyYAML, json) and by running
# distdoctor again: the finding is gone and no error appears. Inputs are written as users write
# them. Usage: fix_cases.sh DISTDOCTOR CASE
set -u
dd=$1 case=$2
py=/usr/bin/python3
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-fix
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

# run ARGS...: stdout -> $tmp/out, stderr -> $tmp/err, exit code -> $rc
run() { "$dd" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

# fix_of ID [LINE]: the fix.text of the first --json finding ID (at LINE) in $tmp/out
fix_of() {
  $py - "$tmp/out" "$@" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for f in doc["findings"]:
    if f["id"] == sys.argv[2] and (len(sys.argv) < 4 or f.get("location", {}).get("line") == int(sys.argv[3])):
        sys.stdout.write(f["fix"]["text"])
        sys.exit(0)
sys.exit(1)
PY
}

# clean_of ID [KNOWN]: the --json output in $tmp/out has no finding ID and no error other than KNOWN
# (an error the input already had, about something else)
clean_of() {
  $py - "$tmp/out" "$1" "${2:-}" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
bad = [f for f in doc["findings"] if f["id"] == sys.argv[2] or (f["severity"] == "error" and f["id"] != sys.argv[3])]
sys.exit(1 if bad else 0)
PY
}

# replace_line FILE LINE TEXT: FILE with its LINE-th line replaced by TEXT (may hold newlines)
replace_line() {
  $py - "$@" <<'PY'
import sys
path, line, text = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = open(path).read().split("\n")
lines[line - 1] = text
open(path, "w").write("\n".join(lines))
PY
}

case $case in
quoting)
  # The torch.distributed.launch line of an sbatch script, with the variables Slurm sets. The
  # printed torchrun line must give torchrun the same expanded arguments the old launcher got.
  cat >"$tmp/job.sbatch" <<'EOF'
#!/bin/bash
#SBATCH --nodes=2
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun python -m torch.distributed.launch --nproc_per_node=8 --nnodes=$SLURM_NNODES --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=29500 --use_env train.py --data "/data/my set"
EOF
  run lint --json "$tmp/job.sbatch"
  fixed=$(fix_of lint.torch.launch-deprecated 4) || fail "no launch-deprecated finding: $(cat "$tmp/out")"
  case $fixed in *"'--nnodes="*|*"'\$"*) fail "variables single-quoted: $fixed" ;; esac
  printf '%s\n' "$fixed" >"$tmp/fixed.sh"
  bash -n "$tmp/fixed.sh" || fail "bash -n rejects the fix: $fixed"
  # Expansion check: the argv torchrun gets from the fix equals what the old launcher got.
  argv_of() {  # $1: the command line; srun/python/torchrun print their arguments
    env -i PATH=/usr/bin:/bin SLURM_NNODES=2 SLURM_NODEID=1 MASTER_ADDR=198.18.0.1 bash -c '
      srun() { "$@"; }
      python() { shift 2; printf "%s\n" "$@"; }   # python -m torch.distributed.launch ARGS
      torchrun() { printf "%s\n" "$@"; }
      eval "$1"' _ "$1"
  }
  want=$(argv_of "$(sed -n 4p "$tmp/job.sbatch")" | grep -v -- '^--use_env$')
  got=$(argv_of "$fixed")
  [ "$got" = "$want" ] || fail "torchrun's argv differs: got [$got] want [$want]"
  grep -qx -- '--nnodes=2' <<<"$got" || fail "--nnodes did not expand: $got"
  grep -qx -- '/data/my set' <<<"$got" || fail "the quoted argument was split: $got"
  replace_line "$tmp/job.sbatch" 4 "$fixed"
  run lint --json "$tmp/job.sbatch"
  # --node_rank=$SLURM_NODEID on the srun line is expanded once by the batch shell: the input's own
  # error, reported before the fix too (lint.slurm.task-variable-expanded-once).
  clean_of lint.torch.launch-deprecated lint.slurm.task-variable-expanded-once || fail "the fixed file still has the finding or an error: $(cat "$tmp/out")"
  ;;
tfdata)
  # Wrong order, a fixed prefetch, an unscaled batch: one corrected line for the line's findings,
  # cache -> shuffle -> batch -> prefetch(AUTOTUNE), valid Python, and lint then says nothing.
  cat >"$tmp/train.py" <<'EOF'
import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
BATCH_SIZE = 64
ds = tf.data.Dataset.from_tensor_slices((x, y)).map(parse).batch(BATCH_SIZE).cache().shuffle(1000).prefetch(2)
model.fit(ds, epochs=2)
EOF
  # By default scaling the batch (a hyperparameter change) is a suggestion: the pipeline's printed
  # line is its edit and leaves the batch; the batch finding has no edit and prints the scaled call.
  run lint --json "$tmp/train.py"
  $py - "$tmp/out" <<'PY' || fail "default batch suggestion: $(cat "$tmp/out")"
import json, sys
fs = {f["id"]: f for f in json.load(open(sys.argv[1]))["findings"]}
pipe, batch = fs["lint.tf.data-pipeline-incomplete"], fs["lint.tf.batch-not-scaled"]
assert [e["replacement"] for e in pipe["edits"]] == [pipe["fix"]["text"]], pipe
assert "num_replicas_in_sync" not in pipe["fix"]["text"], pipe
assert batch["edits"] == [], batch
assert batch["fix"]["text"].startswith(".batch(BATCH_SIZE * strategy.num_replicas_in_sync)  # changes the global batch"), batch
PY
  cp "$tmp/train.py" "$tmp/default.py"
  "$dd" lint --no-config --fix "$tmp/default.py" >/dev/null 2>&1
  grep -q 'num_replicas_in_sync' "$tmp/default.py" && fail "--fix scaled the batch without --unsafe-fixes"
  grep -q 'cache().shuffle(1000).batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)' "$tmp/default.py" || fail "--fix: $(cat "$tmp/default.py")"
  $py -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$tmp/default.py" || fail "the fixed file is not Python"
  # With --unsafe-fixes: both findings print (and apply) the one scaled line.
  run lint --json --unsafe-fixes "$tmp/train.py"
  pipe=$(fix_of lint.tf.data-pipeline-incomplete 5) || fail "no pipeline finding: $(cat "$tmp/out")"
  batch=$(fix_of lint.tf.batch-not-scaled 5) || fail "no batch finding: $(cat "$tmp/out")"
  [ "$pipe" = "$batch" ] || fail "two findings on one line print two corrections: [$pipe] [$batch]"
  want='ds = tf.data.Dataset.from_tensor_slices((x, y)).map(parse).cache().shuffle(1000).batch(BATCH_SIZE * strategy.num_replicas_in_sync).prefetch(tf.data.AUTOTUNE)'
  [ "$pipe" = "$want" ] || fail "corrected line: [$pipe] want [$want]"
  replace_line "$tmp/train.py" 5 "$pipe"
  $py -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$tmp/train.py" || fail "the fixed file is not Python"
  run lint --json --unsafe-fixes "$tmp/train.py"
  clean_of lint.tf.data-pipeline-incomplete || fail "fixed file: $(cat "$tmp/out")"
  clean_of lint.tf.batch-not-scaled || fail "fixed file: $(cat "$tmp/out")"
  # A wrong order that has all four steps (an earlier printed fix) is found, not passed.
  printf 'import tensorflow as tf\nds = tf.data.Dataset.from_tensor_slices(x).batch(32).cache().shuffle(100).prefetch(tf.data.AUTOTUNE)\nmodel.fit(ds)\n' >"$tmp/order.py"
  run lint --json "$tmp/order.py"
  fix=$(fix_of lint.tf.data-pipeline-incomplete 2) || fail "order not found: $(cat "$tmp/out")"
  [ "$fix" = 'ds = tf.data.Dataset.from_tensor_slices(x).cache().shuffle(100).batch(32).prefetch(tf.data.AUTOTUNE)' ] || fail "order fix: $fix"
  # prefetch(2): the fix differs from the input.
  printf 'import tensorflow as tf\nds = tf.data.Dataset.from_tensor_slices(x).cache().shuffle(100).batch(32).prefetch(2)\nmodel.fit(ds)\n' >"$tmp/pf.py"
  run lint --json "$tmp/pf.py"
  fix=$(fix_of lint.tf.data-pipeline-incomplete 2) || fail "prefetch(2) not found: $(cat "$tmp/out")"
  [ "$fix" != "$(sed -n 2p "$tmp/pf.py")" ] || fail "the fix equals the input: $fix"
  ;;
k8s)
  # The hostNetwork fix as the text output prints it: YAML (PyYAML), applied to the pod spec at
  # its indentation, the pod still parses and lint no longer reports it.
  cat >"$tmp/pod.yaml" <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  containers:
    - name: train
      image: example/train:latest
      env:
        - name: NCCL_SOCKET_IFNAME
          value: ens1f0
EOF
  run lint --no-color "$tmp/pod.yaml"
  $py - "$tmp/out" "$tmp/pod.yaml" <<'PY' || fail "k8s fix: $(cat "$tmp/out")"
import sys, yaml
text = open(sys.argv[1]).read().split("\n")
start = next(i for i, l in enumerate(text) if "hostNetwork: true" in l and "fix: " in l)
block = [text[start].split("fix: ", 1)[1]]
pad = text[start].index("fix: ") + len("fix: ")
for l in text[start + 1:]:
    if not l.startswith(" " * pad) or not l.strip():
        break
    block.append(l[pad:])
fix = yaml.safe_load("\n".join(block))
assert fix == {"hostNetwork": True, "dnsPolicy": "ClusterFirstWithHostNet"}, fix
pod = open(sys.argv[2]).read().replace("spec:\n", "spec:\n" + "".join("  " + b + "\n" for b in block), 1)
doc = yaml.safe_load(pod)
assert doc["spec"]["hostNetwork"] is True and doc["spec"]["containers"][0]["name"] == "train", doc
open(sys.argv[2], "w").write(pod)
PY
  run lint --json "$tmp/pod.yaml"
  clean_of lint.k8s.no-host-network || fail "fixed pod: $(cat "$tmp/out")"
  # A variable to set, printed for a pod, is an env entry (`- name:` / `value: "..."`, a string),
  # for a Dockerfile an ENV line: never `export` (issue 27 e).
  printf 'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: t\n    image: x\n    env:\n    - name: NCCL_SOCKET_IFNAMES\n      value: eth0\n' >"$tmp/typo.yaml"
  run lint --no-color "$tmp/typo.yaml"
  ! grep -q 'export ' "$tmp/out" || fail "a pod's fix prints export: $(cat "$tmp/out")"
  $py - "$tmp/out" <<'PY' || fail "pod env entry: $(cat "$tmp/out")"
import sys, yaml
text = open(sys.argv[1]).read().split("\n")
i = next(i for i, l in enumerate(text) if l.strip() == "- name: NCCL_SOCKET_IFNAME")
entry = yaml.safe_load(text[i].strip() + "\n" + text[i + 1][text[i].index("-"):])
assert entry == [{"name": "NCCL_SOCKET_IFNAME", "value": "eth0"}], entry
PY
  printf 'FROM ubuntu\nENV NCCL_SOCKET_IFNAMES=eth0\n' >"$tmp/Dockerfile"
  run lint --no-color "$tmp/Dockerfile"
  ! grep -q 'export ' "$tmp/out" || fail "a Dockerfile's fix prints export: $(cat "$tmp/out")"
  grep -q '^ *ENV NCCL_SOCKET_IFNAME=eth0$' "$tmp/out" || fail "no ENV line: $(cat "$tmp/out")"
  ;;
input)
  # A Python file that does not parse is not "OK"; `lint -` reads standard input.
  printf 'import torch.distributed as dist\ndef main(:\n    dist.init_process_group("nccl")\n' >"$tmp/broken.py"
  ! $py -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$tmp/broken.py" 2>/dev/null || fail "the sample parses"
  run lint --no-color "$tmp/broken.py"
  [ "$rc" = 1 ] || fail "syntax error: exit $rc, want 1: $(cat "$tmp/out")"
  ! grep -q "OK: no problems found" "$tmp/out" || fail "a file that does not parse reads OK"
  grep -q "line 2 is not valid Python" "$tmp/out" || fail "the line is not named: $(cat "$tmp/out")"
  # every public example parses for Python and for lint alike
  for f in "$(dirname "$0")/../../data/lint/public/"*.py; do
    $py -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$f" || fail "$f does not parse"
    run lint --json "$f"
    ! grep -q '"lint.python.syntax-error"' "$tmp/out" || fail "$f: syntax error reported for valid Python"
  done
  printf 'import os\nos.environ["NCCL_SOCKET_IFNAMES"] = "eth0"\n' >"$tmp/typo.py"
  "$dd" lint --json - <"$tmp/typo.py" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" = 1 ] || fail "lint -: exit $rc, want 1: $(cat "$tmp/err")"
  $py -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["files"] == ["<stdin>"], d; assert [f for f in d["findings"] if f["id"] == "env.unknown-name" and f["location"]["line"] == 2], d' "$tmp/out" \
    || fail "lint - findings: $(cat "$tmp/out")"
  printf '#!/bin/bash\nexport NCCL_SOCKET_IFNAMES=eth0\n' | "$dd" lint --json - >"$tmp/out" 2>"$tmp/err"
  grep -q '"env.unknown-name"' "$tmp/out" || fail "lint - (shell): $(cat "$tmp/out") $(cat "$tmp/err")"
  # A Helm template ({{ }} is not YAML) named among other files: reported with its line, the others
  # still linted, the exit code the report's (1: the shell file's error). Alone it is nothing usable:
  # exit 2 (DESIGN.md: unreadable input) with a message naming the file.
  printf 'apiVersion: batch/v1\nkind: Job\nspec:\n  x: {{ .Values.x }\n  y: [\n' >"$tmp/helm.yaml"
  printf '#!/bin/bash\nexport NCCL_SOCKET_IFNAME="ens1f0 "\n' >"$tmp/ws.sh"
  run lint --json --no-config "$tmp/helm.yaml" "$tmp/ws.sh"
  [ "$rc" = 1 ] || fail "helm + shell: exit $rc, want 1: $(cat "$tmp/err")"
  $py - "$tmp/out" "$tmp/helm.yaml" <<'PY' || fail "helm + shell: $(cat "$tmp/out")"
import json, sys
d = json.load(open(sys.argv[1]))
ids = {(f["id"], f["location"]["file"]) for f in d["findings"]}
assert ("lint.input.unparsed", sys.argv[2]) in ids, ids
assert any(i == "lint.env.ifname-whitespace" for i, _ in ids), ids
f = [f for f in d["findings"] if f["id"] == "lint.input.unparsed"][0]
assert f["title"].startswith(sys.argv[2] + ":"), f["title"]
PY
  run lint --json --no-config "$tmp/helm.yaml"
  [ "$rc" = 2 ] || fail "helm alone: exit $rc, want 2"
  grep -q "helm.yaml:[0-9]" "$tmp/err" || fail "helm alone: the message does not name the file and line: $(cat "$tmp/err")"
  ;;
missed)
  # Cases the troubleshooting method names that lint used to pass.
  cat >"$tmp/worker.py" <<'EOF'
import json, os
import tensorflow as tf

tf_config = {"cluster": {"worker": ["localhost:12345", "node1:12345"]}, "task": {"type": "worker", "index": 0}}
os.environ["TF_CONFIG"] = json.dumps(tf_config)
strategy = tf.distribute.MultiWorkerMirroredStrategy()
EOF
  run lint --json "$tmp/worker.py"
  $py -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [f for f in d["findings"] if f["id"] == "tf-config.localhost-in-multihost" and f["location"]["line"] == 5], d' "$tmp/out" \
    || fail "TF_CONFIG dict through json.dumps not seen: $(cat "$tmp/out")"
  # ... but not when the dict is changed before json.dumps (its literal is not what TF reads)
  sed -i '5i tf_config["task"]["index"] = int(os.environ["WORKER_INDEX"])' "$tmp/worker.py"
  run lint --json "$tmp/worker.py"
  ! grep -q '"tf-config.' "$tmp/out" || fail "a changed dict was read as its literal: $(cat "$tmp/out")"
  # trailing space inside a quoted export in an sbatch file
  printf '#!/bin/bash\n#SBATCH --nodes=2\nexport NCCL_SOCKET_IFNAME="ens1f0 "\nsrun python train.py\n' >"$tmp/job.sbatch"
  run lint --json "$tmp/job.sbatch"
  $py -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [f for f in d["findings"] if f["location"]["line"] == 3 and "NCCL_SOCKET_IFNAME" in json.dumps(f)], d' "$tmp/out" \
    || fail "trailing space in a quoted export not seen: $(cat "$tmp/out")"
  ;;
env_values)
  # NCCL_BUFFSIZE=4MB: NCCL reads 4 (strtoll); the fix is 4194304 and applying it leaves nothing.
  out=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent NCCL_BUFFSIZE=4MB "$dd" env --export)
  grep -qx 'export NCCL_BUFFSIZE=4194304' <<<"$out" || fail "BUFFSIZE fix: $out"
  again=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent NCCL_BUFFSIZE=4MB bash -c 'eval "$1"; [ "$NCCL_BUFFSIZE" = 4194304 ] || exit 9; "$2" env --json' _ "$out" "$dd")
  [ $? = 0 ] || fail "applied BUFFSIZE fix: $again"
  $py -c 'import json,sys; d=json.loads(sys.argv[1]); assert not d["findings"], d' "$again" || fail "after the fix: $again"
  # NCCL_NSOCKS_PER_PEER=4: 4 sockets per peer, i.e. 1 thread x 4 sockets
  out=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent NCCL_NSOCKS_PER_PEER=4 "$dd" env --export)
  got=$(env -i PATH=/usr/bin:/bin NCCL_NSOCKS_PER_PEER=4 bash -c 'eval "$1"; echo $(( NCCL_SOCKET_NTHREADS * NCCL_NSOCKS_PERTHREAD ))' _ "$out")
  [ "$got" = 4 ] || fail "NSOCKS_PER_PEER=4 became $got sockets per peer: $out"
  # MASTER_ADDR=localhost in a 16-rank job: no fix text in any format tells to remap localhost.
  for fmt in sh dockerfile k8s slurm torchrun tf; do
    o=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent MASTER_ADDR=localhost WORLD_SIZE=16 LOCAL_WORLD_SIZE=8 RANK=3 "$dd" env --export-format "$fmt" 2>&1)
    case $o in *"/etc/hosts"*|*"127.0.1.1"*) fail "--export-format $fmt advises remapping localhost: $o" ;; esac
    # the formats that carry the fix text as a comment carry the right one
    [ "$fmt" = tf ] || grep -q "rank-0 node's routable address" <<<"$o" || fail "--export-format $fmt lost the advice: $o"
  done
  # Windows and a multi-worker TF_CONFIG: the multi-worker strategy with RING, no Lightning variable.
  tfc='{"cluster":{"worker":["198.18.0.1:12345","198.18.0.2:12345"]},"task":{"type":"worker","index":0}}'
  out=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent TF_CONFIG="$tfc" "$dd" env --json --platform windows)
  $py - "$out" <<'PY' || fail "windows TF fix: $out"
import json, sys
d = json.loads(sys.argv[1])
f = [f for f in d["findings"] if f["id"] == "env.windows.no-nccl"][0]
t = f["fix"]["text"]
assert "tf.distribute.MultiWorkerMirroredStrategy(communication_options=tf.distribute.experimental.CommunicationOptions(implementation=tf.distribute.experimental.CommunicationImplementation.RING))" in t, t
# the only variables the fix touches are the NCCL ones it unsets (an empty value), as --export does
assert "cross_device_ops" not in t and "PL_TORCH" not in t, f
assert f["fix"]["env"] == {"NCCL_CONF_FILE": ""} and "unset NCCL_CONF_FILE" in t, f
PY
  out=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent TF_CONFIG="$tfc" "$dd" env --export --platform windows)
  ! grep -q PL_TORCH <<<"$out" || fail "--export sets a Lightning variable for TF: $out"
  unset_conf=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent bash -c 'eval "$1"; printf %s "${NCCL_CONF_FILE-unset}"' _ "$out")
  [ "$unset_conf" = unset ] || fail "--export --platform windows leaves NCCL_CONF_FILE=$unset_conf: $out"
  # TF_CONFIG: "idx" is reported with a renamed fix; "index": "1" is what TF int()s, no error.
  bad='{"cluster":{"worker":["198.18.0.1:12345","198.18.0.2:12345"]},"task":{"type":"worker","idx":1}}'
  out=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent TF_CONFIG="$bad" "$dd" env --export)
  fixed=$(env -i PATH=/usr/bin:/bin bash -c 'eval "$1"; printf %s "$TF_CONFIG"' _ "$out")
  $py -c 'import json,sys; d=json.loads(sys.argv[1]); assert d["task"] == {"type": "worker", "index": 1}, d' "$fixed" || fail "idx fix: $out"
  out=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent TF_CONFIG='{"cluster":{"worker":["198.18.0.1:1","198.18.0.2:1"]},"task":{"type":"worker","index":"1"}}' "$dd" env --json)
  $py -c 'import json,sys; d=json.loads(sys.argv[1]); assert not [f for f in d["findings"] if f["severity"] == "error"], d' "$out" || fail "index \"1\": $out"
  ;;
env_ifname)
  # env judges interface names against this machine as check does, and --export never sets one
  # this machine lacks (here: a name no interface has).
  out=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent NCCL_SOCKET_IFNAME=ddnone9 "$dd" env --json)
  rc=$?
  [ "$rc" = 1 ] || fail "NCCL_SOCKET_IFNAME=ddnone9: exit $rc, want 1: $out"
  grep -q '"nccl.ifname.matches-nothing"' <<<"$out" || fail "no matches-nothing: $out"
  out=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent NCCL_SOCKET_IFNAMES=ddnone9 "$dd" env --export)
  ! grep -q 'NCCL_SOCKET_IFNAME=ddnone9' <<<"$out" || fail "--export re-exports an interface that is not here: $out"
  applied=$(env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent NCCL_SOCKET_IFNAMES=ddnone9 bash -c 'eval "$1"; "$2" env --json' _ "$out" "$dd")
  $py -c 'import json,sys; d=json.loads(sys.argv[1]); assert not [f for f in d["findings"] if f["severity"] == "error"], d' "$applied" \
    || fail "after --export: $applied"
  ;;
stranger6)
  # The sixth stranger's bad fixes (branch stranger6, fix-2026-12-05c), applied as printed.
  [ -d "$tmp" ] || fail "no temporary folder"
  mkdir -p "$tmp/bin"
  # stubs: each prints the argv it gets, one word a line, after a [name] line
  for p in torchrun accelerate; do printf '#!/bin/bash\necho "[%s]"\nprintf "%%s\\n" "$@"\n' "$p" >"$tmp/bin/$p"; done
  printf '#!/bin/bash\n"$@"\n' >"$tmp/bin/srun"
  printf '#!/bin/bash\n[ "$1" = -- ] && shift\nexec "$@"\n' >"$tmp/bin/tini"
  for p in module source; do printf '#!/bin/bash\ntrue\n' >"$tmp/bin/$p"; done
  chmod +x "$tmp/bin/"*
  stub_run() {  # stub_run FILE: runs FILE with the stubs first in PATH
    env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_NNODES=4 SLURM_JOB_ID=77 SLURM_NODEID=1 HOME="$tmp" bash "$1" 2>&1
  }
  # r01: the address on a continuation line of `srun torchrun \`
  cat >"$tmp/r01.sbatch" <<'EOF'
#!/bin/bash
#SBATCH --nodes=4
srun torchrun \
    --nnodes="$SLURM_NNODES" \
    --nproc-per-node=8 \
    --rdzv-backend=c10d \
    --rdzv-endpoint=localhost:29500 \
    pretrain.py --config configs/vit_l16.yaml
EOF
  run lint --json "$tmp/r01.sbatch"
  fixed=$(fix_of lint.launch.master-addr-localhost 7) || fail "r01: no finding at line 7: $(cat "$tmp/out")"
  replace_line "$tmp/r01.sbatch" 7 "    ${fixed//RANK0_HOST/node001}"
  bash -n "$tmp/r01.sbatch" || fail "r01: bash -n rejects the fixed file: $fixed"
  got=$(stub_run "$tmp/r01.sbatch")
  want=$(printf '%s\n' '[torchrun]' --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=node001:29500 pretrain.py --config configs/vit_l16.yaml)
  [ "$got" = "$want" ] || fail "r01: torchrun's argv after the fix: [$got] want [$want] (fix: $fixed)"
  run lint --json "$tmp/r01.sbatch"
  clean_of lint.launch.master-addr-localhost || fail "r01: after the fix: $(cat "$tmp/out")"
  # r19: the address inside `srun bash -c '...'`
  cat >"$tmp/r19.sbatch" <<'EOF'
#!/bin/bash
#SBATCH --nodes=2
export MAIN_PORT=29555
srun bash -c 'accelerate launch --num_machines 2 --machine_rank $SLURM_NODEID --main_process_ip 127.0.0.1 --main_process_port '"$MAIN_PORT"' train_sd.py --mixed_precision fp16'
EOF
  run lint --json "$tmp/r19.sbatch"
  fixed=$(fix_of lint.launch.master-addr-localhost 4) || fail "r19: no finding at line 4: $(cat "$tmp/out")"
  case $fixed in *"'"*"#"*|*"host's"*) fail "r19: a comment or apostrophe inside the quotes: $fixed" ;; esac
  replace_line "$tmp/r19.sbatch" 4 "${fixed//RANK0_HOST/node001}"
  bash -n "$tmp/r19.sbatch" || fail "r19: bash -n rejects the fixed file: $fixed"
  got=$(stub_run "$tmp/r19.sbatch")
  want=$(printf '%s\n' '[accelerate]' launch --num_machines 2 --machine_rank 1 --main_process_ip node001 --main_process_port 29555 train_sd.py --mixed_precision fp16)
  [ "$got" = "$want" ] || fail "r19: accelerate's argv after the fix: [$got] want [$want] (fix: $fixed)"
  run lint --json "$tmp/r19.sbatch"
  clean_of lint.launch.master-addr-localhost || fail "r19: after the fix: $(cat "$tmp/out")"
  # r21: exec-form CMD with ${GPUS} under tini: the edit, then tini -> CMD run with GPUS=4
  printf 'FROM pytorch/pytorch:2.3.1-cuda12.1-cudnn8-runtime\nENV GPUS=4\nENTRYPOINT ["/usr/bin/tini", "--"]\nCMD ["torchrun", "--standalone", "--nproc_per_node=${GPUS}", "train.py"]\n' >"$tmp/Dockerfile"
  run lint --fix "$tmp/Dockerfile"
  cmd=$($py -c 'import json,sys
for l in open(sys.argv[1]):
    if l.startswith("CMD "): print("\n".join(json.loads(l[4:])))' "$tmp/Dockerfile") || fail "r21: the fixed CMD is not JSON: $(cat "$tmp/Dockerfile")"
  mapfile -t words <<<"$cmd"
  got=$(env -i PATH="$tmp/bin:/usr/bin:/bin" GPUS=4 "$tmp/bin/tini" -- "${words[@]}")
  want=$(printf '%s\n' '[torchrun]' --standalone --nproc_per_node=4 train.py)
  [ "$got" = "$want" ] || fail "r21: torchrun's argv under tini: [$got] want [$want] ($(cat "$tmp/Dockerfile"))"
  run lint --json "$tmp/Dockerfile"
  clean_of lint.docker.exec-form-variable || fail "r21: after the fix: $(cat "$tmp/out")"
  # r31: 4 tasks x 12 CPUs, Trainer(devices=8): the printed values keep the node's 48 CPUs, whole numbers
  mkdir -p "$tmp/r31"
  printf '#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --cpus-per-task=12\n#SBATCH --gpus-per-node=8\n\nsrun python train.py\n' >"$tmp/r31/submit.sbatch"
  printf 'import lightning as L\n\ntrainer = L.Trainer(accelerator="gpu", devices=8, num_nodes=2, strategy="ddp")\n' >"$tmp/r31/train.py"
  run lint --json "$tmp/r31"
  fixed=$(fix_of lint.slurm.lightning-devices-tasks) || fail "r31: no finding: $(cat "$tmp/out")"
  tasks=$(grep -o -- '--ntasks-per-node=[^ ]*' <<<"$fixed" | head -n 1 | cut -d= -f2)
  cpus=$(grep -o -- '--cpus-per-task=[^ ]*' <<<"$fixed" | head -n 1 | cut -d= -f2)
  [[ $tasks =~ ^[0-9]+$ && $cpus =~ ^[0-9]+$ ]] || fail "r31: not whole numbers (sbatch refuses them): tasks [$tasks] cpus [$cpus]: $fixed"
  [ $((tasks * cpus)) = 48 ] || fail "r31: $tasks x $cpus CPUs per node, the file had 48: $fixed"
  sed -i "s/--ntasks-per-node=4/--ntasks-per-node=$tasks/; s/--cpus-per-task=12/--cpus-per-task=$cpus/" "$tmp/r31/submit.sbatch"
  run lint --json "$tmp/r31"
  clean_of lint.slurm.lightning-devices-tasks || fail "r31: after the fix: $(cat "$tmp/out")"
  # r14: save_checkpoint (a barrier in Lightning 2.x) and the barrier under is_global_zero: --fix
  # moves both out of the branch; Python parses it and lint finds nothing
  printf 'import lightning as L\n\n\nclass M(L.LightningModule):\n    def on_train_epoch_end(self):\n        if self.trainer.is_global_zero:\n            self.trainer.save_checkpoint(f"ckpt/epoch{self.current_epoch}.ckpt")\n            self.trainer.strategy.barrier()\n\n\ntrainer = L.Trainer(devices=4, num_nodes=2, strategy="ddp")\n' >"$tmp/r14.py"
  run lint --fix "$tmp/r14.py"
  $py -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$tmp/r14.py" || fail "r14: the fixed file does not parse: $(cat "$tmp/r14.py")"
  grep -qx '        self.trainer.save_checkpoint(f"ckpt/epoch{self.current_epoch}.ckpt")' "$tmp/r14.py" \
    || fail "r14: save_checkpoint still in the rank branch: $(cat "$tmp/r14.py")"
  run lint --json "$tmp/r14.py"
  clean_of lint.torch.collective-under-rank-branch || fail "r14: after the fix: $(cat "$tmp/out")"
  # r08: compose `NCCL_SOCKET_IFNAME: lo`; the printed removal applied, PyYAML loads it, lint is clean
  printf 'services:\n  trainer:\n    image: t\n    network_mode: host\n    environment:\n      NCCL_SOCKET_IFNAME: lo\n      MASTER_ADDR: 198.18.0.1\n    command: >\n      torchrun --nnodes=2 --nproc_per_node=4 --node_rank=${NODE_RANK}\n      --master_addr=198.18.0.1 --master_port=29500 train.py\n' >"$tmp/compose.yaml"
  run lint --json "$tmp/compose.yaml"
  fix_of lint.env.ifname-loopback 6 >/dev/null || fail "r08: no finding at line 6: $(cat "$tmp/out")"
  sed -i '6d' "$tmp/compose.yaml"
  $py -c 'import yaml,sys; d=yaml.safe_load(open(sys.argv[1])); assert "NCCL_SOCKET_IFNAME" not in d["services"]["trainer"]["environment"]' "$tmp/compose.yaml" \
    || fail "r08: the fixed compose file: $(cat "$tmp/compose.yaml")"
  run lint --json "$tmp/compose.yaml"
  clean_of lint.env.ifname-loopback || fail "r08: after the fix: $(cat "$tmp/out")"
  # r09: `value: 3.0` -> `value: "3"` (what NCCL reads), a string for PyYAML
  printf 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n    - name: c\n      image: i\n      env:\n        - name: NCCL_NSOCKS_PERTHREAD\n          value: 3.0\n' >"$tmp/pod.yaml"
  run lint --fix "$tmp/pod.yaml"
  $py -c 'import yaml,sys; d=yaml.safe_load(open(sys.argv[1])); assert d["spec"]["containers"][0]["env"][0]["value"] == "3", d' "$tmp/pod.yaml" \
    || fail "r09: $(cat "$tmp/pod.yaml")"
  run lint --json "$tmp/pod.yaml"
  clean_of lint.k8s.env-value-not-string || fail "r09: after the fix: $(cat "$tmp/out")"
  ;;
stranger8)
  # The eighth stranger's cases (fix-2026-12-05e), as written, the printed fixes applied.
  cases=$(dirname "$0")/../../data/stranger/fix-2026-12-05e/cases
  # p09: compose map form; the fix is a compose map entry with the address trainer0 gives rank 0
  cp "$cases/p09_compose_localhost.yml" "$tmp/compose.yml"
  run lint --json "$tmp/compose.yml"
  fixed=$(fix_of lint.launch.master-addr-localhost 19) || fail "p09: no finding at line 19: $(cat "$tmp/out")"
  [ "$fixed" = "MASTER_ADDR: 10.0.3.21" ] || fail "p09: the fix [$fixed]"
  grep -q 'pod' "$tmp/out" && fail "p09: a compose finding speaks of pods: $(cat "$tmp/out")"
  replace_line "$tmp/compose.yml" 19 "      $fixed"
  $py -c 'import yaml,sys; e=yaml.safe_load(open(sys.argv[1]))["services"]["trainer1"]["environment"]; assert e["MASTER_ADDR"] == "10.0.3.21", e' "$tmp/compose.yml" \
    || fail "p09: the fixed compose file: $(cat "$tmp/compose.yml")"
  run lint --json "$tmp/compose.yml"
  clean_of lint.launch.master-addr-localhost || fail "p09: after the fix: $(cat "$tmp/out")"
  # the list form, and no address elsewhere in the file: RANK0_HOST with a YAML comment
  sed -e 's/^      MASTER_ADDR: localhost$/      - MASTER_ADDR=localhost/' -e 's/^      MASTER_PORT: "29500"$/      - MASTER_PORT=29500/' \
      -e 's/^      NCCL_SOCKET_IFNAME: eth0$/      - NCCL_SOCKET_IFNAME=eth0/' -e 's/10\.0\.3\.21/$${HEAD}/g' \
      "$cases/p09_compose_localhost.yml" >"$tmp/list.yml"
  run lint --json "$tmp/list.yml"
  fixed=$(fix_of lint.launch.master-addr-localhost 19) || fail "p09 list: no finding at line 19: $(cat "$tmp/out")"
  case $fixed in "- MASTER_ADDR=RANK0_HOST  # RANK0_HOST: the rank-0 container's"*) ;; *) fail "p09 list: the fix [$fixed]" ;; esac
  replace_line "$tmp/list.yml" 19 "      $fixed"
  $py -c 'import yaml,sys; e=yaml.safe_load(open(sys.argv[1]))["services"]["trainer1"]["environment"]; assert "MASTER_ADDR=RANK0_HOST" in e and len(e) == 3, e' "$tmp/list.yml" \
    || fail "p09 list: the fixed compose file: $(cat "$tmp/list.yml")"
  run lint --json "$tmp/list.yml"
  clean_of lint.launch.master-addr-localhost || fail "p09 list: after the fix: $(cat "$tmp/out")"
  # c08: Kubeflow's gloo mnist PyTorchJob: no shm warning (no GPUs, no DataLoader workers), no NCCL sentence
  run lint --json "$cases/c08_pytorchjob_clean.yaml"
  $py - "$tmp/out" <<'PY' || fail "c08: $(cat "$tmp/out")"
import json, sys
fs = json.load(open(sys.argv[1]))["findings"]
assert not [f for f in fs if f["severity"] != "info"], fs
assert not [f for f in fs if "NCCL" in json.dumps(f)], fs
PY
  # p26: one `python train.py` per pod with --workers=16: warned for the DataLoader workers, no processes claimed
  run lint --json "$cases/p26_pytorchjob_no_shm.yaml"
  $py - "$tmp/out" <<'PY' || fail "p26: $(cat "$tmp/out")"
import json, sys
fs = [f for f in json.load(open(sys.argv[1]))["findings"] if f["id"] == "lint.k8s.no-shm-volume"]
assert len(fs) == 2, fs
for f in fs:
    assert "processes" not in f["title"] and "--workers=16;" in f["title"], f["title"]
PY
  # c12: a valid TF_CONFIG whose own host does not resolve on this machine: no error (the other
  # nodes' resolvers are not seen), and the printed check, run here, agrees with what was reported
  tfc=$(sed -n 's/^TF_CONFIG=//p' "$cases/c12_env_tfconfig_clean.vars")
  env -i PATH=/usr/bin:/bin TF_CONFIG="$tfc" "$dd" env --json >"$tmp/out" 2>"$tmp/err"; rc=$?
  [ $rc = 0 ] || fail "c12: env exit $rc: $(cat "$tmp/out" "$tmp/err")"
  check=$($py - "$tmp/out" <<'PY'
import json, re, sys
fs = [f for f in json.load(open(sys.argv[1]))["findings"] if f["id"] == "tf-config.own-address-unresolvable"]
assert all(f["severity"] == "warning" and "on this machine" in f["title"] for f in fs), fs
if fs:
    print(re.search(r"`(getent hosts [^`]*)`", fs[0]["fix"]["text"]).group(1))
PY
) || fail "c12: $(cat "$tmp/out")"
  host=tf-worker-0.example.net
  if getent hosts "$host" >/dev/null; then
    [ -z "$check" ] || fail "c12: $host resolves here, yet: $check"
  else
    [ "$check" = "getent hosts $host" ] || fail "c12: $host does not resolve here; printed check [$check]"
    $check >/dev/null && fail "c12: the printed check succeeds here: $check"
  fi
  ;;
stranger9)
  # The ninth stranger's cases (fix-2026-12-05f), as written, the printed fixes applied.
  cases=$(dirname "$0")/../../data/stranger/fix-2026-12-05f/cases
  # p09: a misspelt name in a Compose list item: the printed fix and the edit are list items, with no
  # quotes (Compose keeps them in the value) and no pod env entry
  cp "$cases/p09_compose_list.yml" "$tmp/list.yml"
  run lint --no-color "$tmp/list.yml"
  grep -qx '          - NCCL_SOCKET_IFNAME=ens5' "$tmp/out" || fail "p09: printed fix: $(cat "$tmp/out")"
  grep -q 'name: \|value: ' "$tmp/out" && fail "p09: a pod's env entry in a Compose file: $(cat "$tmp/out")"
  run lint --fix "$tmp/list.yml"
  grep -q '"' <(sed -n 10p "$tmp/list.yml") && fail "p09: quotes in the list item: $(sed -n 10p "$tmp/list.yml")"
  $py -c 'import yaml,sys; e=yaml.safe_load(open(sys.argv[1]))["services"]["rank0"]["environment"]; assert "NCCL_SOCKET_IFNAME=ens5" in e and not [x for x in e if x.startswith("NCCL_SOCKET_IF_NAME")], e' "$tmp/list.yml" \
    || fail "p09: the fixed file: $(cat "$tmp/list.yml")"
  run lint --json "$tmp/list.yml"
  clean_of env.unknown-name || fail "p09: after the fix: $(cat "$tmp/out")"
  # a list item whose value holds the quotes: said, and the edit removes them
  sed 's/- NCCL_SOCKET_IF_NAME=ens5/- NCCL_SOCKET_IFNAME="ens5"/' "$cases/p09_compose_list.yml" >"$tmp/quoted.yml"
  run lint --json "$tmp/quoted.yml"
  fix_of lint.env.ifname-whitespace 10 >/dev/null || fail "p09 quoted: not reported: $(cat "$tmp/out")"
  run lint --fix "$tmp/quoted.yml"
  $py -c 'import yaml,sys; e=yaml.safe_load(open(sys.argv[1]))["services"]["rank0"]["environment"]; assert "NCCL_SOCKET_IFNAME=ens5" in e, e' "$tmp/quoted.yml" \
    || fail "p09 quoted: the fixed file: $(cat "$tmp/quoted.yml")"
  run lint --json "$tmp/quoted.yml"
  clean_of lint.env.ifname-whitespace || fail "p09 quoted: after the fix: $(cat "$tmp/out")"
  # the map form: `NAME: "value"`, and a host name as MASTER_ADDR is a value (p34, c08)
  printf 'services:\n  trainer:\n    image: acme/ddp\n    environment:\n      NCCL_SOCKET_IF_NAME: ens5\n      WORLD_SIZE: "2"\n      MASTER_ADDR: worker0\n' >"$tmp/map.yml"
  run lint --no-color "$tmp/map.yml"
  grep -qx '          NCCL_SOCKET_IFNAME: "ens5"' "$tmp/out" || fail "map: printed fix: $(cat "$tmp/out")"
  grep -q 'master-addr.missing' "$tmp/out" && fail "map: MASTER_ADDR: worker0 called missing: $(cat "$tmp/out")"
  run lint --fix "$tmp/map.yml"
  $py -c 'import yaml,sys; e=yaml.safe_load(open(sys.argv[1]))["services"]["trainer"]["environment"]; assert e.get("NCCL_SOCKET_IFNAME") == "ens5" and "NCCL_SOCKET_IF_NAME" not in e, e' "$tmp/map.yml" \
    || fail "map: the fixed file: $(cat "$tmp/map.yml")"
  run lint --json "$tmp/map.yml"
  clean_of env.unknown-name || fail "map: after the fix: $(cat "$tmp/out")"
  for c in c08_compose_2svc.yml p34_compose_pod_value.yml; do
    run lint --json "$cases/$c"
    $py -c 'import json,sys; sys.exit(any(f["id"] == "env.master-addr.missing" for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out" \
      || fail "$c: MASTER_ADDR set by name, called missing: $(cat "$tmp/out")"
  done
  # still said where MASTER_ADDR is really missing, with a fix that is no shell line in a YAML file
  printf 'services:\n  rank1:\n    image: acme/ddp\n    environment:\n      - RANK=1\n      - WORLD_SIZE=2\n' >"$tmp/none.yml"
  run lint --json "$tmp/none.yml"
  fixed=$(fix_of env.master-addr.missing 6) || fail "missing: not reported: $(cat "$tmp/out")"
  case $fixed in *export*) fail "missing: a shell line in a YAML file: $fixed" ;; esac
  # p35: TF_CONFIG task type "workers": the corrected TF_CONFIG names one task, so no format for
  # every node writes it, slurm/torchrun write no torchrun launch, tf writes one per task
  tfc=$(sed -n 's/^TF_CONFIG=//p' "$cases/p35_tfconfig_type.vars")
  for fmt in sh dockerfile k8s slurm torchrun; do
    env -i PATH=/usr/bin:/bin TF_CONFIG="$tfc" "$dd" env --export-format $fmt >"$tmp/fmt" 2>"$tmp/err"
    grep -v '^ *#' "$tmp/fmt" | grep -q 'TF_CONFIG' && fail "p35 $fmt: one TF_CONFIG for all: $(cat "$tmp/fmt")"
    grep -v '^ *#' "$tmp/fmt" | grep -q 'torchrun' && fail "p35 $fmt: a torchrun launch for TensorFlow: $(cat "$tmp/fmt")"
    grep -q -- '--export-format tf' "$tmp/fmt" || fail "p35 $fmt: no pointer to the tf format: $(cat "$tmp/fmt")"
    case $fmt in sh|slurm|torchrun) bash -n "$tmp/fmt" || fail "p35 $fmt: bash -n" ;; esac
  done
  env -i PATH=/usr/bin:/bin TF_CONFIG="$tfc" "$dd" env --export-format tf >"$tmp/tf.json" 2>"$tmp/err"
  $py - "$tmp/tf.json" >"$tmp/tasks" <<'PY' || fail "p35 tf: $(cat "$tmp/tf.json")"
import json, sys
doc = json.load(open(sys.argv[1]))
assert "TF_CONFIG" not in doc["env"], doc["env"]
tasks = sorted((json.loads(v)["task"]["type"], json.loads(v)["task"]["index"]) for v in doc["tf_config"].values())
assert tasks == [("chief", 0), ("worker", 0), ("worker", 1)], tasks
for v in doc["tf_config"].values():
    print(v)
PY
  while IFS= read -r one; do  # each task's TF_CONFIG applied: no TF_CONFIG finding left
    env -i PATH=/usr/bin:/bin TF_CONFIG="$one" "$dd" env --json >"$tmp/out" 2>"$tmp/err"
    $py -c 'import json,sys; sys.exit(any(f["id"].startswith("tf-config.task") for f in json.load(open(sys.argv[1]))["findings"]))' "$tmp/out" \
      || fail "p35 tf: $one: $(cat "$tmp/out")"
  done <"$tmp/tasks"
  # env --export: this node's own task, said so; applied, the type finding is gone
  env -i PATH=/usr/bin:/bin TF_CONFIG="$tfc" "$dd" env --export >"$tmp/export.sh" 2>"$tmp/err"
  grep -q "this node's own task" "$tmp/export.sh" || fail "p35 --export: $(cat "$tmp/export.sh")"
  env -i PATH=/usr/bin:/bin TF_CONFIG="$tfc" bash -c '. "$1"; "$2" env --json' _ "$tmp/export.sh" "$dd" >"$tmp/out" 2>"$tmp/err"
  clean_of tf-config.task-type-invalid tf-config.own-address-unresolvable || fail "p35 --export applied: $(cat "$tmp/out")"
  # p37: a CRLF .env sourced: MASTER_ADDR with its CR is said, NCCL_SOCKET_IFNAME has one fix
  iface=$(ip -o -4 addr show scope global 2>/dev/null | awk '{print $2; exit}')
  printf '# written in Notepad\r\nMASTER_ADDR=10.4.0.2\r\nMASTER_PORT=29500\r\nNCCL_SOCKET_IFNAME=%s\r\nWORLD_SIZE=2\r\n' "${iface:-eth0}" >"$tmp/crlf.env"
  sourced() { env -i PATH=/usr/bin:/bin bash -c 'set -a; . "$1"; set +a; shift; "$@"' _ "$tmp/crlf.env" "$@"; }
  sourced "$dd" env --json >"$tmp/out" 2>"$tmp/err"
  $py - "$tmp/out" <<'PY' || fail "p37: $(cat "$tmp/out")"
import json, sys
fs = json.load(open(sys.argv[1]))["findings"]
m = [f for f in fs if f["id"] == "env.master-addr.unresolvable"]
assert m and m[0]["fix"]["env"] == {"MASTER_ADDR": "10.4.0.2"}, fs
values = {f["fix"]["env"]["NCCL_SOCKET_IFNAME"] for f in fs if "NCCL_SOCKET_IFNAME" in f["fix"].get("env", {})}
assert len(values) <= 1, values
PY
  sourced bash -c 'eval "$("$1" env --export)" && "$1" env --json' _ "$dd" >"$tmp/out" 2>"$tmp/err"
  $py - "$tmp/out" "${iface:-}" <<'PY' || fail "p37 applied: $(cat "$tmp/out")"
import json, sys
fs = json.load(open(sys.argv[1]))["findings"]
assert not [f for f in fs if f["id"].startswith("env.master-addr")], fs
if sys.argv[2]:  # an interface with an address here: the repaired value selects it
    assert not [f for f in fs if f["severity"] == "error"], fs
PY
  ;;
stranger10)
  # The tenth stranger's cases (fix-2026-12-05g), as written. Every case's edits applied by
  # `lint --fix`, the result parsed by its real consumer and linted again; then the prose fixes that
  # broke or did not fix the job: c02 run as a two-rank Gloo job, c11 run by python3 with a stand-in
  # tensorflow that reads TF_CONFIG when the strategy is built, c14's export applied and checked.
  cases=$(realpath "$(dirname "$0")/../../data/stranger/fix-2026-12-05g/cases")
  dd=$(realpath "$dd")
  pids=()
  trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT
  mkdir "$tmp/all"
  cp "$cases"/c* "$tmp/all/"
  n=0
  for group in $(ls "$tmp/all" | grep -v '\.envvars$' | cut -d_ -f1 | sort -u); do
    files=$(cd "$tmp/all" && ls ${group}_*)
    opts=()
    case $group in c19 | c40) opts=(--platform windows) ;; esac
    (cd "$tmp/all" && "$dd" lint --json "${opts[@]}" $files) >"$tmp/out" 2>"$tmp/err"
    $py - "$tmp/out" >"$tmp/before" <<'PY'
import json, sys
fs = json.load(open(sys.argv[1]))["findings"]
print(" ".join(sorted({f["id"] for f in fs if f.get("edits")})))
print(" ".join(sorted({f["id"] for f in fs if f["severity"] == "error"})))
PY
    edited=$(sed -n 1p "$tmp/before") before=$(sed -n 2p "$tmp/before")
    [ -n "$edited" ] || continue
    (cd "$tmp/all" && "$dd" lint --fix "${opts[@]}" $files) >"$tmp/fixout" 2>&1
    for f in $files; do
      p="$tmp/all/$f"
      case $f in
      *.py) $py -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' "$p" || fail "$f: python3 rejects the fixed file: $(cat "$p")" ;;
      *.sh | *.sbatch | *.env) bash -n "$p" || fail "$f: bash -n rejects the fixed file: $(cat "$p")" ;;
      *.yml | *.yaml) $py -c 'import yaml,sys; list(yaml.safe_load_all(open(sys.argv[1])))' "$p" || fail "$f: PyYAML rejects the fixed file: $(cat "$p")" ;;
      esac
      grep -q $'\r' "$p" && fail "$f: a CR left after the fix"
    done
    (cd "$tmp/all" && "$dd" lint --json "${opts[@]}" $files) >"$tmp/out" 2>"$tmp/err"
    $py - "$tmp/out" "$edited" "$before" <<'PY' || fail "$group after --fix ($(cat "$tmp/fixout")): $(cat "$tmp/out")"
import json, sys
fs = json.load(open(sys.argv[1]))["findings"]
edited, before = set(sys.argv[2].split()), set(sys.argv[3].split())
left = [f["id"] for f in fs if f["id"] in edited]
new = [f["id"] for f in fs if f["severity"] == "error" and f["id"] not in before]
assert not left and not new, (left, new)
PY
    n=$((n + 1))
  done
  [ "$n" -ge 15 ] || fail "only $n cases had edits to apply"
  echo "stranger10: $n cases' edits applied, parsed and linted again"

  # c02: the edit carries `correct, total = evaluate(...)` out of the rank branch with both
  # all_reduce calls. The fixed file, on CPU (gloo, no CUDA), runs as two ranks.
  grep -q '^        correct, total = evaluate(model, loader, device)$' "$tmp/all/c02_eval_rank0_allreduce.py" ||
    fail "c02: the fixed file: $(cat "$tmp/all/c02_eval_rank0_allreduce.py")"
  sed -e 's/backend="nccl"/backend="gloo"/' -e '/torch.cuda.set_device/d' \
    -e 's/torch.device("cuda", local_rank)/torch.device("cpu")/' -e 's/, device_ids=\[local_rank\]//' \
    "$tmp/all/c02_eval_rank0_allreduce.py" >"$tmp/c02.py"
  port=$($py -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  rank() {
    env -i PATH=/usr/bin:/bin GLOO_SOCKET_IFNAME=lo MASTER_ADDR=127.0.0.1 MASTER_PORT="$port" WORLD_SIZE=2 \
      RANK=$1 LOCAL_RANK=$1 timeout 120 $py "$tmp/c02.py" --epochs 2 2>&1
  }
  rank 1 >"$tmp/rank1" &
  pids+=($!)
  got=$(rank 0)
  rc0=$?
  wait "${pids[0]}"
  rc1=$?
  [ $rc0 = 0 ] && [ $rc1 = 0 ] && grep -q '^epoch 1: acc=' <<<"$got" ||
    fail "c02: the fixed job: rank 0 ($rc0): $got; rank 1 ($rc1): $(cat "$tmp/rank1")"
  grep -q 'epoch' "$tmp/rank1" && fail "c02: rank 1 printed: $(cat "$tmp/rank1")"

  # c15: the script sets NODE_RANK from its argument and NNODES = 2: the edit (env://) applied, then
  # run as its printed launch line says, MASTER_ADDR and MASTER_PORT set, the argument kept: two
  # "nodes" of two spawned ranks each on this machine.
  grep -q 'init_method="env://",  # mp.spawn (line 28) .* python c15_spawn_tcp_localhost.py <the arguments it takes now>$' \
    "$tmp/all/c15_spawn_tcp_localhost.py" || fail "c15: the fixed file: $(cat "$tmp/all/c15_spawn_tcp_localhost.py")"
  port=$($py -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  for node in 0 1; do
    env -i PATH=/usr/bin:/bin GLOO_SOCKET_IFNAME=lo MASTER_ADDR=127.0.0.1 MASTER_PORT="$port" \
      timeout 120 $py "$tmp/all/c15_spawn_tcp_localhost.py" $node >"$tmp/c15.$node" 2>&1 &
    pids+=($!)
  done
  wait "${pids[-2]}" && wait "${pids[-1]}" || fail "c15: the fixed job failed: $(cat "$tmp"/c15.[01])"
  [ "$(cat "$tmp"/c15.[01] | grep -c 'sum=6.0$')" = 4 ] || fail "c15: not 4 ranks summing 6: $(cat "$tmp"/c15.[01])"

  # c11: TF_CONFIG set after the strategy reads worker_index (line 9); the fix moves that line too.
  cp "$cases/c11_tf_config_after_strategy.py" "$tmp/c11.py"
  run lint --json "$tmp/c11.py"
  fixed=$(fix_of lint.tf.tf-config-after-strategy 10) || fail "c11: not found: $(cat "$tmp/out")"
  $py - "$tmp/c11.py" "$fixed" <<'PY' || fail "c11: the fix cannot be applied as said: $fixed"
import ast, re, sys
path, fix = sys.argv[1], sys.argv[2]
src = open(path).read().split("\n")
tree = ast.parse("\n".join(src))
anchor = int(re.search(r"move above line (\d+)", fix).group(1))
with_it = re.search(r"and lines? ([\d, ]+) with it", fix)
starts = [int(x) for x in with_it.group(1).split(",")] if with_it else []
starts.append(10)  # the statement of the finding comes last
spans = [(s.lineno, s.end_lineno) for s in tree.body if s.lineno in starts]
assert len(spans) == len(starts), (spans, starts)
moved = [l for a, b in spans for l in src[a - 1:b]]
keep = [l for i, l in enumerate(src, 1) if not any(a <= i <= b for a, b in spans)]
at = sum(1 for i in range(1, anchor) if not any(a <= i <= b for a, b in spans))
open(path, "w").write("\n".join(keep[:at] + moved + keep[at:]))
PY
  mkdir -p "$tmp/tfstub/tensorflow"
  cat >"$tmp/tfstub/tensorflow/__init__.py" <<'PY'
import json, os
class _Any:
    def __getattr__(self, name): return _Any()
    def __call__(self, *a, **k): return _Any()
    def __enter__(self): return self
    def __exit__(self, *a): return False
    def __mul__(self, other): return _Any()
    __rmul__ = __mul__
class _Distribute(_Any):
    def MultiWorkerMirroredStrategy(self, *a, **k):
        task = json.loads(os.environ["TF_CONFIG"])["task"]
        print("strategy built for", task["type"], task["index"])
        return _Any()
distribute = _Distribute()
def __getattr__(name): return _Any()
PY
  got=$(env -i PATH=/usr/bin:/bin PYTHONPATH="$tmp/tfstub" timeout 60 $py "$tmp/c11.py" 1 2>&1) ||
    fail "c11: the fixed script: $got; $(cat "$tmp/c11.py")"
  [ "$got" = "strategy built for worker 1" ] || fail "c11: the strategy saw: $got"
  run lint --json "$tmp/c11.py"
  clean_of lint.tf.tf-config-after-strategy || fail "c11: after the fix: $(cat "$tmp/out")"

  # c14: cluster job "workers": one finding, whose fix renames the job; renamed, no TF_CONFIG error.
  tfc=$(sed -n 's/^TF_CONFIG=//p' "$cases/c14_tfconfig_workers_key.envvars")
  env -i PATH=/usr/bin:/bin TF_CONFIG="$tfc" "$dd" env --json >"$tmp/out" 2>"$tmp/err"
  $py - "$tmp/out" <<'PY' || fail "c14: $(cat "$tmp/out")"
import json, sys
fs = [f for f in json.load(open(sys.argv[1]))["findings"] if f["id"].startswith("tf-config.")]
assert len(fs) == 1 and 'rename the job "workers" to "worker" in cluster' in fs[0]["fix"]["text"], fs
PY
  renamed=$($py -c 'import json,sys; d=json.loads(sys.argv[1]); d["cluster"]["worker"]=d["cluster"].pop("workers"); print(json.dumps(d))' "$tfc")
  env -i PATH=/usr/bin:/bin TF_CONFIG="$renamed" "$dd" env --json >"$tmp/out" 2>"$tmp/err"
  $py - "$tmp/out" <<'PY' || fail "c14 renamed: $(cat "$tmp/out")"
import json, sys
fs = json.load(open(sys.argv[1]))["findings"]
bad = [f["id"] for f in fs if f["id"].startswith("tf-config.") and f["severity"] == "error" and f["id"] != "tf-config.own-address-unresolvable"]
assert not bad, bad
PY
  for fmt in sh tf; do  # every format still parses
    env -i PATH=/usr/bin:/bin TF_CONFIG="$tfc" "$dd" env --export-format $fmt >"$tmp/fmt" 2>"$tmp/err"
    case $fmt in sh) bash -n "$tmp/fmt" || fail "c14 sh: $(cat "$tmp/fmt")" ;; tf) $py -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/fmt" || fail "c14 tf: $(cat "$tmp/fmt")" ;; esac
    grep -v '^ *#' "$tmp/fmt" | grep -q '"workers"' && fail "c14 $fmt: the misspelt job written: $(cat "$tmp/fmt")"
  done
  ;;
*) fail "unknown case" ;;
esac
echo "ok [$case]"
