1	nft delete rule inet c5fw c5out handle 2
