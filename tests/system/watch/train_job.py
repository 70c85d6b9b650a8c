#!/usr/bin/python3
"""A real torch.distributed Gloo training loop for the watch tests: init over env:// (MASTER_ADDR,
MASTER_PORT, RANK, WORLD_SIZE), then steps of one all_reduce of 256K floats each, printing
"rank R step N". MODE picks what goes wrong after WARM steps:
  healthy      STEPS steps, then exit 0
  forever      steps until killed (the test breaks the network or kills a rank meanwhile)
  rank0-extra  rank 0 all_reduces a metric the others never reduce (they go on to "evaluate")
  slow-loader  rank 1's input pipeline reads its file 4 KiB per 50 ms (a slow disk): the others wait
               (SLOW_READS reads per batch from step WARM, 1200 unless set)
  barriers     every step is a barrier, until killed (the test stops a rank meanwhile)
  rank1-skips-barrier  after WARM barrier steps rank 0 enters one more barrier; rank 1 never does
  rank1-busy   after WARM steps rank 1 spins in a Python loop (computes, never calls a collective)
  uneven       the last rank runs out of batches after WARM steps and waits in the final barrier
               while the others all_reduce the next step
  newgroup     after WARM steps every rank but the last calls dist.new_group([0, 1]) (torch needs
               every rank to call it): they wait in its store barrier, the last rank in its all_reduce;
               with NEWGROUP_ALL=1 every rank calls it (watch.store.skipped-call's fix applied)
  loader-spin  batches come from a DataLoader with 2 worker processes; from item WARM on rank 1's
               transform never finishes (both workers spin, state R) while its main thread waits
               for them and the others wait in their all_reduce
  rank1-raises at step WARM rank 1 starts an "uploader" thread that is not a daemon and its main
               thread raises RuntimeError: the thread keeps the failed process alive
  rank1-subprocess  at step WARM rank 1 runs `sh -c 'sleep 3600'` through subprocess.run and waits
  grouporder   two process groups g_a, g_b of every rank (made at start); at step WARM every rank but
               the last all_reduces over g_a then g_b, the last over g_b then g_a: a cross-group
               deadlock (clusters-2026-12-06e w4); with GROUPORDER_SAME=1 every rank uses g_a then
               g_b (the code fix applied)
  unixlog      at step WARM rank 1 starts a "syslog" child that binds a unix datagram socket and never
               reads it, then sends its step lines there until a send fails (it blocks once the
               socket's queue is full; the child killed, the send fails and the job goes on)
               (clusters-2026-12-07j w2); the socket lives in UNIXLOG_DIR (the test's folder)
  memhog       at step WARM rank 1 writes HOG_MB MiB of bytes (each page touched): in a memory cgroup
               below that with its OOM killer off it waits for memory (clusters-2026-12-07j w1)
  flock        at step WARM rank 1 takes flock(LOCK_EX) on LOCKFILE (a stray process may hold it), then
               goes on (clusters-2026-12-06f w1)
  logger       at step WARM rank 1 sends a line to LOGGER=HOST:PORT (a collector outside the job),
               retrying until it gets through (clusters-2026-12-06f w3)
  pipewrite    at step WARM rank 1 writes 3.5 MB into the stdin pipe of a child `sleep 3600` that never
               reads (a log shipper); killing the child ends the write (clusters-2026-12-06g w1)
  cfgservice   at step WARM rank 1 connects to CFGSVC=HOST:PORT (a service outside the job) and waits
               in recv() for its answer (clusters-2026-12-06g w3)
  lastbatch    at step WARM the last rank all_reduces 3/4 of the floats the others do (a partial last
               batch, clusters-2026-12-07m w3): Gloo aborts on a size mismatch
  sigwait      at step WARM rank 1 blocks SIGUSR1 and waits in signal.sigwait for it (a checkpoint agent's
               notice that never comes, clusters-2026-12-07m w1); `kill -USR1` resumes it
  pdb          at step WARM rank 1 hits a breakpoint() left in from debugging: pdb prints `(Pdb) ` and
               reads rank 1's stdin (PYTHONBREAKPOINT=0 turns it off) (clusters-2026-12-06h w1)
  prefetch     a background thread "prefetch" reads SHARD_DIR/shard<i> into a queue the main thread takes
               batches from; a missing shard kills the thread (FileNotFoundError) and the main thread
               waits in q.get() forever (clusters-2026-12-06h w2)
  evalcompute  at step WARM every rank computes EVAL_S seconds (matrix products), printing nothing
               and sending nothing, then goes on (clusters-2026-12-06h w4)
"""
import datetime
import fcntl
import os
import socket
import subprocess
import signal
import sys
import threading
import time

