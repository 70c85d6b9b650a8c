#include "cluster/preflight.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <future>
#include <set>

#include "cluster/analysis/analysis.hpp"
#include "cluster/analysis/analysis_context.hpp"
#include "cluster/analysis/probe_plan.hpp"
#include "cluster/analysis/reach_matrix.hpp"
#include "cluster/preflight_report.hpp"
#include "cluster/rendezvous_findings.hpp"
#include "cluster/results_message.hpp"
#include "core/address.hpp"
#include "core/exit_code.hpp"
#include "core/finding_factory.hpp"
#include "core/push_unique.hpp"
#include "core/strings.hpp"
#include "core/utf8.hpp"
#include "report/json.hpp"
#include "transport/auth.hpp"
#include "transport/message_io.hpp"
#include "transport/probe_protocol.hpp"
#include "transport/probe_server.hpp"

namespace dd::cluster {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

std::int64_t unix_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The job's exit code, as rank 0 returns it and sends it to every member.
int exit_code_of(const Analysis& a) { return core::has_error(a.findings) ? core::k_exit_findings : core::k_exit_ok; }

struct Phases {
  core::Deadline join, probe, results, end;
  explicit Phases(milliseconds t) : join(t * 45 / 100), probe(t * 75 / 100), results(t * 88 / 100), end(t) {}
};

// Starts the probe listeners of this node and records them in `facts`.
void open_listeners(ProbeServer& server, const PreflightOptions& o, NodeFacts& facts) {
  for (const auto& addr : candidate_addresses(facts.entries)) {
    ListenSpec spec{addr, 0, 0, iface_of(facts, addr), "candidate"};
    for (const auto& e : facts.entries)
      if (e.addr == addr) spec.scope_id = e.scope_id;
    facts.listeners.push_back(server.add(spec));
  }
  const auto& ports = o.launch.job_ports;
  for (std::size_t i = 0; i < ports.size(); ++i) {
    if (job_port_owner(ports, i) != facts.rank || ports[i].connect_only) continue;
    Listener l = server.add(ListenSpec{"::", ports[i].port, 0, "", ports[i].what});
    if (!l.ok) l = server.add(ListenSpec{"0.0.0.0", ports[i].port, 0, "", ports[i].what});
    facts.listeners.push_back(l);
  }
}

// Reads this node's ruleset once and keeps what drops the ports peers connect to here (its
// listeners) and the job ports of other nodes it connects to (evidence for rank 0's findings).
void read_firewall(const os::FirewallSource& source, const PreflightOptions& o, NodeFacts& facts, const Log& log) {
  std::vector<env::launchers::JobPort> outbound;
  const auto& ports = o.launch.job_ports;
  for (std::size_t i = 0; i < ports.size(); ++i)
    if (job_port_owner(ports, i) != facts.rank) outbound.push_back(ports[i]);
  // a member connects to rank 0's rendezvous port: a rule of its own that drops it is named when the join fails
  if (facts.rank != 0) outbound.push_back({o.launch.rendezvous_host, o.launch.rendezvous_port, "rendezvous", false});
  facts.firewall = judge_firewall(source.nft_ruleset_json(), facts.listeners, outbound);
  if (facts.firewall.read)
    log(fmt::format("firewall ruleset read: {} block(s) of this preflight's ports", facts.firewall.blocks.size()));
  else
    log("firewall: " + facts.firewall.error);
}

// A node that could not take part: its own findings, same JSON shape.
PreflightOutcome alone(const PreflightOptions& o, const NodeFacts& facts, std::vector<core::Finding> findings) {
  PreflightOutcome out;
  core::sort_findings(findings);
  out.findings = findings;
  out.rank = facts.rank;
  out.world = o.launch.world.value_or(0);
  out.host = facts.host;
  out.verdict = "NOT CHECKED";
  out.reason = findings.empty() ? "" : findings.front().title;
  out.json = {{"command", "preflight"},
              {"role", "member"},
              {"rank", out.rank},
              {"world", out.world},
              {"host", out.host},
              {"verdict", out.verdict},
              {"reason", out.reason},
              {"rendezvous", host_port(o.launch.rendezvous_host, o.launch.rendezvous_port)},
              {"recommendation", {{"env", json::object()}, {"per_host", json::object()}}}};
  out.exit_code = core::k_exit_findings;
  return out;
}

std::map<std::string, std::string> string_values(const json& j) {
  std::map<std::string, std::string> out;
  if (!j.is_object()) return out;
  for (const auto& [k, v] : j.items())
    if (v.is_string()) out[k] = v.get<std::string>();
  return out;
}

void add_token_warning(const PreflightOptions& o, PreflightOutcome& out) {
  if (!o.token_guessable) return;
  out.findings.push_back(guessable_token_finding({o.token_source, o.token_guessable}));
}

// This node's interface whose subnet holds the address the connects went to; where two or more do
// (clusters-2026-12-06h p2: a second NIC on the same subnet), the one the kernel's route leaves by.
void on_link_evidence(const LocalNode& local, PathEvidence& path) {
  auto target = core::parse_numeric_ip(path.addr);
  if (!target) return;
  std::vector<std::string> on_subnet;
  std::string source = local.route_source ? local.route_source(path.addr) : std::string();
  for (const auto& a : local.facts.entries) {
    auto own = core::parse_numeric_ip(a.addr);
    if (a.loopback || !own || !core::same_subnet(*own, *target, a.prefix)) continue;
    std::string where = fmt::format("{} {}/{}", a.link, a.addr, a.prefix);
    if (path.on_link.empty()) path.on_link = where, path.on_link_noarp = a.noarp;
    if (a.addr == source)
      path.route_link = where, path.route_noarp = a.noarp;
    else
      on_subnet.push_back(where);
  }
  if (path.route_link.empty() || on_subnet.empty()) {
    path.route_link.clear();
    return;
  }
  path.on_link = path.route_link;
  path.on_link_noarp = path.route_noarp;
  path.subnet_twins = std::move(on_subnet);
}

// For a connect that got no SYN-ACK: this node's own rules for the rendezvous port, and one ICMP echo.
PathEvidence path_evidence(const LocalNode& local, const NetError& e, int port) {
  PathEvidence path;
  if (e.err == ENETUNREACH) {
    auto target = core::parse_ip_address(peer_address(e.peer));
    bool same_family = false;
    for (const auto& a : local.facts.entries) {
      auto own = core::parse_numeric_ip(a.addr);
      if (!own || !core::is_routable_address(a.addr)) continue;
      if (target && own->v6 == target->v6) same_family = true;
      path.other_family.push_back(a.addr);
    }
    if (!target || same_family) path.other_family.clear();
    path.addr = peer_address(e.peer);
    return path;
  }
  if (e.failure == NetFailure::refused) {  // refused by this node itself when the address is its own
    path.addr = peer_address(e.peer);
    auto target = core::parse_numeric_ip(path.addr);
    for (const auto& a : local.facts.entries) {
      auto own = core::parse_numeric_ip(a.addr);
      if (target && own && own->bytes == target->bytes) {
        path.own_link = a.link.empty() ? a.name : a.link;
        path.own_prefix = a.prefix;
        path.own_on_loopback = a.loopback;
      }
    }
    if (path.own_link.empty() && core::is_loopback_address(path.addr)) path.own_link = "lo";
    return path;
  }
  bool unanswered = e.failure == NetFailure::timeout && e.syscall == "connect";
  if (!unanswered && e.err != EHOSTUNREACH) return path;
  path.addr = peer_address(e.peer);
  on_link_evidence(local, path);
  if (!unanswered) return path;
  path.ruleset_read = local.facts.firewall.read;
  for (const auto& b : blocks_for(local.facts.firewall, port, firewall::Direction::output)) {
    path.own_rules.push_back(firewall::describe(b, port));
    path.own_fixes.push_back(firewall::removal_command(b, port));
  }
  if (path.own_rules.empty() && local.icmp_echo) path.icmp_answered = local.icmp_echo(path.addr);
  return path;
}

// A join that failed on a value this node's own environment spoils (a launch variable ending in a
// carriage return, clusters-2026-12-06h p3; MASTER_ADDR in a form that is no host name,
// clusters-2026-12-07l p1), or on a name this node cannot resolve because it never reads /etc/hosts
// (clusters-2026-12-07j p2): that finding, with the failure as its evidence.
std::vector<core::Finding> own_cause_first(const NodeFacts& facts, core::Finding failure, const std::string& host) {
  // Only a CR in MASTER_ADDR spoils the join itself (the name looked up ends in it); a number
  // (MASTER_PORT, WORLD_SIZE) is read with int(), which ignores it, and an interface name is not used
  // to join: the join's own failure is then the finding (review of stop 49).
  auto spoils = [&](const core::Finding& f) {
    if (f.id == "preflight.env.carriage-return") return f.title.find("MASTER_ADDR=") != std::string::npos;
    if (failure.id != "preflight.rendezvous.unresolved") return false;
    // MASTER_ADDR written in a form that is not a host name (a port in it, a trailing dot, a zero-padded
    // octet: clusters-2026-12-07l p1 "c13node0:29400" was called a name that does not resolve)
    if (core::starts_with(f.id, "env.master-addr.") && f.label == core::Label::config_typo)
      return f.title.find("MASTER_ADDR=" + host) != std::string::npos;
    return f.id == "host.hosts-file-skipped" &&
           std::any_of(f.evidence.begin(), f.evidence.end(),
                       [&](const std::string& e) { return e.find(" maps " + host + " to ") != std::string::npos; });
  };
  for (const auto& f : facts.node_findings)
    if (spoils(f)) {
      core::Finding cause = f;
      cause.severity = core::Severity::error;  // the join failed
      cause.evidence.push_back("this node could not join the rendezvous: " + core::escape_control(failure.title));
      for (const auto& e : failure.evidence) cause.evidence.push_back("  " + core::escape_control(e));
      return {cause};
    }
  return {std::move(failure)};
}

// "this node's MASTER_PORT=29410, plus 1" when the meeting point is MASTER_PORT + 1 (not --rendezvous).
std::string rendezvous_port_from(const env::launchers::LaunchInfo& launch) {
  if (std::find(launch.notes.begin(), launch.notes.end(), "meeting point from --rendezvous") != launch.notes.end())
    return "";
  for (const auto& j : launch.job_ports)
    if (j.what == "MASTER_PORT" && j.port + 1 == launch.rendezvous_port)
      return fmt::format("this node's MASTER_PORT={}, plus 1", j.port);
  return "";
}

PreflightOutcome run_member(const PreflightOptions& o, LocalNode& local, ProbeServer& server, const Phases& ph,
                            const Log& log) {
  NodeFacts& facts = local.facts;
  facts.time_us = unix_us();
  json join = {{"rank", facts.rank},
               {"world", *o.launch.world},
               {"host", facts.host},
               {"facts", to_json(facts)},
               {"report", local.report}};
  JoinFailure jf;
  auto conn = join_rendezvous(o.launch.rendezvous_host, o.launch.rendezvous_port, join, o.token, ph.join, log, &jf);
  if (!conn) {
    PathEvidence path = path_evidence(local, conn.error(), o.launch.rendezvous_port);
    path.port_from = rendezvous_port_from(o.launch);
    return alone(
        o, facts,
        own_cause_first(
            facts, join_failure_finding(jf, conn.error(), o.launch.rendezvous_host, o.launch.rendezvous_port, path),
            o.launch.rendezvous_host));
  }
  std::string peer = jf.address;
  auto plan = recv_message(conn->fd.get(), ph.results, peer);
  bool proven = plan && plan->type == MsgType::plan &&
                same_proof(plan_proof(o.token, conn->server_nonce, conn->client_nonce, facts.rank),
                           plan->body["proof"].get<std::string>());
  if (!proven) {
    std::string why = !plan                           ? plan.error().describe()
                      : plan->type == MsgType::reject ? "rank 0 rejected this node: " + plan->body.value("reason", "")
                      : plan->type == MsgType::plan   ? "the plan's proof does not match this job's token: "
                                                        "whoever answers at the rendezvous address is not this "
                                                        "job's rank 0"
                                                      : "unexpected message from rank 0";
    return alone(o, facts,
                 {no_plan_finding(jf.address, why, plan && plan->type == MsgType::plan, static_cast<bool>(plan))});
  }
  std::vector<ProbeTarget> targets;
  for (const auto& t : plan->body.value("targets", json::array())) targets.push_back(target_from_json(t));
  log(fmt::format("plan received: {} probes", targets.size()));
  auto results = run_probes(facts.rank, targets, o.probe, ph.probe);
  log("probes done; sending results");
  const std::string detail = plan->body.value("detail", std::string(k_detail_all));  // a string: wire_schema checked
  (void)send_message(conn->fd.get(),
                     Message{MsgType::results, results_body(facts.rank, results, detail, o.probe.bulk_bytes)},
                     ph.results, peer);
  auto verdict = recv_message(conn->fd.get(), ph.end, peer);
  log(verdict ? "verdict received" : "no verdict");
  server.stop();
  if (!verdict || verdict->type != MsgType::verdict) {
    return alone(o, facts,
                 {core::new_finding("preflight.rendezvous.no-verdict", core::Label::other, core::Severity::error,
                                    "rank 0 sent no verdict before the deadline",
                                    {verdict ? "unexpected message" : verdict.error().describe()},
                                    "look at rank 0's output; raise --timeout on every node if rank 0 is slow")});
  }
  return member_outcome(o, facts, verdict->body);
}

json node_json(const NodeFacts& f, json report) {
  json n = report.is_object() ? std::move(report) : json::object();
  n["host"] = f.host;
  n["rank"] = f.rank;
  n["preflight"] = to_json(f);
  return n;
}

// Each member's join: its facts (a member whose facts do not decode is lost), clock skew, the
// address it joined from and its check report.
void read_joins(RendezvousServer& rv, AnalysisInput& in, std::map<int, NodeFacts>& nodes,
                std::map<int, json>& reports) {
  for (auto& [rank, m] : rv.members()) {
    auto facts_it = m.join.find("facts");
    auto f = facts_from_json(facts_it != m.join.end() ? *facts_it : json::object());
    if (!f) {
      m.lost = true;
      m.lost_reason = f.error().message;
      continue;
    }
    f->rank = rank;
    in.joined_from[rank] = core::endpoint_address(m.peer);  // "[::ffff:198.18.0.2]:41234": IPv4 as nodes list it
    in.clock_skew_us[rank] =
        clock_skew_us(m.join.value("sent_unix_us", f->time_us), m.accepted_unix_us, m.joined_unix_us);
    nodes[rank] = std::move(f.value());
    if (auto r = m.join.find("report"); r != m.join.end())
      reports[rank] = std::move(*r);  // read once, not copied
    else
      reports[rank] = json::object();
  }
}

// Each member's probe results (against the targets `sent` to it), or why it has none.
void read_results(RendezvousServer& rv, std::map<int, std::vector<ProbeTarget>>& sent, std::uint32_t bulk_bytes,
                  AnalysisInput& in) {
  for (auto& [rank, m] : rv.members()) {
    if (m.lost) {
      in.lost[rank] = m.lost_reason;
      continue;
    }
    if (!m.has_results) {
      in.lost[rank] = "sent no probe results before the deadline";
      continue;
    }
    in.probed.insert(rank);
    for (auto& p : results_from_body(rank, m.results, sent[rank], bulk_bytes)) in.probes.push_back(std::move(p));
  }
}

// The verdict rank 0 sends the member on `host`: its own per-host values only.
json verdict_message(const Analysis& a, const std::string& host) {
  json per = json::object();
  auto it = a.recommendation.per_host.find(host);
  if (it != a.recommendation.per_host.end()) per[host] = it->second;
  return json{{"verdict", std::string(to_string(a.verdict))},
              {"reason", a.reason},
              {"exit_code", exit_code_of(a)},
              {"findings", report::to_json(a.findings)},
              {"recommendation", {{"env", a.recommendation.env}, {"per_host", per}}}};
}

// Rank 0's JSON about the run itself: host, launcher, token, rendezvous, plan and probe summary.
void add_run_json(PreflightOutcome& out, const PreflightOptions& o, const NodeFacts& facts, RendezvousServer& rv,
                  const PeerPlan& pairs, std::uint32_t light, bool every_probe) {
  const AnalysisInput& seen = out.rank0->input;
  out.json.update(
      {{"host", facts.host},
       {"launcher", o.launch.launcher},
       {"token", {{"source", o.token_source}, {"guessable", o.token_guessable}}},
       {"rendezvous",
        {{"address", seen.rendezvous}, {"drops", rv.drops()}, {"unidentified_drops", rv.anonymous_drops()}}}});
  out.json["plan"] = plan_json(pairs, light, o.probe.bulk_bytes);
  out.json["probe_summary"] = probe_summary(seen.probes, o.probe.bulk_bytes);
  if (!every_probe) out.json["probe_summary"]["probes_listed"] = "failures only (--all-probes lists every probe)";
}

PreflightOutcome run_rank0(const PreflightOptions& o, LocalNode& local, ProbeServer& server, const Phases& ph,
                           const Log& log) {
  NodeFacts& facts = local.facts;
  int world = *o.launch.world;
  auto rv = RendezvousServer::open(o.launch.rendezvous_port);
  if (!rv) {
    return alone(o, facts, {cannot_listen_finding(o.launch.rendezvous_port, rv.error())});
  }
  rv->gather(o.token, world, ph.join, log);
  log(fmt::format("join phase over: {} of {} ranks", rv->members().size() + 1, world));

  std::map<int, NodeFacts> nodes;
  facts.time_us = unix_us();
  nodes[0] = facts;
  AnalysisInput in;
  in.world = world;
  in.job_ports = o.launch.job_ports;
  in.rendezvous = host_port(o.launch.rendezvous_host, o.launch.rendezvous_port);
  in.rendezvous_port = o.launch.rendezvous_port;
  std::map<int, json> reports;
  reports[0] = local.report;
  read_joins(*rv, in, nodes, reports);
  in.missing = rv->missing();
  in.rendezvous_drops = rv->drops();
  std::vector<int> present;
  for (const auto& [rank, f] : nodes) present.push_back(rank);
  const PeerPlan pairs = make_peer_plan(present, o.plan);
  const std::uint32_t light = light_bulk_bytes(nodes, o.probe.bulk_bytes);
  if (pairs.sparse)
    for (const auto& [from, tos] : pairs.peers)
      for (int to : tos) in.planned.insert({from, to});
  log(fmt::format("probe plan: {} ({} of {} ordered pairs)", pairs.sparse ? "sparse" : "full mesh",
                  pairs.ordered_pairs(), present.size() * (present.size() - 1)));
  // A large plan prints the failures only: its nodes summarise their clean light probes
  // (results_message.hpp) and rank 0 rebuilds them from the targets it sent.
  const bool every_probe = !pairs.sparse || o.all_probes;
  std::map<int, std::vector<ProbeTarget>> sent;
  rv->broadcast(
      MsgType::plan,
      [&](const Member& m) {
        auto& targets = sent[m.rank] = plan_for(m.rank, nodes, o.launch.job_ports, pairs, light);
        json t = json::array();
        for (const auto& x : targets) t.push_back(to_json(x));
        return json{{"proof", plan_proof(o.token, m.server_nonce, m.client_nonce, m.rank)},
                    {"targets", std::move(t)},
                    {"world", world},
                    {"missing", in.missing},
                    {"detail", every_probe ? k_detail_all : k_detail_failures}};
      },
      ph.results, log);
  auto mine = std::async(std::launch::async, [&] {
    return run_probes(0, plan_for(0, nodes, o.launch.job_ports, pairs, light), o.probe, ph.probe);
  });
  rv->collect(MsgType::results, ph.results, log);
  in.probes = mine.get();
  log("every node's results are in");
  in.probed.insert(0);
  read_results(*rv, sent, o.probe.bulk_bytes, in);
  for (auto& [rank, f] : nodes) in.nodes.push_back(f);
  Analysis a = analyze(in);
  log(fmt::format("analysis done: {}", to_string(a.verdict)));

  // The verdict goes out first: the members print and exit on the other core while rank 0 builds
  // its own (large) JSON.
  rv->broadcast(
      MsgType::verdict, [&](const Member& m) { return verdict_message(a, m.host); }, ph.end, log);
  log("verdicts sent");
  PreflightOutcome out = rank0_outcome(std::move(in), a, nodes, std::move(reports), every_probe);
  out.rank0->plan = pairs;
  out.rank0->light_bulk = light;
  out.rank0->full_bulk = o.probe.bulk_bytes;
  add_run_json(out, o, facts, *rv, pairs, light, every_probe);
  server.stop();
  return out;
}

}  // namespace

