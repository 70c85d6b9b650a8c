# distdoctor fix: source this file (or paste it) on every node before the launch command
# tf-config.duplicate-address: two TF_CONFIG tasks share one host:port
#   give each task its own host:port; tasks on one host need different ports
