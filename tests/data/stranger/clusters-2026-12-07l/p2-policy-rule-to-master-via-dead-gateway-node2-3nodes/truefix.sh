2	ip rule del pref 100
2	ip route flush table 113
