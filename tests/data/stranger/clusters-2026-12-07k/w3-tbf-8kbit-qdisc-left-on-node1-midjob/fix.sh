0	ip route get 198.19.120.11; ip -br addr; ip link
all	iptables-legacy -S; iptables-legacy -L -n -v
