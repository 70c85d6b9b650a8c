#!/bin/bash
# browser.sh DISTDOCTOR ARTEFACT_DIR LOG: real reports rendered by headless Chromium (Debian's
# chromium package): `check --report` on a namespace node with a broken NCCL_SOCKET_IFNAME,
# `logs --report` on a corpus log, and preflight reports of two real 2-node namespace clusters
# (healthy; eno1 vs eth0 with NCCL_SOCKET_IFNAME=eth0 copied to both: WILL HANG). Each is rendered
# to PNG and to its DOM (assert_render.py checks verdict, finding ids, matrix size, not blank).
# Chromium runs in its own empty network namespace (it can reach nothing), under a deadline, with
# a temporary profile that is removed. PNGs and HTML files stay in ARTEFACT_DIR.
DD=$1 ART=$2 LOG=$3
ME="$(cd "$(dirname "$0")" && pwd)"
HERE="$ME/../preflight"
. "$HERE/lib.sh"
CHROMIUM=$(command -v chromium) || die "chromium is not installed (scripts/install-deps.sh)"
/usr/bin/python3 -c 'import PIL' || die "python3-pil is not installed (scripts/install-deps.sh)"
mkdir -p "$ART" || die "cannot create $ART"
rm -f "$ART"/*.png "$ART"/*.html "$ART"/*.dom

# render NAME: $WORK/NAME.html -> $ART/NAME.png and $ART/NAME.dom, then assert against $WORK/NAME.json
render() {
  local name=$1 prof
  cp "$WORK/$name.html" "$ART/$name.html"
  for mode in "--screenshot=$ART/$name.png" "--dump-dom"; do
    prof=$(mktemp -d "$WORK/chromium-profile.XXXXXX")
    timeout -k 10 120 unshare --net -- "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
      --user-data-dir="$prof" --window-size=1100,1400 "$mode" "file://$ART/$name.html" \
      > "$WORK/$name.out" 2> "$WORK/$name.chromium.log"
    local rc=$?
    rm -rf "$prof"
    [ $rc = 0 ] || { tail -20 "$WORK/$name.chromium.log" >&2; die "$name: chromium $mode exit $rc"; }
    [ "$mode" = --dump-dom ] && cp "$WORK/$name.out" "$ART/$name.dom"
  done
  [ -s "$ART/$name.png" ] || die "$name: no screenshot"
  /usr/bin/python3 "$ME/assert_render.py" "$WORK/$name.json" "$ART/$name.dom" "$ART/$name.png" || die "$name: rendering"
}

# preflight_pair A B NAME [env for both]: ranks 0/1 on nodes A/B, rank 0 writes NAME.json + NAME.html
preflight_pair() {
  local a=$1 b=$2 name=$3; shift 3
  local rv="198.18.1.$((a + 1)):29401"
  run_pf "$b" "$WORK/$name.member.json" "$@" -- --rendezvous "$rv" --rank 1 --world 2 --timeout 30 --no-probe
  local member=$PF_PID
  in_node "$a" env "$@" "$DD" preflight --rendezvous "$rv" --rank 0 --world 2 --timeout 30 --no-probe --json \
    --report "$WORK/$name.html" > "$WORK/$name.json"
  wait "$member"
  [ -s "$WORK/$name.html" ] || die "$name: no report written"
}

for i in 0 1 2 3; do
  node "$i"
  for j in 0 1 2 3; do hosts_line "$i" "198.18.1.$((j + 1))" "node$j"; done
done
link 0 eth0 198.18.1.1/24
link 1 eth0 198.18.1.2/24
link 2 eno1 198.18.1.3/24
link 3 eth0 198.18.1.4/24

in_node 0 env NCCL_SOCKET_IFNAME=nosuchif0 "$DD" check --no-probe --json --report "$WORK/check.html" > "$WORK/check.json"
[ $? = 1 ] || die "check with a bad NCCL_SOCKET_IFNAME: expected exit 1"
render check

"$DD" logs --json --report "$WORK/logs.html" "$LOG" > "$WORK/logs.json"
[ "$(jq_ "$WORK/logs.json" 'len(d["findings"])')" -gt 0 ] || die "the corpus log gives no finding"
render logs

preflight_pair 0 1 preflight-healthy
expect_verdict "$WORK/preflight-healthy.json" OK
render preflight-healthy

preflight_pair 2 3 preflight-broken NCCL_SOCKET_IFNAME=eth0
expect_verdict "$WORK/preflight-broken.json" "WILL HANG"
render preflight-broken
grep -q 'class="cell ok"' "$ART/preflight-broken.dom" || die "broken preflight: the probes themselves reached each other"
echo "PASS (artefacts in $ART)"
