# distdoctor fix: source this file (or paste it) on every node before the launch command
# env.master-port.invalid: MASTER_PORT is not a TCP port (1-65535)
#   use a free port in 1024-65535, the same on every node (29500 is torchrun's default)
export MASTER_PORT=29500
