#!/bin/bash
# capture.sh: regenerates each NAME.json here from NAME.nft, as `nft -j list ruleset` prints it
# in a scratch network namespace (root; nftables). The JSON is what libnftables' JSON API returns
# (src/os/linux_nft_ruleset.cpp asks it for the same "list ruleset").
set -euo pipefail
cd "$(dirname "$0")"
ns=dd-nft-capture-$$
ip netns add "$ns"
trap 'ip netns del "$ns"' EXIT
for src in *.nft; do
  ip netns exec "$ns" nft flush ruleset
  ip netns exec "$ns" nft -f "$src"
  ip netns exec "$ns" nft -j list ruleset | python3 -m json.tool --indent 1 > "${src%.nft}.json"
done
ip netns exec "$ns" nft flush ruleset
ip netns exec "$ns" nft -j list ruleset | python3 -m json.tool --indent 1 > empty.json
