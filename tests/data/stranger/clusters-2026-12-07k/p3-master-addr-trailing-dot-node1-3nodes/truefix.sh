1	export MASTER_ADDR=c12node0
