#!/bin/bash
# usage: tools/paste_prose.sh: applies the prose fixes (p09 p10 p22 p23 p29 p32, and p09's hostNetwork note) by hand, as printed, into pasted/
B=$(cd "$(dirname "$0")/.." && pwd); rm -rf "$B/pasted"; mkdir -p "$B/pasted"; cd "$B/pasted"
cp ../cases/{p09_pytorchjob_noshm.yaml,p10_ssh_loop.sh,p22_env_after_init.py,p23_static_rdzv.sh,p29_pytorchjob_localhost.yaml,p32_lightning_env_after.py} .; chmod u+w ./*
/usr/bin/python3 - <<'PYEOF'
def edit(fn, f):
    s = open(fn).read(); t = f(s); assert t != s, fn; open(fn, "w").write(t)
# p09: the two snippets appended to the existing lists, as printed (+ the INFO hostNetwork snippet into the pod spec)
edit("p09_pytorchjob_noshm.yaml", lambda s: s.replace(
"                  readOnly: true\n", "                  readOnly: true\n                - {name: dshm, mountPath: /dev/shm}\n").replace(
"                claimName: imagenet-pvc\n", "                claimName: imagenet-pvc\n            - {name: dshm, emptyDir: {medium: Memory}}\n").replace(
"        spec:\n          containers:", "        spec:\n          hostNetwork: true\n          dnsPolicy: ClusterFirstWithHostNet\n          containers:"))
# p10: the counter, as the fix text spells it
edit("p10_ssh_loop.sh", lambda s: s.replace('for h in $HOSTS; do\n', 'i=0\nfor h in $HOSTS; do\n').replace('--node_rank=0', '--node_rank=$i').replace('2>&1" &\n', '2>&1" & i=$((i+1))\n'))
# p22: the line moved above line 7 (init_process_group)
edit("p22_env_after_init.py", lambda s: s.replace('    dist.init_process_group(backend="gloo")\n    os.environ["GLOO_SOCKET_IFNAME"] = "eth1"\n', '    os.environ["GLOO_SOCKET_IFNAME"] = "eth1"\n    dist.init_process_group(backend="gloo")\n'))
# p32: the line moved above line 22 (fit)
edit("p32_lightning_env_after.py", lambda s: s.replace('    trainer.fit(Model(), loader)\n    os.environ["NCCL_SOCKET_IFNAME"] = "ib0"\n', '    os.environ["NCCL_SOCKET_IFNAME"] = "ib0"\n    trainer.fit(Model(), loader)\n'))
# p23: "add --rdzv_backend=c10d --rdzv_endpoint=RANK0_HOST:29500", RANK0_HOST = the rank-0 node's address ($MASTER_ADDR in the file)
edit("p23_static_rdzv.sh", lambda s: s.replace('  train.py\n', '  --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \\\n  train.py\n'))
# p29: "--rdzv_endpoint=RANK0_HOST:29400", RANK0_HOST = worker 0's pod name (the operator's service name)
edit("p29_pytorchjob_localhost.yaml", lambda s: s.replace('--rdzv_endpoint=localhost:29400', '--rdzv_endpoint=gpt2-elastic-worker-0:29400'))
PYEOF
