# cluster15 (clusters-2026-12-07n): copied from 07m (sed c14 -> c15 over the whole file); new MODEs prompt (w1), p2ptag (w2),
# poolcrash (w3), warmup (w4).
# cluster14 (clusters-2026-12-07m): copied from clusters-2026-12-07l (c13 -> c15, 198.19.124 -> 198.19.128, eval-bin23 -> eval-bin25, also in comments).
# cluster13: copied from clusters-2026-12-07k/train.py (c12 -> c15 in code lines); new MODEs gilhold, enospc, slowfeed.
# cluster12: copied from clusters-2026-12-07j/train.py (c11 -> c12 in code lines); new MODEs ckptslow, storewait.
# cluster11: copied from clusters-2026-12-07i (c10 -> c11, eval-bin21); new MODEs oomstage, syslog, resume, varsteps.
# cluster10 job (clusters-2026-12-07i; copied from clusters-2026-12-06h/train.py, itself from 06g; new here: MODEs
# lockpoll, dnsmetrics, rank0eval and STEP_WORK, the per-step compute; 06h's MODEs pdb, prefetch, evalcompute): real torch.distributed Gloo ranks, one per node.
# RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT come from the node's environment. MODE picks what happens at step 4
# (new here: flock, logger, uploadpause; addrlost is planted by the harness, the job is normal).
import os, sys, time, signal, datetime, fcntl, socket, subprocess
import torch
import torch.distributed as dist

rank = int(os.environ["RANK"]); world = int(os.environ["WORLD_SIZE"])
mode = os.environ.get("MODE", "normal")
steps = int(os.environ.get("STEPS", "8"))
timeout = datetime.timedelta(seconds=int(os.environ.get("JOB_TIMEOUT", "50")))
torch.set_num_threads(1)
dist.init_process_group("gloo", timeout=timeout)
print(f"rank {rank} joined world {world}", flush=True)


class Shards(torch.utils.data.Dataset):
    """One 1 MiB batch per index. In MODE=loaderstop, rank 1's loader worker stops itself (SIGSTOP) when it is
    asked for batch 4: the worker stays alive, so DataLoader never declares it dead and the main thread waits."""
    def __len__(self):
        return steps

    def __getitem__(self, i):
        if mode == "loaderstop" and rank == 1 and i == 4:
            os.kill(os.getpid(), signal.SIGSTOP)
        return torch.full((1 << 18,), float(i))


if mode == "prefetch":
    # a hand-written prefetcher: a background thread reads shard files (SHARD_DIR/shard<i>) into a queue, the main
    # thread takes batches from it. A shard it cannot read raises in the thread, which dies; nothing tells the main
    # thread, which waits in q.get() for a batch that never comes.
    import threading, queue
    q = queue.Queue(maxsize=2)
    def prefetch():
        for i in range(steps):
            with open(os.path.join(os.environ["SHARD_DIR"], f"shard{i}"), "rb") as f:
                n = len(f.read())
            q.put(torch.full((1 << 18,), float(i + 0 * n)))
    threading.Thread(target=prefetch, name="prefetch", daemon=True).start()
    get_batch = lambda step: q.get()
elif mode in ("loaderstop", "ckptclean"):
    loader = iter(torch.utils.data.DataLoader(Shards(), batch_size=None, num_workers=2 if mode == "ckptclean" else 1))
    get_batch = lambda step: next(loader)
else:
    batches = [torch.full((1 << 18,), float(i)) for i in range(steps)]
    get_batch = lambda step: batches[step]

if mode in ("storekey", "resume", "storewait"):
    # a side channel through the job's own store: rank 0 publishes the checkpoint folder when it saves
    kv = dist.TCPStore(os.environ["MASTER_ADDR"], int(os.environ["MASTER_PORT"]), world, False, timeout)
if mode == "grouporder":
    g_a = dist.new_group(list(range(world)))      # e.g. the data-parallel group
    g_b = dist.new_group(list(range(world)))      # e.g. the model-parallel group (same members here)

