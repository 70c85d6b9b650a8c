1	sysctl -w net.ipv4.ip_local_port_range="32768 60999"
