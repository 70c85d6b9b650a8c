// "One step short" tests for the logs network rules (issue 28, item 5): each rule gets a short
// synthetic log that carries its cause and the same log with exactly the one thing that carries
// the cause dropped (the bridge address, the 127.0.1.1 target, the second host, the failure, NCCL's
// no-interface line, the non-name, a bootstrap line); the second must not claim the cause.
#include <gtest/gtest.h>

#include <string>

#include "logs/analyzer.hpp"
#include "logs/logs_test_util.hpp"

namespace dd::logs {
namespace {

using test::any_label;
using test::find_id;

// NCCL's final connect failure to `addr`, after one retry line.
std::string refused_connect(const std::string& addr) {
  return "sn-a:410:430 [0] NCCL INFO Call to connect returned Connection refused, retrying\n"
         "sn-a:410:430 [0] misc/socket.cc:556 NCCL WARN Net : Connect to " +
         addr + "<41234> failed : Connection refused\n";
}

TEST(LogsShortNetwork, DockerBridgeNeedsThePeerAddressOnTheBridge) {
  auto bridge = analyze_text(refused_connect("172.17.0.3"), "r0.log");
  const auto* f = find_id(bridge, "net.peer.docker-bridge");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);

  // One step short: the same refusal from a routable address is a blocked port, not a bridge.
  auto routable = analyze_text(refused_connect("198.18.0.3"), "r0.log");
  EXPECT_EQ(find_id(routable, "net.peer.docker-bridge"), nullptr);
  EXPECT_FALSE(any_label(routable, core::Label::virtual_interface));
  const auto* blocked = find_id(routable, "net.peer.blocked");
  ASSERT_NE(blocked, nullptr);
  EXPECT_EQ(blocked->severity, core::Severity::error);
}

TEST(LogsShortNetwork, DebianAliasNeedsAConnectionTo127011) {
  auto alias = analyze_text(
      "  what():  [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [127.0.1.1]:41785: Connection refused\n",
      "r1.log");
  const auto* f = find_id(alias, "net.peer.debian-hostname-alias");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);
  EXPECT_EQ(f->label, core::Label::hostname_resolution);

  // One step short: the same Gloo refusal to a routable address names no hostname problem.
  auto other = analyze_text(
      "  what():  [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [198.18.0.7]:41785: Connection "
      "refused\n",
      "r1.log");
  EXPECT_EQ(find_id(other, "net.peer.debian-hostname-alias"), nullptr);
  EXPECT_FALSE(any_label(other, core::Label::hostname_resolution));
}

TEST(LogsShortNetwork, DifferentSubnetsNeedTwoHostsInDifferentNetworks) {
  const std::string two_hosts =
      "sn-a:11:11 [0] NCCL INFO Bootstrap : Using eth0:198.18.0.10<0>\n"
      "sn-b:22:22 [0] NCCL INFO Bootstrap : Using eth0:198.19.5.20<0>\n";
  auto claimed = analyze_text(two_hosts, "both.log");
  const auto* f = find_id(claimed, "nccl.bootstrap.different-subnets");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->hosts.size(), 2u);

  // One step short: the second host. Two processes of one host on two networks are no two hosts.
  const std::string one_host =
      "sn-a:11:11 [0] NCCL INFO Bootstrap : Using eth0:198.18.0.10<0>\n"
      "sn-a:22:22 [1] NCCL INFO Bootstrap : Using eth1:198.19.5.20<0>\n";
  EXPECT_EQ(find_id(analyze_text(one_host, "one.log"), "nccl.bootstrap.different-subnets"), nullptr);
  // Nor are two hosts on one network.
  const std::string same_net =
      "sn-a:11:11 [0] NCCL INFO Bootstrap : Using eth0:198.18.0.10<0>\n"
      "sn-b:22:22 [0] NCCL INFO Bootstrap : Using eth0:198.18.5.20<0>\n";
  EXPECT_EQ(find_id(analyze_text(same_net, "both.log"), "nccl.bootstrap.different-subnets"), nullptr);
}

