host	ip netns exec c7hrt nft delete table inet c7fw
