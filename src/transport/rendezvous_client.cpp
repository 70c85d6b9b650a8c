#include <fmt/format.h>

#include <random>
#include <thread>

#include "transport/auth.hpp"
#include "transport/message_io.hpp"
#include "transport/rendezvous.hpp"

namespace dd::cluster {

namespace {
constexpr int k_quick_refusals = 40;  // about 2 s of 50 ms waits
}  // namespace

NetResult<JoinSession> join_rendezvous(const std::string& host, int port, const nlohmann::json& join,
                                       const std::string& token, const core::Deadline& deadline, const Log& log,
                                       JoinFailure* failure) {
  JoinFailure local;
  JoinFailure& f = failure ? *failure : local;
  f.address = host_port(host, port);
  // Backoff between attempts doubles to 1 s, each wait drawn from its upper half: a thousand
  // nodes refused by a rank 0 that is not listening yet do not come back in one wave.
  auto backoff = std::chrono::milliseconds(100);
  std::minstd_rand jitter(static_cast<std::minstd_rand::result_type>(random_seed()));
  for (;;) {
    ++f.attempts;
    // Rank 0 may be slow to answer a crowd (it reads every join); each attempt waits longer for
    // the challenge: 3, 6, 12, then 24 s, so a connection already queued is not given up for a
    // new one at the back of the queue.
    auto attempt_budget = std::chrono::milliseconds(3000) * (1 << std::min(f.attempts - 1, 3));
    auto addrs = resolve(host, port);
    if (!addrs) {
      f.last = addrs.error();
    } else {
      for (const auto& a : *addrs) {
        core::Deadline attempt(std::min(deadline.remaining(), attempt_budget));
        auto conn = connect_to(a, attempt, k_safe_mss);
        if (!conn) {
          f.last = conn.error();
          continue;
        }
        // Rank 0 speaks first: a connection it closes or rejects here (full, shutting down) is retried.
        auto challenge = recv_message(conn->get(), attempt, a.to_string());
        if (!challenge) {
          f.last = challenge.error();
          continue;
        }
        if (challenge->type == MsgType::reject) {  // rank 0 is there and said no: final
          f.rejected = challenge->body.value("reason", "");
          f.last =
              NetError{NetFailure::protocol, "recv", 0, a.to_string(), "rank 0 rejected the connection: " + f.rejected};
          return f.last;
        }
        if (challenge->type != MsgType::challenge) {
          f.last = NetError{NetFailure::protocol, "recv", 0, a.to_string(), "rank 0 did not open with a challenge"};
          continue;
        }
        JoinSession session{std::move(conn.value()), challenge->body["nonce"].get<std::string>(), random_nonce_hex()};
        nlohmann::json body = join;  // the send time lets rank 0 estimate clock skew despite retries
        body["nonce"] = session.client_nonce;
        body["proof"] = join_proof(token, session.server_nonce, session.client_nonce, join.value("rank", 0LL),
                                   join.value("world", 0LL));
        body["sent_unix_us"] =
            std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
                .count();
        auto sent = send_message(session.fd.get(), Message{MsgType::join, body}, deadline, a.to_string());
        if (!sent) {
          f.last = sent.error();
          continue;
        }
        return session;
      }
    }
    if (log && (f.attempts == 1 || f.attempts % 10 == 0))
      log(fmt::format("rendezvous: attempt {} to reach {}: {}", f.attempts, f.address, f.last.describe()));
    // A refusal means rank 0 is not listening yet (its own start, a moment behind a node that was
    // quicker): such an answer costs rank 0's kernel one RST, so the first 2 s of refusals are
    // retried every 25-75 ms and the node joins as soon as rank 0 listens. Timeouts and the rest
    // (a busy or distant rank 0) back off as above.
    bool early_refusal = f.last.failure == NetFailure::refused && f.attempts <= k_quick_refusals;
    auto wait = early_refusal ? std::chrono::milliseconds(50) : backoff;
    if (deadline.remaining() <= wait) break;
    auto spread =
        static_cast<std::uint64_t>(early_refusal ? wait.count() : wait.count() / 2) + 1;  // 25-75 ms, or b/2..b
    std::this_thread::sleep_for(wait / 2 + std::chrono::milliseconds(static_cast<std::int64_t>(jitter() % spread)));
    if (!early_refusal) backoff = std::min(backoff * 2, std::chrono::milliseconds(1000));
  }
  return f.last;
}

}  // namespace dd::cluster
