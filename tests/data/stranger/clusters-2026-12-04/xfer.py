# tiny path check: xfer.py serve PORT | xfer.py send HOST PORT NBYTES
import socket, sys
if sys.argv[1] == "serve":
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("0.0.0.0", int(sys.argv[2]))); s.listen(1); s.settimeout(8)
    c, _ = s.accept(); c.settimeout(8); n = 0
    try:
        while True:
            d = c.recv(65536)
            if not d: break
            n += len(d)
    except Exception as e: print("serve err", e)
    print("received", n)
else:
    s = socket.create_connection((sys.argv[2], int(sys.argv[3])), timeout=5); s.settimeout(5)
    try: s.sendall(b"x" * int(sys.argv[4])); s.shutdown(socket.SHUT_WR); s.recv(1); print("sent ok")
    except Exception as e: print("send err", e)
