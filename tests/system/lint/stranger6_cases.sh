#!/bin/bash
# Issue 27: the sixth stranger's leftovers (tests/data/stranger/fix-2026-12-05c, REPORT.md "Doubtful"
# and the export forms). Each case takes the stranger's input (cases/) or one written the same way,
# applies the printed fix as a user does (`lint --fix`, the printed line pasted, the export read by
# bash/PyYAML/json), runs the result through its real consumer (stand-in tensorflow that counts the
# examples of an epoch, a two-rank torch Gloo job with /usr/bin/python3, a stub docker that prints
# its argv, bash sourcing a .env file) and runs distdoctor again.
# Usage: stranger6_cases.sh DISTDOCTOR SOURCE_DIR CASE
set -u
dd=$(realpath "$1") src=$(realpath "$2") case=$3
py=/usr/bin/python3
cases=$src/tests/data/stranger/fix-2026-12-05c/cases
tmp=$(mktemp -d /tmp/dd-stranger6.$$.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT  # a killed run (Ctrl-C, timeout -s TERM) leaves no folder: exit runs the EXIT trap
trap 'exit 143' TERM
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

. "$(dirname "$0")/stranger_lib.sh"

# finding_field ID FIELD: FIELD (severity, title) of finding ID in $tmp/out
finding_field() {
  $py - "$tmp/out" "$1" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
print(next(f for f in doc["findings"] if f["id"] == sys.argv[2])[sys.argv[3]])
PY
}

case $case in
hold)
  # for system.fix.stranger-killed-cleanup: print the folder, then wait to be killed
  echo "$tmp"
  sleep 60
  ;;
f-steps)
  # r15: --unsafe-fixes scales the batch by the replicas; steps_per_epoch = NUM_EXAMPLES // BATCH_SIZE
  # on a later line then asked for replicas x too many steps. A stand-in tensorflow (4 replicas)
  # prints the examples one epoch reads: steps_per_epoch x the batch.
  cp "$cases/r15_keras_batch_steps.py" "$tmp/train.py"
  mkdir -p "$tmp/stub/tensorflow"
  cat >"$tmp/stub/tensorflow/__init__.py" <<'PY'
import contextlib, types

class _Strategy:
    num_replicas_in_sync = 4
    def scope(self):
        return contextlib.nullcontext()

class _Dataset:
    batch_size = None
    @staticmethod
    def from_tensor_slices(t):
        return _Dataset()
    def batch(self, n):
        _Dataset.batch_size = n
        return self
    def __getattr__(self, name):  # cache, shuffle, repeat, prefetch: the order is another rule's
        return lambda *a, **k: self

class _Model:
    def __init__(self, *a, **k):
        pass
    def compile(self, *a, **k):
        pass
    def fit(self, ds, epochs, steps_per_epoch):
        print("examples per epoch:", steps_per_epoch * _Dataset.batch_size)

class _Array:
    def reshape(self, *a):
        return self
    def astype(self, *a):
        return self
    def __truediv__(self, x):
        return self

distribute = types.SimpleNamespace(MultiWorkerMirroredStrategy=_Strategy, MirroredStrategy=_Strategy)
data = types.SimpleNamespace(Dataset=_Dataset, AUTOTUNE=-1)
keras = types.SimpleNamespace(
    Sequential=_Model, Input=lambda **k: None,
    layers=types.SimpleNamespace(Dense=lambda *a, **k: None),
    losses=types.SimpleNamespace(SparseCategoricalCrossentropy=lambda **k: None),
    datasets=types.SimpleNamespace(mnist=types.SimpleNamespace(load_data=lambda: ((_Array(), _Array()), None))))
PY
  epoch() { env -i PYTHONPATH="$tmp/stub" $py "$tmp/train.py" 2>&1; }
  [ "$(epoch)" = "examples per epoch: 59904" ] || fail "before the fix: $(epoch)"
  run lint --json --unsafe-fixes "$tmp/train.py"
  has lint.tf.batch-not-scaled || fail "not found: $(cat "$tmp/out")"
  $py - "$tmp/out" <<'PY' || fail "edits: $(cat "$tmp/out")"