TEST(LogsShortNetwork, DifferentlyNamedInterfacesNeedAFailedJob) {
  const std::string names =
      "sn-a:11:11 [0] NCCL INFO Bootstrap : Using enp1s0:198.18.0.10<0>\n"
      "sn-b:22:22 [0] NCCL INFO Bootstrap : Using eth0:198.18.7.20<0>\n";
  const std::string failure =
      "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269, unhandled system "
      "error, NCCL version 2.18.1\n";
  auto claimed = analyze_text(names + failure, "both.log");
  const auto* f = find_id(claimed, "nccl.socket.iface-names-differ");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->fix.per_host.size(), 2u);

  // One step short: the failure. Different names on one network are how many clusters run.
  EXPECT_EQ(find_id(analyze_text(names, "both.log"), "nccl.socket.iface-names-differ"), nullptr);
}

TEST(LogsShortNetwork, IfnameMatchesNothingNeedsNcclsNoInterfaceLine) {
  const std::string env = "sn-w:77:77 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth9\n";
  auto none = analyze_text(env + "sn-w:77:77 [0] misc/socket.cc:524 NCCL WARN Bootstrap : no socket interface found\n",
                           "w.log");
  const auto* f = find_id(none, "nccl.ifname.matches-nothing");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);

  // One step short: NCCL found the interface the variable names.
  auto found = analyze_text(env + "sn-w:77:77 [0] NCCL INFO Bootstrap : Using eth9:198.18.9.1<0>\n", "w.log");
  EXPECT_EQ(find_id(found, "nccl.ifname.matches-nothing"), nullptr);
  EXPECT_FALSE(any_label(found, core::Label::no_matching_interface));
}

TEST(LogsShortNetwork, GlooIfnameSyntaxNeedsAValueThatIsNoName) {
  const std::string gloo =
      "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:83] ifa != nullptr. "
      "Unable to find address for: ";
  auto list = analyze_text(gloo + "^lo,docker\n", "r0.log");
  ASSERT_NE(find_id(list, "gloo.ifname.syntax"), nullptr);

  // One step short: a plain name that is absent here is a missing interface, not a syntax error.
  auto name = analyze_text(gloo + "eth7\n", "r0.log");
  EXPECT_EQ(find_id(name, "gloo.ifname.syntax"), nullptr);
  EXPECT_FALSE(any_label(name, core::Label::config_typo));
  EXPECT_NE(find_id(name, "gloo.ifname.matches-nothing"), nullptr);
}

TEST(LogsShortNetwork, ExclusionPicksLoOnlyWhileNoProcessShowsItsInterface) {
  const std::string env = "sn-h:48:51 [1] NCCL INFO NCCL_SOCKET_IFNAME set by environment to ^docker0\n";
  ASSERT_NE(find_id(analyze_text(env, "h.log"), "nccl.ifname.exclusion-picks-lo"), nullptr);

  // One step short: every process shows the interface it took, and it is not lo.
  auto chosen = analyze_text(env + "sn-h:48:51 [1] NCCL INFO Bootstrap : Using eth0:198.18.3.1<0>\n", "h.log");
  EXPECT_EQ(find_id(chosen, "nccl.ifname.exclusion-picks-lo"), nullptr);
  EXPECT_FALSE(any_label(chosen, core::Label::loopback_interface));
}

TEST(LogsShortNetwork, BadFamilyIsTheIfnameOnlyWithANameListSet) {
  const std::string bad =
      "sn-f:90:90 [0] misc/socket.cc:585 NCCL WARN ncclSocketInit: connecting to address  with family 0 is neither "
      "AF_INET(2) nor AF_INET6(10)\n";
  auto named = analyze_text("sn-f:90:90 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth9\n" + bad, "f.log");
  const auto* f = find_id(named, "nccl.ifname.matches-nothing");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::error);

  // One step short: no NCCL_SOCKET_IFNAME in the log. The garbage address is said, no setting blamed.
  auto bare = analyze_text(bad, "f.log");
  EXPECT_EQ(find_id(bare, "nccl.ifname.matches-nothing"), nullptr);
  const auto* addr = find_id(bare, "nccl.socket.bad-address");
  ASSERT_NE(addr, nullptr);
  EXPECT_EQ(addr->severity, core::Severity::warning);
}

