# the printed steps (rank 0's merged fix), run as printed on 198.19.108.11's node (node1): diagnostic, not a fix
1	ip route get 198.19.108.10
1	ip -br link
1	nft list ruleset; echo "nft ruleset lines: $(nft list ruleset | wc -l)"
