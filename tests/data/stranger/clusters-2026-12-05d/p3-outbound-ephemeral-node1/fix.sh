0	nft add table inet c5fix && nft 'add chain inet c5fix in { type filter hook input priority -10 ; policy accept ; }' && nft add rule inet c5fix in tcp dport 32768-60999 accept && nft -a list ruleset
