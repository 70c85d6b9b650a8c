#include <fmt/format.h>

#include <thread>

#include "cluster/message_io.hpp"
#include "cluster/rendezvous.hpp"

namespace dd::cluster {

NetResult<UniqueFd> join_rendezvous(const std::string& host, int port, const nlohmann::json& join,
                                    const core::Deadline& deadline, const Log& log, JoinFailure* failure) {
  JoinFailure local;
  JoinFailure& f = failure ? *failure : local;
  f.address = fmt::format("{}:{}", host, port);
  auto backoff = std::chrono::milliseconds(100);
  for (;;) {
    ++f.attempts;
    auto addrs = resolve(host, port);
    if (!addrs) {
      f.last = addrs.error();
    } else {
      for (const auto& a : *addrs) {
        // Each attempt may use at most 3 s so later addresses and retries still get a turn.
        core::Deadline attempt(std::min(deadline.remaining(), std::chrono::milliseconds(3000)));
        auto conn = connect_to(a, attempt, k_safe_mss);
        if (!conn) {
          f.last = conn.error();
          continue;
        }
        nlohmann::json body = join;  // the send time lets rank 0 estimate clock skew despite retries
        body["sent_unix_us"] = std::chrono::duration_cast<std::chrono::microseconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count();
        auto sent = send_message(conn->get(), Message{MsgType::join, body}, deadline, a.to_string());
        if (!sent) {
          f.last = sent.error();
          continue;
        }
        return std::move(conn.value());
      }
    }
    if (log && (f.attempts == 1 || f.attempts % 10 == 0))
      log(fmt::format("rendezvous: attempt {} to reach {}: {}", f.attempts, f.address, f.last.describe()));
    if (deadline.remaining() <= backoff) break;
    std::this_thread::sleep_for(backoff);
    backoff = std::min(backoff * 2, std::chrono::milliseconds(1000));
  }
  return f.last;
}

}  // namespace dd::cluster
