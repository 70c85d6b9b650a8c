# the finding's printed fix, run on evqnode0
ip netns exec evqn0 nft delete rule inet evqfw input handle 2