import json, sys
f = next(f for f in json.load(open(sys.argv[1]))["findings"] if f["id"] == "lint.tf.batch-not-scaled")
lines = sorted(e["line"] for e in f["edits"])
assert lines == [13, 21], lines
assert "the edit divides it by the scaled batch too" in f["title"], f["title"]
assert "steps_per_epoch=NUM_EXAMPLES // (BATCH_SIZE * strategy.num_replicas_in_sync)" in f["fix"]["text"], f["fix"]["text"]
PY
  before=$(errors | grep -vx lint.tf.batch-not-scaled)
  run lint --fix --unsafe-fixes "$tmp/train.py"
  grep -q "fixed .*train.py:13 .*lint.tf.batch-not-scaled" "$tmp/err" || fail "--fix: $(cat "$tmp/err")"
  grep -qF 'model.fit(make_dataset(), epochs=5, steps_per_epoch=NUM_EXAMPLES // (BATCH_SIZE * strategy.num_replicas_in_sync))' \
    "$tmp/train.py" || fail "line 21: $(sed -n 21p "$tmp/train.py")"
  names "$tmp/train.py"
  relint "$tmp/train.py" lint.tf.batch-not-scaled "$before"
  # one epoch reads the examples it read before (60000 // 512 steps of 512), not 4 times as many
  [ "$(epoch)" = "examples per epoch: 59904" ] || fail "after the fix: $(epoch)"
  # without --unsafe-fixes nothing is edited and the title says what scaling alone would do
  cp "$cases/r15_keras_batch_steps.py" "$tmp/plain.py"
  run lint --json "$tmp/plain.py"
  finding_field lint.tf.batch-not-scaled title | grep -qF "line 21 divides by the unscaled BATCH_SIZE" ||
    fail "title without --unsafe-fixes: $(cat "$tmp/out")"
  ;;
f-env-init)
  # r26: init_method="tcp://127.0.0.1:23456" in a multi-node script; the fix is env://, which reads
  # MASTER_ADDR and MASTER_PORT from every rank's environment, and this script sets neither.
  run lint --json "$cases/r26_init_method_loopback.py"
  fix=$(fix_text lint.torch.master-addr-localhost)
  grep -qF 'init_method="env://",  # env:// reads MASTER_ADDR, MASTER_PORT' <<<"$fix" &&
    grep -qF 'MASTER_PORT=23456' <<<"$fix" || fail "printed fix: $fix"
  # The same script on CPU (gloo, a tensor all-reduced), the printed line pasted over line 17.
  sed -e 's/backend="nccl"/backend="gloo"/' -e '/torch.cuda.set_device/d' "$cases/r26_init_method_loopback.py" >"$tmp/train.py"
  printf 't = torch.ones(1) * (rank + 1)\ndist.all_reduce(t)\nprint("rank", rank, "sum", int(t.item()))\ndist.destroy_process_group()\n' >>"$tmp/train.py"
  run lint --json "$tmp/train.py"
  before=$(errors | grep -vx lint.torch.master-addr-localhost)
  fix=$(fix_text lint.torch.master-addr-localhost)
  $py - "$tmp/train.py" "$fix" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
