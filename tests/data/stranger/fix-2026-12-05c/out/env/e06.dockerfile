# distdoctor fix: paste after FROM in the training image's Dockerfile
# tf-config.duplicate-address: two TF_CONFIG tasks share one host:port
#   give each task its own host:port; tasks on one host need different ports
