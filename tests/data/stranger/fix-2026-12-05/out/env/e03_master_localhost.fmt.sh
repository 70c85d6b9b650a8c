# distdoctor fix: source this file (or paste it) on every node before the launch command
# env.master-addr.loopback: MASTER_ADDR resolves to a loopback address; ranks on other nodes cannot reach it (there it is their own loopback)
#   set MASTER_ADDR to the rank-0 node's routable address (this host has 192.0.2.2, fd00::2) on every node
