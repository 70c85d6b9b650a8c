#!/usr/bin/env python3
"""usage: tools/summary.py OUTDIR — one line per case: findings (severity:rule), --fix edits, re-lint, parser checks."""
import json, os, re, sys
O = sys.argv[1]
def read(p, default=""):
    try: return open(p).read()
    except OSError: return default
for n in sorted(os.listdir(O)):
    d = os.path.join(O, n)
    if not os.path.isdir(d) or n in ("runs", "templates"): continue
    row = [n]
    if os.path.exists(f"{d}/lint.txt"):
        t = read(f"{d}/lint.txt")
        f = re.findall(r"^(ERROR|WARNING|INFO) +\[([^\]]+)\]", t, re.M)
        row.append("lint rc=" + read(f"{d}/lint.rc").strip() + " " + (", ".join(f"{s[0]}:{r}" for s, r in f) or "none"))
        ed = re.findall(r"^fixed (\S+) \[([^\]]+)\]", read(f"{d}/fix.err"), re.M)
        row.append("fix: " + (", ".join(f"{a}" for a, b in ed) or "no edit"))
        rt = read(f"{d}/relint.txt")
        rf = re.findall(r"^(ERROR|WARNING|INFO) +\[([^\]]+)\]", rt, re.M)
        row.append("relint: " + (", ".join(f"{s[0]}:{r}" for s, r in rf) or "clean"))
        chk = read(f"{d}/fixed.check").strip().replace("\n", "; ")
        chk = re.sub(r"/\S*/fixed/", "", chk)
        row.append(chk)
        row.append(read(f"{d}/fix-vs-diff.txt").strip().splitlines()[-1:] and read(f"{d}/fix-vs-diff.txt").strip().splitlines()[-1])
    if os.path.exists(f"{d}/env.txt"):
        t = read(f"{d}/env.txt")
        f = re.findall(r"^(ERROR|WARNING|INFO) +\[([^\]]+)\]", t, re.M)
        ex = re.findall(r"^# ([a-z0-9.\-]+):", read(f"{d}/export.sh"), re.M)
        row.append("env rc=" + read(f"{d}/env.rc").strip() + " " + (", ".join(f"{s[0]}:{r}" for s, r in f) or "none") + " ids " + ",".join(ex))
        rr = re.findall(r"^(ERROR|WARNING|INFO) +\[([^\]]+)\]", read(f"{d}/export.reenv.txt"), re.M)
        row.append("after export: " + (", ".join(f"{s[0]}:{r}" for s, r in rr) or "clean") + " | " + read(f"{d}/export.check").strip().replace("\n", "; "))
        row.append("formats: " + read(f"{d}/fmt.check").strip().replace("\n", "; "))
    print(" || ".join(row))
