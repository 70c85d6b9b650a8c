// Test-only helpers for the NCCL model tests: building getifaddrs entry lists from the compact
// scenario notation of nccl-facts §2 ("1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 no-carrier
// [198.18.0.2/24 198.18.0.9/24(label eth0:1)]") and the 139 experiment rows (libnccl 2.28.9).
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/strings.hpp"
#include "os/interface_source.hpp"

namespace dd::nccl::testing {

struct OracleRow {
  int number = 0;
  std::string scenario;
  std::vector<std::pair<std::string, std::string>> env;
  std::optional<std::string> etc_conf;   // /etc/nccl.conf content
  std::optional<std::string> home_conf;  // ~/.nccl.conf content
  std::optional<std::string> conf_path;  // file named by NCCL_CONF_FILE that exists
  std::optional<std::string> conf_text;
  std::string bootstrap;  // "iface:addr" or "-"
  std::string socket;     // "[0]iface:addr [1]..." or "" when init fails
  int rc = 0;
};

// gtest parameter printing: the row number instead of a byte dump.
inline void PrintTo(const OracleRow& row, std::ostream* os) {
  *os << "row " << row.number << " (" << row.scenario << ")";
}

// Entries in getifaddrs order (all IPv4 entries by ifindex, then all IPv6 ones) for a scenario
// written as "ifindex:name state [addr/prefix ...]" items separated by "; ". States: running,
// admin-down, no-carrier, dormant. fe80:: addresses get scope id = ifindex.
inline std::vector<os::AddressEntry> build_entries(const std::string& spec) {
  struct Addr {
    std::string addr;
    int prefix;
    std::string label;
  };
  struct Link {
    int ifindex;
    std::string name;
    std::string state;
    std::vector<Addr> addrs;
  };
  std::vector<Link> links;
  for (const auto& item : core::split(spec, ';')) {
    std::string text(core::trim(item));
    auto colon = text.find(':');
    auto space = text.find(' ');
    auto open = text.find('[');
    auto close = text.rfind(']');
    Link l;
    l.ifindex = std::stoi(text.substr(0, colon));
    l.name = text.substr(colon + 1, space - colon - 1);
    l.state = std::string(core::trim(text.substr(space + 1, open - space - 1)));
    std::istringstream in(text.substr(open + 1, close - open - 1));
    std::string word;
    while (in >> word) {
      Addr a;
      auto label_pos = word.find("(label");
      if (label_pos != std::string::npos) {
        in >> a.label;  // "eth0:1)"
        a.label.pop_back();
        word = word.substr(0, label_pos);
      }
      auto slash = word.find('/');
      a.addr = word.substr(0, slash);
      a.prefix = std::stoi(word.substr(slash + 1));
      l.addrs.push_back(a);
    }
    links.push_back(l);
  }
  std::vector<os::AddressEntry> out;
  for (os::Family fam : {os::Family::inet, os::Family::inet6}) {
    for (const auto& l : links) {
      for (const auto& a : l.addrs) {
        bool v6 = a.addr.find(':') != std::string::npos;
        if (v6 != (fam == os::Family::inet6)) continue;
        os::AddressEntry e;
        e.name = a.label.empty() ? l.name : a.label;
        e.link = l.name;
        e.family = fam;
        e.addr = a.addr;
        e.prefix = a.prefix;
        e.scope_id = v6 && core::starts_with(a.addr, "fe80") ? static_cast<std::uint32_t>(l.ifindex) : 0;
        e.up = l.state != "admin-down";
        e.running = l.state == "running";
        e.loopback = l.name == "lo";
        out.push_back(e);
      }
    }
  }
  return out;
}

// The links of a scenario spec, in ifindex order (state from the spec; no addresses).
inline std::vector<os::LinkEntry> build_links(const std::string& spec) {
  std::vector<os::LinkEntry> out;
  for (const auto& item : core::split(spec, ';')) {
    std::string text(core::trim(item));
    auto colon = text.find(':');
    auto space = text.find(' ');
    auto open = text.find('[');
    os::LinkEntry l;
    l.ifindex = std::stoi(text.substr(0, colon));
    l.name = text.substr(colon + 1, space - colon - 1);
    std::string state(core::trim(text.substr(space + 1, open - space - 1)));
    l.up = state != "admin-down";
    l.running = state == "running";
    l.loopback = l.name == "lo";
    out.push_back(l);
  }
  return out;
}

// clang-format off
// Scenario legend of nccl-facts §2: "ifindex:name state [addresses]" per interface.
inline const std::map<std::string, std::string>& scenario_legend() {
  static const std::map<std::string, std::string> legend = {
    {"lo", "1:lo running [127.0.0.1/8 ::1/128]"},
    {"nolo", "1:lo admin-down []"},
    {"eth", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]"},
    {"docketh", "1:lo running [127.0.0.1/8 ::1/128]; 2:docker0 running [198.18.1.1/24]; 3:eth0 running [198.18.0.2/24]"},
    {"dock", "1:lo running [127.0.0.1/8 ::1/128]; 2:docker0 running [198.18.1.1/24]"},
    {"dockbr", "1:lo running [127.0.0.1/8 ::1/128]; 2:docker0 no-carrier [198.18.1.1/24]"},
    {"dockbrlodown", "1:lo admin-down []; 2:docker0 no-carrier [198.18.1.1/24]"},
    {"dockbrfresh", "1:lo running [127.0.0.1/8 ::1/128]; 2:docker0 running [198.18.1.1/24]"},
    {"dockbrp", "1:lo running [127.0.0.1/8 ::1/128]; 2:docker0 running [198.18.1.1/24]"},
    {"ibeth", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]; 3:ib0 running [198.18.3.2/24]"},
    {"ibll", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]; 3:ib0 running [fe80::18:3/64]"},
    {"ibnc", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]; 3:ib0 no-carrier [198.18.3.2/24]"},
    {"ibp", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]; 3:ibp12s0 running [198.18.3.2/24]"},
    {"ethdown", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 admin-down [198.18.0.2/24]; 3:eth1 running [198.18.4.2/24]"},
    {"ethnc", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 no-carrier [198.18.0.2/24]; 3:eth1 running [198.18.4.2/24]"},
    {"veth", "1:lo running [127.0.0.1/8 ::1/128]; 2:vethab12 running [198.18.2.1/24]; 3:eth0 running [198.18.0.2/24]"},
    {"virbr", "1:lo running [127.0.0.1/8 ::1/128]; 2:virbr0 running [198.18.5.1/24]; 3:eth0 running [198.18.0.2/24]"},
    {"virbronly", "1:lo running [127.0.0.1/8 ::1/128]; 2:virbr0 running [198.18.5.1/24]"},
    {"virbrlodown", "1:lo admin-down []; 2:virbr0 running [198.18.5.1/24]"},
    {"dockvirbr", "1:lo admin-down []; 2:virbr0 running [198.18.5.1/24]; 3:docker0 running [198.18.1.1/24]"},
    {"v6only", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [fd00:18::2/64 fe80::18:2/64]"},
    {"v6ll", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [fe80::18:2/64]"},
    {"v6nolo", "1:lo admin-down []; 2:eth0 running [fd00:18::2/64]"},
    {"dual", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24 fd00:18::3/64 fd00:18::2/64 fe80::18:2/64]"},
    {"v6first", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [fd00:18::2/64]; 3:eth1 running [198.18.4.2/24]"},
    {"bond", "1:lo running [127.0.0.1/8 ::1/128]; 2:bond0 running [198.18.6.2/24]; 3:bond0.2093 running [198.18.7.2/24]"},
    {"alias", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24 198.18.0.9/24(label eth0:1)]"},
    {"secondary", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24 198.18.0.3/24]"},
    {"order", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth1 running [198.18.4.2/24]; 3:eth0 running [198.18.0.2/24]"},
    {"many", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.10.1/24]; 3:eth1 running [198.18.10.2/24]; 4:eth2 running [198.18.10.3/24]; 5:eth3 running [198.18.10.4/24]; 6:eth4 running [198.18.10.5/24]; 7:eth5 running [198.18.10.6/24]; 8:eth6 running [198.18.10.7/24]; 9:eth7 running [198.18.10.8/24]; 10:eth8 running [198.18.10.9/24]; 11:eth9 running [198.18.10.10/24]; 12:eth10 running [198.18.10.11/24]; 13:eth11 running [198.18.10.12/24]; 14:eth12 running [198.18.10.13/24]; 15:eth13 running [198.18.10.14/24]; 16:eth14 running [198.18.10.15/24]; 17:eth15 running [198.18.10.16/24]; 18:eth16 running [198.18.10.17/24]; 19:eth17 running [198.18.10.18/24]; 20:eth18 running [198.18.10.19/24]; 21:eth19 running [198.18.10.20/24]"},
    {"lonet", "1:lo running [127.0.0.1/8 ::1/128]; 2:lonet0 running [198.18.8.2/24]; 3:eth0 running [198.18.0.2/24]"},
    {"lonetonly", "1:lo running [127.0.0.1/8 ::1/128]; 2:lonet0 running [198.18.8.2/24]"},
    {"brdash", "1:lo running [127.0.0.1/8 ::1/128]; 2:br-0123abcd running [198.18.9.1/24]; 3:eth0 running [198.18.0.2/24]"},
    {"ll4", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [169.254.18.2/16]"},
    {"commid", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]; 3:eth1 running [198.18.4.2/24 fd00:18::2/64]"},
    {"conf", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]"},
    {"confdbg", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24]"},
    {"commid2", "1:lo running [127.0.0.1/8 ::1/128]; 2:eth0 running [198.18.0.2/24 fe80::18:2/64]"},
  };
  return legend;
}

// The 139 runs against libnccl 2.28.9: number, scenario, environment, /etc/nccl.conf,
// ~/.nccl.conf, NCCL_CONF_FILE path and content, bootstrap, NET/Socket list, ncclGetUniqueId rc.
inline const std::vector<OracleRow>& oracle_rows() {
  static const std::vector<OracleRow> rows = {
    {1, "lo", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {2, "lo", {{"NCCL_SOCKET_IFNAME", "lo"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {3, "lo", {{"NCCL_SOCKET_IFNAME", "^lo"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {4, "lo", {{"NCCL_SOCKET_IFNAME", "eth"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {5, "lo", {{"NCCL_SOCKET_FAMILY", "AF_INET6"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {6, "nolo", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {7, "eth", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {8, "eth", {{"NCCL_SOCKET_IFNAME", "eth"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {9, "eth", {{"NCCL_SOCKET_IFNAME", "=eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {10, "eth", {{"NCCL_SOCKET_IFNAME", "^=eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {11, "eth", {{"NCCL_SOCKET_IFNAME", "^eth"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {12, "eth", {{"NCCL_SOCKET_IFNAME", "^docker,lo"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {13, "eth", {{"NCCL_SOCKET_IFNAME", "lo"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {14, "eth", {{"NCCL_SOCKET_IFNAME", "foo"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {15, "eth", {{"NCCL_SOCKET_IFNAME", "ib"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {16, "eth", {{"NCCL_SOCKET_IFNAME", "l"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {17, "eth", {{"NCCL_SOCKET_IFNAME", ""}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {18, "eth", {{"NCCL_SOCKET_IFNAME", "="}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {19, "eth", {{"NCCL_SOCKET_IFNAME", "^"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {20, "eth", {{"NCCL_SOCKET_IFNAME", "^="}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {21, "eth", {{"NCCL_SOCKET_IFNAME", "=,"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1 [1]eth0:198.18.0.2", 0},
    {22, "eth", {{"NCCL_SOCKET_IFNAME", "^,"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {23, "eth", {{"NCCL_SOCKET_IFNAME", "ETH0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {24, "eth", {{"NCCL_SOCKET_IFNAME", "eth0:1234"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {25, "eth", {{"NCCL_SOCKET_IFNAME", " eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {26, "eth", {{"NCCL_SOCKET_IFNAME", "lo, eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {27, "eth", {{"NCCL_SOCKET_IFNAME", "eth0,lo"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1 [1]eth0:198.18.0.2", 0},
    {28, "eth", {{"NCCL_SOCKET_IFNAME", "=^eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {29, "eth", {{"NCCL_SOCKET_IFNAME", "=eth0,=lo"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {30, "eth", {{"NCCL_SOCKET_IFNAME", "x1,x2,x3,x4,x5,x6,x7,x8,x9,x10,x11,x12,x13,x14,x15,x16,eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {31, "eth", {{"NCCL_SOCKET_IFNAME", "x1,x2,x3,x4,x5,x6,x7,x8,x9,x10,x11,x12,x13,x14,x15,eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {32, "eth", {{"NCCL_SOCKET_FAMILY", "AF_INET"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {33, "eth", {{"NCCL_SOCKET_FAMILY", "AF_INET6"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {34, "eth", {{"NCCL_SOCKET_FAMILY", "inet6"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {35, "eth", {{"NCCL_DEBUG_SUBSYS", "INIT"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "[0]eth0:198.18.0.2", 0},
    {36, "eth", {{"NCCL_ENV_PLUGIN", "none"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {37, "eth", {{"NCCL_ENV_PLUGIN", "foo"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {38, "eth", {{"NCCL_GDRCOPY_ENABLE", "0x10"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {39, "eth", {{"NCCL_GDRCOPY_ENABLE", "010"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {40, "eth", {{"NCCL_GDRCOPY_ENABLE", "12abc"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {41, "eth", {{"NCCL_GDRCOPY_ENABLE", "abc"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {42, "eth", {{"NCCL_GDRCOPY_ENABLE", "99999999999999999999"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {43, "eth", {{"NCCL_GDRCOPY_ENABLE", ""}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {44, "docketh", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {45, "docketh", {{"NCCL_SOCKET_IFNAME", "^lo"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "docker0:198.18.1.1", "[0]docker0:198.18.1.1 [1]eth0:198.18.0.2", 0},
    {46, "docketh", {{"NCCL_SOCKET_IFNAME", "^docker"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1 [1]eth0:198.18.0.2", 0},
    {47, "docketh", {{"NCCL_SOCKET_IFNAME", "docker"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "docker0:198.18.1.1", "[0]docker0:198.18.1.1", 0},
    {48, "docketh", {{"NCCL_SOCKET_IFNAME", "=docker0,eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "docker0:198.18.1.1", "[0]docker0:198.18.1.1 [1]eth0:198.18.0.2", 0},
    {49, "dock", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "docker0:198.18.1.1", "[0]docker0:198.18.1.1", 0},
    {50, "dockbr", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {51, "dockbr", {{"NCCL_SOCKET_IFNAME", "docker0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {52, "dockbrlodown", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {53, "dockbrfresh", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "docker0:198.18.1.1", "[0]docker0:198.18.1.1", 0},
    {54, "dockbrp", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "docker0:198.18.1.1", "[0]docker0:198.18.1.1", 0},
    {55, "ibeth", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "ib0:198.18.3.2", "[0]ib0:198.18.3.2", 0},
    {56, "ibeth", {{"NCCL_SOCKET_IFNAME", "=eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {57, "ibeth", {{"NCCL_COMM_ID", "198.18.0.1:29500"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]ib0:198.18.3.2", 0},
    {58, "ibll", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "ib0:fe80::18:3%ib0", "[0]ib0:fe80::18:3%ib0", 0},
    {59, "ibll", {{"NCCL_SOCKET_FAMILY", "AF_INET"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {60, "ibnc", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {61, "ibnc", {{"NCCL_SOCKET_IFNAME", "ib"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {62, "ibp", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "ibp12s0:198.18.3.2", "[0]ibp12s0:198.18.3.2", 0},
    {63, "ethdown", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth1:198.18.4.2", 0},
    {64, "ethdown", {{"NCCL_SOCKET_IFNAME", "=eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {65, "ethdown", {{"NCCL_COMM_ID", "198.18.0.1:29500"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {66, "ethnc", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth1:198.18.4.2", 0},
    {67, "veth", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "vethab12:198.18.2.1", "[0]vethab12:198.18.2.1 [1]eth0:198.18.0.2", 0},
    {68, "veth", {{"NCCL_SOCKET_IFNAME", "^veth"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1 [1]eth0:198.18.0.2", 0},
    {69, "virbr", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {70, "virbronly", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {71, "virbrlodown", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "virbr0:198.18.5.1", "[0]virbr0:198.18.5.1", 0},
    {72, "dockvirbr", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "docker0:198.18.1.1", "[0]docker0:198.18.1.1", 0},
    {73, "v6only", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:fd00:18::2", "[0]eth0:fd00:18::2", 0},
    {74, "v6only", {{"NCCL_SOCKET_FAMILY", "AF_INET"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {75, "v6only", {{"NCCL_SOCKET_FAMILY", "AF_INET6"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:fd00:18::2", "[0]eth0:fd00:18::2", 0},
    {76, "v6only", {{"NCCL_SOCKET_IFNAME", "=eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:fd00:18::2", "[0]eth0:fd00:18::2", 0},
    {77, "v6ll", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:fe80::18:2%eth0", "[0]eth0:fe80::18:2%eth0", 0},
    {78, "v6ll", {{"NCCL_SOCKET_FAMILY", "AF_INET6"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:fe80::18:2%eth0", "[0]eth0:fe80::18:2%eth0", 0},
    {79, "v6nolo", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:fd00:18::2", "[0]eth0:fd00:18::2", 0},
    {80, "dual", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {81, "dual", {{"NCCL_SOCKET_FAMILY", "AF_INET6"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:fd00:18::3", "[0]eth0:fd00:18::3", 0},
    {82, "dual", {{"NCCL_SOCKET_FAMILY", "AF_INET"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {83, "dual", {{"NCCL_SOCKET_FAMILY", "af_inet6"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {84, "v6first", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth1:198.18.4.2 [1]eth0:fd00:18::2", 0},
    {85, "v6first", {{"NCCL_SOCKET_IFNAME", "=eth0,eth1"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth1:198.18.4.2 [1]eth0:fd00:18::2", 0},
    {86, "v6first", {{"NCCL_SOCKET_FAMILY", "AF_INET6"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:fd00:18::2", "[0]eth0:fd00:18::2", 0},
    {87, "bond", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "bond0:198.18.6.2", "[0]bond0:198.18.6.2 [1]bond0.2093:198.18.7.2", 0},
    {88, "bond", {{"NCCL_SOCKET_IFNAME", "bond0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "bond0:198.18.6.2", "[0]bond0:198.18.6.2 [1]bond0.2093:198.18.7.2", 0},
    {89, "bond", {{"NCCL_SOCKET_IFNAME", "=bond0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "bond0:198.18.6.2", "[0]bond0:198.18.6.2", 0},
    {90, "bond", {{"NCCL_SOCKET_IFNAME", "=bond0.2093"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "bond0.2093:198.18.7.2", "[0]bond0.2093:198.18.7.2", 0},
    {91, "bond", {{"NCCL_SOCKET_IFNAME", "^=bond0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1 [1]bond0.2093:198.18.7.2", 0},
    {92, "bond", {{"NCCL_SOCKET_IFNAME", "bond0."}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "bond0.2093:198.18.7.2", "[0]bond0.2093:198.18.7.2", 0},
    {93, "alias", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2 [1]eth0:1:198.18.0.9", 0},
    {94, "alias", {{"NCCL_SOCKET_IFNAME", "=eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {95, "alias", {{"NCCL_SOCKET_IFNAME", "=eth0:1"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {96, "alias", {{"NCCL_SOCKET_IFNAME", "eth0:1"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2 [1]eth0:1:198.18.0.9", 0},
    {97, "alias", {{"NCCL_SOCKET_IFNAME", "^=eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1 [1]eth0:1:198.18.0.9", 0},
    {98, "secondary", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {99, "order", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth1:198.18.4.2 [1]eth0:198.18.0.2", 0},
    {100, "order", {{"NCCL_SOCKET_IFNAME", "eth0,eth1"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth1:198.18.4.2 [1]eth0:198.18.0.2", 0},
    {101, "order", {{"NCCL_SOCKET_IFNAME", "=eth0,eth1"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth1:198.18.4.2 [1]eth0:198.18.0.2", 0},
    {102, "many", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.10.1", "[0]eth0:198.18.10.1 [1]eth1:198.18.10.2 [2]eth2:198.18.10.3 [3]eth3:198.18.10.4 [4]eth4:198.18.10.5 [5]eth5:198.18.10.6 [6]eth6:198.18.10.7 [7]eth7:198.18.10.8 [8]eth8:198.18.10.9 [9]eth9:198.18.10.10 [10]eth10:198.18.10.11 [11]eth11:198.18.10.12 [12]eth12:198.18.10.13 [13]eth13:198.18.10.14 [14]eth14:198.18.10.15 [15]eth15:198.18.10.16", 0},
    {103, "many", {{"NCCL_SOCKET_IFNAME", "eth1"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.10.2", "[0]eth1:198.18.10.2 [1]eth10:198.18.10.11 [2]eth11:198.18.10.12 [3]eth12:198.18.10.13 [4]eth13:198.18.10.14 [5]eth14:198.18.10.15 [6]eth15:198.18.10.16 [7]eth16:198.18.10.17 [8]eth17:198.18.10.18 [9]eth18:198.18.10.19 [10]eth19:198.18.10.20", 0},
    {104, "lonet", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {105, "lonetonly", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1 [1]lonet0:198.18.8.2", 0},
    {106, "brdash", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "br-0123abcd:198.18.9.1", "[0]br-0123abcd:198.18.9.1 [1]eth0:198.18.0.2", 0},
    {107, "ll4", {}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:169.254.18.2", "[0]eth0:169.254.18.2", 0},
    {108, "commid", {{"NCCL_COMM_ID", "198.18.4.1:29500"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth1:198.18.4.2", 0},
    {109, "commid", {{"NCCL_COMM_ID", "198.18.4.1:29500"}, {"NCCL_SOCKET_IFNAME", "=eth0"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth0:198.18.0.2", 0},
    {110, "commid", {{"NCCL_COMM_ID", "198.19.250.1:29500"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "[0]eth0:198.18.0.2 [1]eth1:198.18.4.2", 2},
    {111, "commid", {{"NCCL_COMM_ID", "localhost:29500"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {112, "commid", {{"NCCL_COMM_ID", "127.0.0.1:29500"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {113, "commid", {{"NCCL_COMM_ID", "[fd00:18::1]:29500"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:fd00:18::2", "[0]eth1:fd00:18::2", 0},
    {114, "commid", {{"NCCL_COMM_ID", "198.18.4.1"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth1:198.18.4.2", 0},
    {115, "commid", {{"NCCL_COMM_ID", "nosuchhost.invalid:29500"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "", 4},
    {116, "commid", {{"NCCL_COMM_ID", "198.18.4.1:29500"}, {"NCCL_SOCKET_FAMILY", "AF_INET6"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth1:198.18.4.2", "[0]eth1:198.18.4.2", 0},
    {117, "conf", {{"NCCL_CONF_FILE", "/work/conf/lo.conf"}}, std::nullopt, std::nullopt, "/work/conf/lo.conf", "NCCL_SOCKET_IFNAME==lo\n", "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {118, "conf", {{"NCCL_CONF_FILE", "/work/conf/lo.conf"}, {"NCCL_SOCKET_IFNAME", "=eth0"}}, std::nullopt, std::nullopt, "/work/conf/lo.conf", "NCCL_SOCKET_IFNAME==lo\n", "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {119, "conf", {}, "NCCL_SOCKET_IFNAME==lo\n", std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {120, "conf", {}, "NCCL_SOCKET_IFNAME==lo\n", "NCCL_SOCKET_IFNAME==eth0\n", std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {121, "conf", {{"NCCL_CONF_FILE", "/work/conf/lo.conf"}}, "NCCL_SOCKET_IFNAME==eth0\n", std::nullopt, "/work/conf/lo.conf", "NCCL_SOCKET_IFNAME==lo\n", "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {122, "conf", {{"NCCL_CONF_FILE", "/work/conf/empty.conf"}}, "NCCL_SOCKET_IFNAME==lo\n", "NCCL_SOCKET_IFNAME==eth0\n", "/work/conf/empty.conf", "", "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {123, "conf", {{"NCCL_CONF_FILE", "/nonexistent/nccl.conf"}}, "NCCL_SOCKET_IFNAME==lo\n", "NCCL_SOCKET_IFNAME==eth0\n", std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {124, "conf", {{"NCCL_CONF_FILE", ""}}, "NCCL_SOCKET_IFNAME==lo\n", "NCCL_SOCKET_IFNAME==eth0\n", std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {125, "conf", {}, "NCCL_SOCKET_IFNAME = =lo\n", std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {126, "conf", {}, "NCCL_SOCKET_IFNAME=\"=lo\"\n", std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {127, "conf", {}, "NCCL_SOCKET_IFNAME==lo\r\n", std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {128, "conf", {}, "export NCCL_SOCKET_IFNAME==lo\n", std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {129, "conf", {}, "NCCL_SOCKET_IFNAME==lo # comment\n", std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {130, "conf", {}, "  # indented comment\nNCCL_SOCKET_IFNAME==lo\n", std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {131, "conf", {}, "NCCL_SOCKET_IFNAME==lo\nNCCL_SOCKET_IFNAME==eth0\n", std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {132, "conf", {}, "NCCL_SOCKET_IFNAME=\n", std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {133, "conf", {}, "NCCL_SOCKET_IFNAME==lo", std::nullopt, std::nullopt, std::nullopt, "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {134, "conf", {}, "NCCL_SOCKET_FAMILY=AF_INET6\nNCCL_SOCKET_IFNAME=lo\n", std::nullopt, std::nullopt, std::nullopt, "-", "", 5},
    {135, "conf", {{"NCCL_SOCKET_IFNAME", "=eth0"}}, "NCCL_DEBUG=WARN\nNCCL_SOCKET_IFNAME==lo\n", std::nullopt, std::nullopt, std::nullopt, "eth0:198.18.0.2", "[0]eth0:198.18.0.2", 0},
    {136, "confdbg", {{"NCCL_CONF_FILE", "/work/conf/dbg.conf"}}, std::nullopt, std::nullopt, "/work/conf/dbg.conf", "NCCL_DEBUG=INFO\nNCCL_SOCKET_IFNAME==lo\n", "lo:127.0.0.1", "[0]lo:127.0.0.1", 0},
    {137, "commid2", {{"NCCL_COMM_ID", ""}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "[0]eth0:198.18.0.2", 4},
    {138, "commid2", {{"NCCL_COMM_ID", "[fe80::18:1%eth0]:29500"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "eth0:fe80::18:2%eth0", "[0]eth0:fe80::18:2%eth0", 0},
    {139, "commid2", {{"NCCL_COMM_ID", "[fe80::18:1]:29500"}}, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "-", "[0]eth0:198.18.0.2", 2},
  };
  return rows;
}
// clang-format on

}  // namespace dd::nccl::testing
