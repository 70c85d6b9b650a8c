#include "transport/rendezvous.hpp"

#include <gtest/gtest.h>

#include <sys/socket.h>

#include <atomic>
#include <thread>

#include "transport/auth.hpp"
#include "transport/message_io.hpp"

namespace dd::cluster {
namespace {

using namespace std::chrono_literals;

nlohmann::json join_of(int rank, int world) {
  return {{"rank", rank}, {"world", world}, {"host", "h" + std::to_string(rank)}, {"facts", nlohmann::json::object()}};
}

// A plan body that passes the schema, with the proof rank `m` checks against `token`.
std::function<nlohmann::json(const Member&)> plan_body(const std::string& token, int world) {
  return [token, world](const Member& m) {
    return nlohmann::json{{"proof", plan_proof(token, m.server_nonce, m.client_nonce, m.rank)},
                          {"targets", nlohmann::json::array()},
                          {"world", world},
                          {"you", m.rank}};
  };
}

std::function<nlohmann::json(const Member&)> verdict_body(const std::string& verdict) {
  return [verdict](const Member&) { return nlohmann::json{{"verdict", verdict}, {"exit_code", 0}}; };
}

// A rank as a thread: join, wait for the plan, answer with results unless told to die.
void run_rank(int port, int rank, int world, const std::string& token, bool die_after_plan, std::string* outcome) {
  core::Deadline d(10s);
  auto conn = join_rendezvous("127.0.0.1", port, join_of(rank, world), token, d, {}, nullptr);
  if (!conn) {
    *outcome = "join failed: " + conn.error().describe();
    return;
  }
  auto plan = recv_message(conn->fd.get(), d, "rank0");
  if (!plan) {
    *outcome = "no plan: " + plan.error().describe();
    return;
  }
  if (plan->type == MsgType::reject) {
    *outcome = "rejected: " + plan->body.value("reason", "");
    return;
  }
  if (die_after_plan) {
    *outcome = "died";
    return;  // closes the socket: rank 0 must notice
  }
  if (!same_proof(plan_proof(token, conn->server_nonce, conn->client_nonce, rank), plan->body.value("proof", ""))) {
    *outcome = "plan without a valid proof";
    return;
  }
  (void)send_message(conn->fd.get(), Message{MsgType::results, {{"rank", rank}, {"results", nlohmann::json::array()}}},
                     d, "rank0");
  auto verdict = recv_message(conn->fd.get(), d, "rank0");
  *outcome = verdict ? verdict->body.value("verdict", "?") : "no verdict";
}

TEST(PreflightRendezvous, FourRanksAsThreadsMeetAndExchange) {
  auto server = RendezvousServer::open(0);
  ASSERT_TRUE(server.ok()) << server.error().describe();
  const int world = 4;
  std::vector<std::string> outcomes(world);
  std::vector<std::thread> threads;
  for (int r = 1; r < world; ++r)
    threads.emplace_back(run_rank, server->port(), r, world, "job-A", false, &outcomes[static_cast<std::size_t>(r)]);
  server->gather("job-A", world, core::Deadline(10s), {});
  EXPECT_TRUE(server->missing().empty());
  server->broadcast(MsgType::plan, plan_body("job-A", world), core::Deadline(5s), {});
  server->collect(MsgType::results, core::Deadline(10s), {});
  for (auto& [rank, m] : server->members()) {
    EXPECT_TRUE(m.has_results) << rank;
    EXPECT_EQ(m.results.value("rank", -1), rank);
    EXPECT_EQ(m.host, "h" + std::to_string(rank));
  }
  server->broadcast(MsgType::verdict, verdict_body("OK"), core::Deadline(5s), {});
  for (auto& t : threads) t.join();
  for (int r = 1; r < world; ++r) EXPECT_EQ(outcomes[static_cast<std::size_t>(r)], "OK");
}

TEST(PreflightRendezvous, WrongTokenGarbageAndOversizeAreDroppedWithReasons) {
  auto server = RendezvousServer::open(0, 4096);
  ASSERT_TRUE(server.ok());
  int port = server->port();
  std::string other_job;
  std::thread wrong([&] { run_rank(port, 1, 2, "job-B", false, &other_job); });
  std::thread garbage([&] {
    auto a = numeric_addr("127.0.0.1", port);
    auto c = connect_to(*a, core::Deadline(5s));
    if (!c) return;
    std::string junk = "GET / HTTP/1.0\r\n\r\n";
    (void)write_all(c->get(), std::as_bytes(std::span(junk)), core::Deadline(5s), "");
    wait_readable(c->get(), core::Deadline(5s));
  });
  std::thread oversize([&] {
    auto a = numeric_addr("127.0.0.1", port);
    auto c = connect_to(*a, core::Deadline(5s));
    if (!c) return;
    nlohmann::json big = join_of(1, 2);
    big["pad"] = std::string(10000, 'x');
    (void)send_message(c->get(), Message{MsgType::join, big}, core::Deadline(5s), "");
    wait_readable(c->get(), core::Deadline(5s));
  });
  auto start = std::chrono::steady_clock::now();
  server->gather("job-A", 2, core::Deadline(1500ms), {});
  auto took = std::chrono::steady_clock::now() - start;
  wrong.join();
  garbage.join();
  oversize.join();
  EXPECT_EQ(server->missing(), std::vector<int>{1});  // nobody valid came: named when the deadline passed
  EXPECT_GE(took, 1500ms);                            // it waited its deadline (a lower bound cannot flake)
  ASSERT_EQ(server->drops().size(), 3u);
  std::string all;
  for (const auto& d : server->drops()) all += d + "\n";
  EXPECT_NE(all.find("wrong job token"), std::string::npos) << all;
  EXPECT_EQ(all.find("job-"), std::string::npos) << "a token is echoed: " << all;
  EXPECT_NE(all.find("bad magic"), std::string::npos) << all;
  EXPECT_NE(all.find("exceeds the limit of 4096"), std::string::npos) << all;
  EXPECT_NE(other_job.find("rejected: wrong job token"), std::string::npos) << other_job;
  EXPECT_EQ(other_job.find("job-"), std::string::npos) << other_job;
}

TEST(PreflightRendezvous, RankThatNeverComesAndRankThatDiesAreNamed) {
  auto server = RendezvousServer::open(0);
  ASSERT_TRUE(server.ok());
  const int world = 4;  // rank 3 never comes
  std::string o1, o2;
  std::thread t1(run_rank, server->port(), 1, world, "j", false, &o1);
  std::thread t2(run_rank, server->port(), 2, world, "j", true, &o2);
  server->gather("j", world, core::Deadline(1500ms), {});
  EXPECT_EQ(server->missing(), std::vector<int>{3});
  server->broadcast(MsgType::plan, plan_body("j", world), core::Deadline(5s), {});
  server->collect(MsgType::results, core::Deadline(60s), {});
  // the death is noticed (the connection closed), not waited out: the reason says which
  EXPECT_TRUE(server->members()[2].lost);
  EXPECT_NE(server->members()[2].lost_reason.find("closed"), std::string::npos) << server->members()[2].lost_reason;
  EXPECT_TRUE(server->members()[1].has_results);
  server->broadcast(MsgType::verdict, verdict_body("HANG"), core::Deadline(5s), {});
  t1.join();
  t2.join();
  EXPECT_EQ(o1, "HANG");
  EXPECT_EQ(o2, "died");
}

TEST(PreflightRendezvous, SilentAndDribblingPeersDoNotDelayARealJoin) {
  // Two peers connect first: one says nothing, one sends its join a byte every 100 ms. The real
  // rank that connects after them must be admitted at once, not after their 3 s budgets.
  auto server = RendezvousServer::open(0);
  ASSERT_TRUE(server.ok());
  int port = server->port();
  std::atomic<bool> stop{false};
  auto a = numeric_addr("127.0.0.1", port);
  auto silent = connect_to(*a, core::Deadline(5s));
  ASSERT_TRUE(silent.ok());
  std::thread dribbler([&] {
    auto c = connect_to(*a, core::Deadline(5s));
    if (!c) return;
    auto bytes = encode(Message{MsgType::join, join_of(2, 3)});
    for (auto b : bytes) {
      if (stop) return;
      (void)write_all(c->get(), std::span(&b, 1), core::Deadline(1s), "");
      std::this_thread::sleep_for(100ms);
    }
  });
  std::this_thread::sleep_for(200ms);  // both are in the backlog before the real rank
  std::string outcome;
  std::thread real(run_rank, port, 1, 3, "job-A", false, &outcome);
  auto start = std::chrono::steady_clock::now();
  server->gather("job-A", 3, core::Deadline(1200ms), {});
  auto took = std::chrono::steady_clock::now() - start;
  stop = true;
  EXPECT_EQ(server->members().count(1), 1u) << "the real rank was not admitted while others were slow";
  EXPECT_EQ(server->missing(), std::vector<int>{2});  // the dribbler was not done at the deadline
  EXPECT_GE(took, 1200ms);  // the rendezvous deadline, not the slow peers' 3 s budgets, cut them (the drop says so)
  std::string all;
  for (const auto& d : server->drops()) all += d + "\n";
  EXPECT_NE(all.find("still joining when the rendezvous deadline passed"), std::string::npos) << all;
  server->broadcast(MsgType::plan, plan_body("job-A", 3), core::Deadline(5s), {});
  server->collect(MsgType::results, core::Deadline(5s), {});
  server->broadcast(MsgType::verdict, verdict_body("OK"), core::Deadline(5s), {});
  dribbler.join();
  real.join();
  EXPECT_EQ(outcome, "OK");
}

TEST(PreflightRendezvous, MessageReaderAssemblesAMessageFromPieces) {
  int sv[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv), 0);
  os::UniqueFd left(sv[0]), right(sv[1]);
  auto bytes = encode(
      Message{MsgType::results, {{"rank", 5}, {"results", nlohmann::json::array()}, {"pad", std::string(3000, 'p')}}});
  MessageReader reader;
  std::size_t sent = 0;
  std::optional<Message> done;
  for (std::size_t piece : {1u, 5u, 6u, 100u, 10000u}) {  // header split mid-way, then the payload
    std::size_t n = std::min(piece, bytes.size() - sent);
    ASSERT_TRUE(write_all(left.get(), std::span(bytes).subspan(sent, n), core::Deadline(1s), "").ok());
    sent += n;
    auto got = reader.read_available(right.get(), "left");
    ASSERT_TRUE(got.ok()) << got.error().describe();
    if (sent < bytes.size()) {
      EXPECT_FALSE(got->has_value()) << "complete after only " << sent << " bytes";
    } else {
      done = std::move(*got);
    }
  }
  ASSERT_TRUE(done.has_value());
  EXPECT_EQ(done->type, MsgType::results);
  EXPECT_EQ(done->body.value("rank", -1), 5);
  // Garbage and a closed peer are errors, never "not yet".
  MessageReader garbage;
  const char junk[] = "GET / HTTP/1.1\r\n";
  ASSERT_TRUE(write_all(left.get(), std::as_bytes(std::span(junk)), core::Deadline(1s), "").ok());
  auto bad = garbage.read_available(right.get(), "left");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().failure, NetFailure::protocol);
  left.reset();
  MessageReader after_close;
  auto closed = after_close.read_available(right.get(), "left");
  ASSERT_FALSE(closed.ok());
  EXPECT_EQ(closed.error().failure, NetFailure::closed);
}

