#!/bin/bash
# One `distdoctor lint` system case. Usage: lint_cases.sh DISTDOCTOR DATA_DIR CASE
set -u
dd=$1 data=$2 case=$3
py=/usr/bin/python3
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-lint
fail() { echo "FAIL [$case]: $*" >&2; exit 1; }

# run ARGS...: stdout -> $tmp/out, stderr -> $tmp/err, exit code -> $rc
run() { "$dd" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

# has_finding ID LINE: the --json output in $tmp/out has ID at LINE
has_finding() {
  $py - "$tmp/out" "$1" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
hits = [f for f in doc["findings"] if f["id"] == sys.argv[2] and f["location"]["line"] == int(sys.argv[3])]
sys.exit(0 if hits else 1)
PY
}

case $case in
windows)
  # The seeds' MirroredStrategy without cross_device_ops: a warning with --platform windows (TF 2.x falls
  # back to ReductionToOneDevice, the job runs), exit 0 unless --fail-on warning; the fixed forms are clean.
  for f in mirrored_windows mirrored_devices_windows; do
    run lint --json --platform windows "$data/rules/$f.py"
    [ "$rc" = 0 ] || fail "$f.py: exit $rc, want 0 (a warning)"
    line=$([ $f = mirrored_windows ] && echo 3 || echo 4)
    has_finding lint.tf.mirrored-windows-no-cross-device-ops "$line" || fail "$f.py: no finding at line $line: $(cat "$tmp/out")"
    run lint --json --platform windows --fail-on warning "$data/rules/$f.py"
    [ "$rc" = 1 ] || fail "$f.py --fail-on warning: exit $rc, want 1"
    run lint --json --platform windows "$data/rules/${f}_fixed.py"
    [ "$rc" = 0 ] || fail "${f}_fixed.py: exit $rc, want 0: $(cat "$tmp/out")"
  done
  run lint --json "$data/rules/mirrored_windows.py"
  [ "$rc" = 0 ] || fail "without --platform windows: exit $rc, want 0"
  ;;
public)
  run lint --json "$data/public"
  [ "$rc" = 0 ] || fail "public examples: exit $rc, want 0: $(cat "$tmp/out")"
  $py -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["files"]) == 11, d["files"]; assert not [f for f in d["findings"] if f["severity"] == "error"]' "$tmp/out" \
    || fail "public examples: $(cat "$tmp/out")"
  ;;
json)
  run lint --json "$data/rules"
  [ "$rc" = 1 ] || fail "rules folder: exit $rc, want 1"
  [ ! -s "$tmp/err" ] || fail "stderr not empty: $(cat "$tmp/err")"
  $py - "$tmp/out" "$data/rules" <<'PY' || fail "json shape"
import json, os, sys
doc = json.load(open(sys.argv[1]))
assert doc["command"] == "lint"
assert doc["lines"] > 0 and len(doc["files"]) >= 50
for f in doc["findings"]:
    for k in ("id", "label", "severity", "title", "evidence", "fix", "location"):
        assert k in f, (k, f)
    loc = f["location"]
    assert os.path.isfile(loc["file"]) and loc["line"] >= 1, loc
    with open(loc["file"]) as src:
        assert loc["line"] <= len(src.read().splitlines()), loc
ids = {f["id"] for f in doc["findings"]}
for want in ("lint.tf.mixed-strategies", "lint.torch.collective-under-rank-branch", "lint.torch.env-after-init",
             "lint.launch.master-addr-localhost", "lint.docker.small-shm", "lint.k8s.no-shm-volume",
             "lint.tf.unknown-cardinality-fit", "env.unknown-name"):
    assert want in ids, want
sev = [f["severity"] for f in doc["findings"]]
assert sev == sorted(sev, key=["error", "warning", "info"].index), "not most important first"
PY
  ;;
text)
  run lint --no-color "$data/rules/collective_rank.py"
  [ "$rc" = 1 ] || fail "exit $rc, want 1"
  grep -q "collective_rank.py:9: dist.all_reduce(loss)" "$tmp/out" || fail "no file:line in text: $(cat "$tmp/out")"
  grep -qF "[lint.torch.collective-under-rank-branch]" "$tmp/out" || fail "no rule id in text"
  ;;
usage)
  run lint "$tmp/missing.py"
  [ "$rc" = 2 ] || fail "missing file: exit $rc, want 2"
  grep -q "missing.py" "$tmp/err" || fail "missing file not named: $(cat "$tmp/err")"
  echo "x" >"$tmp/notes.txt"
  run lint "$tmp/notes.txt"
  [ "$rc" = 2 ] && grep -q "notes.txt" "$tmp/err" || fail "unknown kind: exit $rc: $(cat "$tmp/err")"
  printf 'a: [1, 2\nb: {\n' >"$tmp/bad.yaml"
  run lint --json "$tmp/bad.yaml"
  [ "$rc" = 2 ] && grep -q "bad.yaml:" "$tmp/err" || fail "bad yaml: exit $rc: $(cat "$tmp/err")"
  [ ! -s "$tmp/out" ] || fail "bad yaml: stdout not empty"
  run lint --platform solaris "$data/rules/env_typo.py"
  [ "$rc" = 2 ] || fail "bad --platform: exit $rc, want 2"
  ;;
here)
  # This machine's real interfaces through the NCCL model: a name no interface has, and loopback.
  printf '#!/bin/bash\nexport NCCL_SOCKET_IFNAME=ddlintnone0\n' >"$tmp/none.sh"
  run lint --json --here "$tmp/none.sh"
  [ "$rc" = 1 ] || fail "ifname nowhere: exit $rc, want 1: $(cat "$tmp/out")"
  has_finding lint.here.ifname-matches-nothing 2 || fail "no lint.here.ifname-matches-nothing: $(cat "$tmp/out")"
  run lint --json "$tmp/none.sh"
  [ "$rc" = 0 ] || fail "without --here: exit $rc, want 0"
  printf 'import os\nos.environ["NCCL_SOCKET_IFNAME"] = "lo"\n' >"$tmp/lo.py"
  run lint --json --here "$tmp/lo.py"
  has_finding lint.here.ifname-loopback 2 || fail "no lint.here.ifname-loopback: $(cat "$tmp/out")"
  ;;
*) fail "unknown case" ;;
esac
echo "ok [$case]"
