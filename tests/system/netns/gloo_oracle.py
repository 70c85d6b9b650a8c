#!/usr/bin/python3
"""gloo_oracle.py: which address does real torch.distributed Gloo bind in this namespace?

usage: gloo_oracle.py --spy PATH/libdd_listen_spy.so

Runs a two-rank Gloo process group (init_method file://, both ranks in this network namespace:
the process forks after importing torch) with the listen_spy shim preloaded (the script re-executes
itself with LD_PRELOAD and DD_LISTEN_SPY_FILE), so every address Gloo's pair listeners bind is
recorded; that is Gloo's device address. The connected sockets cannot tell it: the connecting
side's source address is chosen by routing (127.0.0.1 for a device on 127.0.1.1, the primary
address for a device on a secondary one). The address is mapped to the interface holding it
(`ip -j addr`: IPv4 label, else the link name). GLOO_SOCKET_IFNAME and the hostname come from the
environment this runs in, as for the job itself.

Prints one JSON object: {"iface", "addr", "addrs": [every listen address], "error"}; iface and addr
are null when Gloo refused to start (error holds the exception text). IPv6 link-local addresses
keep %iface. Exit 0 when the JSON was printed, 2 bad usage, 3 when the test itself failed (a rank
timed out, nothing or more than one address was recorded).
"""
import datetime
import ipaddress
import json
import os
import select
import subprocess
import sys
import tempfile

DEADLINE_S = 20


def iface_of(addr):
    """The getifaddrs name holding addr: the IPv4 label (eth0:1) or the link name; an address
    no interface holds exactly (127.0.1.1) belongs to the interface whose prefix contains it."""
    links = json.loads(subprocess.run(["ip", "-j", "addr", "show"], check=True,
                                      capture_output=True, text=True, timeout=5).stdout)
    entries = []
    for link in links:
        for a in link.get("addr_info", []):
            name = a.get("label", link["ifname"]) if a.get("family") == "inet" else link["ifname"]
            entries.append((name, a.get("local"), a.get("prefixlen")))
    addr = addr.split("%")[0]
    for name, local, _ in entries:
        if local == addr:
            return name
    target = ipaddress.ip_address(addr)
    for name, local, prefix in entries:
        if ipaddress.ip_network("%s/%s" % (local, prefix), strict=False).__contains__(target):
            return name
    return None


def run_rank(rank, store_file, out_fd):
    import torch.distributed as dist
    result = {"addrs": [], "error": None}
    try:
        dist.init_process_group("gloo", init_method="file://" + store_file, rank=rank, world_size=2,
                                timeout=datetime.timedelta(seconds=DEADLINE_S - 5))
        dist.barrier()
        dist.destroy_process_group()
    except Exception as e:  # Gloo reports a bad interface as a RuntimeError
        result["error"] = str(e).splitlines()[0] if str(e) else type(e).__name__
    os.write(out_fd, (json.dumps(result) + "\n").encode())


def main():
    if len(sys.argv) != 3 or sys.argv[1] != "--spy" or not os.path.isfile(sys.argv[2]):
        print(__doc__.splitlines()[2], file=sys.stderr)
        return 2
    if "DD_LISTEN_SPY_FILE" not in os.environ:
        spydir = tempfile.mkdtemp(prefix="dd-gloo-spy-")
        env = dict(os.environ, LD_PRELOAD=os.path.abspath(sys.argv[2]),
                   DD_LISTEN_SPY_FILE=os.path.join(spydir, "listen.txt"))
        os.execve(sys.executable, [sys.executable] + sys.argv, env)
    spy_file = os.environ["DD_LISTEN_SPY_FILE"]
    import torch.distributed  # noqa: F401  (import once, before the fork)
    workdir = tempfile.mkdtemp(prefix="dd-gloo-")
    store_file = os.path.join(workdir, "store")
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(rfd)
        try:
            run_rank(1, store_file, wfd)
        finally:
            os._exit(0)
    os.close(wfd)
    reader = os.fdopen(rfd)
    # Rank 0 runs in a thread-free way here; its own failure (bad interface) is immediate.
    r0fd, w0fd = os.pipe()
    run_rank(0, store_file, w0fd)
    os.close(w0fd)
    rank0 = json.loads(os.fdopen(r0fd).read() or "null")
    ready, _, _ = select.select([reader], [], [], DEADLINE_S)
    rank1_text = reader.readline() if ready else ""
    if not ready:
        os.kill(pid, 9)
    os.waitpid(pid, 0)
    try:
        os.unlink(store_file)
    except OSError:
        pass
    os.rmdir(workdir)
    listened = []
    if os.path.exists(spy_file):
        with open(spy_file) as f:
            listened = sorted(set(f.read().split()))
        os.unlink(spy_file)
    os.rmdir(os.path.dirname(spy_file))
    if rank0 is None:
        print("gloo_oracle: rank 0 printed nothing", file=sys.stderr)
        return 3
    out = {"iface": None, "addr": None, "addrs": listened, "error": rank0["error"]}
    if rank0["error"] is None:
        if len(listened) != 1:
            print("gloo_oracle: expected one listen address, saw %s (rank 1: %s)" % (listened, rank1_text),
                  file=sys.stderr)
            return 3
        out["addr"] = listened[0]
        out["iface"] = iface_of(out["addr"])
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
