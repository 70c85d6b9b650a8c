import os, socket
print("rank", os.environ.get("OMPI_COMM_WORLD_RANK"), "of", os.environ.get("OMPI_COMM_WORLD_SIZE"),
      "MASTER", os.environ.get("MASTER_ADDR"), os.environ.get("MASTER_PORT"),
      "NCCL_SOCKET_IFNAME", os.environ.get("NCCL_SOCKET_IFNAME"), "GLOO", os.environ.get("GLOO_SOCKET_IFNAME"))
