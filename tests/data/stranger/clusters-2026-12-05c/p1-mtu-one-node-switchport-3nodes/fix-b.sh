# fix-b (after the runs): the printed fix with the planted 1400 instead of the pingdf.py measurement (1404, which passes an echo but not TCP here)
all	ip link set dev c4eth0 mtu 1400