TEST(LogsShortNetwork, ExclusionOnlyStaysQuietWhenEveryProcessTookOneInterface) {
  const std::string env = "sn-x:60:60 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to ^lo,docker0\n";
  ASSERT_NE(find_id(analyze_text(env, "x.log"), "nccl.ifname.exclusion-only"), nullptr);

  // One step short: the process shows the one interface it took and nothing failed to connect.
  auto chosen = analyze_text(env + "sn-x:60:60 [0] NCCL INFO Bootstrap : Using eth0:198.18.4.1<0>\n", "x.log");
  EXPECT_EQ(find_id(chosen, "nccl.ifname.exclusion-only"), nullptr);
}

TEST(LogsShortNetwork, SocketOnRdmaNicNeedsAnRdmaNamedInterface) {
  const std::string ib = "sn-r:70:70 [0] NCCL INFO NET/Socket : Using [0]ib0:198.18.5.1<0>\n";
  auto claimed = analyze_text(ib, "r.log");
  const auto* f = find_id(claimed, "nccl.net.socket-on-rdma-nic");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::performance);

  // One step short: sockets on an Ethernet name; nothing says an RDMA NIC was there.
  auto eth = analyze_text("sn-r:70:70 [0] NCCL INFO NET/Socket : Using [0]eth0:198.18.5.1<0>\n", "r.log");
  EXPECT_EQ(find_id(eth, "nccl.net.socket-on-rdma-nic"), nullptr);
  EXPECT_FALSE(any_label(eth, core::Label::performance));
}

// NCCL saw an RDMA device it could not open.
const std::string k_open_failed =
    "sn-t:100:100 [0] NCCL INFO Bootstrap : Using eth0:198.18.0.1<0>\n"
    "sn-t:100:100 [0] misc/ibvwrap.cc:212 NCCL WARN Call to ibv_open_device failed\n"
    "sn-t:100:100 [0] transport/net_ib.cc:148 NCCL WARN NET/IB : Unable to open device "
    "mlx5_0\n";

TEST(LogsShortNetwork, OpenFailedMovesDataOverSocketsOnlyWhileNoRankUsesIb) {
  auto socket = analyze_text(k_open_failed + "sn-t:100:100 [0] NCCL INFO Using network Socket\n", "t.log");
  const auto* f = find_id(socket, "nccl.ib.open-failed-socket");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::warning);

  // One step short: a rank of the job uses NET/IB, so the TCP fallback is not the job's transport.
  auto ib = analyze_text(k_open_failed + "sn-u:200:200 [0] NCCL INFO Using network IB\n", "t.log");
  EXPECT_EQ(find_id(ib, "nccl.ib.open-failed-socket"), nullptr);
  const auto* note = find_id(ib, "nccl.ib.open-failed");
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->severity, core::Severity::info);
}

TEST(LogsShortNetwork, HcaNotFoundNeedsNetIbToFindNoDevice) {
  const std::string hca =
      "sn-q:80:80 [0] NCCL INFO NCCL_IB_HCA set to mlx5_0,mlx5_1\n"
      "sn-q:80:80 [0] NCCL INFO NET/Socket : Using [0]eth0:198.18.8.1<0>\n"
      "sn-q:80:80 [0] NCCL INFO Using network Socket\n";
  auto claimed = analyze_text(hca + "sn-q:80:80 [0] NCCL INFO NET/IB : No device found.\n", "q.log");
  const auto* f = find_id(claimed, "nccl.ib.hca-not-found-socket");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, core::Severity::warning);

  // One step short: NET/IB's "No device found." line. The variable and sockets alone say nothing
  // about the devices (NCCL_IB_DISABLE, say, also leaves the job on sockets).
  auto quiet = analyze_text(hca, "q.log");
  EXPECT_EQ(find_id(quiet, "nccl.ib.hca-not-found-socket"), nullptr);
  EXPECT_EQ(find_id(quiet, "nccl.ib.hca-not-found"), nullptr);
}

