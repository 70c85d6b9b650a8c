2	ip route get 198.19.128.10
