2	export WORLD_SIZE=3
