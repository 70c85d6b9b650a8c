all	export DROP_LAST=1
