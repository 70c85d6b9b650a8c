# env.master-addr.not-a-host: MASTER_ADDR=10.30.0.5:29500 holds a port (:29500), not only a host: torch's env:// rendezvous resolves the whole value as a host name and takes the port from MASTER_PORT, so the ranks look up that whole text as a host name, not 10.30.0.5
export MASTER_ADDR=10.30.0.5
