# the printed fix, as printed: on every node export MASTER_PORT=29401
all	export MASTER_PORT=29401
