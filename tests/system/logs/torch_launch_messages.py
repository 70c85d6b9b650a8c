#!/usr/bin/env python3
"""`distdoctor logs` on the messages real torch prints when a job cannot start, and the fixes it
prints applied: torch's env:// rendezvous run without MASTER_ADDR (and without RANK) by a plain
`python3`, then under mpirun with the exports the fix gives for it, and with the variable exported
(torchrun itself is not run: the torch 1.13 here fails in its elastic agent under Python 3.11); a
c10d TCPStore whose port another process listens on (its RuntimeError, and c10d's glog bind / listen lines
alone), then the printed `ss` step run (it must name the holder), the holder stopped and
the store started again, and the store started on another port.

Usage: torch_launch_messages.py DISTDOCTOR   (torch from /usr/bin/python3; every wait has a deadline)
"""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

PY = "/usr/bin/python3"
DD = os.path.abspath(sys.argv[1])
WAIT = 120
failures = []


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + detail))
    if not ok:
        failures.append(name)


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("0.0.0.0", 0))
        return s.getsockname()[1]


def run(args, env, cwd):
    return subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True, timeout=WAIT)


def first_finding(log_text, work, name):
    path = os.path.join(work, name + ".log")
    with open(path, "w") as f:
        f.write(log_text)
    out = run([DD, "logs", "--json", path], os.environ.copy(), work)
    j = json.loads(out.stdout)
    return j["findings"][0] if j["findings"] else {}


INIT = """
import datetime, torch.distributed as dist
dist.init_process_group("gloo", init_method="env://", timeout=datetime.timedelta(seconds=60))
print("initialized rank", dist.get_rank(), "of", dist.get_world_size(), flush=True)
dist.destroy_process_group()
"""

STORE = """
import datetime, sys
from torch.distributed import TCPStore
store = TCPStore("127.0.0.1", int(sys.argv[1]), 1, True, datetime.timedelta(seconds=30))
store.set("k", "v")
print("store up on", sys.argv[1], flush=True)
"""


