#!/bin/sh
ip netns exec c2n0 unshare --uts --mount --propagation private sh -c 'hostname c2node0; mount --bind /tmp/c2eval.XPIF8C/hosts0 /etc/hosts; exec "$@"' x env MASTER_ADDR=c2node0 MASTER_PORT=29500 RANK=0 WORLD_SIZE=2 STEPS=10 GLOO_TIMEOUT=600 MODE=busy BAD_RANK=1 BAD_STEP=4  /usr/bin/python3 /work/wt-clusters2/tests/data/stranger/clusters-2026-12-05/train.py &
ip netns exec c2n1 unshare --uts --mount --propagation private sh -c 'hostname c2node1; mount --bind /tmp/c2eval.XPIF8C/hosts1 /etc/hosts; exec "$@"' x env MASTER_ADDR=c2node0 MASTER_PORT=29500 RANK=1 WORLD_SIZE=2 STEPS=10 GLOO_TIMEOUT=600 MODE=busy BAD_RANK=1 BAD_STEP=4  /usr/bin/python3 /work/wt-clusters2/tests/data/stranger/clusters-2026-12-05/train.py &
wait
