{
  "env": {
    "GLOO_SOCKET_IFNAME": "eth0"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "gloo.hostname-loopback: host name 'vm' resolves to 127.0.0.1: Gloo binds the loopback interface, which ranks on other nodes cannot connect to"
  ],
  "per_host": {},
  "tf_config": {}
}