assert "tcp://127.0.0.1:23456" in lines[16], lines[16]
lines[16] = "    " + sys.argv[2]
open(sys.argv[1], "w").write("\n".join(lines))
PY
  names "$tmp/train.py"
  relint "$tmp/train.py" lint.torch.master-addr-localhost "$before"
  # Two ranks, as two nodes with one process each. Without the variables env:// names, torch says so.
  rank() {
    env -i PATH=/usr/bin:/bin GLOO_SOCKET_IFNAME=lo NODE_RANK=$1 LOCAL_RANK=0 "${@:2}" timeout 60 $py "$tmp/train.py" --nnodes 2 --gpus 1 2>&1
  }
  got=$(rank 0)
  grep -q "MASTER_ADDR expected, but not set" <<<"$got" || fail "without MASTER_ADDR: $got"
  port=$($py -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  rank 1 MASTER_ADDR=127.0.0.1 MASTER_PORT="$port" >"$tmp/rank1" &
  pids+=($!)
  got=$(rank 0 MASTER_ADDR=127.0.0.1 MASTER_PORT="$port")
  wait "${pids[0]}"
  grep -qx "rank 0 sum 3" <<<"$got" && grep -qx "rank 1 sum 3" "$tmp/rank1" ||
    fail "the fixed job with the variables set: rank 0: $got; rank 1: $(cat "$tmp/rank1")"
  ;;
f-ipc-shm)
  # r22: docker run --shm-size=256m: the fix replaces it with --ipc=host (Docker ignores the size
  # with --ipc=host, Podman refuses the pair). A stub docker prints the argv it gets.
  cp "$cases/r22_docker_small_shm.sh" "$tmp/run.sh"
  mkdir -p "$tmp/bin"
  printf '#!/bin/bash\nprintf "argv:%%s\\n" "$@"\n' >"$tmp/bin/docker"
  chmod +x "$tmp/bin/docker"
  roundtrip "$tmp/run.sh" lint.docker.small-shm
  bash -n "$tmp/run.sh" || fail "bash -n rejects the fixed file"
  got=$(env -i PATH="$tmp/bin:/usr/bin:/bin" bash "$tmp/run.sh")
  grep -qx 'argv:--ipc=host' <<<"$got" || fail "no --ipc=host: $got"
  grep -q 'shm-size' <<<"$got" && fail "--shm-size kept beside --ipc=host: $got"
  grep -qx 'argv:registry.local/ml/resnet:3.1' <<<"$got" && grep -qx 'argv:/data' <<<"$got" ||
    fail "the rest of the command changed: $got"
  # the two-word form on a continuation line
  printf 'docker run --rm --gpus all \\\n  --net=host --shm-size 512m \\\n  img:1 torchrun --standalone train.py\n' >"$tmp/two.sh"
  roundtrip "$tmp/two.sh" lint.docker.small-shm
  [ "$(sed -n 2p "$tmp/two.sh")" = '  --net=host --ipc=host \' ] || fail "two-word form: $(cat "$tmp/two.sh")"
  ;;
f-export-empty)
  # env --export-format with nothing to apply: one "nothing to change" line in every format (tf:
  # "nothing_to_change": true), the findings to act on by hand as comments, the exit code as always
  # (0 without an error finding, 1 with one). e05's LOCAL_RANK=4 is an error without a value to set.
  clean=(MASTER_ADDR=192.0.2.2 MASTER_PORT=29500 RANK=0 WORLD_SIZE=2 LOCAL_WORLD_SIZE=1 NCCL_DEBUG=WARN)
  # e05 without its NCCL_SOCKET_IFNAME: whether eth0 is here is this machine's question, not this case's
  mapfile -t e05 < <(grep -v '^NCCL_SOCKET_IFNAME=' "$cases/env/e05_local_rank.vars")
  for vars in clean e05; do
    if [ $vars = clean ]; then v=("${clean[@]}") want=0; else v=("${e05[@]}") want=1; fi
    for fmt in sh dockerfile k8s slurm torchrun tf; do
      env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent "${v[@]}" "$dd" env --export-format "$fmt" >"$tmp/out.$fmt"
      rc=$?
      [ "$rc" = "$want" ] || fail "$vars $fmt: exit $rc, want $want: $(cat "$tmp/out.$fmt")"
      case $fmt in
      tf)
        $py - "$tmp/out.$fmt" "$vars" <<'PY' || fail "$vars tf: $(cat "$tmp/out.$fmt")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["nothing_to_change"] is True and d["env"] == {} and d["tf_config"] == {}, d
assert bool(d["notes"]) == (sys.argv[2] == "e05"), d["notes"]
PY
        ;;
      *)
        head -n 1 "$tmp/out.$fmt" | grep -q '^# distdoctor: nothing to change: no finding has a value to set' ||
          fail "$vars $fmt: $(cat "$tmp/out.$fmt")"
        grep -v '^#' "$tmp/out.$fmt" | grep -q . && fail "$vars $fmt: more than comments: $(cat "$tmp/out.$fmt")"
        if [ $vars = e05 ]; then
          grep -q '^# env.local-rank.out-of-range: LOCAL_RANK=4' "$tmp/out.$fmt" || fail "e05 $fmt: the finding is not named"
        fi
        ;;
      esac
    done
    # the k8s form merges nothing (PyYAML: no document), the shell forms run as no-ops
    $py -c 'import sys, yaml; assert yaml.safe_load(open(sys.argv[1])) is None' "$tmp/out.k8s" || fail "$vars k8s is a document"
    got=$(env -i PATH=/usr/bin:/bin "${v[@]}" bash -c '. "$1"; env | grep -v "^_=" | sort' _ "$tmp/out.sh")
    [ "$got" = "$(env -i PATH=/usr/bin:/bin "${v[@]}" bash -c 'env | grep -v "^_=" | sort')" ] || fail "$vars sh changed the environment"
  done
  # something to apply still gives the template (the bad value's fix)
  env -i PATH=/usr/bin:/bin NCCL_CONF_FILE=/nonexistent NCCL_BUFFSIZE=4MB "$dd" env --export-format k8s >"$tmp/k8s"
  $py -c 'import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); assert {"name": "NCCL_BUFFSIZE", "value": "4194304"} in d["spec"]["containers"][0]["env"], d' "$tmp/k8s" ||
    fail "k8s with a fix: $(cat "$tmp/k8s")"
  ;;