if mode == "lastbatch":
    # cluster14 w3: rank 1's data shard is shorter: its last batch (step 7) is partial (3/4 of the elements), and the
    # loop all_reduces the batch as it is; DROP_LAST=1 (the script's drop-last switch) skips the last, partial step
    if rank == 1:
        batches[steps - 1] = torch.full((3 << 16,), float(steps - 1))
    if os.environ.get("DROP_LAST") == "1":
        steps -= 1

def decode_record(name):
    """cluster15 w3: a record whose bytes start with b"\\xde\\xad" crashes the 'C decoder' (SIGSEGV)."""
    with open(os.path.join(os.environ["REC_DIR"], name), "rb") as f:
        b = f.read()
    if b[:2] == b"\xde\xad":
        os.kill(os.getpid(), signal.SIGSEGV)
    time.sleep(0.2)
    return len(b)


if mode == "warmup":
    # cluster15 w4 (clean): every rank 'compiles' its kernels before the first step: WARM_S seconds of CPU work,
    # one line before it, nothing during it; then the job trains normally
    print(f"rank {rank} compiling kernels (first run, no cache)", flush=True)
    m = torch.randn(256, 256); t0 = time.time()
    while time.time() - t0 < float(os.environ.get("WARM_S", "50")):
        m = torch.tanh(m @ m)
    print(f"rank {rank} kernels compiled in {time.time() - t0:.0f} s", flush=True)

