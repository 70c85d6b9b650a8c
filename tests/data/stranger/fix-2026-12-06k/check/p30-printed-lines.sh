export MASTER_ADDR=' 10.0.0.5'
unset MASTER_ADDR 
