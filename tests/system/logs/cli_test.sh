#!/bin/bash
# `distdoctor logs` end to end: exit codes (0 healthy, 1 error finding, 2 unreadable input with the
# file named), stdin, gzip, several files at once, --json shape, text order (verdict, ranks,
# findings). Usage: cli_test.sh DISTDOCTOR FIXTURE_DIR
set -u
dd=$1 data=$2
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-logs-cli
fail=0
check() {  # check NAME WANT_RC GOT_RC
  if [ "$2" != "$3" ]; then echo "FAIL $1: exit $3, want $2" >&2; fail=1; else echo "ok   $1"; fi
}
contains() {  # contains NAME FILE TEXT
  if grep -qF -- "$3" "$2"; then echo "ok   $1"; else echo "FAIL $1: '$3' not in output:" >&2; cat "$2" >&2; fail=1; fi
}

"$dd" logs "$data/healthy.log" >"$tmp/out" 2>"$tmp/err"; check healthy-exit-0 0 $?
"$dd" logs "$data/loopback-across-hosts.log" >"$tmp/out" 2>"$tmp/err"; check error-exit-1 1 $?
head -1 "$tmp/out" | grep -q '^Verdict: .*loopback' && echo "ok   verdict-first" || { echo "FAIL verdict-first" >&2; fail=1; }
contains rank-table "$tmp/out" "RANK"
contains evidence-line "$tmp/out" "loopback-across-hosts.log:4:"
contains fix-export "$tmp/out" "export NCCL_SOCKET_IFNAME=" 

"$dd" logs "$tmp/missing.log" >"$tmp/out" 2>"$tmp/err"; check missing-exit-2 2 $?
contains missing-named "$tmp/err" "$tmp/missing.log"
contains missing-why "$tmp/err" "No such file"
"$dd" logs "$tmp" >"$tmp/out" 2>"$tmp/err"; check directory-exit-2 2 $?
printf '\x1f\x8b\x08\x00not really gzip at all........' >"$tmp/bad.gz"
"$dd" logs "$tmp/bad.gz" >"$tmp/out" 2>"$tmp/err"; check bad-gzip-exit-2 2 $?
contains bad-gzip-named "$tmp/err" "bad.gz"
"$dd" logs >"$tmp/out" 2>"$tmp/err"; check no-file-exit-2 2 $?

"$dd" logs - <"$data/shm-exhausted.log" >"$tmp/out" 2>"$tmp/err"; check stdin-exit-1 1 $?
contains stdin-named "$tmp/out" "<stdin>:3:"
gzip -c "$data/docker-bridge-peer.log" >"$tmp/peer.log.gz"
"$dd" logs --json "$tmp/peer.log.gz" >"$tmp/out" 2>"$tmp/err"; check gzip-exit-1 1 $?
python3 - "$tmp/out" <<'PY' || fail=1
import json, sys
j = json.load(open(sys.argv[1]))
assert j["command"] == "logs", j.get("command")
assert j["findings"][0]["label"] == "virtual-interface", j["findings"][0]
for key in ("rank", "host", "pid", "nccl_version", "bootstrap", "net", "init_complete"):
    assert key in j["ranks"][0], key
assert j["ranks"][0]["bootstrap"] == {"iface": "eth0", "addr": "172.17.0.4"}, j["ranks"][0]["bootstrap"]
print("ok   json-shape")
PY
# A TF_CONFIG that TensorFlow printed is checked by env's TF_CONFIG rules: the task type has no job.
"$dd" logs --json "$data/tf-config-printed.log" >"$tmp/out" 2>"$tmp/err"; check tf-config-printed-exit-1 1 $?
python3 - "$tmp/out" <<'PY' || fail=1
import json, sys
f = json.load(open(sys.argv[1]))["findings"][0]
assert f["label"] == "tf-config" and f["id"] == "tf.config.printed.task-type-not-in-cluster", f
assert any("tf-config-printed.log:1:" in e for e in f["evidence"]), f["evidence"]
print("ok   tf-config-printed")
PY
# One file per rank: the per-rank picture joins them.
"$dd" logs --json "$data/virtual-docker0.log" "$data/version-mismatch.log" >"$tmp/out"; check two-files-exit-1 1 $?
python3 - "$tmp/out" <<'PY' || fail=1
import json, sys
j = json.load(open(sys.argv[1]))
labels = [f["label"] for f in j["findings"]]
assert "virtual-interface" in labels and "version-mismatch" in labels, labels
assert len(j["files"]) == 2 and len(j["ranks"]) == 4, (j["files"], len(j["ranks"]))
print("ok   two-files-joined")
PY
# Concatenated gzip members are one stream; a truncated gzip file is read up to the cut, with a note.
gzip -c "$data/virtual-docker0.log" >"$tmp/cat.gz"; gzip -c "$data/version-mismatch.log" >>"$tmp/cat.gz"
"$dd" logs --json "$tmp/cat.gz" >"$tmp/out" 2>"$tmp/err"; check gzip-members-exit-1 1 $?
python3 - "$tmp/out" <<'PY' || fail=1
import json, sys
labels = [f["label"] for f in json.load(open(sys.argv[1]))["findings"]]
assert "virtual-interface" in labels and "version-mismatch" in labels, labels
print("ok   gzip-members")
PY
head -c $(( $(stat -c %s "$tmp/peer.log.gz") - 12 )) "$tmp/peer.log.gz" >"$tmp/cut.gz"
"$dd" logs --json "$tmp/cut.gz" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] || [ $rc -eq 0 ] && echo "ok   gzip-truncated-exit" || { echo "FAIL gzip-truncated-exit $rc" >&2; fail=1; }
python3 - "$tmp/out" <<'PY' || fail=1
import json, sys
j = json.load(open(sys.argv[1]))
assert any("ends early" in n for n in j["notes"]), j["notes"]
print("ok   gzip-truncated-note")
PY
NO_COLOR=1 "$dd" logs "$data/healthy.log" | grep -q $'\x1b' && { echo "FAIL no-color" >&2; fail=1; } || echo "ok   no-color"
exit $fail
