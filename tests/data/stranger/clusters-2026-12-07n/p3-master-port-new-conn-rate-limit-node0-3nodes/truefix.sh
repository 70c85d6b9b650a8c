0	nft delete table inet c15rl
