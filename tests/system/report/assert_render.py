#!/usr/bin/python3
"""assert_render.py JSON DOM PNG: what headless Chromium made of one --report file.

JSON is the same run's --json object; DOM is chromium --dump-dom's output; PNG its screenshot.
Checks: the DOM shows the verdict the JSON has, one finding element per JSON finding (every id),
the reachability matrix has one row/column per rank of reachability[] when the JSON has it, no <script>; the
screenshot is not blank (many colours, a real share of non-white pixels) and shows the verdict
box's background colour (green, amber or red) -- the inline CSS was applied."""
import json
import sys
from html.parser import HTMLParser

from PIL import Image  # python3-pil

VERDICT_BG = {"ok": (0xE6, 0xF4, 0xEA), "warn": (0xFF, 0xF4, 0xD6), "error": (0xFD, 0xE7, 0xE9)}


class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.verdict = None
        self.verdict_class = None
        self.finding_ids = []
        self.matrix_size = None
        self.cells = 0
        self.scripts = 0
        self.text = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            self.scripts += 1
        if "data-verdict" in a:
            self.verdict = a["data-verdict"]
            self.verdict_class = a.get("class", "").split()[-1]
        if "data-finding-id" in a:
            self.finding_ids.append(a["data-finding-id"])
        if "data-matrix-size" in a:
            self.matrix_size = int(a["data-matrix-size"])
        if tag == "g" and "cell" in a.get("class", "").split():
            self.cells += 1

    def handle_data(self, data):
        self.text.append(data)


def expected_verdict(out):
    if isinstance(out.get("verdict"), str):
        return out["verdict"]
    for f in out["findings"]:
        if f["severity"] == "error":
            return "PROBLEM FOUND"
        if f["severity"] == "warning":
            return "WARNING"
    return "OK"


def main():
    out = json.load(open(sys.argv[1]))
    dom = Dom()
    dom.feed(open(sys.argv[2], encoding="utf-8").read())
    problems = []
    want = expected_verdict(out)
    if dom.verdict != want:
        problems.append("verdict %r, JSON says %r" % (dom.verdict, want))
    if want not in "".join(dom.text):
        problems.append("verdict text %r not visible" % want)
    ids = [f["id"] for f in out["findings"]]
    if sorted(dom.finding_ids) != sorted(ids):
        problems.append("finding ids %r, JSON has %r" % (dom.finding_ids, ids))
    if out.get("reachability"):  # every rank of the world, absent ones included
        n = len({c["from"] for c in out["reachability"]} | {c["to"] for c in out["reachability"]})
        if dom.matrix_size != n or dom.cells != n * n:
            problems.append("matrix %r with %d cells, %d nodes" % (dom.matrix_size, dom.cells, n))
    if dom.scripts:
        problems.append("%d <script> elements" % dom.scripts)
    img = Image.open(sys.argv[3]).convert("RGB")
    w, h = img.size
    colours = img.getcolors(w * h)
    white = sum(c for c, rgb in colours if rgb == (255, 255, 255))
    if len(colours) < 16:
        problems.append("screenshot has only %d colours" % len(colours))
    if white > 0.97 * w * h:
        problems.append("screenshot is %.1f%% white" % (100.0 * white / (w * h)))
    bg = VERDICT_BG.get(dom.verdict_class)
    if bg is None or not any(rgb == bg for c, rgb in colours if c > 500):
        problems.append("verdict background %r (class %r) not in the screenshot" % (bg, dom.verdict_class))
    if problems:
        print("FAIL: " + "; ".join(problems), file=sys.stderr)
        sys.exit(1)
    print("ok: verdict %s, %d findings, matrix %s, %dx%d px, %d colours" % (want, len(ids), dom.matrix_size, w, h, len(colours)))


main()
