MADDR=198.18.77.10   # only MASTER_ADDR from the printed fix
