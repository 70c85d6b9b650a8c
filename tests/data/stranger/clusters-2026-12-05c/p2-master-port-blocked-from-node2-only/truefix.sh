# manifest fix (the printed fix also said: open TCP port 29400 on c4node0 in its firewall): delete the rule on node0
0	nft delete rule inet c4fw input handle 2
