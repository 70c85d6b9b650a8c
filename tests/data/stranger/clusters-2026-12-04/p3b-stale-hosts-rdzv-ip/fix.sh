# printed fix, on every node: export MASTER_ADDR=198.18.77.10; export MASTER_PORT=29401 (same preflight command line)
MADDR=198.18.77.10; MPORT=29401
