# stand-in for `ping -M do -c 1 -W 1 -s SIZE ADDR` (no ping binary on this machine): one ICMP echo, DF set.
import socket, struct, sys, os, time, select
size, addr = int(sys.argv[1]), sys.argv[2]
s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
s.setsockopt(socket.IPPROTO_IP, 10, 2)  # IP_MTU_DISCOVER = IP_PMTUDISC_DO
ident = os.getpid() & 0xffff
payload = b"\x00" * size
def csum(b):
    if len(b) % 2: b += b"\0"
    t = sum(struct.unpack("!%dH" % (len(b) // 2), b)); t = (t >> 16) + (t & 0xffff); t += t >> 16
    return ~t & 0xffff
hdr = struct.pack("!BBHHH", 8, 0, 0, ident, 1)
pkt = struct.pack("!BBHHH", 8, 0, csum(hdr + payload), ident, 1) + payload
try:
    s.sendto(pkt, (addr, 0))
except OSError as e:
    print(f"-s {size}: {e}"); sys.exit(1)
end = time.time() + 1
while time.time() < end:
    r, _, _ = select.select([s], [], [], end - time.time())
    if not r: break
    data = s.recv(65535)
    ihl = (data[0] & 15) * 4
    t, _, _, i, _ = struct.unpack("!BBHHH", data[ihl:ihl + 8])
    if t == 0 and i == ident:
        print(f"-s {size}: reply"); sys.exit(0)
print(f"-s {size}: no reply"); sys.exit(1)