for step in range(steps):
    batch = get_batch(step)
    if step == 4 and mode == "storekey" and rank != 0:
        ckpt = kv.get("ckpt_dir").decode()        # waits until rank 0 has set it
        print(f"rank {rank} resumes from {ckpt}", flush=True)
    if step == 5 and mode == "storekey" and rank == 0:
        kv.set("ckpt_dir", "/tmp/c6ckpt")         # ... which it does only after step 4's all_reduce
    if step == 4 and mode == "grouporder":
        a = torch.ones(1 << 16); b = torch.ones(1 << 16)
        if rank == world - 1:                      # the last rank reduces over the groups in the other order
            dist.all_reduce(b, group=g_b); dist.all_reduce(a, group=g_a)
        else:
            dist.all_reduce(a, group=g_a); dist.all_reduce(b, group=g_b)
    if step == 4 and mode == "flock" and rank == 1:
        # rank 1 writes its shard under the checkpoint folder's lock (a stale process may still hold it)
        lk = open(os.environ["LOCKFILE"], "a")
        fcntl.flock(lk, fcntl.LOCK_EX)
        print(f"rank {rank} has the checkpoint lock", flush=True)
        fcntl.flock(lk, fcntl.LOCK_UN); lk.close()
    if step == 4 and mode == "logger" and rank == 1:
        # rank 1 sends its metrics to a collector HOST:PORT (outside the job), retrying until it gets through
        host, port = os.environ["LOGGER"].rsplit(":", 1)
        while True:
            try:
                c = socket.create_connection((host, int(port)))
                c.sendall(f"rank {rank} step {step}\n".encode()); c.close(); break
            except OSError as e:
                print(f"rank {rank} metrics: {e}", flush=True); time.sleep(1)
        print(f"rank {rank} metrics sent", flush=True)
    if step == 4 and mode == "pipefull" and rank == 1:
        # rank 1 hands its step log to a log shipper child through a pipe; the shipper stopped reading
        ship = subprocess.Popen(["sleep", "3600"], stdin=subprocess.PIPE)
        try:
            ship.stdin.write(b"step log line\n" * (1 << 18)); ship.stdin.flush()
        except BrokenPipeError:
            print(f"rank {rank} log shipper gone", flush=True)
    if step == 4 and mode == "cfgservice" and rank == 1:
        # rank 1 asks a config service HOST:PORT (outside the job) for its schedule and waits for the answer
        host, port = os.environ["CFGSVC"].rsplit(":", 1)
        c = socket.create_connection((host, int(port)))
        c.sendall(b"GET /schedule\n"); ans = c.recv(4096); c.close()
        print(f"rank {rank} config service answered {len(ans)} bytes", flush=True)
    if step == 4 and mode == "bigreduce":
        y = torch.ones(int(os.environ.get("BIG_FLOATS", str(16 << 20))))   # 64 MiB gradient bucket
        dist.all_reduce(y)
        print(f"rank {rank} big all_reduce done", flush=True)
    if mode == "uploadpause" and rank == 0 and step in (3, 6):
        subprocess.run(["sleep", os.environ.get("UPLOAD_S", "12")], check=True)   # 'uploads' a checkpoint
    if mode == "ckptclean" and rank == 0 and step in (3, 6):
        torch.save({"w": torch.randn(16 << 20)}, f"/tmp/c6ckpt.{os.getpid()}.pt")   # 64 MiB checkpoint
        os.unlink(f"/tmp/c6ckpt.{os.getpid()}.pt")
    if step == 4 and mode == "pdb" and rank == 1:
        breakpoint()                               # left in from debugging; PYTHONBREAKPOINT=0 disables it
    if step == 4 and mode == "evalcompute":
        # every rank runs a validation pass of EVAL_S seconds of pure compute, printing nothing, then goes on
        m = torch.randn(256, 256); t0 = time.time()
        while time.time() - t0 < float(os.environ.get("EVAL_S", "45")):
            m = torch.tanh(m @ m)
    if step == 4 and mode == "lockpoll" and rank == 1:
        # rank 1 takes the shared checkpoint folder's lock file the way a soft file lock does: create it
        # exclusively, and while it exists, retry once a second (a run that crashed earlier may have left it)
        lock = os.environ["LOCKFILE"]
        while True:
            try:
                fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
                os.write(fd, f"{os.getpid()}\n".encode()); os.close(fd); break
            except FileExistsError:
                time.sleep(1)
        print(f"rank {rank} has the checkpoint lock", flush=True)
        os.unlink(lock)
    if step == 4 and mode == "dnsmetrics" and rank == 1:
        # rank 1 resolves the metrics host (a statsd-like UDP collector) by name, then sends one counter;
        # a failed lookup is retried (metrics must not crash training)
        mhost = os.environ["METRICS_HOST"]
        while True:
            try:
                maddr = socket.getaddrinfo(mhost, 8125, socket.AF_INET, socket.SOCK_DGRAM)[0][4]; break
            except socket.gaierror as e:
                print(f"rank {rank} metrics: {e}", flush=True); time.sleep(1)
        ms = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); ms.sendto(f"step:{step}|c".encode(), maddr); ms.close()
        print(f"rank {rank} metrics sent to {maddr[0]}", flush=True)
    if step == 4 and mode == "rank0eval" and rank == 0:
        # rank 0 alone runs a validation pass of EVAL_S seconds (compute, a progress line every 5 s); the
        # other ranks wait for it in step 4's all_reduce (their Gloo timeout is far longer), then the job goes on
        m = torch.randn(256, 256); t0 = time.time(); last = t0; k = 0
        while time.time() - t0 < float(os.environ.get("EVAL_S", "45")):
            m = torch.tanh(m @ m)
            if time.time() - last >= 5:
                k += 1; last = time.time(); print(f"rank 0 eval batch {k} of 9", flush=True)
        print("rank 0 eval done", flush=True)
    if step == 4 and mode == "oomstage" and rank == 1:
        # rank 1 stages a copy of its weights (256 MiB, touched) before writing its checkpoint shard
        stage = torch.empty(64 << 20).fill_(1.0)
        print(f"rank {rank} staged {stage.numel() * 4 >> 20} MiB", flush=True)
        del stage
    if step == 4 and mode == "syslog" and rank == 1:
        # rank 1 logs its per-layer statistics through the node's syslog socket (DEVLOG, a unix datagram socket)
        import logging, logging.handlers
        lg = logging.getLogger("train"); lg.setLevel(logging.INFO)
        lg.addHandler(logging.handlers.SysLogHandler(address=os.environ["DEVLOG"]))
        for layer in range(200):
            lg.info(f"rank {rank} step {step} layer {layer} grad-norm {0.01 * layer:.3f}")
        print(f"rank {rank} logged 200 layer stats", flush=True)
    if step == 4 and mode == "resume":
        # every rank checks its resume manifest (RESUME_DIR/rank<r>.json) and reports it through the job's store;
        # rank 0 waits until every rank has reported before it goes on
        with open(os.path.join(os.environ["RESUME_DIR"], f"rank{rank}.json")) as f:
            man = f.read()
        kv.set(f"resume_ok_{rank}", str(len(man)))
        if rank == 0:
            kv.wait([f"resume_ok_{r}" for r in range(world)])
            print("rank 0 every rank has its resume manifest", flush=True)
    if step == 4 and mode == "ckptslow" and rank == 1:
        # rank 1 saves its checkpoint shard (CKPT_MB MiB) to the node's checkpoint disk CKPT_DIR and fsyncs it
        path = os.path.join(os.environ["CKPT_DIR"], f"shard{rank}.pt")
        print(f"rank {rank} writing checkpoint shard {path}", flush=True)
        with open(path, "wb") as f:
            torch.save({"w": torch.randn(int(os.environ.get("CKPT_MB", "16")) << 18)}, f)
            f.flush(); os.fsync(f.fileno())
        print(f"rank {rank} checkpoint shard written", flush=True)
    if step == 4 and mode == "storewait":
        # rank 1 builds the shared token cache (BUILD_S seconds of compute, one line first) and announces it through
        # the job's store; rank 0 waits for the announcement (store wait) before it goes on
        if rank == 1:
            print(f"rank {rank} building the token cache", flush=True)
            m = torch.randn(256, 256); t0 = time.time()
            while time.time() - t0 < float(os.environ.get("BUILD_S", "35")):
                m = torch.tanh(m @ m)
            kv.set("cache_ready", "1")
            print(f"rank {rank} token cache ready", flush=True)
        else:
            kv.wait(["cache_ready"])
            print(f"rank {rank} sees the token cache", flush=True)
    if step == 4 and mode == "gilhold" and rank == 1:
        # rank 1 starts a licence-heartbeat thread that waits for the licence agent's byte on a FIFO (HB_FIFO)
        # through ctypes.PyDLL: a PyDLL call keeps the GIL while it blocks, so no other thread of rank 1 runs Python
        import threading, ctypes
        def heartbeat():
            fd = os.open(os.environ["HB_FIFO"], os.O_RDWR)
            buf = ctypes.create_string_buffer(1)
            ctypes.PyDLL("libc.so.6").read(fd, buf, 1)     # blocks holding the GIL until a byte arrives
            os.close(fd)
        threading.Thread(target=heartbeat, name="licence-hb", daemon=True).start()
        print(f"rank {rank} licence heartbeat started", flush=True)
        time.sleep(0.5)                                      # the heartbeat thread takes the GIL here
    if step == 4 and mode == "enospc" and rank == 1:
        # rank 1 saves its checkpoint shard (2 MiB) to CKPT_DIR; a failed write is retried every 2 s
        path = os.path.join(os.environ["CKPT_DIR"], f"shard{rank}.pt")
        while True:
            try:
                with open(path, "wb") as f:
                    torch.save({"w": torch.randn(1 << 19)}, f)
                break
            except (OSError, RuntimeError) as e:
                print(f"rank {rank} checkpoint write failed: {e}; retrying in 2 s", flush=True)
                time.sleep(2)
        print(f"rank {rank} checkpoint shard written", flush=True)
    if step == 4 and mode == "slowfeed" and rank == 1:
        # rank 1 reads its next shard from a stream (FEED_FIFO) that a producer fills slowly (4 KiB every 2 s)
        print(f"rank {rank} reading shard stream", flush=True)
        n = 0
        with open(os.environ["FEED_FIFO"], "rb") as f:
            while True:
                b = f.read(4096)
                if not b:
                    break
                n += len(b)
        print(f"rank {rank} read {n} bytes of shard stream", flush=True)
    if step == 4 and mode == "sigresume" and rank == 1:
        # cluster14 w1: rank 1 hands its shard to the node's checkpoint agent and waits for the agent's SIGUSR1
        # ("copied, go on") before it continues; the agent is not running on node1, so no signal comes
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
        print(f"rank {rank} shard handed to the checkpoint agent; waiting for its SIGUSR1 to resume", flush=True)
        signal.sigwait({signal.SIGUSR1})
        print(f"rank {rank} resumed by SIGUSR1", flush=True)
    if step == 4 and mode == "agentsock" and rank == 1:
        # cluster14 w2: rank 1 sends its step metrics to the node-local agent on a unix stream socket (AGENT_SOCK);
        # a failure is logged and training goes on (metrics must not crash training)
        print(f"rank {rank} sending step metrics to the node agent {os.environ['AGENT_SOCK']}", flush=True)
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(os.environ["AGENT_SOCK"]); s.sendall(f"rank {rank} step {step}\n".encode()); s.close()
            print(f"rank {rank} metrics sent", flush=True)
        except OSError as e:
            print(f"rank {rank} metrics agent: {e}; going on", flush=True)
    if step == 4 and mode == "childzip" and rank == 1:
        # cluster14 w4 (clean): rank 1 compresses its previous checkpoint in a child process (ZIP_S s of CPU work,
        # silent) and waits for it; rank 0 waits in step 4's all_reduce meanwhile
        print(f"rank {rank} compressing the previous checkpoint (child process)", flush=True)
        subprocess.run([sys.executable, "-c", "import zlib, os, time\nd = os.urandom(1 << 20); t = time.time()\n"
                        f"while time.time() - t < {float(os.environ.get('ZIP_S', '40'))}: zlib.compress(d, 9)"], check=True)
        print(f"rank {rank} previous checkpoint compressed", flush=True)
    if mode == "varsteps":
        # uneven step times: in some steps one rank computes much longer (a data-dependent branch), printing nothing
        sched = {(1, 0): 6, (2, 0): 24, (3, 1): 12, (5, 1): 22, (6, 0): 4}
        m = torch.randn(256, 256); t0 = time.time()
        while time.time() - t0 < sched.get((step, rank), 0.3):
            m = torch.tanh(m @ m)
    if step == 4 and mode == "prompt" and rank == 1:
        # cluster15 w1: rank 1 finds its checkpoint folder non-empty and asks whether to overwrite it (a prompt left in
        # from interactive use); the launcher leaves stdin open, so input() waits for a line nobody types
        ans = input(f"rank {rank}: checkpoint folder /tmp/c15ckpt/rank{rank} is not empty; overwrite it? [y/N] ")
        print(f"rank {rank} answer {ans.strip()!r}", flush=True)
    if step == 4 and mode == "p2ptag":
        # cluster15 w2: rank 0 sends rank 1 the step's learning-rate scale point-to-point (tag SEND_TAG, default 4);
        # rank 1 receives it with tag RECV_TAG (default 5: a tag constant that was changed on one side only)
        t = torch.zeros(4)
        if rank == 0:
            t += 0.5; dist.send(t, dst=1, tag=int(os.environ.get("SEND_TAG", "4")))
            print(f"rank {rank} sent the lr scale to rank 1", flush=True)
        elif rank == 1:
            dist.recv(t, src=0, tag=int(os.environ.get("RECV_TAG", "5")))
            print(f"rank {rank} got lr scale {t[0].item()}", flush=True)
    if step == 4 and mode == "poolcrash" and rank == 1:
        # cluster15 w3: rank 1 decodes its next records with a multiprocessing.Pool of 2 workers; the decoder (a C
        # extension in real life) crashes with SIGSEGV on a corrupt record; Pool replaces the dead worker but the
        # task's result never comes, so pool.map waits for ever
        import multiprocessing as mp
        print(f"rank {rank} decoding {len(os.listdir(os.environ['REC_DIR']))} records with 2 workers", flush=True)
        with mp.get_context("fork").Pool(2) as pool:
            out = pool.map(decode_record, sorted(os.listdir(os.environ["REC_DIR"])))
        print(f"rank {rank} decoded {sum(out)} bytes", flush=True)
    for _ in range(int(os.environ.get("STEP_WORK", "0"))):   # the step's own compute (256x256 matmuls)
        w = torch.tanh(torch.randn(256, 256) @ torch.randn(256, 256))
    x = batch.clone()
    dist.all_reduce(x)                                               # 1 MiB of floats per step
    print(f"rank {rank} step {step} loss {x[0].item() / world:.3f}", flush=True)
    time.sleep(float(os.environ.get("STEP_SLEEP", "0.5")))
dist.barrier()
print(f"rank {rank} done", flush=True)
dist.destroy_process_group()
