# manifest fix, first half (preflight printed advice only): MASTER_ADDR = node0 IPv4 address on every node
all	export MASTER_ADDR=198.18.84.10
