# manifest truefix (printed fixes: check the peer is alive / firewall or MTU black hole / run watch on every node: none applies)
1	ip route del 198.18.169.10/32 via 198.18.169.99 dev c5eth0
