// `distdoctor bench`: nccl-tests-style collective bandwidth over TCP between the nodes of a job,
// on the interface the job will use (bench/session.hpp). Rank, world and meeting point come from
// flags or the launcher's environment, as for preflight.
#include <cstdio>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "bench/options.hpp"
#include "bench/session.hpp"
#include "cli/command.hpp"
#include "cli/flag_checks.hpp"
#include "cli/meeting_flags.hpp"
#include "cli/real_context.hpp"
#include "cli/usage.hpp"
#include "core/exit_code.hpp"
#include "core/finding_factory.hpp"
#include "core/json_limits.hpp"
#include "env/launchers/launch_info.hpp"
#include "netif/inventory.hpp"
#include "report/findings_text.hpp"
#include "report/json.hpp"
#include "report/style.hpp"

namespace dd::cli {

namespace {

struct BenchFlags {
  MeetingFlags meet;  // --rendezvous --rank --world --token, as preflight's
  int timeout_s = 60;
  int stall_s = 20;
  std::string ifname;
  int sockets = 2;
  int segment_kib = 512;
  std::string min_bytes = "1M";
  std::string max_bytes = "64M";
  int factor = 2;
  int iters = 10;
  int warmup = 2;
  int check = 1;
  std::string ops = "all_reduce";
  int root = 0;
  bool p2p = false;
  bool tune = false;
  std::string backend = "tcp";
  std::string nccl_lib;
  std::string cudart_lib;
  bool verbose = false;
};

int bench_usage_error(const std::string& message) { return cli::usage_error("bench", message); }

// The --backend nccl setup: the libraries, and a child that loads them and finds a GPU. Asked in a
// child, as the NCCL probe does: a broken library or driver may crash or hang, never this process.
// Without a GPU the backend cannot run: the error is a usage error (exit 2).
core::Result<bench::NcclBackend> nccl_backend(const BenchFlags& flags, const bench::BenchConfig& c,
                                              const os::Environment& env, RealSeams& seams) {
  auto fail = [](std::string message) { return core::make_error(core::ErrorKind::usage, std::move(message)); };
  bench::NcclBackend nb;
  nb.libs = bench::default_nccl_libs(env, seams.files);
  if (!flags.nccl_lib.empty()) nb.libs.nccl = flags.nccl_lib;
  if (!flags.cudart_lib.empty()) nb.libs.cudart = flags.cudart_lib;
  if (nb.libs.nccl.empty()) return fail("--backend nccl: no libnccl.so.2 found on this node (name it with --nccl-lib)");
  nb.self_exe = self_executable();
  nb.runner = &seams.runner;
  nb.env = env;
  auto check = bench::run_nccl_child(seams.runner, nb.self_exe,
                                     bench::NcclChildRequest{"check", nb.libs, bench::NcclJob{c.rank, c.world, c.run}},
                                     env, std::chrono::seconds(30));
  if (!check) return fail("--backend nccl: " + check.error().message);
  if (!check->check.ok)
    return fail(fmt::format("--backend nccl: {}{} with {}: {}", nb.libs.nccl,
                            check->check.version.empty() ? "" : " (NCCL " + check->check.version + ")", nb.libs.cudart,
                            check->error));
  return nb;
}

// The text output: rank 0 the results of the world, a member its verdict; then the findings.
void print_text(const bench::BenchConfig& c, const bench::BenchOutcome& out, const report::Style& style) {
  if (c.rank == 0) {
    std::cout << "# distdoctor bench: world " << c.world << ", data over " << c.data.iface << " (" << c.data.addr
              << ", " << c.data.why << "), " << (c.tune ? bench::k_tune_max_sockets : c.sockets)
              << " sockets per peer\n";
    for (const auto& p : out.peers)
      std::cout << "#  rank " << p.rank << " host " << p.host << " data " << p.addr << ":" << p.port << "\n";
    if (!out.rows.empty()) std::cout << bench::render_table(out.rows);
    if (!out.p2p_text.empty()) std::cout << out.p2p_text;
    if (!out.tune_text.empty()) std::cout << out.tune_text;
  } else {
    std::cout << "bench: rank " << c.rank << ": " << out.verdict << " (rank 0 prints the results)\n";
  }
  if (!out.findings.empty())
    std::cout << report::render_findings(out.findings, style);
  else
    for (const auto& f : out.rank0_findings) std::cout << "  " << f.title << "\n";
}

// No interface to run the data mesh on: this rank's one finding, exit 1.
int print_no_interface(const bench::BenchConfig& c, const core::Error& why, const GlobalOptions& global) {
  std::vector<core::Finding> findings = {core::new_finding("bench.no-interface", core::Label::no_matching_interface,
                                                           core::Severity::error, why.message, {},
                                                           "name the cluster interface with --ifname")};
  nlohmann::json j = {
      {"command", "bench"},   {"role", c.rank == 0 ? "rank0" : "member"}, {"rank", c.rank},
      {"verdict", "NOT RUN"}, {"results", nlohmann::json::array()},       {"findings", report::to_json(findings)}};
  if (global.json)
    std::cout << core::dump_json(j, 2) << "\n";
  else
    std::cout << report::render_findings(findings, global.style());
  return core::k_exit_findings;
}

int run_bench_command(const BenchFlags& flags, const GlobalOptions& global) {
  bench::BenchConfig c;
  auto min = bench::parse_bytes("-b", flags.min_bytes);
  if (!min) return bench_usage_error(min.error().message);
  auto max = bench::parse_bytes("-e", flags.max_bytes);
  if (!max) return bench_usage_error(max.error().message);
  auto ops = bench::parse_ops(flags.ops);
  if (!ops) return bench_usage_error(ops.error().message);
  c.run = bench::RunOptions{
      *ops,      *min, *max, static_cast<std::size_t>(flags.factor), flags.iters, flags.warmup, flags.check != 0,
      flags.root};

  RealSeams seams;
  auto env = os::Environment::capture();
  env::launchers::LaunchFlags lf = launch_flags_of(flags.meet);
  if (flags.meet.world == 1) {  // a world of one meets nobody: a loopback benchmark of the code path
    lf.rank = 0;
    if (!lf.rendezvous) lf.rendezvous = "127.0.0.1:29400";
  }
  auto launch = env::launchers::detect_launch(env, lf);
  if (!launch) return bench_usage_error(launch.error().message);
  if (launch->skip) {
    nlohmann::json j = {{"command", "bench"},
                        {"role", "skipped"},
                        {"reason", launch->skip_reason},
                        {"results", nlohmann::json::array()},
                        {"findings", nlohmann::json::array()}};
    if (global.json)
      std::cout << core::dump_json(j, 2) << "\n";
    else
      std::cout << "bench: skipped: " << launch->skip_reason << "\n";
    return core::k_exit_ok;
  }
  c.world = launch->world.value_or(1);
  c.rank = launch->rank.value_or(0);
  c.p2p = flags.p2p;
  c.tune = flags.tune;
  if (c.p2p && c.tune) return bench_usage_error("--p2p and --tune: pick one (each runs its own sweep)");
  if (c.p2p || c.tune) c.run.min_bytes = c.run.max_bytes;  // --p2p and --tune move one size, -e's
  if (auto ok = bench::validate(c.run, c.world); !ok) return bench_usage_error(ok.error().message);
  if (c.p2p && c.world < 2) return bench_usage_error("--p2p: a world of 1 has no pair to measure (--world 2 or more)");
  if (c.tune && c.world < 2)
    return bench_usage_error("--tune: a world of 1 has no connection to tune (--world 2 or more)");
  if (flags.backend == "nccl") {
    if (c.p2p || c.tune) return bench_usage_error("--backend nccl: --p2p and --tune run on the TCP backend only");
    auto nb = nccl_backend(flags, c, env, seams);
    if (!nb) return bench_usage_error(nb.error().message);
    c.nccl = std::move(*nb);
  } else if (flags.backend != "tcp") {
    return bench_usage_error("--backend '" + flags.backend + "': tcp or nccl");
  } else if (!flags.nccl_lib.empty() || !flags.cudart_lib.empty()) {
    return bench_usage_error(fmt::format("{} is for --backend nccl; the tcp backend loads no library",
                                         flags.nccl_lib.empty() ? "--cudart-lib" : "--nccl-lib"));
  }
  c.rendezvous_host = launch->rendezvous_host;
  c.rendezvous_port = launch->rendezvous_port;
  c.token = env::launchers::job_token(*launch, lf);
  c.host = seams.resolver.hostname();
  c.sockets = flags.sockets;
  c.join_timeout = std::chrono::seconds(flags.timeout_s);
  c.mesh.stall = std::chrono::seconds(flags.stall_s);
  c.mesh.segment_bytes = static_cast<std::size_t>(flags.segment_kib) * 1024;

  auto inventory = netif::read_inventory(seams.interfaces, seams.files, &seams.drivers);
  auto data = bench::choose_data_address(
      inventory, flags.ifname.empty() ? std::nullopt : std::optional<std::string>(flags.ifname));
  if (!data) {
    if (data.error().kind == core::ErrorKind::usage) return bench_usage_error(data.error().message);
    return print_no_interface(c, data.error(), global);
  }
  c.data = *data;

  cluster::Log log = rank_log(flags.verbose, c.rank);
  auto out = bench::run_bench(c, log);
  if (global.json) {
    std::cout << core::dump_json(out.json, 2) << "\n";
    return out.exit_code;
  }
  print_text(c, out, global.style());
  return out.exit_code;
}

}  // namespace

void setup_bench(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  auto f = std::make_shared<BenchFlags>();
  add_meeting_options(sub, f->meet, "HOST:PORT where rank 0 serves (default: as preflight derives it)",
                      "job token (default: the launcher's job id)");
  sub.add_option("--timeout", f->timeout_s, "seconds to meet and to open the data mesh")
      ->check(whole_number(2, 3600, "seconds"));
  sub.add_option("--stall", f->stall_s, "seconds without progress after which a peer counts as lost")
      ->check(whole_number(1, 3600, "seconds"));
  sub.add_option("--ifname", f->ifname, "interface for the data mesh (default: the one the job will use)");
  sub.add_option("--sockets", f->sockets, "TCP sockets per peer")->check(whole_number(1, 64));
  sub.add_option("--segment-kib", f->segment_kib, "pipeline segment in KiB")->check(whole_number(4, 65536, "KiB"));
  sub.add_option("-b,--minbytes", f->min_bytes, "smallest size (K/M/G suffixes), default 1M");
  sub.add_option("-e,--maxbytes", f->max_bytes, "largest size, default 64M");
  sub.add_option("-f,--stepfactor", f->factor, "size factor between steps, default 2")->check(whole_number(1, 1024));
  sub.add_option("-n,--iters", f->iters, "timed iterations per size, default 10")->check(whole_number(1, 100000));
  sub.add_option("-w,--warmup_iters", f->warmup, "untimed iterations per size, default 2")
      ->check(whole_number(0, 100000));
  sub.add_option("-c,--check", f->check, "check results (0 or 1), default 1")->check(whole_number(0, 1));
  sub.add_option("--op", f->ops,
                 "all_reduce, all_gather, reduce_scatter, broadcast, alltoall, sendrecv (comma list) or all");
  sub.add_option("--root", f->root, "broadcast root, default 0")->check(whole_number(0, 4095));
  sub.add_flag("--p2p", f->p2p, "measure every pair alone (-e bytes each way, -n times) and name a slow link or node");
  sub.add_option("--backend", f->backend,
                 "tcp (default: bench's own engine) or nccl (the real NCCL collectives on the GPUs; needs a GPU)");
  sub.add_option("--nccl-lib", f->nccl_lib,
                 "--backend nccl: the libnccl.so.2 to load (default: the one the job loads)");
  sub.add_option("--cudart-lib", f->cudart_lib, "--backend nccl: the libcudart to load (default: beside libnccl)");
  sub.add_flag("--tune", f->tune,
               "sweep sockets x threads and buffer size on all_reduce of -e bytes; print NCCL export lines with the "
               "measured gain");
  sub.add_flag("--verbose", f->verbose, "log progress to stderr");
  sub.callback([f, &global, &exit_code] { exit_code = run_bench_command(*f, global); });
}

}  // namespace dd::cli