TEST(LogsShortNetwork, ConnectTimeoutNamesCandidatesNotAFirewall) {
  // torchrun on a worker node whose master was not listening yet (hiyouga/LlamaFactory#6575's form).
  const std::string head =
      "[I108 19:49:34.412345678 socket.cpp:920] [c10d] The client socket will attempt to connect to an IPv4 "
      "address of (198.18.0.1, 29500).\n";
  const std::string timeout =
      "[E108 20:04:34.467642512 socket.cpp:957] [c10d] The client socket has timed out after 900s while trying "
      "to connect to (198.18.0.1, 29500).\n";
  const std::string tail =
      "Traceback (most recent call last):\n"
      "  File \"/opt/conda/bin/torchrun\", line 8, in <module>\n"
      "    sys.exit(main())\n";
  auto seen = analyze_text(head + timeout + tail, "w1.log");
  const auto* f = find_id(seen, "net.peer.timed-out");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, core::Label::other);
  EXPECT_EQ(f->severity, core::Severity::warning);
  EXPECT_NE(f->title.find("198.18.0.1:29500"), std::string::npos) << f->title;
  EXPECT_NE(f->fix.text.find("nc -zv"), std::string::npos);
  EXPECT_NE(f->fix.text.find("ss -ltn"), std::string::npos);
  EXPECT_EQ(find_id(seen, "net.peer.blocked"), nullptr);
  EXPECT_FALSE(any_label(seen, core::Label::firewall_or_port_blocked));

  // One step short: without the timeout line nothing failed.
  auto quiet = analyze_text(head + tail, "w1.log");
  EXPECT_EQ(find_id(quiet, "net.peer.timed-out"), nullptr);
  EXPECT_EQ(find_id(quiet, "net.peer.blocked"), nullptr);
}

// Open MPI's verbose TCP BTL lines (--mca btl_base_verbose 30) between two hosts whose peer
// advertises four interfaces (horovod/horovod#209's form, 198.18.0.0/15 addresses).
std::string ompi_unmatched(int first, int last) {
  std::string log =
      "[dock01:06805] btl: tcp: attempting to connect() to [[27443,1],1] address 198.18.2.77 on port 1024\n"
      "[dock02:06371] btl: tcp: attempting to connect() to [[27443,1],0] address 198.18.3.129 on port 1025\n";
  const char* known[] = {"198.18.2.77", "198.18.2.77", "198.18.3.129", "198.18.3.130"};
  for (int i = first; i <= last; ++i)
    log += "[dock01:06805] btl: tcp: Match incoming connection from [[27443,1],1] 198.19.0.4 with locally known IP " +
           std::string(known[i]) + " failed (iface " + std::to_string(i) + "/4)!\n";
  return log;
}

TEST(LogsShortNetwork, OpenMpiUnmatchedConnectionNeedsEveryKnownInterfaceToFail) {
  auto seen = analyze_text(ompi_unmatched(0, 3), "mpi.log");
  ASSERT_FALSE(seen.findings.empty());
  const auto& f = seen.findings.front();
  EXPECT_EQ(f.id, "mpi.btl-tcp.incoming-unmatched");
  EXPECT_EQ(f.label, core::Label::interface_mismatch);
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_NE(f.title.find("198.19.0.4"), std::string::npos) << f.title;
  EXPECT_NE(f.title.find("198.18.3.129"), std::string::npos) << f.title;
  EXPECT_NE(f.fix.text.find("btl_tcp_if_include"), std::string::npos);
  EXPECT_NE(f.fix.text.find("oob_tcp_if_include"), std::string::npos);

  // One step short: interface 3/4 not shown failing (it may have matched, which prints nothing).
  auto cut = analyze_text(ompi_unmatched(0, 2), "mpi.log");
  EXPECT_EQ(find_id(cut, "mpi.btl-tcp.incoming-unmatched"), nullptr);
  EXPECT_FALSE(any_label(cut, core::Label::interface_mismatch));
}