TEST(PreflightRendezvous, ClientGivesUpAtItsDeadlineWithTheReason) {
  // A port nobody listens on: refused, retried until the deadline.
  auto probe = RendezvousServer::open(0);
  ASSERT_TRUE(probe.ok());
  int port = probe->port();
  probe = NetError{};  // close it
  JoinFailure f;
  auto conn = join_rendezvous("127.0.0.1", port, join_of(1, 2), "t", core::Deadline(700ms), {}, &f);
  ASSERT_FALSE(conn.ok());
  EXPECT_EQ(conn.error().failure, NetFailure::refused);
  EXPECT_GE(f.attempts, 2);
  // gave up at its deadline: retrying past it would hang this test into ctest's timeout
  auto unresolved = join_rendezvous("no-such-host.invalid", 1, join_of(1, 2), "t", core::Deadline(300ms), {}, &f);
  ASSERT_FALSE(unresolved.ok());
  EXPECT_EQ(unresolved.error().failure, NetFailure::unresolved);
}

// A peer that holds the token and answers the challenge properly, then sends `body` (with its
// proof computed over the claimed rank and world), as a compromised or buggy node would.
// `sent` (when given) counts the joins that reached rank 0's socket.
void hostile_join(int port, nlohmann::json body, const std::string& token, std::atomic<int>* sent = nullptr) {
  auto a = numeric_addr("127.0.0.1", port);
  auto c = connect_to(*a, core::Deadline(5s));
  if (!c) return;
  auto challenge = recv_message(c->get(), core::Deadline(5s), "rank0");
  if (!challenge) return;
  std::string nonce(32, 'c');
  auto num = [](const nlohmann::json& v) { return v.is_number_integer() ? v.get<long long>() : 0LL; };
  body["nonce"] = nonce;
  if (!body.contains("proof"))
    body["proof"] = join_proof(token, challenge->body["nonce"].get<std::string>(), nonce,
                               num(body.value("rank", nlohmann::json())), num(body.value("world", nlohmann::json())));
  bool delivered = send_message(c->get(), Message{MsgType::join, body}, core::Deadline(5s), "rank0").ok();
  if (sent && delivered) sent->fetch_add(1);
  wait_readable(c->get(), core::Deadline(3s));
}

