host	echo y > /tmp/c15run.xdpoLB/stdin.1
