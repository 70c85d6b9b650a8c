1	nft delete rule inet c3fw c3out handle 2
