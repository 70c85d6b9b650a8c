1	sed 's/^hosts:.*/hosts: files dns/' /etc/nsswitch.conf > /tmp/c11nss && cat /tmp/c11nss > /etc/nsswitch.conf && rm /tmp/c11nss
