// The network rules behind diagnose() that need more than one socket's counters:
//  - interface-mismatch: a connect that sits in SYN_SENT toward an address only a gateway leads
//    to, or a listening socket on a specific address that nobody reaches while its process talks
//    to its peers from another interface; the fix names the interface the ranks do share (the
//    one their working connections, e.g. the rendezvous, use);
//  - an MTU black hole told from a firewall: the stuck connection's peer answers a small ICMP echo
//    but loses one of the connection's path MTU (don't-fragment), the test `ping -M do -s` makes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "os/file_tree.hpp"
#include "watch/path_probe.hpp"
#include "watch/snapshot.hpp"

namespace dd::watch {

// "198.18.1.2" for "::ffff:198.18.1.2" (an IPv4-mapped address as a dual-stack socket shows it)
std::string unmapped(const std::string& addr);
bool same_address(const std::string& a, const std::string& b);
// "rank 1 (pid 42)" / "pid 42"
std::string who(const std::optional<int>& rank, int pid);
// "1.2.3.4:80" / "[fd00::1]:80"
std::string endpoint(const std::string& addr, int port);

// The socket of the tree listening on addr:port: bound to addr, or to the wildcard address in a
// namespace the snapshot shows has addr (a local end there, or the owner's MASTER_ADDR); else none.
const OwnedSocket* listener_of(const Snapshot& s, const std::string& addr, int port);

// Fills f.fix (the *_SOCKET_IFNAME variables the job uses, or Gloo's and NCCL's) with the
// interface the tree's established connections between ranks use, and adds that as evidence.
void fix_with_shared_interface(core::Finding& f, const os::FileTree& tree, const Snapshot& s);

// watch.listen.unreached findings (see above).
std::vector<core::Finding> unreached_listeners(const os::FileTree& tree, const Snapshot& s);

struct MtuCheck {
  bool black_hole = false;
  bool small_lost = false;            // the small echo got no answer either: not an MTU black hole
  bool both_answered = false;         // small and path-MTU echoes answered: not an MTU problem
  int passes = 0;                     // a standard size (1500) that still passes, when tried
  std::vector<std::string> evidence;  // what the echoes showed
};
// Small echo, then one of the socket's path MTU, from the socket owner's namespace to its peer.
MtuCheck check_mtu(PathProbe* probe, const OwnedSocket& s);

}  // namespace dd::watch
