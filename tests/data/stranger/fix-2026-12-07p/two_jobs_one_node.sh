#!/bin/bash
# two_jobs_one_node.sh TAG FLAGS...: two single-node torch.distributed.run jobs started 2 s apart on this
# machine (as two array tasks packed on one node), each 2 ranks, with the launcher flags FLAGS
tag=$1; shift
for j in 1 2; do
  ( GLOO_SOCKET_IFNAME=lo timeout 90 nice -n 10 /usr/bin/python3 -m torch.distributed.run --nproc_per_node=2 \
      --redirects 1 --tee 1 "$@" sleep_check.py > out/p22.$tag.job$j.log 2>&1; echo "rc=$?" >> out/p22.$tag.job$j.log ) &
  sleep 2
done
wait
for j in 1 2; do echo "job$j: $(tail -1 out/p22.$tag.job$j.log)"; done
