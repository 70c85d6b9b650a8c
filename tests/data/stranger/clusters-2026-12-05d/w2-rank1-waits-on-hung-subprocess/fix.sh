# manifest truefix (the printed fix is a code review: every rank must call the same collectives)
1	kill 6748
