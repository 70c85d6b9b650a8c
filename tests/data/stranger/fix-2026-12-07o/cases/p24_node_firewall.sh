#!/bin/bash
# run once on every training node (Ubuntu 22.04); nodes are on 10.1.0.0/24
set -euo pipefail

ufw --force reset
ufw default deny incoming
ufw default allow outgoing
ufw allow 22/tcp
# torch.distributed (torchrun master port)
ufw allow from 10.1.0.0/24 to any port 29500 proto tcp
ufw --force enable
ufw status verbose
