# tests/system/netns/scenarios.sh — host layouts for the NCCL interface-choice tests.
#
# One function scn_<name> per scenario of /work/shared/nccl-facts.md §2 (same names, same
# interfaces, same creation order, hence the same ifindex order), plus a few extra ones marked
# "(extra)". Each runs after nn_host and builds the links of NN_NS; the caller settles them.
# bond0, bond0.2093, ib0 and ibp12s0 are renamed veths: NCCL only looks at names, flags, addresses.
# (The facts file's ll4 scenario, 169.254/16, is left out: test addresses stay in 198.18.0.0/15.)

scn_lo() { nn_lo up; }
scn_nolo() { nn_lo down; }
scn_eth() { nn_lo up; nn_veth eth0; nn_addr eth0 198.18.0.2/24; }
scn_docketh() {
  nn_lo up
  nn_veth docker0; nn_addr docker0 198.18.1.1/24
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
}
scn_dock() { nn_lo up; nn_veth docker0; nn_addr docker0 198.18.1.1/24; }
scn_dockbr() { nn_lo up; nn_bridge docker0 deadport; nn_addr docker0 198.18.1.1/24; }
scn_dockbrlodown() { nn_lo down; nn_bridge docker0 deadport; nn_addr docker0 198.18.1.1/24; }
scn_dockbrfresh() { nn_lo up; nn_bridge docker0 fresh; nn_addr docker0 198.18.1.1/24; }
scn_dockbrp() { nn_lo up; nn_bridge docker0 liveport; nn_addr docker0 198.18.1.1/24; }
scn_ibeth() {
  nn_lo up
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
  nn_veth ib0; nn_addr ib0 198.18.3.2/24
}
scn_ibll() {
  nn_lo up
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
  nn_veth ib0; nn_addr ib0 fe80::18:3/64
}
scn_ibnc() {
  nn_lo up
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
  nn_veth ib0 nocarrier; nn_addr ib0 198.18.3.2/24
}
scn_ibp() {
  nn_lo up
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
  nn_veth ibp12s0; nn_addr ibp12s0 198.18.3.2/24
}
scn_ethdown() {
  nn_lo up
  nn_veth eth0 down; nn_addr eth0 198.18.0.2/24
  nn_veth eth1; nn_addr eth1 198.18.4.2/24
}
scn_ethnc() {
  nn_lo up
  nn_veth eth0 nocarrier; nn_addr eth0 198.18.0.2/24
  nn_veth eth1; nn_addr eth1 198.18.4.2/24
}
scn_veth() {
  nn_lo up
  nn_veth vethab12; nn_addr vethab12 198.18.2.1/24
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
}
scn_virbr() {
  nn_lo up
  nn_veth virbr0; nn_addr virbr0 198.18.5.1/24
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
}
scn_virbronly() { nn_lo up; nn_veth virbr0; nn_addr virbr0 198.18.5.1/24; }
scn_virbrlodown() { nn_lo down; nn_veth virbr0; nn_addr virbr0 198.18.5.1/24; }
scn_dockvirbr() {
  nn_lo down
  nn_veth virbr0; nn_addr virbr0 198.18.5.1/24
  nn_veth docker0; nn_addr docker0 198.18.1.1/24
}
scn_v6only() { nn_lo up; nn_veth eth0; nn_addr eth0 fd00:18::2/64; nn_addr eth0 fe80::18:2/64; }
scn_v6ll() { nn_lo up; nn_veth eth0; nn_addr eth0 fe80::18:2/64; }
scn_v6nolo() { nn_lo down; nn_veth eth0; nn_addr eth0 fd00:18::2/64; }
scn_dual() {
  nn_lo up
  nn_veth eth0
  nn_addr eth0 198.18.0.2/24
  nn_addr eth0 fd00:18::2/64
  nn_addr eth0 fd00:18::3/64
  nn_addr eth0 fe80::18:2/64
}
scn_v6first() {
  nn_lo up
  nn_veth eth0; nn_addr eth0 fd00:18::2/64
  nn_veth eth1; nn_addr eth1 198.18.4.2/24
}
scn_bond() {
  nn_lo up
  nn_veth bond0; nn_addr bond0 198.18.6.2/24
  nn_veth bond0.2093; nn_addr bond0.2093 198.18.7.2/24
}
scn_alias() {
  nn_lo up
  nn_veth eth0
  nn_addr eth0 198.18.0.2/24
  nn_addr eth0 198.18.0.9/24 label eth0:1
}
scn_secondary() { nn_lo up; nn_veth eth0; nn_addr eth0 198.18.0.2/24; nn_addr eth0 198.18.0.3/24; }
scn_order() {
  nn_lo up
  nn_veth eth1; nn_addr eth1 198.18.4.2/24
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
}
scn_many() {
  local i
  nn_lo up
  for i in $(seq 0 19); do nn_veth "eth$i"; nn_addr "eth$i" "198.18.10.$((i + 1))/24"; done
}
scn_lonet() {
  nn_lo up
  nn_veth lonet0; nn_addr lonet0 198.18.8.2/24
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
}
scn_lonetonly() { nn_lo up; nn_veth lonet0; nn_addr lonet0 198.18.8.2/24; }
scn_brdash() {
  nn_lo up
  nn_veth br-0123abcd; nn_addr br-0123abcd 198.18.9.1/24
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
}
scn_commid() {
  nn_lo up
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
  nn_veth eth1; nn_addr eth1 198.18.4.2/24; nn_addr eth1 fd00:18::2/64
}
# commid with a hosts file that lists ::1 for localhost too (as a debootstrap root's does): where
# IPv6 works, getaddrinfo sorts ::1 first and NCCL_COMM_ID=localhost means lo:::1.
scn_commidlo6() {
  scn_commid
  nn_hosts_file "127.0.0.1 localhost" "::1 localhost ip6-localhost ip6-loopback"
}
scn_commid2() {
  nn_lo up
  nn_veth eth0; nn_addr eth0 198.18.0.2/24; nn_addr eth0 fe80::18:2/64
}
# (extra) predictable names of real NICs: ens1f0 created before eno1.
scn_renamed() {
  nn_lo up
  nn_veth ens1f0; nn_addr ens1f0 198.18.11.2/24
  nn_veth eno1; nn_addr eno1 198.18.12.2/24
}
# (extra) a scope-link IPv4 address added after the global one is listed first (Correction 1).
scn_scopelink() {
  nn_lo up
  nn_veth eth0
  nn_addr eth0 198.18.0.2/24
  nn_addr eth0 198.18.13.2/24 scope link
}
# (extra) docker0 bridge without containers next to a real NIC (the common container host).
scn_dockbreth() {
  nn_lo up
  nn_bridge docker0 deadport; nn_addr docker0 198.18.1.1/24
  nn_veth eth0; nn_addr eth0 198.18.0.2/24
}
# (extra) a host whose uplink is a Linux bridge br0 (enslaving the NIC; here a live port) next to
# a docker0 bridge with a running container (live port): the check_newuser test.
scn_bruplink() {
  nn_lo up
  nn_bridge docker0 liveport; nn_addr docker0 198.18.1.1/24
  nn_bridge br0 liveport; nn_addr br0 198.18.0.2/24
}