TEST(LogsShortNetwork, OpenMpiUnexpectedProcessNamesTheInterfaceFix) {
  const std::string tries = ompi_unmatched(0, -1);
  // The connect-ack form (horovod/horovod#1516), and the help text Open MPI prints when it drops an
  // inbound connection from an unexpected address.
  for (const std::string& line : {
           std::string("[node2][[22157,1],4][btl_tcp_endpoint.c:626:mca_btl_tcp_endpoint_recv_connect_ack] "
                       "received unexpected process identifier [[22157,1],7]\n"),
           std::string("Open MPI detected an inbound MPI TCP connection request from a peer\n"
                       "that appears to be part of this MPI job (i.e., it identified itself as\n"
                       "part of this Open MPI job), but it is from an IP address that is\n"
                       "unexpected.  This is highly unusual.\n\n"
                       "  Local host:          node1\n"
                       "  Peer hostname:       node2 ([[22157,1],7])\n"
                       "  Source IP of socket: 198.19.0.4\n"
                       "  Known IPs of peer (2):\n"
                       "\t198.18.2.77\n"
                       "\t198.18.3.129\n"),
       }) {
    auto seen = analyze_text(tries + line, "mpi.log");
    ASSERT_FALSE(seen.findings.empty()) << line;
    const auto& f = seen.findings.front();
    EXPECT_EQ(f.id, "mpi.btl-tcp.unexpected-peer") << line;
    EXPECT_EQ(f.label, core::Label::interface_mismatch);
    EXPECT_NE(f.fix.text.find("btl_tcp_if_include"), std::string::npos);
  }

  // One step short: the connect attempts alone are Open MPI's ordinary verbose output.
  auto quiet = analyze_text(tries, "mpi.log");
  EXPECT_EQ(find_id(quiet, "mpi.btl-tcp.unexpected-peer"), nullptr);
  EXPECT_FALSE(any_label(quiet, core::Label::interface_mismatch));
}

TEST(LogsShortNetwork, HydraHostLookupNeedsTheLookupLine) {
  // horovodrun with MPICH on two hosts (horovod/horovod#3933's form).
  const std::string lookup =
      "[proxy:0:0@sn-a] HYDU_sock_connect (lib/utils/sock.c:110): unable to get host address for sn-b\n";
  const std::string rest =
      "[proxy:0:0@sn-a] main (proxy/pmip.c:105): unable to connect to server sn-b at port 39647 (check for "
      "firewalls!)\n"
      "[mpiexec@sn-b] ui_cmd_cb (mpiexec/pmiserv_pmci.c:51): Launch proxy failed.\n";
  auto seen = analyze_text(lookup + rest, "hydra.log");
  ASSERT_FALSE(seen.findings.empty());
  const auto& f = seen.findings.front();
  EXPECT_EQ(f.id, "mpich.hydra.host-lookup");
  EXPECT_EQ(f.label, core::Label::hostname_resolution);
  EXPECT_NE(f.title.find("sn-b"), std::string::npos) << f.title;
  EXPECT_NE(f.fix.text.find("getent hosts sn-b"), std::string::npos) << f.fix.text;
  EXPECT_NE(f.fix.text.find("-iface"), std::string::npos);
  EXPECT_EQ(find_id(seen, "mpich.hydra.connect-failed"), nullptr);  // the failed lookup is why it could not connect

  // One step short: "unable to connect ... (check for firewalls!)" alone names no lookup failure.
  auto quiet = analyze_text(rest, "hydra.log");
  EXPECT_EQ(find_id(quiet, "mpich.hydra.host-lookup"), nullptr);
  EXPECT_FALSE(any_label(quiet, core::Label::hostname_resolution));
}

