# NOT a printed fix (preflight printed advice only): the manifest's correct fix, to confirm the planted cause
ip -n c2n1 route replace 198.18.56.0/24 via 198.18.57.1
