host	ip netns exec c8crt nft insert rule inet c8fw sitefw tcp dport 32768-60999 accept
