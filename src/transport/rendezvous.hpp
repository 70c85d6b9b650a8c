// Rendezvous: rank 0 serves, every other rank connects with retries until a deadline. Rank 0
// opens each connection with `challenge` {nonce}; the node answers `join` {proof, nonce, rank,
// world, host, ...} where proof = HMAC(token, both nonces, rank, world) (auth.hpp): the token
// never crosses the network. Rank 0 drops (and logs why, never echoing what the peer sent) a peer
// that sends garbage, a message off its schema, a wrong proof, a rank outside the world, a rank
// already taken, or too much. Rank 0 then talks to each member over its connection (plan, results,
// verdict); a connection that closes names its rank as lost. Same shape as gloo's rendezvous
// store, cut down to a star, since preflight needs one coordinator anyway.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/deadline.hpp"
#include "os/unique_fd.hpp"
#include "transport/net_error.hpp"
#include "transport/socket.hpp"
#include "transport/wire.hpp"

namespace dd::cluster {

// Diagnostics sink ("rendezvous: dropped 198.18.0.9:4242: wrong token").
using Log = std::function<void(const std::string&)>;

struct Member {
  int rank = -1;
  std::string host;
  std::string peer;                   // address:port it connected from
  nlohmann::json join;                // its join message body
  std::int64_t accepted_unix_us = 0;  // rank 0's wall clock when it accepted the connection
  std::int64_t joined_unix_us = 0;    // rank 0's wall clock when the whole join had arrived
  std::string server_nonce;           // the challenge rank 0 sent it
  std::string client_nonce;           // the nonce of its join, for the plan's proof
  os::UniqueFd fd;
  bool lost = false;  // connection closed or failed after joining
  std::string lost_reason;
  bool has_results = false;
  nlohmann::json results;  // its results message body
};

class RendezvousServer {
 public:
  // Listens on the wildcard address (IPv6 and IPv4) at `port`.
  static NetResult<RendezvousServer> open(int port, std::size_t max_payload = k_max_payload);

  int port() const { return port_; }

  // Accepts joins until ranks 1..world-1 are all present or `deadline` passes. Joins are read
  // side by side as their bytes arrive: a peer that connects and stays silent delays nobody else.
  // Bounds: a join silent for a quarter of the join phase (at most 10 s) is dropped; at max(256, 2 x world)
  // pending connections the longest-silent one is evicted for the newcomer (a real node always
  // gets in); a join may be 1 MiB and pending joins together may hold 64 MiB (the largest is cut
  // beyond that); no join is read once `deadline` has passed.
  void gather(const std::string& token, int world, const core::Deadline& deadline, const Log& log);

  // Connections dropped before they said which rank they are (silent, evicted, cut for size, bad bytes).
  int anonymous_drops() const { return anonymous_drops_; }

  // Ranks in 1..world-1 that never joined (after gather).
  std::vector<int> missing() const;

  // Sends a message to every live member; a failed send marks the member lost.
  void broadcast(MsgType type, const std::function<nlohmann::json(const Member&)>& body, const core::Deadline& deadline,
                 const Log& log);

  // Waits for one message of `type` from every live member until `deadline`; a closed
  // connection marks the member lost (died midway). A node that connects now, after gather(),
  // is answered with a reject that says the join phase is over (it would otherwise wait in the
  // listen backlog for a challenge that never comes, and blame a firewall).
  void collect(MsgType type, const core::Deadline& deadline, const Log& log);

  // Answers every connection waiting in the backlog with that reject; returns how many.
  int turn_away_latecomers(const Log& log);
  int latecomers() const { return latecomers_; }

  std::map<int, Member>& members() { return members_; }
  const std::vector<std::string>& drops() const { return drops_; }

 private:
  RendezvousServer(os::UniqueFd fd, int port, std::size_t max_payload)
      : fd_(std::move(fd)), port_(port), max_payload_(max_payload) {}
  void admit(os::UniqueFd conn, const std::string& peer, Message msg, std::int64_t accepted_unix_us,
             const std::string& server_nonce, const std::string& token, int world, const Log& log);
  // Logs why `peer` is dropped; `tell` also sends it a reject with the reason.
  void drop(os::UniqueFd& conn, const std::string& peer, const std::string& why, bool tell, const Log& log);
  // One gather() call's joins in progress (rendezvous_server.cpp).
  class Gathering;
  friend class Gathering;

  os::UniqueFd fd_;
  int port_ = 0;
  std::size_t max_payload_ = k_max_payload;
  int world_ = 0;
  std::map<int, Member> members_;
  std::vector<std::string> drops_;
  int anonymous_drops_ = 0;
  int latecomers_ = 0;
  std::int64_t gather_ended_unix_us_ = 0;
};

// How a join attempt ended when it did not succeed, with what to check.
struct JoinFailure {
  NetError last;  // the last error seen
  int attempts = 0;
  std::string rejected;  // rank 0's reason when it answered with a reject (final: no retry)
  std::string address;   // "node0:29401" as configured
};

// A joined connection and the nonces of its authentication (to check the plan's proof).
struct JoinSession {
  os::UniqueFd fd;
  std::string server_nonce;
  std::string client_nonce;
};

// Connects to host:port (all resolved addresses, in order) with retries until `deadline`, reads
// rank 0's challenge, sends `join` (plus proof, nonce and "sent_unix_us", its wall clock at
// sending; `join` must hold rank and world) and returns the connection (rank 0's `reject`, if
// any, is the next message). A connection closed or refused before the challenge is retried with
// a jittered backoff until `deadline`; a reject instead of the challenge (the join phase is
// over) ends the attempts.
NetResult<JoinSession> join_rendezvous(const std::string& host, int port, const nlohmann::json& join,
                                       const std::string& token, const core::Deadline& deadline, const Log& log,
                                       JoinFailure* failure);

// "198.18.0.2:29400" or "[fd00:18::2]:29400".
std::string host_port(const std::string& host, int port);

}  // namespace dd::cluster