json rank0_json(const AnalysisInput& in, const Analysis& a, const std::map<int, NodeFacts>& nodes,
                std::map<int, json> reports, bool every_probe) {
  json node_list = json::array();
  for (const auto& [rank, f] : nodes) {
    auto r = reports.find(rank);
    node_list.push_back(node_json(f, r == reports.end() ? json::object() : std::move(r->second)));
  }
  json probes = json::array();
  for (const auto& p : in.probes)
    if (every_probe || noteworthy(p)) {
      // whether the analysis counts the path as carrying data (echo and bulk): the HTML matrix
      // draws an echo-only path as the text's M, never as reached
      json j = to_json(p);
      j["carries_data"] = detail::carries_data(p);
      probes.push_back(std::move(j));
    }
  json lost = json::array();
  for (const auto& [rank, why] : in.lost) {
    auto n = nodes.find(rank);
    lost.push_back({{"rank", rank}, {"host", n == nodes.end() ? "" : n->second.host}, {"reason", why}});
  }
  json good = json::object();
  for (const auto& [rank, addrs] : a.good_addrs) good[std::to_string(rank)] = addrs;
  json rec = {{"env", a.recommendation.env},
              {"per_host", a.recommendation.per_host},
              {"chosen", a.recommendation.chosen},
              {"checks", a.recommendation.checks},
              {"complete", a.recommendation.complete}};
  auto zero = nodes.find(0);
  json out = {{"command", "preflight"},
              {"role", "rank0"},
              {"rank", 0},
              {"world", in.world},
              {"host", zero == nodes.end() ? "" : zero->second.host},
              {"launcher", ""},
              {"token", ""},
              {"verdict", std::string(to_string(a.verdict))},
              {"reason", a.reason},
              {"missing", in.missing},
              {"lost", lost},
              {"good_addresses", good},
              {"recommendation", rec},
              {"rendezvous", {{"address", in.rendezvous}, {"drops", 0}}}};
  out["nodes"] = std::move(node_list);  // the large parts are moved in, not copied by an initializer list
  out["probes"] = std::move(probes);
  // every pair's decided state (reach_matrix.hpp), whatever probes[] lists: the HTML matrix draws it
  out["reachability"] = reach_json(reach_matrix(in));
  out["reachability_slow_rtt_us"] = k_slow_rtt_us;
  return out;
}

