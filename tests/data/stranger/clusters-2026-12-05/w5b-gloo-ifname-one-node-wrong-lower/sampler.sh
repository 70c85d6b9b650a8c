# NOT a fix: observation only (second run). Every 5 s: node1's/node0's python ranks (state, wchan, CPU) and their TCP sockets
( for k in $(seq 1 20); do sleep 5; { echo "--- t=$((k*5))s $(date +%T)"
    for ns in c2n0 c2n1; do for p in $(ip netns pids $ns); do
      grep -q train.py /proc/$p/cmdline 2>/dev/null && echo "$ns pid $p $(awk '{print "state",$3,"utime",$14,"stime",$15}' /proc/$p/stat) wchan $(cat /proc/$p/wchan)"; done
      ip netns exec $ns ss -tan | grep -v LISTEN | sed "s/^/$ns /"; done; } >> "$OUT/sampler.txt" 2>&1; done ) &
BGPIDS+=($!)
