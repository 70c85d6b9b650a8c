#!/usr/bin/python3
"""Hostile peer for preflight's rendezvous and probe ports (tests/system/hardening).

attack.py MODE HOST PORT [TOKEN] [N]   (speaks the DDPF v2 wire: challenge, then join)
  bad-joins   one connection per malformed join; the proofs are right (a peer holding the
              token), the fields are not: number token, string world and time, rank 2^32+1,
              rank above 2^63, a report nested 200k and 10k deep, facts not an object
  big-headers N connections whose header announces 8 MiB, then silence
  fat-guesses N connections with a wrong proof and a 7 MB join each
  idle        N connections that never send a byte
Holds every connection open until killed (or 60 s), so rank 0 must cope with them at once.
Prints "ready" once all connections are made and everything is sent.
"""
import hashlib
import hmac
import json
import os
import socket
import struct
import sys
import time

MODE, HOST, PORT = sys.argv[1], sys.argv[2], int(sys.argv[3])
TOKEN = sys.argv[4] if len(sys.argv) > 4 else "t"
N = int(sys.argv[5]) if len(sys.argv) > 5 else 1
TYPES = {"join": 1, "challenge": 6}


def frame(kind, payload: bytes, announced=None):
    n = len(payload) if announced is None else announced
    return b"DDPF" + struct.pack(">HHI", 2, TYPES[kind], n) + payload


def connect():
    """Retries while rank 0 is still starting (refused), for up to 30 s."""
    end = time.time() + 30
    while True:
        try:
            return socket.create_connection((HOST, PORT), timeout=10)
        except ConnectionRefusedError:
            if time.time() > end:
                raise
            time.sleep(0.1)


def read_challenge(s):
    head = b""
    while len(head) < 12:
        chunk = s.recv(12 - len(head))
        if not chunk:
            raise ConnectionError("closed before the challenge")
        head += chunk
    (n,) = struct.unpack(">I", head[8:12])
    body = b""
    while len(body) < n:
        chunk = s.recv(n - len(body))
        if not chunk:  # closed mid-body: b"" forever would spin this loop
            raise ConnectionError("closed inside the challenge")
        body += chunk
    return json.loads(body)["nonce"]


def proof(server_nonce, client_nonce, rank, world, token=TOKEN):
    msg = "distdoctor-join|%s|%s|%d|%d" % (server_nonce, client_nonce, rank, world)
    return hmac.new(token.encode(), msg.encode(), hashlib.sha256).hexdigest()


def join(s, body, token=TOKEN):
    nonce = read_challenge(s)
    body = dict(body)
    body.setdefault("nonce", "c" * 32)
    r, w = body.get("rank"), body.get("world")
    rank = r if isinstance(r, int) else 0
    world = w if isinstance(w, int) else 0
    body.setdefault("proof", proof(nonce, body["nonce"], rank, world, token))
    return frame("join", json.dumps(body).encode())


def good(**kw):
    b = {"rank": 1, "world": 2, "host": "attacker", "facts": {}}
    b.update(kw)
    return b


conns = []
if MODE == "bad-joins":
    deep = lambda n: "[" * n + "1" + "]" * n
    bodies = [
        {"token": 5, "rank": 1, "world": 2},  # the first packet
        good(world="2"),
        good(sent_unix_us="now"),
        good(rank=2**32 + 1),
        good(rank=2**64 - 1),
        good(facts="x"),
    ]
    for b in bodies:
        s = connect()
        s.sendall(join(s, b))
        conns.append(s)
    for depth in (200000, 10000):  # raw text: json.dumps would recurse too deep here
        # A connection still in rank 0's backlog when it stops listening is reset: reconnect.
        for attempt in range(5):
            s = connect()
            try:
                nonce = read_challenge(s)
                break
            except ConnectionError:
                s.close()
                if attempt == 4:
                    raise
                time.sleep(0.5)
        text = '{"rank": 1, "world": 2, "host": "attacker", "facts": {}, "nonce": "%s", "proof": "%s", "report": {"x": %s}}' % (
            "c" * 32, proof(nonce, "c" * 32, 1, 2), deep(depth))
        s.sendall(frame("join", text.encode()))
        conns.append(s)
elif MODE == "big-headers":
    for _ in range(N):
        s = connect()
        s.sendall(frame("join", b"", announced=(8 << 20)))
        conns.append(s)
elif MODE == "fat-guesses":
    # all N connections first, then every join sent at once (threads): rank 0 holds them side by side
    import threading
    pad = "G" * (7 << 20)
    ready = []
    for i in range(N):
        s = connect()
        ready.append((s, join(s, good(report={"pad": pad}), token="guess-%d-secret" % i)))
        conns.append(s)

    def push(i, s, data):
        try:
            s.setblocking(True)
            s.sendall(data)
        except OSError as e:  # rank 0 cut this one for size: expected for some
            print("fat guess %d cut: %s" % (i, e), file=sys.stderr)

    threads = [threading.Thread(target=push, args=(i, s, d)) for i, (s, d) in enumerate(ready)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
elif MODE == "idle":
    for _ in range(N):
        try:
            conns.append(connect())
        except OSError as e:
            print("connect failed:", e, file=sys.stderr)
            break
else:
    sys.exit("unknown mode " + MODE)
print("ready", len(conns), flush=True)
time.sleep(60)