TEST(LogsShortNetwork, HydraConnectFailureNamesTheServerAndTheCandidates) {
  // mpiexec on sn-a, its proxy on sn-b unable to connect back (MPICH main's lib/utils/sock.c,
  // proxy/pmip.c and mpiexec/pmiserv_pmci.c formats, hydra's "[proxy:PG:ID@HOST] FUNC (FILE:LINE): " tag).
  const std::string socket_error =
      "[proxy:0:1@sn-b] HYDU_sock_connect (lib/utils/sock.c:141): unable to connect from \"sn-b\" to \"sn-a\" "
      "(Connection refused)\n";
  const std::string server =
      "[proxy:0:1@sn-b] main (proxy/pmip.c:101): unable to connect to server sn-a at port 41577 (check for "
      "firewalls!)\n";
  const std::string launch =
      "[mpiexec@sn-a] ui_cmd_cb (mpiexec/pmiserv_pmci.c:51): Launch proxy failed.\n"
      "[mpiexec@sn-a] HYDT_bsci_wait_for_completion (lib/tools/bootstrap/src/bsci_wait.c:21): launcher returned "
      "error waiting for completion\n";
  auto seen = analyze_text(socket_error + server + launch, "hydra.log");
  ASSERT_FALSE(seen.findings.empty());
  const auto& f = seen.findings.front();
  EXPECT_EQ(f.id, "mpich.hydra.connect-failed");
  EXPECT_EQ(f.label, core::Label::other);  // candidates, no cause
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_NE(f.title.find("sn-a port 41577"), std::string::npos) << f.title;
  EXPECT_NE(f.title.find("'Connection refused'"), std::string::npos) << f.title;
  for (const char* step : {"nc -zv -w 5 <that address> 41577", "getent hosts sn-a", "ss -ltnp | grep :41577",
                           "MPIEXEC_PORT_RANGE", "-iface"})
    EXPECT_NE(f.fix.text.find(step), std::string::npos) << step << " in " << f.fix.text;
  EXPECT_EQ(f.evidence.size(), 2u);
  // hydra's socket error is its own message, not a refused peer of NCCL or c10d: no firewall claim.
  EXPECT_FALSE(any_label(seen, core::Label::firewall_or_port_blocked));
  EXPECT_EQ(find_id(seen, "net.peer.blocked"), nullptr);

  // The server line alone still names the server and port, without an error it did not print.
  auto bare = analyze_text(server + launch, "hydra.log");
  ASSERT_FALSE(bare.findings.empty());
  EXPECT_EQ(bare.findings.front().id, "mpich.hydra.connect-failed");
  EXPECT_EQ(bare.findings.front().title.find("ended in"), std::string::npos) << bare.findings.front().title;

  // One step short: the socket error and the launcher's lines without the proxy's server line name
  // no server and port to connect back to.
  auto quiet = analyze_text(socket_error + launch, "hydra.log");
  EXPECT_EQ(find_id(quiet, "mpich.hydra.connect-failed"), nullptr);
  EXPECT_FALSE(any_label(quiet, core::Label::firewall_or_port_blocked));
}

// Open MPI's TCP BTL failing to connect to an address a peer advertised: the help text of 3.1 and
// later ([client connect fail] in help-mpi-btl-tcp.txt, framed by opal_show_help's dashes) and the
// BTL_ERROR line of 1.5 - 3.0.
std::string ompi_client_connect_fail(bool with_message) {
  const std::string dashes = std::string(74, '-') + "\n";
  return dashes +
         "WARNING: Open MPI failed to TCP connect to a peer MPI process.  This\n"
         "should not happen.\n\n"
         "Your Open MPI job may now hang or fail.\n\n"
         "  Local host: node01\n"
         "  PID:        4711\n" +
         std::string(with_message ? "  Message:    connect() to 198.18.122.1:1024 failed\n" : "") +
         "  Error:      No route to host (113)\n" + dashes;
}

