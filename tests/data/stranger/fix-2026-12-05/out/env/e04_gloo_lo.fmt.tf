{
  "env": {
    "GLOO_SOCKET_IFNAME": "eth0"
  },
  "format": "tf",
  "help": "env: set on every worker (null = unset); per_host: extra values by hostname; tf_config: the TF_CONFIG value for each worker (port 12345: change it to the job's)",
  "notes": [
    "gloo.ifname.loopback: GLOO_SOCKET_IFNAME selects lo:127.0.0.1 (loopback): ranks on other nodes cannot connect to Gloo (ranks on this node can)"
  ],
  "per_host": {},
  "tf_config": {}
}
