1	nft delete table netdev c11filt