f-crlf-env)
  # A .env file saved with CRLF and sourced by the launch script: the value keeps its \r. Docker's
  # own readers drop it (Go's bufio.ScanLines), so a CRLF Dockerfile is not reported.
  printf '%s\r\n' '# cluster settings (edited on Windows)' 'NCCL_SOCKET_IFNAME=eth0' 'NCCL_DEBUG=WARN' >"$tmp/cluster.env"
  value() { env -i bash -c 'set -a; . "$1"; printf "%q" "$NCCL_SOCKET_IFNAME"' _ "$tmp/cluster.env"; }
  [ "$(value)" = "\$'eth0\\r'" ] || fail "bash should keep the CR: $(value)"
  run lint --json "$tmp/cluster.env"
  has lint.shell.crlf-line-endings || fail "not found: $(cat "$tmp/out")"
  [ "$(finding_field lint.shell.crlf-line-endings severity)" = warning ] || fail "severity: $(cat "$tmp/out")"
  finding_field lint.shell.crlf-line-endings title | grep -qF 'a shell that sources this file' || fail "title: $(cat "$tmp/out")"
  roundtrip "$tmp/cluster.env" lint.shell.crlf-line-endings
  [ "$(value)" = eth0 ] || fail "after the fix: $(value)"
  # A Dockerfile with CRLF: no such finding, and the same findings as the LF copy.
  printf '%s\r\n' 'FROM nvcr.io/nvidia/pytorch:24.01-py3' 'ENV NCCL_SOCKET_IFNAME=lo' 'ENV NCCL_NSOCKS_PERTHREAD=3.0' \
    'CMD ["torchrun", "--nnodes=2", "--nproc_per_node=8", "train.py"]' >"$tmp/Dockerfile"
  mkdir "$tmp/lf" && tr -d '\r' <"$tmp/Dockerfile" >"$tmp/lf/Dockerfile"
  "$dd" lint --json "$tmp/Dockerfile" >"$tmp/crlf.json"
  "$dd" lint --json "$tmp/lf/Dockerfile" >"$tmp/lf.json"
  pick='import json, sys; print(sorted((f["id"], f["location"]["line"]) for f in json.load(open(sys.argv[1]))["findings"]))'
  crlf=$($py -c "$pick" "$tmp/crlf.json") lf=$($py -c "$pick" "$tmp/lf.json")
  [ "$crlf" = "$lf" ] || fail "CRLF Dockerfile: $crlf; LF: $lf"
  grep -q crlf-line-endings "$tmp/crlf.json" && fail "a CRLF Dockerfile reported: $crlf"
  [ "$lf" != "[]" ] || fail "the Dockerfile's planted mistakes were not found"
  ;;
f-windows-mirrored)
  # r29: MirroredStrategy without cross_device_ops on Windows: TF 2.x falls back to
  # ReductionToOneDevice, the job runs: a warning (exit 0), the edit applied, the file parses.
  cp "$cases/r29_windows_mirrored.py" "$tmp/train.py"
  run lint --json "$tmp/train.py"
  [ "$rc" = 0 ] || fail "exit $rc, want 0: $(cat "$tmp/out")"
  [ "$(finding_field lint.tf.mirrored-windows-no-cross-device-ops severity)" = warning ] || fail "severity: $(cat "$tmp/out")"
  t=$(finding_field lint.tf.mirrored-windows-no-cross-device-ops title)
  grep -qF 'ReductionToOneDevice' <<<"$t" && grep -qF 'the job runs' <<<"$t" || fail "title: $t"
  grep -qiE 'hang|raises' <<<"$t" && fail "title claims a failure: $t"
  roundtrip "$tmp/train.py" lint.tf.mirrored-windows-no-cross-device-ops
  names "$tmp/train.py"
  run lint --json --platform windows "$tmp/train.py"
  has lint.tf.mirrored-windows-no-cross-device-ops && fail "still reported with --platform windows"
  # an explicit NcclAllReduce on Windows has no kernel to run: still an error with --platform windows
  printf 'import tensorflow as tf\n\nstrategy = tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.NcclAllReduce())\n' >"$tmp/nccl.py"
  run lint --json --platform windows "$tmp/nccl.py"
  [ "$rc" = 1 ] && [ "$(finding_field lint.tf.mirrored-windows-no-cross-device-ops severity)" = error ] ||
    fail "explicit NcclAllReduce: exit $rc $(cat "$tmp/out")"
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok [$case]"
