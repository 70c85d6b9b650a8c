2	ip route del blackhole 198.19.112.11