TEST(PreflightRendezvous, JoinsOffTheSchemaAreDroppedWithOneLineAndTheRealRankGetsIn) {
  auto server = RendezvousServer::open(0);
  ASSERT_TRUE(server.ok());
  int port = server->port();
  nlohmann::json deep = 1;
  for (int i = 0; i < 100; ++i) deep = nlohmann::json::array({deep});  // (the system test sends 200k deep as text)
  std::vector<nlohmann::json> bad = {
      {{"token", 5}, {"rank", 1}, {"world", 2}},  // the packet
      [&] {
        auto j = join_of(1, 2);
        j["world"] = "2";
        return j;
      }(),  // world as a string
      [&] {
        auto j = join_of(1, 2);
        j["sent_unix_us"] = "now";
        return j;
      }(),  // string time
      [&] {
        auto j = join_of(1, 2);
        j["rank"] = 4294967297LL;
        return j;
      }(),  // 2^32+1: not rank 1
      [&] {
        auto j = join_of(1, 2);
        j["rank"] = 18446744073709551615ULL;
        return j;
      }(),  // above int64
      [&] {
        auto j = join_of(1, 2);
        j["report"] = {{"deep", deep}};
        return j;
      }(),  // 100 deep
      [&] {
        auto j = join_of(1, 2);
        j["facts"] = "x";
        return j;
      }(),  // not an object
  };
  // The real rank starts only once every bad join is in rank 0's socket buffers (a fixed sleep was
  // not enough on a loaded CI machine: a complete world ends the gathering, and a join still on
  // its way was never read). Rank 0 reads what is readable before the real rank's join can arrive.
  std::atomic<int> sent{0};
  std::vector<std::thread> peers;
  for (const auto& b : bad) peers.emplace_back(hostile_join, port, b, "job-A", &sent);
  std::string outcome;
  std::thread real([&] {
    core::Deadline all_sent(10s);
    while (sent.load() < static_cast<int>(bad.size()) && !all_sent.expired()) std::this_thread::sleep_for(5ms);
    std::this_thread::sleep_for(50ms);
    run_rank(port, 1, 2, "job-A", false, &outcome);
  });
  server->gather("job-A", 2, core::Deadline(15s), {});
  EXPECT_EQ(sent.load(), static_cast<int>(bad.size())) << "not every bad join was sent";
  ASSERT_EQ(server->members().count(1), 1u);
  std::string all;
  for (const auto& d : server->drops()) all += d + "\n";
  EXPECT_EQ(server->drops().size(), bad.size()) << all;
  for (const char* why :
       {"field 'host' is missing", "field 'world' must be an integer", "field 'sent_unix_us' must be an integer",
        "4294967297 is outside 1..4095", "18446744073709551615 is outside", "nested deeper than 64",
        "field 'facts' must be an object"})
    EXPECT_NE(all.find(why), std::string::npos) << why << "\n" << all;
  for (const auto& d : server->drops()) EXPECT_EQ(d.find('\n'), std::string::npos) << d;
  server->broadcast(MsgType::plan, plan_body("job-A", 2), core::Deadline(5s), {});
  server->collect(MsgType::results, core::Deadline(5s), {});
  server->broadcast(MsgType::verdict, verdict_body("OK"), core::Deadline(5s), {});
  for (auto& t : peers) t.join();
  real.join();
  EXPECT_EQ(outcome, "OK");
}

