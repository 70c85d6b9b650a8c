#!/usr/bin/python3
"""check_format.py FORMAT FILE: run one --export-format output through its own checker.

sh, slurm, torchrun: `bash -n` (bash's own parser). k8s: PyYAML (python3-yaml) plus the shape a
Pod template needs (spec.containers[].env as name/value strings, an emptyDir of medium Memory
mounted on /dev/shm when present). tf: json, and every TF_CONFIG value is JSON itself. dockerfile:
no Dockerfile linter is packaged in Debian 12 (hadolint is not), so a structural check: every
instruction is ENV KEY="..." or a JSON-form ENTRYPOINT whose `sh -c` script passes `sh -n`.
"Nothing to change" (every format but tf): comment lines only.
Prints "ok FORMAT" or exits 1 naming the problem."""
import json
import re
import subprocess
import sys


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def shell_syntax(text, shell="bash"):
    r = subprocess.run([shell, "-n"], input=text, text=True, capture_output=True, timeout=30)
    if r.returncode != 0:
        fail("%s -n: %s" % (shell, r.stderr.strip()))


def check_k8s(text):
    import yaml  # python3-yaml
    doc = yaml.safe_load(text)
    spec = doc["spec"]
    c = spec["containers"][0]
    if not isinstance(c["env"], list):
        fail("env is not a list")
    for e in c["env"]:
        if set(e) != {"name", "value"} or not all(isinstance(v, str) for v in e.values()):
            fail("env entry %r" % e)
    if "command" in c:
        cmd = c["command"]
        if cmd[:2] != ["/bin/sh", "-c"]:
            fail("command %r" % cmd)
        shell_syntax(cmd[2], "sh")
    mounts = {m["name"]: m["mountPath"] for m in c.get("volumeMounts", [])}
    for v in spec.get("volumes", []):
        if v["name"] not in mounts:
            fail("volume %s not mounted" % v["name"])
        if "emptyDir" in v and (v["emptyDir"].get("medium") != "Memory" or mounts[v["name"]] != "/dev/shm"):
            fail("shm volume %r" % v)
    return doc


def check_tf(text):
    doc = json.loads(text)
    for k in ("env", "per_host", "tf_config"):
        if not isinstance(doc.get(k), dict):
            fail("tf: %s missing" % k)
    for host, value in doc["tf_config"].items():
        tf = json.loads(value)
        tasks = tf["cluster"].get(tf["task"]["type"])
        if not isinstance(tasks, list) or not 0 <= tf["task"]["index"] < len(tasks):
            fail("TF_CONFIG of %s: %r" % (host, tf))
    return doc


ENV_RE = re.compile(r'^ENV [A-Za-z_][A-Za-z0-9_]*="(\\.|[^"\\$])*"$')


def check_dockerfile(text):
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if s.startswith("ENV "):
            if not ENV_RE.match(s):
                fail("line %d: ENV %r" % (n, s))
        elif s.startswith("ENTRYPOINT "):
            arr = json.loads(s[len("ENTRYPOINT "):])
            if not all(isinstance(a, str) for a in arr) or arr[:2] != ["/bin/sh", "-c"]:
                fail("line %d: ENTRYPOINT %r" % (n, arr))
            shell_syntax(arr[2], "sh")
        else:
            fail("line %d: not ENV/ENTRYPOINT/comment: %r" % (n, s))


def main():
    fmt, path = sys.argv[1], sys.argv[2]
    text = open(path, encoding="utf-8").read()
    if not text.endswith("\n"):
        fail("no final newline")
    if fmt != "tf" and text.startswith("# distdoctor: nothing to change"):
        # the same answer in every format: comment lines only (PyYAML: no document)
        if any(line and not line.startswith("#") for line in text.splitlines()):
            fail("nothing to change, but more than comments")
        shell_syntax(text)
    elif fmt in ("sh", "slurm", "torchrun"):
        shell_syntax(text)
    elif fmt == "k8s":
        check_k8s(text)
    elif fmt == "tf":
        check_tf(text)
    elif fmt == "dockerfile":
        check_dockerfile(text)
    else:
        fail("unknown format " + fmt)
    print("ok " + fmt)


main()