TEST(LogsShortNetwork, OpenMpiConnectFailureNamesTheAddressesAndTheInterfaceFix) {
  const std::string tries =
      "[node01:04711] btl: tcp: attempting to connect() to [[54783,1],1] address 198.18.122.1 on port 1024\n"
      "[node01:04711] btl:tcp: connect() to 198.18.0.2:1025 completed\n";
  auto seen = analyze_text(tries + ompi_client_connect_fail(true), "mpi.log");
  ASSERT_FALSE(seen.findings.empty());
  const auto& f = seen.findings.front();
  EXPECT_EQ(f.id, "mpi.btl-tcp.connect-failed");
  EXPECT_EQ(f.label, core::Label::no_route);
  EXPECT_NE(f.title.find("198.18.122.1:1024 ('No route to host')"), std::string::npos) << f.title;
  EXPECT_EQ(f.title.find("198.18.0.2"), std::string::npos) << f.title;  // that connect completed
  for (const char* part : {"--mca btl_tcp_if_include", "--mca oob_tcp_if_include", "stops trying 198.18.122.1",
                           "ip route get", "firewall-cmd --list-all"})
    EXPECT_NE(f.fix.text.find(part), std::string::npos) << part << " in " << f.fix.text;

  // Before 3.1: one BTL_ERROR line, read as this message and not as a generic failed peer.
  const std::string old_line =
      "[node01][[54783,1],3][btl_tcp_endpoint.c:803:mca_btl_tcp_endpoint_complete_connect] connect() to "
      "198.18.122.1 failed: No route to host (113)\n";
  auto old = analyze_text(tries + old_line, "mpi.log");
  ASSERT_FALSE(old.findings.empty());
  EXPECT_EQ(old.findings.front().id, "mpi.btl-tcp.connect-failed");
  EXPECT_NE(old.findings.front().title.find("198.18.122.1 ('No route to host')"), std::string::npos);
  EXPECT_EQ(find_id(old, "net.peer.no-route"), nullptr);

  // docker0's address, which every host running Docker carries (horovod/horovod#310's line).
  auto bridge = analyze_text(
      "[u10][[38971,1],2][btl_tcp_endpoint.c:796:mca_btl_tcp_endpoint_complete_connect] connect() to 172.17.0.1 "
      "failed: Connection refused (111)\n",
      "mpi.log");
  ASSERT_FALSE(bridge.findings.empty());
  EXPECT_EQ(bridge.findings.front().id, "mpi.btl-tcp.connect-failed");
  EXPECT_EQ(bridge.findings.front().label, core::Label::virtual_interface);
  EXPECT_EQ(find_id(bridge, "net.peer.blocked"), nullptr);
  // A refusal from an address off Docker's bridge says neither no route nor which candidate.
  auto refused = analyze_text(
      "[u10][[38971,1],2][btl_tcp_endpoint.c:796:mca_btl_tcp_endpoint_complete_connect] connect() to 198.18.0.9 "
      "failed: Connection refused (111)\n",
      "mpi.log");
  ASSERT_FALSE(refused.findings.empty());
  EXPECT_EQ(refused.findings.front().id, "mpi.btl-tcp.connect-failed");
  EXPECT_EQ(refused.findings.front().label, core::Label::other);

  // One step short: the help text without its Message line names no address, and the verbose
  // connect lines alone are Open MPI's ordinary output.
  auto no_message = analyze_text(tries + ompi_client_connect_fail(false), "mpi.log");
  EXPECT_EQ(find_id(no_message, "mpi.btl-tcp.connect-failed"), nullptr);
  auto quiet = analyze_text(tries, "mpi.log");
  EXPECT_EQ(find_id(quiet, "mpi.btl-tcp.connect-failed"), nullptr);
  EXPECT_FALSE(any_label(quiet, core::Label::no_route));
}

}  // namespace
}  // namespace dd::logs