import torch
import torch.distributed as dist

rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
mode = os.environ.get("MODE", "healthy")
steps = int(os.environ.get("STEPS", "30"))
warm = int(os.environ.get("WARM", "8"))
data_file = os.environ.get("DATA_FILE", "/dev/zero")


class Batches(torch.utils.data.Dataset):
    def __len__(self):
        return 1 << 20

    def __getitem__(self, i):
        if rank == 1 and i >= warm:
            while True:  # a transform that never finishes
                pass
        return torch.full((1 << 18,), float(rank + 1))


loader = None
if mode == "loader-spin":
    loader = iter(torch.utils.data.DataLoader(Batches(), batch_size=None, num_workers=2))


batch_queue = None
if mode == "prefetch":
    import queue

    batch_queue = queue.Queue(maxsize=2)

    def prefetch():
        for i in range(steps):
            with open(os.path.join(os.environ["SHARD_DIR"], "shard%d" % i), "rb") as f:
                f.read()
            batch_queue.put(torch.full((1 << 18,), float(rank + 1)))

    threading.Thread(target=prefetch, name="prefetch", daemon=True).start()


def load_batch(step):
    if batch_queue is not None:
        return batch_queue.get()
    if loader is not None:
        return next(loader)
    if mode == "slow-loader" and rank == 1 and step >= warm:
        with open(data_file, "rb") as f:
            for _ in range(int(os.environ.get("SLOW_READS", "1200"))):  # 1200: about a minute per batch
                f.read(4096)
                time.sleep(0.05)
    return torch.full((1 << 18,), float(rank + 1))


print("rank %d joining" % rank, flush=True)
dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=600))
if mode == "grouporder":
    g_a = dist.new_group(list(range(world)))  # e.g. the data-parallel group
    g_b = dist.new_group(list(range(world)))  # e.g. the model-parallel group (same members here)
step = 0
while mode in ("barriers", "rank1-skips-barrier"):
    if mode == "rank1-skips-barrier" and step == warm:
        if rank == 1:
            time.sleep(600)  # "evaluation": never enters rank 0's barrier
        print("rank %d enters the barrier rank 1 skips" % rank, flush=True)
    dist.barrier()
    print("rank %d step %d" % (rank, step), flush=True)
    step += 1
    time.sleep(0.1)
