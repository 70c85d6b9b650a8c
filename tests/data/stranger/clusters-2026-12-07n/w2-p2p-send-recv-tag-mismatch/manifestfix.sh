1	export RECV_TAG=4
