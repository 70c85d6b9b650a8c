#!/bin/bash
# html_files.sh DISTDOCTOR: --report refuses a directory, a missing folder and a device with exit 2
# (before any work, nothing written); it replaces an existing file atomically (no temporary file
# left); and a log full of markup (hostnames, interface names and warning text with <script>,
# quotes and an escape sequence) gives a report where none of it is markup.
DD=$1
set -u
WORK="$(mktemp -d /tmp/dd-html.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
die() { echo "FAIL: $*" >&2; exit 1; }

mkdir "$WORK/adir"
for args in "check --no-probe" "logs -"; do
  for target in "$WORK/adir" "$WORK/adir/" "$WORK/missing/r.html" /dev/null; do
    out=$(echo | $DD $args --report "$target" 2>&1); rc=$?
    [ $rc = 2 ] || die "$args --report $target: exit $rc"
    [[ "$out" == *"--report '$target'"* ]] || die "$args --report $target: message '$out'"
  done
done
[ -z "$(ls -A "$WORK/adir")" ] || die "something was written into the directory"

EVIL='<script>alert(1)</script>"><img src=x onerror=alert(2)>'
{
  printf 'gpu%s:4242:4242 [0] NCCL INFO NCCL_SOCKET_IFNAME set to %s\n' "$EVIL" "$EVIL"
  printf 'gpu%s:4242:4242 [0] NCCL INFO Bootstrap : Using lo:127.0.0.1<0>\n' "$EVIL"
  printf 'gpu%s:4242:4242 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>\n' "$EVIL"
  printf 'gpu%s:4242:4242 [0] NCCL WARN %s \033[31mred\033[0m\n' "$EVIL" "$EVIL"
  printf 'gpu%s:4242:4242 [0] misc/socket.cc:484 NCCL WARN Net : Connect to 127.0.0.1<51234> failed : Connection refused %s\n' "$EVIL" "$EVIL"
} > "$WORK/evil.log"
echo old > "$WORK/r.html"
$DD logs --json --report "$WORK/r.html" "$WORK/evil.log" > "$WORK/r.json"; rc=$?
[ $rc = 0 ] || [ $rc = 1 ] || die "logs on the hostile log: exit $rc"
[ "$(ls "$WORK" | grep -c '^r.html')" = 1 ] || die "temporary files left: $(ls "$WORK")"
grep -q '</html>' "$WORK/r.html" || die "report incomplete"
grep -qi '<script\|<img' "$WORK/r.html" && die "markup from the log reached the report: $(grep -i '<script\|<img' "$WORK/r.html" | head -3)"
grep -q $'\033' "$WORK/r.html" && die "an escape sequence reached the report"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;' "$WORK/r.html" ||
  die "the hostile text is not shown escaped"
/usr/bin/python3 - "$WORK/r.json" "$WORK/r.html" <<'PY' || die "findings of the hostile log missing in the report"
import json, sys
out = json.load(open(sys.argv[1])); html = open(sys.argv[2]).read()
assert out["findings"], "no finding from the hostile log"
for f in out["findings"]:
    assert 'data-finding-id="%s"' % f["id"] in html, f["id"]
PY
echo PASS
