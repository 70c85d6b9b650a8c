#include "watch/meet.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/deadline.hpp"
#include "core/exit_code.hpp"
#include "report/json.hpp"
#include "transport/message_io.hpp"
#include "transport/rendezvous.hpp"
#include "watch/output_tracker.hpp"

namespace dd::watch {

namespace {

using nlohmann::json;

// How long rank 0 takes to send the verdict once it has merged.
constexpr std::chrono::milliseconds k_verdict_send{10000};

// Every node reported, every node's job ended, and none stalled: what the reports hold are failures,
// not a stall (clusters-2026-12-07m w3: the job's own Gloo size error, read at its end, made a job
// that failed in 6 s "STALLED").
bool ended_without_stall(const std::vector<NodeReport>& reports, const std::vector<int>& missing) {
  return !reports.empty() && missing.empty() &&
         std::all_of(reports.begin(), reports.end(), [](const NodeReport& n) { return n.exit_code && n.stalls == 0; });
}

JobVerdict verdict_of(std::vector<core::Finding> findings, int nodes, const std::vector<int>& missing, bool no_stall) {
  bool error = core::has_error(findings);
  // FAILED: the only errors are jobs that ended badly (watch.node.job-failed), or no node stalled.
  bool stalled = !no_stall && std::any_of(findings.begin(), findings.end(), [](const core::Finding& f) {
    return f.severity == core::Severity::error && f.id != "watch.node.job-failed";
  });
  JobVerdict v;
  v.verdict = stalled ? "STALLED" : error ? "FAILED" : "OK";
  v.reason = findings.empty() ? fmt::format("{} node(s) reported no stall", nodes) : findings.front().title;
  v.exit_code = error ? core::k_exit_findings : core::k_exit_ok;
  v.findings = std::move(findings);
  v.nodes = nodes;
  v.missing = missing;
  return v;
}

}  // namespace

json to_json(const NodeReport& n) {
  json ranks = json::array();
  for (const auto& r : n.ranks) {
    json sends = json::array();
    for (const auto& s : r.sends) sends.push_back({{"local", s.local}, {"peer", s.peer}, {"ago_ms", s.ago_ms}});
    ranks.push_back({{"rank", r.rank},
                     {"activity", activity_key(r.activity)},
                     {"pid", r.pid},
                     {"detail", r.detail},
                     {"blocked_on", r.blocked_on},
                     {"endpoints", r.endpoints},
                     {"waits_on", r.waits_on},
                     {"sends", sends},
                     {"addresses", r.addresses},
                     {"static_neighbours", r.static_neighbours},
                     {"read_bytes", r.read_bytes},
                     {"main_syscall", r.main_syscall}});
  }
  json envs = json::array();
  for (const auto& e : n.rank_envs) envs.push_back(to_json(e));
  return {{"node", n.node},
          {"host", n.host},
          {"exit_code", n.exit_code ? json(*n.exit_code) : json(nullptr)},
          {"stalls", n.stalls},
          {"ranks", ranks},
          {"rank_env", envs},
          {"last_step_line", n.last_step_line},
          {"error_lines", n.error_lines},
          {"resumed", n.resumed},
          {"findings", report::to_json(n.findings)}};
}

json to_json(const RankEnv& e) {
  return {{"rank", e.rank ? json(*e.rank) : json(nullptr)},
          {"pid", e.pid},
          {"host", e.host},
          {"readable", e.readable},
          {"env", e.env}};
}

std::optional<RankEnv> rank_env_from_json(const json& j) {
  if (!j.is_object()) return std::nullopt;
  try {
    RankEnv e;
    if (j.contains("rank") && j["rank"].is_number_integer()) e.rank = j["rank"].get<int>();
    e.pid = j.value("pid", 0);
    e.host = j.value("host", std::string());
    e.readable = j.value("readable", true);
    const json env = j.value("env", json::object());
    if (!env.is_object()) return std::nullopt;
    for (const auto& [k, v] : env.items()) {
      if (!v.is_string()) return std::nullopt;
      if (is_compared_variable(k)) e.env[k] = v.get<std::string>();
    }
    return e;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

namespace {

// A peer's main_syscall goes into titles: a syscall's name (lower case, digits, _) or nothing.
std::string syscall_word(const std::string& s) {
  const bool word = !s.empty() && s.size() <= 32 && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
  return word ? s : std::string();
}

}  // namespace

std::optional<NodeReport> node_report_from_json(const json& j) {
  if (!j.is_object()) return std::nullopt;
  try {
    NodeReport n;
    n.node = j.at("node").get<int>();
    n.host = j.at("host").get<std::string>();
    if (j.contains("exit_code") && j["exit_code"].is_number_integer()) n.exit_code = j["exit_code"].get<int>();
    n.stalls = j.value("stalls", 0);
    n.last_step_line = j.value("last_step_line", std::string());
    n.resumed = j.value("resumed", false);
    // what a peer sends is bounded as the sender bounds it (OutputTracker::error_lines)
    for (const auto& e : j.value("error_lines", std::vector<std::string>{})) {
      if (n.error_lines.size() == OutputTracker::k_error_lines) break;
      n.error_lines.push_back(e.substr(0, std::min(e.size(), OutputTracker::k_max_step_line)));
    }
    for (const auto& r : j.value("ranks", json::array())) {
      auto a = activity_from_key(r.at("activity").get<std::string>());
      if (!a) return std::nullopt;
      std::vector<PeerSend> sends;
      for (const auto& s : r.value("sends", json::array()))
        sends.push_back(
            {s.at("local").get<std::string>(), s.at("peer").get<std::string>(), s.at("ago_ms").get<std::uint32_t>()});
      n.ranks.push_back(
          {r.at("rank").get<int>(), *a, r.value("pid", 0), r.value("detail", std::string()),
           r.value("blocked_on", std::string()), r.value("endpoints", std::vector<std::string>{}),
           r.value("waits_on", std::vector<std::string>{}), std::move(sends),
           r.value("addresses", std::vector<std::string>{}), r.value("static_neighbours", std::vector<std::string>{}),
           r.value("read_bytes", std::uint64_t{0}), syscall_word(r.value("main_syscall", std::string()))});
    }
    for (const auto& e : j.value("rank_env", json::array())) {
      auto parsed = rank_env_from_json(e);
      if (!parsed) return std::nullopt;
      n.rank_envs.push_back(std::move(*parsed));
    }
    for (const auto& f : j.value("findings", json::array())) {
      auto parsed = report::finding_from_json(f);
      if (!parsed) return std::nullopt;
      n.findings.push_back(std::move(*parsed));
    }
    return n;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

json to_json(const JobVerdict& v) {
  return {{"verdict", v.verdict},     {"reason", v.reason},
          {"exit_code", v.exit_code}, {"findings", report::to_json(v.findings)},
          {"nodes", v.nodes},         {"missing", v.missing}};
}

std::optional<JobVerdict> job_verdict_from_json(const json& j) {
  if (!j.is_object()) return std::nullopt;
  try {
    JobVerdict v;
    v.verdict = j.at("verdict").get<std::string>();
    v.reason = j.value("reason", std::string());
    v.exit_code = j.value("exit_code", static_cast<int>(core::k_exit_findings));
    for (const auto& f : j.value("findings", json::array())) {
      auto parsed = report::finding_from_json(f);
      if (!parsed) return std::nullopt;
      v.findings.push_back(std::move(*parsed));
    }
    v.nodes = j.value("nodes", 0);
    v.missing = j.value("missing", std::vector<int>{});
    return v;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

void OwnNodeState::resumed() {
  std::lock_guard lock(m_);
  resumed_ = true;
}

void OwnNodeState::stalled_again(NodeReport latest) {
  std::lock_guard lock(m_);
  latest_ = std::move(latest);
  resumed_ = false;
}

NodeReport OwnNodeState::current(NodeReport first) const {
  std::lock_guard lock(m_);
  NodeReport n = latest_ ? *latest_ : std::move(first);
  n.resumed = resumed_;
  return n;
}

MeetOutcome meet(const MeetConfig& c, const NodeReport& mine, const std::function<void(const std::string&)>& log,
                 const OwnNodeState* own) {
  MeetOutcome out;
  core::Deadline deadline(c.timeout);
  if (c.rank != 0) {
    json join = {
        {"rank", c.rank}, {"world", c.world}, {"host", c.host}, {"facts", json::object()}, {"report", to_json(mine)}};
    cluster::JoinFailure jf;
    auto conn = cluster::join_rendezvous(c.rendezvous_host, c.rendezvous_port, join, c.token, deadline, log, &jf);
    if (!conn) {
      out.error = fmt::format("could not join the rendezvous {}: {}", jf.address, conn.error().describe());
      return out;
    }
    // Rank 0 was gathering when it took this join, and gathers for at most its --meet-timeout
    // from its own start, then sends the verdict within 10 s: the wait for the verdict runs from
    // the join, not from this node's start (it may have dialled long before rank 0 listened).
    core::Deadline verdict_by(c.timeout + k_verdict_send);
    auto msg = cluster::recv_message(conn->fd.get(), verdict_by, jf.address);
    if (!msg) {
      out.error = "no verdict from rank 0: " + msg.error().describe();
    } else if (msg->type == cluster::MsgType::reject) {
      out.error = "rank 0 rejected this node: " + msg->body.value("reason", "");
    } else if (msg->type != cluster::MsgType::verdict) {
      out.error = "rank 0 sent something other than a verdict";
    } else if (auto v = job_verdict_from_json(msg->body)) {
      out.ok = true;
      out.verdict = std::move(*v);
    } else {
      out.error = "rank 0's verdict is malformed";
    }
    return out;
  }
  out.nodes.push_back(mine);
  if (c.world > 1) {
    auto rv = cluster::RendezvousServer::open(c.rendezvous_port);
    if (!rv) {
      out.error = fmt::format("cannot listen on the rendezvous port {}: {}", c.rendezvous_port, rv.error().describe());
      return out;
    }
    rv->gather(c.token, c.world, deadline, log);
    out.missing = rv->missing();
    for (auto& [rank, m] : rv->members()) {
      auto n = node_report_from_json(m.join.value("report", json()));
      if (!n) {
        log(fmt::format("rendezvous: node rank {} ({}) sent no usable watch report", rank, m.host));
        out.missing.push_back(rank);
        continue;
      }
      n->node = rank;
      n->host = m.host;
      out.nodes.push_back(std::move(*n));
    }
    if (own) {
      NodeReport now = own->current(out.nodes.front());
      now.node = out.nodes.front().node;
      now.host = out.nodes.front().host;
      out.nodes.front() = std::move(now);
    }
    out.verdict = verdict_of(merge_reports(out.nodes, out.missing), static_cast<int>(out.nodes.size()), out.missing,
                             ended_without_stall(out.nodes, out.missing));
    const json message = to_json(out.verdict);
    rv->broadcast(
        cluster::MsgType::verdict, [&](const cluster::Member&) { return message; }, core::Deadline(k_verdict_send),
        log);
  } else {
    out.verdict = verdict_of(merge_reports(out.nodes, {}), 1, {}, ended_without_stall(out.nodes, {}));
  }
  out.ok = true;
  return out;
}

void BackgroundMeeting::start(const MeetConfig& c, NodeReport mine, Log log,
                              std::function<void(const MeetOutcome&)> done) {
  if (run_.valid()) return;
  run_ = std::async(std::launch::async,
                    [c, mine = std::move(mine), log = std::move(log), done = std::move(done), own = own_] {
                      MeetOutcome out = meet(c, mine, log, own.get());
                      if (done) done(out);
                      return out;
                    });
}

MeetOutcome BackgroundMeeting::wait() {
  if (!run_.valid()) return MeetOutcome{false, "the meeting never started", {}, {}, {}};
  return run_.get();
}

}  // namespace dd::watch
