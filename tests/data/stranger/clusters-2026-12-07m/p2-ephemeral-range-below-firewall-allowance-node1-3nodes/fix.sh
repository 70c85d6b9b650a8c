1	nft add rule inet c14fw input tcp dport 20000-29999 accept
