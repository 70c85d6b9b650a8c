# fix-b: the printed fix with the planted hop value (1400) instead of the stand-in ping result (1404: veth/bridge accept 4 bytes over MTU for ICMP)
all	ip link set dev c3eth0 mtu 1400
