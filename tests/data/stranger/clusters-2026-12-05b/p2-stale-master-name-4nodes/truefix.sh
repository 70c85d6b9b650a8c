# NOT printed (the printed fix is advice): the manifest fix, to confirm the ground truth
3	h=$(sed "s/^198.18.62.99 c3node0/198.18.62.10 c3node0/" /etc/hosts); printf "%s\n" "$h" > /etc/hosts; getent hosts c3node0
