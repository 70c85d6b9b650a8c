1	export MASTER_ADDR=c13node0