TEST(PreflightRendezvous, IdleCrowdAtTheConnectionCapDoesNotLockOutARealNode) {
  auto server = RendezvousServer::open(0);
  ASSERT_TRUE(server.ok());
  int port = server->port();
  auto a = numeric_addr("127.0.0.1", port);
  std::vector<os::UniqueFd> idle;
  for (int i = 0; i < 300; ++i) {  // more than the 256 joins rank 0 keeps in progress
    auto c = connect_to(*a, core::Deadline(5s));
    ASSERT_TRUE(c.ok()) << c.error().describe();
    idle.push_back(std::move(c.value()));
  }
  std::string outcome;
  std::thread real([&] {
    std::this_thread::sleep_for(200ms);
    run_rank(port, 1, 2, "job-A", false, &outcome);
  });
  server->gather("job-A", 2, core::Deadline(4s), {});
  ASSERT_EQ(server->members().count(1), 1u) << "the real node was locked out";
  std::string all;
  for (const auto& d : server->drops()) all += d + "\n";
  EXPECT_NE(all.find("evicted: 256 connections were joining"), std::string::npos) << all.substr(0, 2000);
  server->broadcast(MsgType::plan, plan_body("job-A", 2), core::Deadline(5s), {});
  server->collect(MsgType::results, core::Deadline(5s), {});
  server->broadcast(MsgType::verdict, verdict_body("OK"), core::Deadline(5s), {});
  real.join();
  EXPECT_EQ(outcome, "OK");
}

