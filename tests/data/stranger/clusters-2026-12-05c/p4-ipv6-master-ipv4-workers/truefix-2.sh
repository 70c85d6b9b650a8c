# truefix.sh (manifest: MASTER_ADDR) + the fix preflight printed after it (truefix-out/pf.rank0.txt), as printed
all	export MASTER_ADDR=198.18.84.10
all	export GLOO_SOCKET_IFNAME=c4eth0
