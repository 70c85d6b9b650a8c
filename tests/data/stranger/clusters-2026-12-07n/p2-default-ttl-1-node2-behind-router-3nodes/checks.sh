2	ip neigh
2	ip route get 198.19.136.10
2	nft list ruleset
0	nft list ruleset
