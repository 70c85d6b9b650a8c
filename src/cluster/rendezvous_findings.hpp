// The findings of a node that could not take part in preflight's rendezvous (src/cluster/preflight.cpp),
// and the job token's source: each says what was observed (the socket error, rank 0's reason) and
// names a cause only as far as that carries it (docs/rules.md, preflight.rendezvous.*).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "transport/net_error.hpp"
#include "transport/rendezvous.hpp"

namespace dd::cluster {

// What a member saw besides its connects when rank 0's address never answered them: an ICMP echo
// to that address, and this node's own nftables ruleset for the rendezvous port (outbound).
struct PathEvidence {
  std::string addr;                    // rank 0's address the connects went to
  std::optional<bool> icmp_answered;   // nullopt: no echo was sent (no raw socket, not IPv4)
  bool ruleset_read = false;           // this node's ruleset was read and judged for the port
  std::vector<std::string> own_rules;  // "nftables table inet t chain output handle 3: tcp dport 29501 drop"
  std::vector<std::string> own_fixes;  // the command that removes each
  std::string on_link;                 // this node's interface whose subnet holds addr: "eth0 198.18.1.2/24"
  // For a connect with no route (ENETUNREACH) to an address of a family this node has no routable
  // address of: this node's routable addresses (the other family); empty otherwise.
  std::vector<std::string> other_family;
  // For a refused connect: this node's interface that owns the address the connects went to ("lo"
  // for a loopback address); empty when the address is not this node's own.
  std::string own_link;
  // Where the rendezvous port came from when this node derived it: "this node's MASTER_PORT=29410,
  // plus 1"; empty when given by --rendezvous or not derived from MASTER_PORT.
  std::string port_from;
  // Where this node holds addresses of that subnet on two or more interfaces: the one the kernel's
  // route to addr leaves by ("eth1 198.18.1.21/24", from LocalNode::route_source) and the others
  // ("eth0 198.18.1.11/24"); both empty otherwise.
  std::string route_link;
  std::vector<std::string> subnet_twins;
  // on_link's / route_link's interface has ARP off (IFF_NOARP, `ip link set DEV arp off`): it sends
  // to no neighbour's hardware address, so nothing on that subnet answers.
  bool on_link_noarp = false;
  bool route_noarp = false;
  // For own_link: the address's prefix length there, and whether that interface is a loopback one
  // (an address that is not 127.x or ::1 held on lo: a VIP or anycast address, clusters-2026-12-07l p3).
  int own_prefix = 0;
  bool own_on_loopback = false;
};

// The address of a NetError's peer ("198.18.0.1:29401" -> "198.18.0.1", "[fe80::1%eth0]:29401" -> "fe80::1%eth0").
std::string peer_address(const std::string& peer);

// A member's join that failed until the deadline: rank 0's reject, or the last socket error.
// `port` is the rendezvous port, for the fix. A connect that timed out is told apart with `path`:
// this node's own rule that drops the port; an address that answers ICMP but not TCP (a filter of
// the port); one that answers neither (the path: a link, the route back, the host) - never a
// firewall claim where none was read.
core::Finding join_failure_finding(const JoinFailure& failure, const NetError& error, const std::string& host, int port,
                                   const PathEvidence& path = {});

// Rank 0 could not open the rendezvous port: "another process holds it" only for EADDRINUSE.
core::Finding cannot_listen_finding(int port, const NetError& error);

// A member joined, but what came back from `address` was no plan this job's rank 0 sent: `why`
// as evidence; `proof_failed` when a plan came whose proof does not match this job's token (so
// whoever answered is not known to be this job's rank 0); `answered` false when no message came
// at all (a timeout, a reset): then the token and world size are not the cause (rank 0 sends its
// reason when it turns a node away).
core::Finding no_plan_finding(const std::string& address, const std::string& why, bool proof_failed,
                              bool answered = true);

// Where the job token came from: --token, a launcher's job id, or the default derived from the
// rendezvous address and world. torchrun's TORCHELASTIC_RUN_ID defaults to "none": that id is the
// token then, and no harder to guess than the default.
struct TokenSource {
  std::string source;  // said in preflight --json and in the finding's evidence
  bool guessable = false;
};
TokenSource token_source(const std::string& token_flag, const std::string& job_id);

// preflight.token.guessable: a warning, only for a guessable token.
core::Finding guessable_token_finding(const TokenSource& token);

}  // namespace dd::cluster