PreflightOutcome rank0_outcome(AnalysisInput in, const Analysis& a, const std::map<int, NodeFacts>& nodes,
                               std::map<int, json> reports, bool every_probe) {
  PreflightOutcome out;
  out.sections = rank0_sections(in, a.recommendation, reports, every_probe);
  out.json = rank0_json(in, a, nodes, std::move(reports), every_probe);
  out.findings = a.findings;
  out.exit_code = exit_code_of(a);
  out.is_rank0 = true;
  out.rank = 0;
  out.world = in.world;
  auto zero = nodes.find(0);
  out.host = zero == nodes.end() ? "" : zero->second.host;
  out.verdict = std::string(to_string(a.verdict));
  out.reason = a.reason;
  out.fix = a.recommendation;
  out.rank0 = Rank0View{std::move(in), std::nullopt, 0, 0};
  return out;
}

PreflightOutcome member_outcome(const PreflightOptions& o, const NodeFacts& facts, const json& verdict) {
  PreflightOutcome out;
  out.rank = facts.rank;
  out.world = o.launch.world.value_or(0);
  out.host = facts.host;
  out.verdict = verdict.value("verdict", "UNKNOWN");
  out.reason = verdict.value("reason", "");
  out.exit_code = verdict.value("exit_code", static_cast<int>(core::k_exit_findings));
  for (const auto& f : verdict.value("findings", json::array()))
    if (auto typed = report::finding_from_json(f)) out.rank0_findings.push_back(std::move(*typed));
  const json rec = verdict.value("recommendation", json::object());
  out.fix.env = string_values(rec.value("env", json::object()));
  const json per_host = rec.value("per_host", json::object());
  for (const auto& [host, vars] : per_host.items()) out.fix.per_host[host] = string_values(vars);
  out.json = {{"command", "preflight"},
              {"role", "member"},
              {"rank", out.rank},
              {"world", out.world},
              {"host", out.host},
              {"verdict", out.verdict},
              {"reason", out.reason},
              {"recommendation", rec},
              {"note", "rank 0 prints the cluster verdict with every node's report and the probe matrix"}};
  return out;
}

