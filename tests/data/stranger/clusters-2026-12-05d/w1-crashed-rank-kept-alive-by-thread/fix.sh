# manifest truefix (no printed fix applies: py-spy is not installed, faulthandler needs a restart)
1	kill 3298
