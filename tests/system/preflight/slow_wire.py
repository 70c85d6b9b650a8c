#!/usr/bin/python3
"""A slow, lossy Ethernet wire between two interfaces, for kernels without sch_netem.

slow_wire.py A B DELAY_MS LOSS_PCT DEADLINE_S

Run inside a namespace that holds interfaces A and B (no addresses on them). Every frame that
arrives on A is sent out of B after DELAY_MS and dropped with probability LOSS_PCT percent, the
way `tc qdisc add dev X root netem delay DELAY_MS loss LOSS_PCT%` treats frames leaving X; frames
from B go out of A unchanged. The kernels on both sides run their real TCP over it. Offloads must
be off on every interface the frames cross (no GSO/GRO super-frames, no partial checksums), which
the caller does with ethtool. Exits after DEADLINE_S seconds at the latest.
"""
import heapq
import random
import select
import socket
import sys
import time

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4


def open_raw(ifname):
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.bind((ifname, 0))
    s.setblocking(False)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)
    return s


def main():
    a_name, b_name, delay_ms, loss_pct, deadline_s = sys.argv[1:6]
    delay = float(delay_ms) / 1000.0
    loss = float(loss_pct) / 100.0
    end = time.monotonic() + float(deadline_s)
    rng = random.Random(7)
    a, b = open_raw(a_name), open_raw(b_name)
    out_of = {a: b, b: a}
    queue = []  # (due, seq, socket to send on, frame): frames A -> B wait here
    seq = 0
    print("ready", flush=True)
    while time.monotonic() < end:
        now = time.monotonic()
        while queue and queue[0][0] <= now:
            _, _, sock, frame = heapq.heappop(queue)
            try:
                sock.send(frame)
            except OSError:
                pass  # the peer went away, as a cable would drop it
        wait = min(0.2, queue[0][0] - now) if queue else 0.2
        ready, _, _ = select.select([a, b], [], [], max(0.0, wait))
        for sock in ready:
            while True:
                try:
                    frame, addr = sock.recvfrom(65536)
                except (BlockingIOError, InterruptedError):
                    break
                if addr[2] == PACKET_OUTGOING:
                    continue  # our own transmission seen on the socket
                if sock is a:
                    if rng.random() < loss:
                        continue
                    seq += 1
                    heapq.heappush(queue, (time.monotonic() + delay, seq, b, frame))
                else:
                    try:
                        a.send(frame)
                    except OSError:
                        pass


if __name__ == "__main__":
    main()
