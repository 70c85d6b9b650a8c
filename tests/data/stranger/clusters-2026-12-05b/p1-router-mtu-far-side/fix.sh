# printed: ping -M do -s 1472 198.18.61.11 fails ...; lower -s until it passes (the path carries -s + 28 bytes); then give c3eth0 on c3node0 and c3eth0 on c3node1 that MTU
# no ping binary here: ../pingdf.py sends the same one DF echo of -s bytes
0	for s in $(seq 1472 -4 1200); do /usr/bin/python3 /work/wt-clusters3/tests/data/stranger/clusters-2026-12-05b/p1-router-mtu-far-side/../pingdf.py $s 198.18.61.11 && { echo "path carries $((s+28))"; echo $((s+28)) > /work/wt-clusters3/tests/data/stranger/clusters-2026-12-05b/p1-router-mtu-far-side/fix-out-mtu.txt; break; }; done
all	ip link set dev c3eth0 mtu $(cat /work/wt-clusters3/tests/data/stranger/clusters-2026-12-05b/p1-router-mtu-far-side/fix-out-mtu.txt)
