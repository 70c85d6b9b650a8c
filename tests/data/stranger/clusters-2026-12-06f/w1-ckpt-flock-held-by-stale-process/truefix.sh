host	kill 7607
