#include "bench/session.hpp"

#include <fmt/format.h>

#include <map>
#include <set>

#include "bench/tcp_mesh.hpp"
#include "core/exit_code.hpp"
#include "core/finding_factory.hpp"
#include "report/json.hpp"
#include "transport/auth.hpp"
#include "transport/message_io.hpp"
#include "transport/socket.hpp"

namespace dd::bench {

namespace {

using cluster::Log;
using cluster::Message;
using cluster::MsgType;
using nlohmann::json;

json base_json(const BenchConfig& c, std::string_view role, std::string_view verdict) {
  return {{"command", "bench"},
          {"role", role},
          {"rank", c.rank},
          {"world", c.world},
          {"host", c.host},
          {"verdict", verdict},
          {"data", {{"iface", c.data.iface}, {"addr", c.data.addr}, {"chosen_by", c.data.why}}}};
}

// This rank could not take part: its own findings.
BenchOutcome alone(const BenchConfig& c, std::vector<core::Finding> findings) {
  BenchOutcome out;
  core::sort_findings(findings);
  out.findings = findings;
  out.json = base_json(c, c.rank == 0 ? "rank0" : "member", "NOT RUN");
  out.json["results"] = json::array();
  out.json["findings"] = report::to_json(findings);
  out.exit_code = core::k_exit_findings;
  return out;
}

json peers_json(const std::vector<PeerAddress>& peers) {
  json a = json::array();
  for (const auto& p : peers) a.push_back({{"rank", p.rank}, {"addr", p.addr}, {"port", p.port}, {"host", p.host}});
  return a;
}

// The address table of rank 0's plan; nullopt when malformed (every rank exactly once).
std::optional<std::vector<PeerAddress>> peers_from_json(const json& a, int world) {
  if (!a.is_array() || a.size() != static_cast<std::size_t>(world)) return std::nullopt;
  std::vector<PeerAddress> out(static_cast<std::size_t>(world));
  std::set<int> seen;
  for (const auto& p : a) {
    if (!p.is_object()) return std::nullopt;
    auto rank = p.find("rank"), addr = p.find("addr"), port = p.find("port"), host = p.find("host");
    if (rank == p.end() || !rank->is_number_integer() || addr == p.end() || !addr->is_string() || port == p.end() ||
        !port->is_number_integer() || host == p.end() || !host->is_string())
      return std::nullopt;
    int r = rank->get<int>(), po = port->get<int>();
    if (r < 0 || r >= world || po <= 0 || po > 65535 || !seen.insert(r).second) return std::nullopt;
    out[static_cast<std::size_t>(r)] = PeerAddress{r, addr->get<std::string>(), po, host->get<std::string>()};
  }
  return out;
}

// A member's data address from its join; nullopt when malformed.
std::optional<PeerAddress> data_of(const cluster::Member& m) {
  auto d = m.join.find("data");
  if (d == m.join.end() || !d->is_object()) return std::nullopt;
  auto addr = d->find("addr"), port = d->find("port");
  if (addr == d->end() || !addr->is_string() || port == d->end() || !port->is_number_integer()) return std::nullopt;
  int po = port->get<int>();
  if (po <= 0 || po > 65535) return std::nullopt;
  return PeerAddress{m.rank, addr->get<std::string>(), po, m.host};
}

// What one rank's sweep came to.
struct RankReport {
  bool ok = false;
  std::vector<Sample> samples;
  std::vector<PairSample> pairs;  // --p2p
  std::vector<TunePoint> tune;    // --tune
  int failed_peer = -1;
  std::string error;
  bool opening = false;  // failed while opening the mesh
};

TuneOptions tune_options(const BenchConfig& c) {
  return TuneOptions{c.run.max_bytes, c.run.iters, c.run.warmup, c.run.check};
}

// --backend nccl: this rank's sweep in the NCCL child. Deadline: meeting, then `stall` per point.
RankReport run_nccl(const BenchConfig& c, const std::string& comm_id, const Log& log) {
  RankReport rep;
  os::Environment env = c.nccl->env;
  if (c.world > 1) env.set("NCCL_COMM_ID", comm_id);
  const auto points = static_cast<long>(sweep_sizes(c.run).size() * c.run.ops.size() * 2 + 1);
  const auto deadline = c.join_timeout + c.mesh.stall * points;
  if (log) log(fmt::format("bench: NCCL child for rank {} (NCCL_COMM_ID {})", c.rank, comm_id));
  auto answer = run_nccl_child(*c.nccl->runner, c.nccl->self_exe,
                               NcclChildRequest{"run", c.nccl->libs, NcclJob{c.rank, c.world, c.run}}, env, deadline);
  if (!answer) {
    rep.error = "the NCCL child: " + answer.error().message;
    return rep;
  }
  if (!answer->ran) {
    rep.error = "NCCL " + answer->check.version + ": " + answer->error;
    return rep;
  }
  rep.ok = true;
  rep.samples = std::move(answer->samples);
  return rep;
}

RankReport run_local(const BenchConfig& c, const std::vector<PeerAddress>& peers, int listen_fd,
                     const std::string& session, const Log& log, const std::string& comm_id = "") {
  if (c.nccl) return run_nccl(c, comm_id, log);
  RankReport rep;
  core::Deadline open_deadline(c.join_timeout);
  const int sockets = c.tune ? k_tune_max_sockets : c.sockets;
  auto mesh =
      connect_mesh(c.rank, peers, listen_fd, sockets, c.token, session, c.mesh, open_deadline, log, &rep.failed_peer);
  if (!mesh) {
    rep.opening = true;
    rep.error = "opening the data mesh: " + mesh.error().describe();
    return rep;
  }
  if (log) log(fmt::format("bench: mesh ready, {} sockets per peer", sockets));
  // The run's values into `to`; or its error and the peer it names, and the mesh shut down so that
  // ranks waiting on this one fail now, not at their stall limit.
  auto finish = [&](auto& result, auto& to) {
    if (!result) {
      rep.failed_peer = mesh->failed_peer();
      rep.error = result.error().describe();
      mesh->shut_down();
      return rep;
    }
    rep.ok = true;
    to = std::move(result.value());
    return rep;
  };
  if (c.tune) {
    auto points = run_tune(*mesh, tune_options(c));
    if (points && log)
      for (const auto& p : *points)
        log(fmt::format("bench: tune stage {} threads {} x {} sockets buffsize {}: {:.1f} us", p.stage, p.shape.threads,
                        p.shape.socks_per_thread, p.shape.buffsize, p.time_us));
    return finish(points, rep.tune);
  }
  if (c.p2p) {
    auto pairs = run_p2p(*mesh, c.run.max_bytes, c.run.iters);
    if (pairs) {
      if (log)
        for (const auto& p : *pairs) log(fmt::format("bench: p2p with rank {}: {:.1f} us", p.peer, p.time_us));
      if (auto st = barrier(*mesh); !st) pairs = st.error();
    }
    return finish(pairs, rep.pairs);
  }
  auto samples = run_sweep(*mesh, c.run, [&](const Sample& s) {
    if (log)
      log(fmt::format("bench: {} {} B {} {:.1f} us wrong {}", to_string(s.op), s.bytes,
                      s.in_place ? "in-place" : "out-of-place", s.time_us, s.wrong));
  });
  return finish(samples, rep.samples);
}

json report_json(int rank, const RankReport& r) {
  json samples = json::array();
  for (const auto& s : r.samples) samples.push_back(to_json(s));
  json pairs = json::array();
  for (const auto& p : r.pairs) pairs.push_back(to_json(p));
  json tune = json::array();
  for (const auto& p : r.tune) tune.push_back(to_json(p));
  return {{"rank", rank}, {"results", samples},           {"pairs", pairs},   {"tune", tune},
          {"ok", r.ok},   {"failed_peer", r.failed_peer}, {"error", r.error}, {"opening", r.opening}};
}

// Decodes each element of `array` with `decode` (an optional-returning *_from_json) into `to`;
// false at the first malformed element (those before it are kept).
template <class T, class Decode>
bool decode_each(const json& array, Decode decode, std::vector<T>& to) {
  for (const auto& e : array) {
    auto v = decode(e);
    if (!v) return false;
    to.push_back(std::move(*v));
  }
  return true;
}

RankReport report_from_json(const json& j) {
  RankReport r;
  r.ok = j.contains("ok") && j["ok"].is_boolean() && j["ok"].get<bool>();
  if (j.contains("failed_peer") && j["failed_peer"].is_number_integer()) r.failed_peer = j["failed_peer"].get<int>();
  if (j.contains("error") && j["error"].is_string()) r.error = j["error"].get<std::string>();
  if (j.contains("opening") && j["opening"].is_boolean()) r.opening = j["opening"].get<bool>();
  auto malformed = [&r](const char* what) {
    r.ok = false;
    r.error = std::string("sent malformed ") + what;
  };
  if (!decode_each(j.value("results", json::array()), sample_from_json, r.samples)) malformed("results");
  if (!decode_each(j.value("pairs", json::array()), pair_sample_from_json, r.pairs)) malformed("pair results");
  if (!decode_each(j.value("tune", json::array()), tune_point_from_json, r.tune)) malformed("tuning results");
  return r;
}

// Rank 0's NCCL_COMM_ID: its data address and a port that was free a moment ago (NCCL's
// bootstrap root listens there once rank 0's child calls ncclCommInitRank).
std::string nccl_comm_id(const std::string& addr) {
  int port = 0;
  if (auto a = cluster::numeric_addr(addr, 0))
    if (auto l = cluster::listen_on(*a))
      if (auto bound = cluster::local_addr(l->get())) port = bound->port();
  bool v6 = addr.find(':') != std::string::npos;
  return v6 ? fmt::format("[{}]:{}", addr, port) : fmt::format("{}:{}", addr, port);
}

std::chrono::milliseconds results_wait(const BenchConfig& c) {
  if (!c.nccl) return c.mesh.stall + std::chrono::seconds(10);
  // The NCCL child's own deadline (run_nccl) bounds every member's sweep.
  const auto points = static_cast<long>(sweep_sizes(c.run).size() * c.run.ops.size() * 2 + 1);
  return c.join_timeout + c.mesh.stall * points + std::chrono::seconds(10);
}

BenchOutcome run_member(const BenchConfig& c, int listen_fd, int data_port, const Log& log) {
  json join = {{"rank", c.rank},
               {"world", c.world},
               {"host", c.host},
               {"facts", json::object()},
               {"data", {{"addr", c.data.addr}, {"port", data_port}, {"iface", c.data.iface}}}};
  core::Deadline join_deadline(c.join_timeout);
  cluster::JoinFailure jf;
  auto conn = cluster::join_rendezvous(c.rendezvous_host, c.rendezvous_port, join, c.token, join_deadline, log, &jf);
  if (!conn)
    return alone(
        c, {core::new_finding("bench.rendezvous.failed", core::Label::firewall_or_port_blocked, core::Severity::error,
                              fmt::format("could not join the rendezvous {}", jf.address),
                              {conn.error().describe(), fmt::format("{} attempts", jf.attempts)},
                              "start bench on rank 0 too, with the same --rendezvous, --world and --token; "
                              "`distdoctor preflight` says what blocks the port")});
  auto plan = cluster::recv_message(conn->fd.get(), join_deadline, jf.address);
  bool proven = plan && plan->type == MsgType::plan &&
                cluster::same_proof(cluster::plan_proof(c.token, conn->server_nonce, conn->client_nonce, c.rank),
                                    plan->body["proof"].get<std::string>());
  std::optional<std::vector<PeerAddress>> peers;
  std::string session, comm_id;
  if (proven) {
    peers = peers_from_json(plan->body.value("peers", json()), c.world);
    if (plan->body.contains("session") && plan->body["session"].is_string()) session = plan->body["session"];
    if (plan->body.contains("nccl_comm_id") && plan->body["nccl_comm_id"].is_string())
      comm_id = plan->body["nccl_comm_id"];
  }
  if (proven && c.nccl && comm_id.empty()) proven = false;  // rank 0 does not run the NCCL backend
  if (!proven || !peers || session.empty()) {
    std::string why = !plan                            ? plan.error().describe()
                      : plan->type == MsgType::reject  ? "rank 0 rejected this node: " + plan->body.value("reason", "")
                      : plan->type == MsgType::verdict ? "rank 0 gave up: " + plan->body.value("reason", "")
                      : !proven                        ? "the plan does not prove this job's token"
                                                       : "the plan's address table is malformed";
    return alone(c, {core::new_finding("bench.rendezvous.no-plan", core::Label::other, core::Severity::error,
                                       "rank 0 sent no usable benchmark plan", {why},
                                       "run the same distdoctor with the same --world and --token on every node")});
  }
  RankReport mine = run_local(c, *peers, listen_fd, session, log, comm_id);
  core::Deadline results_deadline(results_wait(c));
  (void)cluster::send_message(conn->fd.get(), Message{MsgType::results, report_json(c.rank, mine)}, results_deadline,
                              jf.address);
  core::Deadline verdict_deadline(results_wait(c) * 2);
  auto verdict = cluster::recv_message(conn->fd.get(), verdict_deadline, jf.address);
  BenchOutcome out;
  if (!verdict || verdict->type != MsgType::verdict) {
    std::vector<std::string> ev = {verdict ? "unexpected message from rank 0" : verdict.error().describe()};
    if (!mine.ok) ev.push_back("this rank: " + mine.error);
    return alone(c, {core::new_finding("bench.rendezvous.no-verdict", core::Label::other, core::Severity::error,
                                       "rank 0 sent no verdict before the deadline", ev, "look at rank 0's output")});
  }
  out.verdict = verdict->body.value("verdict", "UNKNOWN");
  for (const auto& f : verdict->body.value("findings", json::array()))
    if (auto typed = report::finding_from_json(f)) out.rank0_findings.push_back(std::move(*typed));
  out.json = base_json(c, "member", out.verdict);
  out.json["findings"] = report::to_json(out.rank0_findings);
  out.json["results"] = json::array();
  if (!mine.ok) out.json["error"] = mine.error;
  out.json["note"] = "rank 0 prints the results of the whole world";
  out.exit_code = verdict->body.value("exit_code", static_cast<int>(core::k_exit_findings));
  return out;
}

// Rank 0's findings about ranks that stopped or failed; empty when every rank finished.
std::vector<core::Finding> failure_findings(const std::map<int, RankReport>& reports,
                                            const std::map<int, std::string>& lost,
                                            const std::vector<PeerAddress>& peers, bool nccl) {
  std::vector<core::Finding> out;
  std::vector<std::string> evidence;
  std::map<int, int> blamed;
  bool opening = false;
  for (const auto& [rank, r] : reports)
    if (!r.ok) {
      evidence.push_back(fmt::format("rank {} ({}): {}", rank, peers[static_cast<std::size_t>(rank)].host, r.error));
      if (r.failed_peer >= 0) ++blamed[r.failed_peer];
      opening = opening || r.opening;
    }
  auto host_of = [&](int r) { return peers[static_cast<std::size_t>(r)].host; };
  if (!lost.empty()) {
    std::vector<std::string> names, ev;
    core::Finding f = core::new_finding("bench.rank.lost", core::Label::other, core::Severity::error, "");
    for (const auto& [rank, why] : lost) {
      names.push_back(fmt::format("rank {} ({})", rank, host_of(rank)));
      ev.push_back(fmt::format("rank {} ({}): {}", rank, host_of(rank), why));
      f.ranks.push_back(rank);
      f.hosts.push_back(host_of(rank));
    }
    f.title = fmt::format("{} stopped during the benchmark", fmt::join(names, ", "));
    ev.insert(ev.end(), evidence.begin(), evidence.end());
    f.evidence = ev;
    f.fix.text =
        "look at that node's own output and kernel log (killed, out of memory, rebooted, cable pulled); "
        "rerun bench when every node is up";
    out.push_back(std::move(f));
    return out;
  }
  if (evidence.empty()) return out;
  if (nccl) {
    out.push_back(core::new_finding("bench.peer.failed", core::Label::other, core::Severity::error,
                                    "the NCCL run failed", evidence,
                                    "the evidence names the NCCL or CUDA call that failed; rerun with NCCL_DEBUG=INFO "
                                    "and `distdoctor logs` the output"));
    return out;
  }
  int worst = -1, most = 0;
  for (const auto& [peer, n] : blamed)
    if (n > most) worst = peer, most = n;
  core::Finding f = core::new_finding(
      opening ? "bench.mesh.unreachable" : "bench.peer.failed",
      opening ? core::Label::firewall_or_port_blocked : core::Label::other, core::Severity::error,
      worst >= 0 ? fmt::format("the data mesh failed at rank {} ({})", worst, host_of(worst))
                 : std::string("the data mesh failed"),
      evidence,
      opening ? "the data connections use an ephemeral TCP port on the chosen interface: check the firewall there, or "
                "pick another interface with --ifname; `distdoctor preflight` probes every address"
              : "a link or node stalled or reset the connection: `distdoctor preflight` names the path");
  if (worst >= 0) {
    f.ranks.push_back(worst);
    f.hosts.push_back(host_of(worst));
  }
  out.push_back(std::move(f));
  return out;
}

// The verdict of rank 0 from every rank's report and the ranks it lost.
BenchOutcome conclude(const BenchConfig& c, const std::vector<PeerAddress>& peers,
                      const std::map<int, RankReport>& reports, const std::map<int, std::string>& lost);

// The `verdict` message rank 0 sends every rank.
json verdict_message(const std::string& verdict, const std::string& reason, int exit_code,
                     const std::vector<core::Finding>& findings) {
  return json{
      {"verdict", verdict}, {"reason", reason}, {"exit_code", exit_code}, {"findings", report::to_json(findings)}};
}

// Every rank's data address (rank 0's is `mine`) as the ranks joined; `problems` says which ranks
// never joined or sent no usable address.
std::vector<PeerAddress> peer_table(const BenchConfig& c, cluster::RendezvousServer& rv, const PeerAddress& mine,
                                    std::vector<std::string>& problems) {
  std::vector<PeerAddress> peers(static_cast<std::size_t>(c.world));
  peers[0] = mine;
  for (int r : rv.missing()) {
    problems.push_back(fmt::format("rank {} never joined", r));
    peers[static_cast<std::size_t>(r)] = PeerAddress{r, "", 0, ""};
  }
  for (auto& [rank, m] : rv.members()) {
    auto d = data_of(m);
    if (!d)
      problems.push_back(fmt::format("rank {} ({}) sent no usable data address", rank, m.host));
    else
      peers[static_cast<std::size_t>(rank)] = *d;
  }
  return peers;
}

// The other ranks' reports after the run into `reports`, and why a rank sent none into `lost`.
void collect_reports(const BenchConfig& c, cluster::RendezvousServer& rv, const Log& log,
                     std::map<int, RankReport>& reports, std::map<int, std::string>& lost) {
  rv.collect(MsgType::results, core::Deadline(results_wait(c)), log);
  for (auto& [rank, m] : rv.members()) {
    if (m.lost)
      lost[rank] = m.lost_reason.empty() ? "its connection to rank 0 closed" : m.lost_reason;
    else if (!m.has_results)
      lost[rank] = "sent no results before the deadline";
    else
      reports[rank] = report_from_json(m.results);
  }
}

BenchOutcome run_rank0(const BenchConfig& c, int listen_fd, int data_port, const Log& log) {
  const PeerAddress mine{0, c.data.addr, data_port, c.host};
  if (c.world == 1) {  // nobody to meet
    std::vector<PeerAddress> self = {mine};
    return conclude(c, self, {{0, run_local(c, self, listen_fd, "", log)}}, {});
  }
  auto rv = cluster::RendezvousServer::open(c.rendezvous_port);
  if (!rv)
    return alone(c, {core::new_finding("bench.rendezvous.cannot-listen", core::Label::firewall_or_port_blocked,
                                       core::Severity::error,
                                       fmt::format("rank 0 cannot listen on the rendezvous port {}", c.rendezvous_port),
                                       {rv.error().describe()}, "pick a free port with --rendezvous")});
  core::Deadline join_deadline(c.join_timeout);
  rv->gather(c.token, c.world, join_deadline, log);
  std::vector<std::string> problems;
  std::vector<PeerAddress> peers = peer_table(c, *rv, mine, problems);
  if (!problems.empty()) {
    auto f = core::new_finding("bench.rank.missing", core::Label::other, core::Severity::error,
                               fmt::format("not every rank joined: {}", problems.front()), problems,
                               "start bench on every node with the same --rendezvous, --world and --token");
    for (int r : rv->missing()) f.ranks.push_back(r);
    const json message = verdict_message("NOT RUN", f.title, core::k_exit_findings, {f});
    rv->broadcast(
        MsgType::verdict, [&](const cluster::Member&) { return message; }, core::Deadline(std::chrono::seconds(5)),
        log);
    return alone(c, {f});
  }
  std::string session = cluster::random_nonce_hex();
  std::string comm_id = c.nccl ? nccl_comm_id(c.data.addr) : "";
  rv->broadcast(
      MsgType::plan,
      [&](const cluster::Member& m) {
        json plan{{"proof", cluster::plan_proof(c.token, m.server_nonce, m.client_nonce, m.rank)},
                  {"targets", json::array()},
                  {"world", c.world},
                  {"session", session},
                  {"peers", peers_json(peers)}};
        if (c.nccl) plan["nccl_comm_id"] = comm_id;
        return plan;
      },
      join_deadline, log);
  std::map<int, RankReport> reports;
  reports[0] = run_local(c, peers, listen_fd, session, log, comm_id);
  std::map<int, std::string> lost;
  collect_reports(c, *rv, log, reports, lost);
  auto out = conclude(c, peers, reports, lost);
  const json message =
      verdict_message(out.verdict, out.findings.empty() ? "" : out.findings.front().title, out.exit_code, out.findings);
  rv->broadcast(
      MsgType::verdict, [&](const cluster::Member&) { return message; }, core::Deadline(std::chrono::seconds(10)), log);
  return out;
}

BenchOutcome conclude(const BenchConfig& c, const std::vector<PeerAddress>& peers,
                      const std::map<int, RankReport>& reports, const std::map<int, std::string>& lost) {
  BenchOutcome out;
  out.findings = failure_findings(reports, lost, peers, c.nccl.has_value());
  std::vector<std::string> hosts;
  for (const auto& p : peers) hosts.push_back(p.host);
  json p2p, tune;
  if (out.findings.empty() && c.tune) {
    std::vector<std::vector<TunePoint>> per_rank;
    for (const auto& [rank, r] : reports) per_rank.push_back(r.tune);
    auto points = combine_tune(per_rank);
    TuneVerdict v = judge_tune(points);
    out.findings.push_back(tune_finding(v, c.run.max_bytes, c.world));
    out.tune_text = render_tune(points, v, c.run.max_bytes, c.world);
    tune = tune_json(points, v, tune_options(c), c.world);
    long long wrong = 0;
    for (const auto& p : points) wrong += std::max(p.wrong, 0LL);
    if (wrong > 0)
      out.findings.push_back(core::new_finding(
          "bench.data.wrong", core::Label::other, core::Severity::error,
          fmt::format("{} elements arrived wrong during the tuning sweep", wrong),
          {"the #wrong column counts elements that differ from the exact expected values"},
          "data were corrupted between the nodes: check the NICs' offloads and the kernel log for errors"));
  } else if (out.findings.empty() && c.p2p) {
    std::vector<std::vector<PairSample>> per_rank(static_cast<std::size_t>(c.world));
    for (const auto& [rank, r] : reports)
      if (rank >= 0 && rank < c.world) per_rank[static_cast<std::size_t>(rank)] = r.pairs;
    P2PMatrix m = combine_p2p(per_rank, c.world);
    P2PVerdict v = judge_p2p(m);
    out.findings = p2p_findings(m, v, hosts);
    out.p2p_text = render_p2p(m, v, hosts);
    p2p = p2p_json(m, v, hosts);
  } else if (out.findings.empty()) {
    std::vector<std::vector<Sample>> per_rank;
    for (const auto& [rank, r] : reports) per_rank.push_back(r.samples);
    out.rows = combine(per_rank, c.world, c.run.root);
    if (total_wrong(out.rows) > 0)
      out.findings.push_back(core::new_finding(
          "bench.data.wrong", core::Label::other, core::Severity::error,
          fmt::format("{} elements arrived wrong", total_wrong(out.rows)),
          {"the #wrong column counts elements that differ from the exact expected values"},
          "data were corrupted between the nodes: check the NICs' offloads and the kernel log for errors"));
  }
  out.exit_code = core::has_error(out.findings) ? core::k_exit_findings : core::k_exit_ok;
  bool slow = false;
  for (const auto& f : out.findings) slow = slow || f.severity != core::Severity::info;
  out.verdict = out.exit_code != core::k_exit_ok ? "FAILED" : slow ? "SLOW" : "OK";
  out.peers = peers;
  out.json = base_json(c, "rank0", out.verdict);
  out.json["ranks"] = peers_json(peers);
  out.json["sockets_per_peer"] = c.tune ? k_tune_max_sockets : c.sockets;
  out.json["backend"] = c.nccl ? "nccl" : "tcp";
  out.json["segment_bytes"] = c.mesh.segment_bytes;
  json ops = json::array();
  for (Op op : c.run.ops) ops.push_back(std::string(to_string(op)));
  out.json["options"] = {{"ops", ops},
                         {"min_bytes", c.run.min_bytes},
                         {"max_bytes", c.run.max_bytes},
                         {"factor", c.run.factor},
                         {"iters", c.run.iters},
                         {"warmup", c.run.warmup},
                         {"check", c.run.check},
                         {"root", c.run.root},
                         {"p2p", c.p2p},
                         {"tune", c.tune}};
  out.json["results"] = results_json(out.rows);
  if (c.p2p) out.json["p2p"] = p2p;
  if (c.tune) out.json["tune"] = tune;
  out.json["avg_busbw_gbps"] = average_busbw(out.rows);
  json lost_json = json::array();
  for (const auto& [rank, why] : lost)
    lost_json.push_back({{"rank", rank}, {"host", peers[static_cast<std::size_t>(rank)].host}, {"reason", why}});
  out.json["lost"] = lost_json;
  out.json["findings"] = report::to_json(out.findings);
  return out;
}

}  // namespace

BenchOutcome run_bench(const BenchConfig& c, const Log& log) {
  auto addr = cluster::numeric_addr(c.data.addr, 0);
  auto listener = addr ? cluster::listen_on(*addr) : cluster::NetResult<os::UniqueFd>(addr.error());
  auto bound =
      listener ? cluster::local_addr(listener->get()) : cluster::NetResult<cluster::SockAddr>(listener.error());
  if (!bound)
    return alone(c, {core::new_finding("bench.data.cannot-listen", core::Label::other, core::Severity::error,
                                       fmt::format("cannot listen on the data address {}", c.data.addr),
                                       {bound.error().describe()}, "name another interface with --ifname")});
  if (log) log(fmt::format("bench: data address {} on {}", bound->to_string(), c.data.iface));
  return c.rank == 0 ? run_rank0(c, listener->get(), bound->port(), log)
                     : run_member(c, listener->get(), bound->port(), log);
}

}  // namespace dd::bench