PreflightOutcome launch_problem_outcome(const NodeFacts& facts, const core::Error& problem) {
  std::vector<core::Finding> findings;
  for (const auto& f : facts.node_findings)
    if (f.severity == core::Severity::error) findings.push_back(f);
  if (findings.empty()) {
    bool tf = core::starts_with(problem.message, "TF_CONFIG");
    auto f = core::new_finding("preflight.launch.environment", tf ? core::Label::tf_config : core::Label::config_typo,
                               core::Severity::error, "the launcher environment is unusable: " + problem.message);
    f.fix.text = "fix the launcher's variables named above, or pass --rank, --world and --rendezvous";
    findings.push_back(std::move(f));
  }
  findings.front().evidence.push_back("this node could not derive its rank and the meeting point (" + problem.message +
                                      "), so it did not join; rank 0 reports it as missing");
  return alone(PreflightOptions{}, facts, std::move(findings));
}

std::vector<core::Finding> shown_findings(const PreflightOutcome& outcome) {
  std::vector<core::Finding> all = outcome.rank0_findings;
  all.insert(all.end(), outcome.findings.begin(), outcome.findings.end());
  return all;
}

json json_of(PreflightOutcome outcome) {
  outcome.json["findings"] = report::to_json(shown_findings(outcome));
  return std::move(outcome.json);
}

