# node1 printed "use rank 0's IP address" (rank 0 prints its address 198.19.108.10): applied on node1 only, where the finding is
1	export MASTER_ADDR=198.19.108.10
