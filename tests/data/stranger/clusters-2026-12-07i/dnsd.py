# cluster10: a minimal DNS server for w2 (runs in the DNS host's namespace): answers A queries for the names in
# ZONE (name=address,...), NXDOMAIN for anything else. UDP port 53 only.
import os, socket, struct
zone = dict(kv.split("=") for kv in os.environ["ZONE"].split(","))
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("0.0.0.0", 53))
while True:
    q, peer = s.recvfrom(512)
    if len(q) < 12: continue
    qid, flags, qd = struct.unpack("!HHH", q[:6])
    i, labels = 12, []
    while i < len(q) and q[i]:
        labels.append(q[i + 1:i + 1 + q[i]].decode(errors="replace")); i += 1 + q[i]
    question = q[12:i + 5]; qtype = struct.unpack("!H", q[i + 1:i + 3])[0] if i + 3 <= len(q) else 0
    name = ".".join(labels).lower()
    hdr_flags = 0x8180 | (flags & 0x0100)
    if name in zone and qtype == 1:
        ans = b"\xc0\x0c" + struct.pack("!HHIH", 1, 1, 60, 4) + socket.inet_aton(zone[name])
        s.sendto(struct.pack("!HHHHHH", qid, hdr_flags, 1, 1, 0, 0) + question + ans, peer)
    elif name in zone:
        s.sendto(struct.pack("!HHHHHH", qid, hdr_flags, 1, 0, 0, 0) + question, peer)
    else:
        s.sendto(struct.pack("!HHHHHH", qid, hdr_flags | 3, 1, 0, 0, 0) + question, peer)
