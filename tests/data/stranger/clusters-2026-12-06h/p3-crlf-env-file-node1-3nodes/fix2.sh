# round 2: fix.sh, then rank 0's three printed fixes after it ("set X to the same value on every node; rank 0 has X=V"), on node1
1	export MASTER_ADDR=198.19.108.10
1	export MASTER_ADDR=c9node0
1	export MASTER_PORT=29400
1	export WORLD_SIZE=3
