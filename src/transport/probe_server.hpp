// ProbeServer: listens on every candidate address (ephemeral ports) and on the job's own ports,
// and answers the probe protocol (probe_protocol.hpp) until stopped. One accept thread polls all
// listeners; handler threads (started as connections wait, up to a cap) serve them, each within a budget derived
// from --timeout (a peer that has not proven the token within a few seconds is closed, and a
// connection that waited in the queue longer than that is closed unserved), so idle or hostile
// peers cannot hold real probes off nor the run past its deadline; stop() cuts connections still
// being served instead of waiting for them.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "os/unique_fd.hpp"
#include "transport/socket.hpp"

namespace dd::cluster {

struct ListenSpec {
  std::string addr;  // numeric; "::" or "0.0.0.0" for a job port on every address
  int port = 0;      // 0: ephemeral
  std::uint32_t scope_id = 0;
  std::string iface;  // interface that owns `addr` (empty for wildcard)
  std::string what;   // "candidate", "MASTER_PORT", "TF_CONFIG worker[1]"
};

struct Listener {
  ListenSpec spec;
  int port = 0;  // bound port
  bool ok = false;
  std::string error;  // bind failure (EADDRINUSE when the job already holds it, ...)
};

class ProbeServer {
 public:
  // `rank` is sent to every prober first, so a probe that lands on another node (an address
  // that exists on several nodes, such as docker0's) is told apart.
  // `budget`: the most one connection may take (echo and bulk); the proof must arrive within
  // half of it (1..5 s).
  ProbeServer(std::string token, int rank, int handlers,
              std::chrono::milliseconds budget = std::chrono::milliseconds(20000));
  ~ProbeServer();
  ProbeServer(const ProbeServer&) = delete;
  ProbeServer& operator=(const ProbeServer&) = delete;

  // Binds one listener now (before start()).
  Listener add(const ListenSpec& spec);
  // Starts the accept thread; handler threads start as connections wait (at most `handlers`).
  void start();
  // Stops accepting, closes listeners, joins all threads (idempotent; the destructor calls it).
  void stop();
  // Connections served completely / refused (wrong token, garbage).
  int served() const;
  int refused() const;
  // Connections in progress that stop() ended (shut down) instead of waiting for their deadlines.
  int cut_at_stop() const;

 private:
  void accept_loop();
  void handler_loop();
  void serve(os::UniqueFd conn, const std::string& peer);

  struct Queued {
    os::UniqueFd fd;
    std::string peer;
    std::chrono::steady_clock::time_point since;
  };

  std::string token_;
  std::chrono::milliseconds budget_;
  std::chrono::milliseconds proof_budget_;
  int rank_;
  int handler_count_;
  std::vector<os::UniqueFd> listeners_;
  os::UniqueFd wake_;  // eventfd: wakes the accept loop on stop
  std::thread acceptor_;
  std::vector<std::thread> handlers_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Queued> queue_;
  std::size_t idle_ = 0;  // handlers waiting for a connection
  std::set<int> active_;  // fds being served: stop() shuts them down
  bool stopping_ = false;
  int served_ = 0;
  int refused_ = 0;
  int cut_at_stop_ = 0;
};

}  // namespace dd::cluster
