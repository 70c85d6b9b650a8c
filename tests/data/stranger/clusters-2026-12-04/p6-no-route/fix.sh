# the printed fix is advice only ("check `ip route get`"); acting on it: add the missing route on evqnode2
ip -n evqn2 route add 198.18.77.0/24 via 198.18.78.1
