# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.master-port.invalid: MASTER_PORT is not a TCP port (1-65535)
#   use a free port in 1024-65535, the same on every node (29500 is torchrun's default)
ENV MASTER_PORT="29500"
