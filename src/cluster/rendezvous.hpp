// Rendezvous: rank 0 serves, every other rank connects with retries until a deadline. The first
// message of a connection is `join` {token, rank, world, host, ...}; rank 0 drops (and logs why)
// a peer that sends garbage, another job's token, a rank outside the world, a rank already
// taken, or too much. Rank 0 then talks to each member over its connection (plan, results,
// verdict); a connection that closes names its rank as lost. Same shape as gloo's rendezvous
// store, cut down to a star, since preflight needs one coordinator anyway.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster/net_error.hpp"
#include "cluster/socket.hpp"
#include "cluster/unique_fd.hpp"
#include "cluster/wire.hpp"
#include "core/deadline.hpp"

namespace dd::cluster {

// Diagnostics sink ("rendezvous: dropped 198.18.0.9:4242: wrong token").
using Log = std::function<void(const std::string&)>;

struct Member {
  int rank = -1;
  std::string host;
  std::string peer;           // address:port it connected from
  nlohmann::json join;        // its join message body
  std::int64_t accepted_unix_us = 0;  // rank 0's wall clock when it accepted the connection
  std::int64_t joined_unix_us = 0;    // rank 0's wall clock when the whole join had arrived
  UniqueFd fd;
  bool lost = false;          // connection closed or failed after joining
  std::string lost_reason;
  bool has_results = false;
  nlohmann::json results;     // its results message body
};

class RendezvousServer {
 public:
  // Listens on the wildcard address (IPv6 and IPv4) at `port`.
  static NetResult<RendezvousServer> open(int port, std::size_t max_payload = k_max_payload);

  int port() const { return port_; }

  // Accepts joins until ranks 1..world-1 are all present or `deadline` passes. Joins are read
  // side by side as their bytes arrive: a peer that connects and stays silent (dropped after 10 s of
  // silence) delays nobody else.
  void gather(const std::string& token, int world, const core::Deadline& deadline, const Log& log);

  // Ranks in 1..world-1 that never joined (after gather).
  std::vector<int> missing() const;

  // Sends a message to every live member; a failed send marks the member lost.
  void broadcast(MsgType type, const std::function<nlohmann::json(const Member&)>& body, const core::Deadline& deadline,
                 const Log& log);

  // Waits for one message of `type` from every live member until `deadline`; a closed
  // connection marks the member lost (died midway).
  void collect(MsgType type, const core::Deadline& deadline, const Log& log);

  std::map<int, Member>& members() { return members_; }
  const std::vector<std::string>& drops() const { return drops_; }

 private:
  RendezvousServer(UniqueFd fd, int port, std::size_t max_payload)
      : fd_(std::move(fd)), port_(port), max_payload_(max_payload) {}
  void admit(UniqueFd conn, const std::string& peer, Message msg, std::int64_t accepted_unix_us,
             const std::string& token, int world, const Log& log);
  // Logs why `peer` is dropped; `tell` also sends it a reject with the reason.
  void drop(UniqueFd& conn, const std::string& peer, const std::string& why, bool tell, const Log& log);

  UniqueFd fd_;
  int port_ = 0;
  std::size_t max_payload_ = k_max_payload;
  int world_ = 0;
  std::map<int, Member> members_;
  std::vector<std::string> drops_;
};

// How a join attempt ended when it did not succeed, with what to check.
struct JoinFailure {
  NetError last;       // the last error seen
  int attempts = 0;
  std::string address;  // "node0:29401" as configured
};

// Connects to host:port (all resolved addresses, in order) with retries until `deadline`,
// sends `join` (plus "sent_unix_us", its wall clock at sending), and returns the connection (rank 0's `reject`, if any, is the next message).
NetResult<UniqueFd> join_rendezvous(const std::string& host, int port, const nlohmann::json& join,
                                    const core::Deadline& deadline, const Log& log, JoinFailure* failure);

}  // namespace dd::cluster
