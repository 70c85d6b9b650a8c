2	sysctl -w net.ipv4.ip_default_ttl=64
