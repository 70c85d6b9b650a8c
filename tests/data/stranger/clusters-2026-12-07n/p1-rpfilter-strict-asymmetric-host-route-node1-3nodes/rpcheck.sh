1	nstat -az TcpExtIPReversePathFilter | tail -n1; ping -c 3 -W 1 198.19.136.10 | tail -n2; nstat -az TcpExtIPReversePathFilter | tail -n1; ip route get 198.19.136.10
