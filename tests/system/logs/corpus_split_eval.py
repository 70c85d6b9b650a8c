#!/usr/bin/env python3
"""First-finding accuracy of `distdoctor logs` on labelled real logs, dev and held-out apart.

Usage: corpus_split_eval.py DISTDOCTOR OWN_CORPUS [SHARED_CORPUS] [--min-dev F] [--min-heldout F]
                            [--unscored DIR ...]

OWN_CORPUS holds <case>/log.txt and truth.json {case: {label, source, split}}; SHARED_CORPUS holds
<case>/log.txt + <case>/truth.json {root_cause} and counts as dev (the rules were written from it).
An --unscored corpus (OWN_CORPUS's layout; the option may be given once per batch) is measured
and printed apart, each batch alone, all of them together, and together with the rest, but the
minimums apply to OWN_CORPUS + SHARED_CORPUS only (tests/corpus/logs-s9/README.md says why a batch
is kept there). Exits 1 when a split is below its minimum or a case could not be run, 2 when a
corpus directory or its truth.json is missing.
"""
import argparse, json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
from collections import defaultdict


def first_label(dd, log):
    try:
        p = subprocess.run([dd, "logs", "--json", log], capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "(timeout)", "-"
    if p.returncode not in (0, 1):
        return "(exit %d)" % p.returncode, "-"
    try:
        j = json.loads(p.stdout)
    except ValueError:
        return "(bad json)", "-"
    f = j.get("findings") or []
    return (f[0]["label"], f[0]["severity"]) if f else ("none", "-")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dd"); ap.add_argument("own"); ap.add_argument("shared", nargs="?")
    ap.add_argument("--min-dev", type=float, default=0.0)
    ap.add_argument("--min-heldout", type=float, default=0.0)
    ap.add_argument("--unscored", action="append", default=[])
    a = ap.parse_args()
    if not os.access(a.dd, os.X_OK):
        print("corpus_split_eval: %s is not executable" % a.dd, file=sys.stderr); return 1
    for d in [a.own] + a.unscored:
        if not os.path.isfile(os.path.join(d, "truth.json")):
            print("corpus_split_eval: %s: no such corpus (no truth.json)" % d, file=sys.stderr)
            return 2
    cases = []  # (split, name, expected, log path, batch)
    truth = json.load(open(os.path.join(a.own, "truth.json")))
    for name, t in sorted(truth.items()):
        cases.append((t["split"], name, t["label"], os.path.join(a.own, name, "log.txt"), None))
    for d in a.unscored:
        batch = os.path.basename(os.path.normpath(d))
        for name, t in sorted(json.load(open(os.path.join(d, "truth.json"))).items()):
            cases.append(("u-" + t["split"], name, t["label"], os.path.join(d, name, "log.txt"), batch))
    if a.shared:
        if not os.path.isdir(a.shared):
            print("corpus_split_eval: %s: no such corpus (the shared corpus; configure with -DDD_SHARED_CORPUS=PATH)" % a.shared, file=sys.stderr); return 2
        for name in sorted(os.listdir(a.shared)):
            d = os.path.join(a.shared, name)
            if os.path.isfile(os.path.join(d, "truth.json")) and os.path.isfile(os.path.join(d, "log.txt")):
                t = json.load(open(os.path.join(d, "truth.json")))
                cases.append(("dev", "shared/" + name, t["root_cause"], os.path.join(d, "log.txt"), None))
    tot = defaultdict(int); ok = defaultdict(int)
    btot = defaultdict(int); bok = defaultdict(int)  # (batch, split) of each --unscored batch
    per = defaultdict(lambda: [0, 0])
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda c: first_label(a.dd, c[3]), cases))
    print("%-8s %-30s %-24s %-24s %-8s %s" % ("SPLIT", "CASE", "EXPECTED", "FOUND", "SEV", "MATCH"))
    for (split, name, exp, log, batch), (found, sev) in zip(cases, results):
        hit = found == exp
        tot[split] += 1; ok[split] += hit
        if batch:
            btot[(batch, split[2:])] += 1; bok[(batch, split[2:])] += hit
        per[(split, exp)][0] += hit; per[(split, exp)][1] += 1
        print("%-8s %-30s %-24s %-24s %-8s %s" % (split, name, exp, found, sev, "yes" if hit else "no"))
    print("\nper label:")
    for (split, lab), (h, n) in sorted(per.items()):
        print("  %-8s %-24s %d/%d" % (split, lab, h, n))
    if len(a.unscored) > 1:
        for (batch, split) in sorted(btot):
            print("unscored batch %s %s: %d of %d" % (batch, split, bok[(batch, split)], btot[(batch, split)]))
    if a.unscored:
        for split in ("dev", "heldout"):
            u = "u-" + split
            print("unscored %s: %d of %d; with the scored %s: %d of %d = %.1f%%" % (
                split, ok[u], tot[u], split, ok[split] + ok[u], tot[split] + tot[u],
                100 * (ok[split] + ok[u]) / max(1, tot[split] + tot[u])))
    rc = 0
    for split, need in (("dev", a.min_dev), ("heldout", a.min_heldout)):
        n = tot[split]
        acc = ok[split] / n if n else 0.0
        print("%s: %d of %d = %.1f%% (need %.0f%%)" % (split, ok[split], n, 100 * acc, 100 * need))
        if n == 0 or acc < need:
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
