# no env or command change: the printed alternative is a preflight option (run-fix2.sh passes it on node2)