def base_env():
    env = {k: v for k, v in os.environ.items()
           if k not in ("MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "LOCAL_RANK")}
    env["GLOO_SOCKET_IFNAME"] = "lo"
    return env


def env_unset(work):
    script = os.path.join(work, "init.py")
    with open(script, "w") as f:
        f.write(INIT)
    port = str(free_port())
    for var in ("MASTER_ADDR", "RANK"):
        env = base_env()
        env.update({"MASTER_ADDR": "127.0.0.1", "MASTER_PORT": port, "RANK": "0", "WORLD_SIZE": "1"})
        del env[var]
        bad = run([PY, script], env, work)
        check(f"env-unset-{var}-fails", bad.returncode != 0, bad.stdout + bad.stderr)
        f = first_finding(bad.stderr, work, "unset-" + var)
        check(f"env-unset-{var}-first-finding", f.get("id") == "launch.env.unset", json.dumps(f)[:400])
        check(f"env-unset-{var}-named", f"found no {var} in" in f.get("title", ""), f.get("title", ""))
        fix = f.get("fix", {}).get("text", "")
        check(f"env-unset-{var}-fix-names-torchrun", "torchrun" in fix, fix)
        # The fix applied under mpirun: the exports it gives for Open MPI's variables.
        env = base_env()
        exports = ("export RANK=$OMPI_COMM_WORLD_RANK WORLD_SIZE=$OMPI_COMM_WORLD_SIZE "
                   f"MASTER_ADDR=127.0.0.1 MASTER_PORT={free_port()}; exec {PY} {script}")
        check(f"env-unset-{var}-fix-gives-the-mpirun-exports",
              "RANK=$OMPI_COMM_WORLD_RANK, WORLD_SIZE=$OMPI_COMM_WORLD_SIZE" in fix, fix)
        ok = run(["mpirun", "--allow-run-as-root", "-np", "1", "bash", "-c", exports], env, work)
        check(f"env-unset-{var}-mpirun-exports-start", ok.returncode == 0 and "initialized rank 0 of 1" in ok.stdout,
              ok.stdout[-400:] + ok.stderr[-800:])
        # ... and with the variable exported, as the fix says for srun / mpirun.
        env = base_env()
        env.update({"MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(free_port()), "RANK": "0", "WORLD_SIZE": "1"})
        ok = run([PY, script], env, work)
        check(f"env-unset-{var}-exported-starts", ok.returncode == 0 and "initialized rank 0 of 1" in ok.stdout,
              ok.stdout[-400:] + ok.stderr[-800:])


def port_in_use(work):
    script = os.path.join(work, "store.py")
    with open(script, "w") as f:
        f.write(STORE)
    port = free_port()
    holder = subprocess.Popen([PY, "-c", "import socket, sys, time\n"
                               "s = socket.socket(); s.bind(('0.0.0.0', int(sys.argv[1]))); s.listen()\n"
                               "print('held', flush=True); time.sleep(300)\n", str(port)],
                              stdout=subprocess.PIPE, text=True)
    try:
        check("port-holder-up", holder.stdout.readline().strip() == "held")
        bad = run([PY, script, str(port)], base_env(), work)
        check("port-in-use-fails", bad.returncode != 0, bad.stdout + bad.stderr)
        f = first_finding(bad.stderr, work, "port")
        check("port-in-use-first-finding", f.get("id") == "launch.port.in-use", json.dumps(f)[:400])
        check("port-in-use-port-named", f"Port {port} is already in use" in f.get("title", ""), f.get("title", ""))
        # The same failure as c10d's per-address glog lines alone (a log that kept them and lost the
        # RuntimeError, as logs-s19/gr-mg-11): the bind warnings and the listen error are this finding;
        # the bind warnings without the listen error only a warning (another address may have bound).
        glog = "".join(line for line in bad.stderr.splitlines(True) if "socket.cpp:" in line)
        check("port-in-use-glog-lines-printed", "(errno: 98 - Address already in use)" in glog
              and "failed to listen on any local network address" in glog, bad.stderr[-800:])
        g = first_finding(glog, work, "port-glog")
        check("port-in-use-glog-first-finding", g.get("id") == "launch.port.in-use" and g.get("severity") == "error",
              json.dumps(g)[:400])
        check("port-in-use-glog-port-named", f"Port {port} is already in use" in g.get("title", ""), g.get("title", ""))
        check("port-in-use-glog-same-fix", g.get("fix") == f.get("fix"), json.dumps(g.get("fix"))[:400])
        binds = "".join(line for line in glog.splitlines(True) if "failed to bind to" in line)
        b = first_finding(binds, work, "port-binds")
        check("port-in-use-bind-warnings-alone-warn", b.get("id") == "launch.port.in-use"
              and b.get("severity") == "warning", json.dumps(b)[:400])
        fix = f.get("fix", {}).get("text", "")
        m = re.search(r'ss -ltnp "sport = :(\d+)"', fix)
        check("port-in-use-fix-has-ss-step", m is not None and m.group(1) == str(port), fix)
        if m:
            ss = run(["ss", "-ltnp", f"sport = :{m.group(1)}"], base_env(), work)
            check("port-in-use-ss-names-holder", f"pid={holder.pid}," in ss.stdout, ss.stdout + ss.stderr)
        # The fix applied: another port ...
        other = run([PY, script, str(free_port())], base_env(), work)
        check("port-in-use-another-port-starts", other.returncode == 0 and "store up" in other.stdout,
              other.stdout + other.stderr[-800:])
    finally:
        holder.kill()
        holder.wait(timeout=WAIT)
    # ... or the holder stopped and the same port again.
    deadline = time.monotonic() + WAIT
    again = run([PY, script, str(port)], base_env(), work)
    while again.returncode != 0 and time.monotonic() < deadline:
        time.sleep(1)
        again = run([PY, script, str(port)], base_env(), work)
    check("port-in-use-holder-stopped-starts", again.returncode == 0 and "store up" in again.stdout,
          again.stdout + again.stderr[-800:])


with tempfile.TemporaryDirectory(prefix="dd-torch-msgs-") as work:
    env_unset(work)
    port_in_use(work)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
