# cluster14 w2: a node-local metrics agent whose accept loop is stuck: it listens on the unix stream socket argv[1]
# with backlog 0, one earlier client (a held connection of its own, standing for the node exporter) already waits in
# its queue, and it never calls accept() (it sleeps: its accept thread is wedged). A further connect() blocks.
import socket, os, sys, time
path = sys.argv[1]
try:
    os.unlink(path)
except FileNotFoundError:
    pass
srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); srv.bind(path); srv.listen(0)
held = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); held.connect(path)
print(f"agent {os.getpid()} listening on {path}, queue full", flush=True)
time.sleep(3600)
