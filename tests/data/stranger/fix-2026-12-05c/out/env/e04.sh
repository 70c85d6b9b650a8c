# distdoctor fix: source this file (or paste it) on every node before the launch command
# env.int.out-of-range: NCCL_SOCKET_NTHREADS above 16 is cut to 16 by NCCL
#   use a value in -2..16 (default -2)
export NCCL_SOCKET_NTHREADS=16
