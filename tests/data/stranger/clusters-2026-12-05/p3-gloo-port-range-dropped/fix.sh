# the second ERROR's printed command, "on c2node0" (the first ERROR's fix is advice only: "put the nodes on a common network")
nx 0 nft delete rule inet c2fw input handle 2
