host	for p in $(ip netns pids c14hn1); do grep -qa zlib.compress /proc/$p/cmdline 2>/dev/null && kill $p && echo "kill $p (rank 1 child, as printed: kill CHILDPID)"; done
