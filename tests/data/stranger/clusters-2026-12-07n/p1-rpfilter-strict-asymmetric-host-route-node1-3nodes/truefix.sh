1	ip route del 198.19.136.10/32 dev c15eth1 src 198.19.136.11
