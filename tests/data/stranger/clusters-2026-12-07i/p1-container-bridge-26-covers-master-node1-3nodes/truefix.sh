1	ip addr del 198.19.112.1/26 dev c10docker0
