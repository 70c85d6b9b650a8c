# printed fix, option 1 of 2: "GLOO_SOCKET_IFNAME: unset on rank 0" -> the same on every rank: unset
ENV_1=""
