// `distdoctor preflight`: every node runs it; the nodes meet, probe each other, and rank 0 prints
// the cluster verdict (cluster/preflight.hpp). Rank, world and meeting point come from flags or
// the launcher's environment (env/launchers).
#include <unistd.h>

#include <cstdio>
#include <future>
#include <iostream>
#include <memory>
#include <optional>

#include "check/report.hpp"
#include "cli/command.hpp"
#include "cli/fix_output.hpp"
#include "cli/flag_checks.hpp"
#include "cli/meeting_flags.hpp"
#include "cli/preflight_ssh.hpp"
#include "cli/real_context.hpp"
#include "cli/usage.hpp"
#include "cluster/preflight.hpp"
#include "cluster/preflight_report.hpp"
#include "cluster/render_text.hpp"
#include "cluster/rendezvous_findings.hpp"
#include "core/exit_code.hpp"
#include "core/json_limits.hpp"
#include "env/launchers/launch_info.hpp"
#include "os/linux_threads.hpp"
#include "report/style.hpp"
#include "transport/auth.hpp"
#include "transport/socket.hpp"
#include "watch/path_probe.hpp"

namespace dd::cli {

namespace {

struct PreflightFlags {
  MeetingFlags meet;  // --rendezvous --rank --world --token (meeting_flags.hpp)
  int timeout_s = 60;
  int concurrency = 16;
  int bulk_kib = 512;
  bool no_probe = false;
  bool verbose = false;
  bool full_mesh = false;   // probe every pair at any size
  int full_mesh_max = 64;   // nodes up to which every pair is probed
  int random_peers = 3;     // k of the sparse plan
  std::int64_t seed = -1;   // the sparse plan's seed (-1: drawn, and reported)
  bool all_probes = false;  // every probe in probes[] also for a sparse plan
  SshFlags ssh;             // --ssh / --hostfile: start the other nodes from here (preflight_ssh.hpp)
  FixOutputFlags fix;       // --export-format / --report (fix_output.hpp)
};

// The outcome on stdout: --export-format's rendering, else --json, else text; --report also.
int print_outcome(const PreflightFlags& flags, const GlobalOptions& global, cluster::PreflightOutcome outcome) {
  if (!flags.fix.report_path.empty() || !flags.fix.export_format.empty()) {
    auto shown = cluster::report_outcome(outcome);
    if (!write_report(flags.fix, shown)) return core::k_exit_usage;
    if (print_export(flags.fix, shown)) return outcome.exit_code;
  }
  const int code = outcome.exit_code;
  if (global.json)
    std::cout << core::dump_json(cluster::json_of(std::move(outcome)), 2) << "\n";
  else
    std::cout << cluster::render_text(outcome, global.style());
  return code;
}

// A job port on the meeting port: preflight itself listens on the job port to probe it, so the
// rendezvous could not listen there and would report "another process holds the port" about
// preflight's own listener. The usage error that says so, or nullopt.
std::optional<std::string> job_port_on_rendezvous(const env::launchers::LaunchInfo& launch) {
  for (const auto& p : launch.job_ports)
    if (p.port == launch.rendezvous_port && !p.connect_only)
      return p.what + " is " + std::to_string(p.port) + ", the --rendezvous port: preflight listens on " + p.what +
             " itself to probe it; give --rendezvous another port";
  return std::nullopt;
}

cluster::PreflightOptions preflight_options(const PreflightFlags& flags, const env::launchers::LaunchInfo& launch,
                                            const env::launchers::LaunchFlags& lf) {
  cluster::PreflightOptions o;
  o.launch = launch;
  o.token = env::launchers::job_token(launch, lf);
  auto token = cluster::token_source(flags.meet.token, launch.job_id);
  o.token_source = token.source;
  o.token_guessable = token.guessable;
  o.timeout = std::chrono::seconds(flags.timeout_s);
  o.probe.concurrency = flags.concurrency;
  o.probe.bulk_bytes = static_cast<std::uint32_t>(flags.bulk_kib) * 1024u;
  o.plan.full_mesh = flags.full_mesh;
  o.plan.full_mesh_max = static_cast<std::size_t>(flags.full_mesh_max);
  o.plan.random_peers = flags.random_peers;
  o.plan.seed = flags.seed >= 0 ? static_cast<std::uint64_t>(flags.seed) : cluster::random_seed() % 1000000u;
  o.all_probes = flags.all_probes;
  return o;
}

// This node's own probes: one ICMP echo to an address, and the source address its route to one takes.
void local_probes(cluster::LocalNode& local) {
  local.icmp_echo = [](const std::string& addr) -> std::optional<bool> {
    watch::LinuxPathProbe probe;
    auto e = probe.echo(static_cast<int>(::getpid()), addr, 84, 1000);  // one small echo, retried once
    if (e == watch::Echo::not_possible) return std::nullopt;
    return e == watch::Echo::answered;
  };
  local.route_source = [](const std::string& addr) -> std::string {
    auto to = cluster::numeric_addr(addr, 9);
    if (!to) return "";
    auto from = cluster::route_source(*to);
    return from ? from->host() : std::string();
  };
}

int run_preflight_command(const PreflightFlags& flags, const GlobalOptions& global) {
  if (auto bad = validate_fix_output(flags.fix, global)) return *bad;
  // Dozens of short threads (probe workers, probe-server handlers): small cached stacks and two
  // malloc arenas instead of glibc's 8 MiB stacks and an arena per thread.
  os::lean_threads(512 * 1024, 2);
  RealSeams seams;
  auto env = os::Environment::capture();
  env::launchers::LaunchFlags lf = launch_flags_of(flags.meet);
  std::vector<std::string> ssh_hosts;
  if (flags.ssh.used()) {
    auto hosts = cli::ssh_hosts(flags.ssh, seams.files, lf);
    if (!hosts) {
      return input_error("preflight", hosts.error().message);
    }
    ssh_hosts = std::move(*hosts);
  }
  auto detected = env::launchers::detect_launch(env, lf);
  std::optional<env::launchers::LaunchInfo> launch;
  std::optional<core::Error> env_problem;  // the launcher environment is malformed
  if (detected) {
    launch = std::move(detected.value());
  } else {
    auto salvage = env::launchers::salvage_launch(env, lf, detected.error());
    if (!salvage.environment_error) {
      return usage_error("preflight", detected.error().message);
    }
    env_problem = detected.error();
    launch = std::move(salvage.info);
  }
  if (launch && lf.rendezvous)
    if (auto clash = job_port_on_rendezvous(*launch)) return usage_error("preflight", *clash);
  if (launch && launch->skip) {
    nlohmann::json j = {{"command", "preflight"}, {"role", "skipped"}, {"reason", launch->skip_reason}};
    if (global.json)
      std::cout << core::dump_json(j, 2) << "\n";
    else
      std::cout << "preflight: skipped: " << launch->skip_reason << "\n";
    return core::k_exit_ok;
  }
  std::unique_ptr<std::latch> ssh_copied;  // the --ssh copies are in place (or failed): our clock may start
  std::future<std::vector<cluster::SshHostResult>> started;  // the --ssh nodes, started while we prepare
  if (!ssh_hosts.empty() && launch) {
    std::vector<std::string> args = {
        "--world",       std::to_string(*launch->world),         "--rendezvous", *lf.rendezvous,
        "--token",       env::launchers::job_token(*launch, lf), "--timeout",    std::to_string(flags.timeout_s),
        "--concurrency", std::to_string(flags.concurrency),      "--bulk-kib",   std::to_string(flags.bulk_kib)};
    if (flags.no_probe) args.emplace_back("--no-probe");
    auto so = ssh_launch_options(flags.ssh, ssh_hosts, std::move(args), flags.timeout_s);
    ssh_copied = std::make_unique<std::latch>(static_cast<std::ptrdiff_t>(ssh_hosts.size()));
    started = std::async(std::launch::async,
                         [&seams, so, l = ssh_copied.get()] { return cluster::launch_on_hosts(seams.runner, so, l); });
  }
  auto ctx = seams.context(!flags.no_probe);
  ctx.node_rank = lf.rank;  // an explicit --rank (or --ssh's 0) is this node's rank for the env audit too
  auto report = check::build_report(ctx, check::ReportScope::full);
  cluster::LocalNode local;
  local.facts = cluster::facts_from_report(report, env, seams.resolver);
  local.report = check::to_json(report, check::ReportScope::full);
  local.firewall = &seams.firewall;
  local_probes(local);
  if (!launch) {  // no meeting point or rank can be derived: this node reports alone, exit 1
    auto outcome = cluster::launch_problem_outcome(local.facts, *env_problem);
    return print_outcome(flags, global, std::move(outcome));
  }

  cluster::PreflightOptions o = preflight_options(flags, *launch, lf);
  cluster::Log log = rank_log(flags.verbose, *launch->rank);
  if (ssh_copied) ssh_copied->wait();  // bounded: each copy has its own deadline
  auto outcome = cluster::run_preflight(o, std::move(local), log);
  if (started.valid()) cluster::merge_ssh_results(outcome, started.get());
  int rc = print_outcome(flags, global, std::move(outcome));
  log("output written");
  return rc;
}

}  // namespace

void setup_preflight(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  auto f = std::make_shared<PreflightFlags>();
  add_meeting_options(sub, f->meet,
                      "HOST:PORT where rank 0 serves (default: MASTER_ADDR:MASTER_PORT+1, TF_CONFIG leader or first "
                      "Slurm node on 29400)",
                      "job token; nodes with another token are dropped (default: the launcher's job id)");
  sub.add_option("--timeout", f->timeout_s, "seconds for the whole preflight; nobody waits longer")
      ->check(whole_number(2, 3600, "seconds"));
  sub.add_option("--concurrency", f->concurrency, "probes in flight per node")->check(whole_number(1, 256));
  sub.add_option("--bulk-kib", f->bulk_kib, "KiB pushed per probe to catch MTU black holes")
      ->check(whole_number(16, 65536, "KiB"));
  sub.add_flag("--full-mesh", f->full_mesh, "probe every pair of nodes at any size (all-to-all jobs need it)");
  sub.add_option("--full-mesh-max", f->full_mesh_max,
                 "nodes up to which every pair is probed; above: ring, trees, "
                 "rank 0 and random peers")
      ->check(whole_number(2, 1 << 20));
  sub.add_option("--random-peers", f->random_peers, "random peers per node in a sparse plan")
      ->check(whole_number(0, 64));
  sub.add_option("--seed", f->seed, "seed of the sparse plan's random peers (reported; repeats a plan)")
      ->check(whole_number(0, std::int64_t{1} << 53));
  sub.add_flag("--all-probes", f->all_probes, "list every probe in probes[], also for a sparse plan");
  sub.add_flag("--no-probe", f->no_probe, "do not load any NCCL library (prediction only)");
  sub.add_flag("--verbose", f->verbose, "log rendezvous events to stderr");
  add_ssh_flags(sub, f->ssh);
  add_export_format_flag(sub, f->fix);
  add_report_flag(sub, f->fix);
  sub.callback([f, &global, &exit_code] { exit_code = run_preflight_command(*f, global); });
}

}  // namespace dd::cli