std::vector<std::string> candidate_addresses(const std::vector<os::AddressEntry>& entries) {
  std::vector<std::string> out;
  for (const auto& e : entries) {
    if (!e.up || !e.running || e.loopback) continue;
    if (core::is_loopback_address(e.addr) || core::is_ipv6_link_local(e.addr)) continue;
    core::push_unique(out, e.addr);
  }
  return out;
}

PreflightOutcome run_preflight(const PreflightOptions& options, LocalNode local, const Log& log) {
  Phases ph(options.timeout);
  PreflightOptions o = options;
  o.probe.token = o.token;
  local.facts.rank = *o.launch.rank;
  // A probe connection may take the probe phase's share of --timeout (30%), 4..20 s; its proof
  // must come within half of that (2..5 s: a lossy link's retransmission still fits).
  auto budget = std::clamp(o.timeout * 30 / 100, milliseconds(4000), milliseconds(20000));
  ProbeServer server(o.token, local.facts.rank, 32, budget);
  open_listeners(server, o, local.facts);
  if (local.firewall) read_firewall(*local.firewall, o, local.facts, log);
  server.start();
  auto out = local.facts.rank == 0 ? run_rank0(o, local, server, ph, log) : run_member(o, local, server, ph, log);
  add_token_warning(o, out);
  return out;
}

}  // namespace dd::cluster
