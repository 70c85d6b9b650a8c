1	nft delete rule inet c6fw input handle 2
