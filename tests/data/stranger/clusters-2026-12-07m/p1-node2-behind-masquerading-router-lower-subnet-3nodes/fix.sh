host	ip netns exec c14art nft -f - <<< 'table inet c14fix { chain fwd { type filter hook forward priority 0; policy accept; tcp dport 32768-60999 accept; tcp sport 32768-60999 accept; } }'