while mode == "forever" or step < steps:
    if mode == "rank1-busy" and rank == 1 and step == warm:
        x = 0
        while True:  # a busy loop: state R, main thread in user code
            x += 1
    if mode == "uneven" and rank == world - 1 and step == warm:
        print("rank %d ran out of batches" % rank, flush=True)
        dist.barrier()
        break
    if mode == "rank1-raises" and rank == 1 and step == warm:
        threading.Thread(target=lambda: time.sleep(3600), name="uploader", daemon=False).start()
        raise RuntimeError("rank 1: corrupt sample in batch %d" % step)
    if mode == "flock" and rank == 1 and step == warm:
        with open(os.environ["LOCKFILE"], "a") as lk:
            fcntl.flock(lk, fcntl.LOCK_EX)
            print("rank %d has the lock" % rank, flush=True)
            fcntl.flock(lk, fcntl.LOCK_UN)
    if mode == "logger" and rank == 1 and step == warm:
        host, port = os.environ["LOGGER"].rsplit(":", 1)
        while True:
            try:
                c = socket.create_connection((host, int(port)))
                c.sendall(b"rank 1 metrics\n")
                c.close()
                break
            except OSError as e:
                print("rank %d metrics: %s" % (rank, e), flush=True)
                time.sleep(1)
        print("rank %d metrics sent" % rank, flush=True)
    if mode == "pipewrite" and rank == 1 and step == warm:
        # its step log goes to a log shipper child's stdin; the shipper (`sleep 3600`) never reads
        ship = subprocess.Popen(["sleep", "3600"], stdin=subprocess.PIPE)
        print("rank %d shipper %d" % (rank, ship.pid), flush=True)
        try:
            ship.stdin.write(b"step log line\n" * (1 << 18))
            ship.stdin.flush()
        except BrokenPipeError:
            print("rank %d log shipper gone" % rank, flush=True)
    if mode == "cfgservice" and rank == 1 and step == warm:
        # asks a config service CFGSVC=HOST:PORT (outside the job) for its schedule, waits for the answer
        host, port = os.environ["CFGSVC"].rsplit(":", 1)
        c = socket.create_connection((host, int(port)))
        c.sendall(b"GET /schedule\n")
        print("rank %d config service answered %d bytes" % (rank, len(c.recv(4096))), flush=True)
        c.close()
    if mode == "unixlog" and rank == 1 and step == warm:
        # under the test's own folder (UNIXLOG_DIR), which its cleanup removes also on failure
        path = os.path.join(os.environ["UNIXLOG_DIR"], "unixlog-%d.sock" % os.getpid())
        code = ("import socket, sys, time; s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(sys.argv[1]); "
                "print('bound', flush=True); time.sleep(3600)")
        child = subprocess.Popen([sys.executable, "-c", code, path], stdout=subprocess.PIPE)
        child.stdout.readline()
        print("rank %d syslog %d" % (rank, child.pid), flush=True)
        out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        out.connect(path)  # as logging.handlers.SysLogHandler does with /dev/log
        try:
            while True:
                out.send(b"rank 1 step log line " * 40)
        except OSError as e:
            print("rank %d syslog gone: %s" % (rank, e), flush=True)
        os.unlink(path)
    if mode == "memhog" and rank == 1 and step == warm:
        hog = b"x" * (int(os.environ.get("HOG_MB", "256")) << 20)  # each page written: charged to its cgroup
    if mode == "sigwait" and rank == 1 and step == warm:
        # clusters-2026-12-07m w1: waits for a checkpoint agent's SIGUSR1 that never comes
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
        print("rank %d waits for SIGUSR1 to resume" % rank, flush=True)
        signal.sigwait({signal.SIGUSR1})
        print("rank %d resumed" % rank, flush=True)
    if mode == "pdb" and rank == 1 and step == warm:
        breakpoint()  # left in from debugging
    if mode == "evalcompute" and step == warm:
        torch.set_num_threads(1)  # the main thread computes (no OpenMP pool it would wait on)
        m, t0 = torch.randn(256, 256), time.time()
        while time.time() - t0 < float(os.environ.get("EVAL_S", "30")):
            m = torch.tanh(m @ m)
    if mode == "rank1-subprocess" and rank == 1 and step == warm:
        subprocess.run(["sh", "-c", "sleep 3600"], check=False)  # a checkpoint upload that never returns
    if mode == "newgroup" and (rank < world - 1 or os.environ.get("NEWGROUP_ALL") == "1") and step == warm:
        dist.new_group([0, 1])
    if mode == "grouporder" and step == warm:
        a, b = torch.ones(1 << 16), torch.ones(1 << 16)
        if rank == world - 1 and os.environ.get("GROUPORDER_SAME") != "1":
            dist.all_reduce(b, group=g_b)  # the last rank reduces over the groups in the other order
            dist.all_reduce(a, group=g_a)
        else:
            dist.all_reduce(a, group=g_a)
            dist.all_reduce(b, group=g_b)
    t = load_batch(step)
    if mode == "lastbatch" and rank == world - 1 and step == warm:
        t = t[: t.numel() * 3 // 4].clone()  # its last batch is partial (no drop_last): fewer floats
    dist.all_reduce(t)
    want = world * (world + 1) / 2
    if not bool((t == want).all()):
        print("rank %d step %d: WRONG" % (rank, step), flush=True)
        sys.exit(1)
    print("rank %d step %d loss %.3f" % (rank, step, 1.0 / (step + 1)), flush=True)
    step += 1
    if mode == "rank0-extra" and step == warm:
        if rank == 0:
            dist.all_reduce(torch.ones(16))  # a metric only rank 0 reduces
        else:
            time.sleep(600)  # "evaluation": never joins rank 0's all_reduce
    time.sleep(0.1)
dist.destroy_process_group()
print("rank %d done" % rank, flush=True)
