# first finding's printed fix, on evqnode0 only
ip netns exec evqn0 ip link set dev evqe0 mtu 1500
