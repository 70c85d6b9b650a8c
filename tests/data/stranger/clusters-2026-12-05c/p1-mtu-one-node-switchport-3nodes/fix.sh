# printed fix of all three findings, as printed: measure with ping -M do -s (pingdf.py stand-in) from c4node2 to 198.18.80.10,
# lowering -s until it passes; MTU = -s + 28; then give c4eth0 on c4node0, c4node1 and c4node2 that MTU (union of the three fixes)
host	for s in $(seq 1472 -4 1200); do if ip netns exec c4n2 /usr/bin/python3 ../pingdf.py $s 198.18.80.10; then m=$((s+28)); echo "path carries $m"; for n in 0 1 2; do ip -n c4n$n link set dev c4eth0 mtu $m; done; break; fi; done