TEST(PreflightRendezvous, ReaderMemoryFollowsArrivedBytesNotTheAnnouncedLength) {
  int sv[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv), 0);
  os::UniqueFd left(sv[0]), right(sv[1]);
  auto header = encode(Message{MsgType::join, nlohmann::json::object()});
  header.resize(k_header_size);
  header[8] = std::byte{0x00};  // announce 8 MiB - 1
  header[9] = std::byte{0x7f};
  header[10] = std::byte{0xff};
  header[11] = std::byte{0xff};
  ASSERT_TRUE(write_all(left.get(), header, core::Deadline(1s), "").ok());
  MessageReader reader;
  auto got = reader.read_available(right.get(), "left");
  ASSERT_TRUE(got.ok());
  EXPECT_FALSE(got->has_value());
  EXPECT_EQ(reader.bytes_read(), k_header_size);
  EXPECT_LT(reader.capacity(), 64u * 1024) << "allocated for bytes that never came";
}

}  // namespace
}  // namespace dd::cluster

namespace dd::cluster {
namespace {

// A rank that joins with a check report of real size (tens of KiB), then answers the plan.
// Generous deadlines: the test waits on events (every join, every result), never on time.
std::string crowd_rank(int port, int rank, int world, const std::atomic<bool>* go) {
  go->wait(false);  // all start together
  core::Deadline d(120s);
  auto join = join_of(rank, world);
  join["report"] = {{"padding", std::string(16 * 1024, 'r')}};
  auto conn = join_rendezvous("127.0.0.1", port, join, "crowd", d, {}, nullptr);
  if (!conn) return "join failed: " + conn.error().describe();
  auto plan = recv_message(conn->fd.get(), d, "rank0");
  if (!plan || plan->type != MsgType::plan) return "no plan";
  if (!send_message(conn->fd.get(), Message{MsgType::results, {{"rank", rank}, {"results", nlohmann::json::array()}}},
                    d, "rank0"))
    return "results not sent";
  auto verdict = recv_message(conn->fd.get(), d, "rank0");
  return verdict ? verdict->body.value("verdict", "?") : "no verdict";
}

TEST(PreflightRendezvous, ThreeHundredConcurrentJoinsAreAllAnsweredByOneThread) {
  // 300 nodes connect in the same instant to the real rendezvous over loopback: rank 0 (this
  // thread alone) answers every one, hands each its plan and collects every result.
  auto server = RendezvousServer::open(0);
  ASSERT_TRUE(server.ok()) << server.error().describe();
  const int world = 301;
  std::atomic<bool> go{false};
  std::vector<std::string> outcomes(world);
  std::vector<std::thread> ranks;
  for (int r = 1; r < world; ++r)
    ranks.emplace_back([&, r] { outcomes[static_cast<std::size_t>(r)] = crowd_rank(server->port(), r, world, &go); });
  go = true;
  go.notify_all();
  std::vector<std::string> log;
  server->gather("crowd", world, core::Deadline(120s), [&](const std::string& l) { log.push_back(l); });
  EXPECT_TRUE(server->missing().empty()) << server->missing().size() << " ranks missing";
  server->broadcast(MsgType::plan, plan_body("crowd", world), core::Deadline(60s), {});
  server->collect(MsgType::results, core::Deadline(120s), {});
  int with_results = 0;
  for (auto& [rank, m] : server->members()) with_results += m.has_results ? 1 : 0;
  EXPECT_EQ(with_results, world - 1);
  server->broadcast(MsgType::verdict, verdict_body("OK"), core::Deadline(60s), {});
  for (auto& t : ranks) t.join();
  int ok = 0;
  for (int r = 1; r < world; ++r) {
    const auto& o = outcomes[static_cast<std::size_t>(r)];
    ok += o == "OK" ? 1 : 0;
    EXPECT_EQ(o, "OK") << "rank " << r;
  }
  EXPECT_EQ(ok, world - 1);
}

TEST(PreflightRendezvous, NodeArrivingAfterTheJoinPhaseIsToldItIsTooLate) {
  auto server = RendezvousServer::open(0);
  ASSERT_TRUE(server.ok());
  int port = server->port();
  std::atomic<bool> latecomer_done{false};
  std::string outcome;
  std::thread on_time([&] {
    core::Deadline d(60s);
    auto conn = join_rendezvous("127.0.0.1", port, join_of(1, 2), "j", d, {}, nullptr);
    if (!conn) return;
    auto plan = recv_message(conn->fd.get(), d, "rank0");
    while (!latecomer_done.load() && !d.expired()) std::this_thread::sleep_for(5ms);  // results after the latecomer
    (void)send_message(conn->fd.get(), Message{MsgType::results, {{"rank", 1}, {"results", nlohmann::json::array()}}},
                       d, "rank0");
    auto verdict = recv_message(conn->fd.get(), d, "rank0");
    outcome = verdict ? verdict->body.value("verdict", "?") : "no verdict";
  });
  server->gather("j", 2, core::Deadline(60s), {});
  ASSERT_TRUE(server->missing().empty());
  server->broadcast(MsgType::plan, plan_body("j", 2), core::Deadline(10s), {});
  JoinFailure f;
  std::thread late([&] {
    auto conn = join_rendezvous("127.0.0.1", port, join_of(1, 2), "j", core::Deadline(60s), {}, &f);
    EXPECT_FALSE(conn.ok());
    // a reject is final: the node does not retry until its deadline
    EXPECT_EQ(f.attempts, 1);
    latecomer_done = true;
  });
  server->collect(MsgType::results, core::Deadline(60s), {});
  late.join();
  server->broadcast(MsgType::verdict, verdict_body("OK"), core::Deadline(10s), {});
  on_time.join();
  EXPECT_EQ(server->latecomers(), 1);
  EXPECT_NE(f.rejected.find("too late"), std::string::npos) << f.rejected;
  EXPECT_NE(f.rejected.find("2 of 2 ranks"), std::string::npos) << f.rejected;
  EXPECT_EQ(outcome, "OK");
}

}  // namespace
}  // namespace dd::cluster
