2	ip addr del 198.19.124.10/32 dev lo
