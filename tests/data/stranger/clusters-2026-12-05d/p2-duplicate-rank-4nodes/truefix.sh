3	export C5_RANK=3
