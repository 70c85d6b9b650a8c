#!/usr/bin/env python3
# Writes the sysfs fixture trees beside this script (tests/data/sysfs/<case>/sys/class/net/...):
# hand-written facts modelled on what Linux 6.x shows for each link kind (checked against real
# veth, bridge, tun/tap and ifb links in a private namespace). Files the kernel refuses to read
# (carrier and speed on a down link: EINVAL) are left out. Rerun after editing: the case trees
# are rebuilt from scratch; commit the result.
import os, shutil, sys
ROOT = os.path.dirname(os.path.abspath(__file__))
for case in ("host-mixed", "renamed-veth"):
    shutil.rmtree(os.path.join(ROOT, case), ignore_errors=True)

def link(case, name, ifindex, *, type_=1, operstate="up", carrier="1", mtu=1500, speed=None,
         address="02:00:00:00:00:01", flags="0x1003", iflink=None, devtype=None, driver=None,
         dirs=(), files=None, links=None, lowers=()):
    d = os.path.join(ROOT, case, "sys/class/net", name)
    os.makedirs(d, exist_ok=True)
    def w(rel, text):
        p = os.path.join(d, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text + "\n")
    w("type", str(type_))
    w("operstate", operstate)
    if carrier is not None: w("carrier", carrier)       # absent: the kernel answers EINVAL
    w("mtu", str(mtu))
    if speed is not None: w("speed", str(speed))         # absent: EINVAL
    w("address", address)
    w("flags", flags)
    w("ifindex", str(ifindex))
    w("iflink", str(iflink if iflink is not None else ifindex))
    ue = ([f"DEVTYPE={devtype}"] if devtype else []) + [f"INTERFACE={name}", f"IFINDEX={ifindex}"]
    w("uevent", "\n".join(ue))
    if driver:
        os.makedirs(os.path.join(d, "device"), exist_ok=True)
        w("device/uevent", f"DRIVER={driver}")
        os.symlink(f"../../../../bus/pci/drivers/{driver}", os.path.join(d, "device/driver"))
    for sub, fname, text in dirs:
        w(f"{sub}/{fname}", text)
    for rel, text in (files or {}).items():
        w(rel, text)
    for rel, target in (links or {}).items():
        os.symlink(target, os.path.join(d, rel))
    for low in lowers:
        os.symlink(f"../{low}", os.path.join(d, f"lower_{low}"))

BR = [("bridge", "stp_state", "0")]
c = "host-mixed"
link(c, "lo", 1, type_=772, operstate="unknown", mtu=65536, address="00:00:00:00:00:00", flags="0x9")
link(c, "eno1", 2, speed=10000, address="3c:fd:fe:00:00:02", driver="ixgbe")
link(c, "ens1f0", 3, operstate="down", carrier=None, address="b8:ce:f6:00:00:03", flags="0x1002", driver="mlx5_core")
link(c, "ens1f1", 4, operstate="down", carrier="0", speed=-1, address="b8:ce:f6:00:00:04", driver="mlx5_core")
link(c, "ib0", 5, type_=32, mtu=2044, speed=200000, flags="0x1003",
     address="00:00:10:87:fe:80:00:00:00:00:00:00:b8:ce:f6:03:00:00:00:05", driver="mlx5_core")
link(c, "bond0", 6, mtu=9000, speed=20000, flags="0x1403", devtype="bond",
     dirs=[("bonding", "mode", "802.3ad 4")])
link(c, "bond0.100", 7, mtu=9000, speed=20000, iflink=6, devtype="vlan", lowers=["bond0"])
link(c, "docker0", 8, operstate="down", carrier="0", speed=-1, devtype="bridge", dirs=BR)
link(c, "br-0123456789ab", 9, speed=-1, devtype="bridge", dirs=BR)
link(c, "virbr0", 10, operstate="down", carrier="0", speed=-1, devtype="bridge", dirs=BR)
link(c, "vethab12cd3", 11, speed=10000, iflink=2)
link(c, "dummy0", 12, operstate="unknown", flags="0x83")
link(c, "tun0", 13, type_=65534, operstate="unknown", speed=10, address="", flags="0x1091",
     files={"tun_flags": "0x1001"})
link(c, "tailscale0", 14, type_=65534, operstate="unknown", mtu=1280, address="", flags="0x1091",
     files={"tun_flags": "0x1001"})
link(c, "wg0", 15, type_=65534, operstate="unknown", mtu=1420, address="", flags="0x91", devtype="wireguard")
link(c, "flannel.1", 16, operstate="unknown", mtu=1450, devtype="vxlan")
link(c, "wlp2s0", 17, operstate="dormant", carrier="1", devtype="wlan", driver="iwlwifi",
     dirs=[("wireless", "status", "0x0")], links={"phy80211": "../../ieee80211/phy0"})
link(c, "macvlan0", 18, iflink=2, lowers=["eno1"])
link(c, "cni0", 19, speed=-1, devtype="bridge", dirs=BR)
link(c, "zt5u4yabcd", 20, operstate="unknown", mtu=2800, files={"tun_flags": "0x1002"})
link(c, "vnet0", 21, speed=10, files={"tun_flags": "0x1002"})
link(c, "br0", 22, mtu=9000, speed=-1, devtype="bridge", dirs=BR)

# The routing tables of that host: default via eno1 (IPv4) and via wg0 (IPv6), plus the reject
# route the kernel keeps on lo.
os.makedirs(os.path.join(ROOT, c, "proc/net"), exist_ok=True)
with open(os.path.join(ROOT, c, "proc/net/route"), "w") as f:
    f.write("Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
            "eno1\t00000000\t010112C6\t0003\t0\t0\t100\t00000000\t0\t0\t0\n"
            "eno1\t000112C6\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0\n")
with open(os.path.join(ROOT, c, "proc/net/ipv6_route"), "w") as f:
    z = "0" * 32
    f.write(f"{z} 00 {z} 00 fd000018000000000000000000000001 00000400 00000001 00000000 00000003      wg0\n"
            f"{z} 00 {z} 00 {z} ffffffff 00000001 00000000 00200200       lo\n")

c = "renamed-veth"   # what the namespace system tests build: veth links renamed like NICs
link(c, "lo", 1, type_=772, operstate="unknown", mtu=65536, address="00:00:00:00:00:00", flags="0x9")
link(c, "eth0", 2, speed=10000, iflink=3)
link(c, "eno1", 4, speed=10000, iflink=5)
link(c, "ens1f0", 6, operstate="lowerlayerdown", carrier="0", speed=10000, iflink=7)
link(c, "bond0", 8, speed=10000, iflink=9)
link(c, "ib0", 10, operstate="down", carrier=None, flags="0x1002", iflink=11)
link(c, "docker0", 12, operstate="unknown", speed=-1, devtype="bridge", dirs=BR)
