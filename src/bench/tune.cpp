#include "bench/tune.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "bench/layout.hpp"
#include "bench/run.hpp"
#include "core/export_line.hpp"
#include "core/text_table.hpp"

namespace dd::bench {

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

std::string mib(std::size_t bytes) {
  if (bytes % (1u << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  return fmt::format("{} KiB", bytes >> 10);
}

std::string shape_text(const TuneShape& s) {
  return fmt::format("{} socket{} per peer ({} thread{} x {}), buffer {}", s.sockets(), s.sockets() == 1 ? "" : "s",
                     s.threads, s.threads == 1 ? "" : "s", s.socks_per_thread, mib(s.buffsize));
}

// One point: warm-up, barrier, timed calls, and the check.
cluster::NetResult<TunePoint> measure(Mesh& mesh, const TuneOptions& o, const TuneShape& shape, int stage,
                                      std::vector<float>& in, std::vector<float>& out, Scratch& scratch) {
  mesh.reshape(shape.sockets(), shape.threads, shape.segment_bytes());
  for (int w = 0; w < o.warmup; ++w)
    if (auto st = all_reduce(mesh, in.data(), out.data(), in.size(), scratch); !st) return st.error();
  if (auto st = barrier(mesh); !st) return st.error();
  // The fastest call: a busy CPU or a neighbour's burst only ever slows one, and one slow call
  // in a mean would decide between two settings on noise.
  double fastest = 0;
  for (int it = 0; it < std::max(o.iters, 1); ++it) {
    auto t0 = Clock::now();
    if (auto st = all_reduce(mesh, in.data(), out.data(), in.size(), scratch); !st) return st.error();
    double us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
    fastest = it == 0 ? us : std::min(fastest, us);
  }
  TunePoint p{shape, stage, fastest, -1};
  if (o.check) {
    auto wrong = check_once(mesh, Op::all_reduce, o.bytes, false, 0, scratch);
    if (!wrong) return wrong.error();
    p.wrong = *wrong;
  }
  return p;
}

std::optional<TunePoint> find_point(const std::vector<TunePoint>& points, const TuneShape& s) {
  for (const auto& p : points)
    if (p.shape == s && p.stage == 1) return p;
  return std::nullopt;
}

json shape_json(const TunePoint& p) {
  return {{"threads", p.shape.threads},
          {"socks_per_thread", p.shape.socks_per_thread},
          {"sockets", p.shape.sockets()},
          {"buffsize", p.shape.buffsize},
          {"segment_bytes", p.shape.segment_bytes()},
          {"stage", p.stage},
          {"time_us", p.time_us},
          {"wrong", p.wrong}};
}

}  // namespace

std::vector<TuneShape> tune_shapes(int max_sockets) {
  std::vector<TuneShape> out;
  for (int t : {1, 2, 4, 8})
    for (int s : {1, 2, 4, 8})
      if (t * s <= std::min(max_sockets, k_tune_max_sockets)) out.push_back(TuneShape{t, s, k_nccl_default_buffsize});
  return out;
}

std::vector<std::size_t> tune_buffers() { return {1u << 20, 2u << 20, 4u << 20, 8u << 20, 16u << 20}; }

cluster::NetResult<std::vector<TunePoint>> run_tune(Mesh& mesh, const TuneOptions& o) {
  const auto saved_threads = mesh.options().threads;
  const auto saved_sockets = mesh.sockets_per_peer();
  const auto saved_segment = mesh.options().segment_bytes;
  Layout l = layout_for(Op::all_reduce, o.bytes, mesh.world(), mesh.rank());
  std::vector<float> in(l.send), out(l.recv);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = test_value(mesh.rank(), i);
  Scratch scratch;
  std::vector<TunePoint> points;
  auto shapes = tune_shapes(mesh.sockets_opened());
  for (const auto& s : shapes) {
    auto p = measure(mesh, o, s, 1, in, out, scratch);
    if (!p) return p.error();
    points.push_back(*p);
  }
  // Every rank must continue with the same shape: sum the times over ranks (all_reduce gives
  // every rank the same bits) and take the fastest.
  std::vector<float> mine(points.size()), sums(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) mine[i] = static_cast<float>(points[i].time_us);
  if (auto st = all_reduce(mesh, mine.data(), sums.data(), mine.size(), scratch); !st) return st.error();
  std::size_t best = static_cast<std::size_t>(std::min_element(sums.begin(), sums.end()) - sums.begin());
  for (std::size_t b : tune_buffers()) {
    TuneShape s = shapes[best];
    s.buffsize = b;
    auto p = measure(mesh, o, s, 2, in, out, scratch);
    if (!p) return p.error();
    points.push_back(*p);
  }
  mesh.reshape(saved_sockets, saved_threads, saved_segment);
  if (auto st = barrier(mesh); !st) return st.error();
  return points;
}

std::vector<TunePoint> combine_tune(const std::vector<std::vector<TunePoint>>& per_rank) {
  if (per_rank.empty()) return {};
  std::size_t n = per_rank.front().size();
  for (const auto& r : per_rank) n = std::min(n, r.size());
  std::vector<TunePoint> out;
  for (std::size_t i = 0; i < n; ++i) {
    TunePoint p = per_rank.front()[i];
    double sum = 0;
    long long wrong = -1;
    bool same = true;
    for (const auto& r : per_rank) {
      same = same && r[i].shape == p.shape && r[i].stage == p.stage;
      sum += r[i].time_us;
      if (r[i].wrong >= 0) wrong = std::max(wrong, 0LL) + r[i].wrong;
    }
    if (!same) break;  // the ranks did not run the same sweep: keep what they agree on
    p.time_us = sum / static_cast<double>(per_rank.size());
    p.wrong = wrong;
    out.push_back(p);
  }
  return out;
}

TuneVerdict judge_tune(const std::vector<TunePoint>& points) {
  TuneVerdict v;
  for (const auto& p : points)
    if (p.time_us > 0 && (!v.best || p.time_us < v.best->time_us)) v.best = p;
  v.nccl_default = find_point(points, TuneShape{1, 1, k_nccl_default_buffsize});
  v.seeds = find_point(points, TuneShape{1, 4, k_nccl_default_buffsize});
  if (v.best && v.nccl_default) v.gain_vs_default = v.nccl_default->time_us / v.best->time_us;
  if (v.best && v.seeds) v.gain_vs_seeds = v.seeds->time_us / v.best->time_us;
  v.change = v.best && v.nccl_default && v.gain_vs_default >= k_tune_min_gain;
  return v;
}

std::map<std::string, std::string> tune_env(const TuneShape& s) {
  return {{"NCCL_SOCKET_NTHREADS", std::to_string(s.threads)},
          {"NCCL_NSOCKS_PERTHREAD", std::to_string(s.socks_per_thread)},
          {"NCCL_BUFFSIZE", std::to_string(s.buffsize)}};
}

core::Finding tune_finding(const TuneVerdict& v, std::size_t bytes, int world) {
  if (!v.best || !v.nccl_default) {
    auto f = core::new_finding("bench.tune.incomplete", core::Label::performance, core::Severity::warning,
                               "the tuning sweep did not measure NCCL's default point; no advice");
    f.fix.text = "rerun bench --tune when every node is up";
    return f;
  }
  std::vector<std::string> ev = {
      fmt::format("all_reduce of {} B over {} ranks; time: each rank's fastest call, averaged over the ranks", bytes,
                  world),
      fmt::format("NCCL's default here (1 socket, buffer 4 MiB): {:.0f} us", v.nccl_default->time_us),
      fmt::format("best: {}: {:.0f} us", shape_text(v.best->shape), v.best->time_us)};
  if (v.seeds)
    ev.push_back(fmt::format("the seeds' fixed values (4 sockets, buffer 4 MiB): {:.0f} us", v.seeds->time_us));
  if (!v.change) {
    auto f = core::new_finding(
        "bench.tune.defaults-fine", core::Label::performance, core::Severity::info,
        fmt::format("NCCL's default socket settings are within {:.0f}% of the best measured here; change nothing",
                    (k_tune_min_gain - 1) * 100));
    f.evidence = std::move(ev);
    f.fix.text = "keep NCCL_SOCKET_NTHREADS, NCCL_NSOCKS_PERTHREAD and NCCL_BUFFSIZE unset";
    return f;
  }
  std::string vs_seeds = v.seeds ? fmt::format(", {:.2f}x the seeds' 4 sockets / 4 MiB", v.gain_vs_seeds) : "";
  auto f = core::new_finding("bench.tune.advice", core::Label::performance, core::Severity::info,
                             fmt::format("{}: all_reduce {:.2f}x as fast as with NCCL's default{}",
                                         shape_text(v.best->shape), v.gain_vs_default, vs_seeds));
  f.evidence = std::move(ev);
  f.fix.env = tune_env(v.best->shape);
  f.fix.text =
      "export these on every node before the job starts (NCCL reads them on the receiving side; "
      "NCCL_NSOCKS_PERTHREAD alone does nothing on hosts that are neither AWS nor GCP)";
  return f;
}

std::string render_tune(const std::vector<TunePoint>& points, const TuneVerdict& v, std::size_t bytes, int world) {
  core::TextTable table(
      {"stage", "threads", "socks/thread", "sockets", "buffsize", "time (us)", "busbw (GB/s)", "vs default", "#wrong"},
      {core::Align::right, core::Align::right, core::Align::right, core::Align::right, core::Align::right,
       core::Align::right, core::Align::right, core::Align::right, core::Align::right});
  const double factor = busbw_factor(Op::all_reduce, world);
  for (const auto& p : points) {
    double busbw = p.time_us > 0 ? static_cast<double>(bytes) / (p.time_us * 1e3) * factor : 0;
    std::string rel =
        v.nccl_default && p.time_us > 0 ? fmt::format("{:.2f}x", v.nccl_default->time_us / p.time_us) : "-";
    table.add_row({std::to_string(p.stage), std::to_string(p.shape.threads), std::to_string(p.shape.socks_per_thread),
                   std::to_string(p.shape.sockets()), mib(p.shape.buffsize), fmt::format("{:.1f}", p.time_us),
                   fmt::format("{:.3f}", busbw), rel, p.wrong < 0 ? "-" : std::to_string(p.wrong)});
  }
  std::string out = fmt::format(
      "# distdoctor bench --tune: all_reduce {} B, {} ranks; stage 1 sockets x threads at 4 MiB, stage 2 buffer "
      "sizes\n",
      bytes, world);
  out += table.render("#  ");
  if (v.best && v.nccl_default) {
    out += fmt::format("# best: {}: {:.2f}x NCCL's default (1 socket, 4 MiB)", shape_text(v.best->shape),
                       v.gain_vs_default);
    if (v.seeds) out += fmt::format(", {:.2f}x the seeds' 4 sockets / 4 MiB", v.gain_vs_seeds);
    out += "\n";
    if (v.change) {
      out += "# advice (every node, before the job starts):\n";
      for (const auto& [k, val] : tune_env(v.best->shape)) out += core::export_line(k, val) + "\n";
    } else {
      out += fmt::format("# advice: keep NCCL's defaults (nothing measured {:.0f}% faster)\n",
                         (k_tune_min_gain - 1) * 100);
    }
  }
  return out;
}

json tune_json(const std::vector<TunePoint>& points, const TuneVerdict& v, const TuneOptions& o, int world) {
  json pts = json::array();
  for (const auto& p : points) pts.push_back(shape_json(p));
  auto opt = [](const std::optional<TunePoint>& p) { return p ? shape_json(*p) : json(nullptr); };
  json advice = json(nullptr);
  if (v.change && v.best) {
    json lines = json::array();
    auto env = tune_env(v.best->shape);
    for (const auto& [k, val] : env) lines.push_back(core::export_line(k, val));
    advice = {{"env", env}, {"lines", lines}};
  }
  return {{"op", "all_reduce"},
          {"bytes", o.bytes},
          {"iters", o.iters},
          {"warmup", o.warmup},
          {"world", world},
          {"points", pts},
          {"default", opt(v.nccl_default)},
          {"seeds", opt(v.seeds)},
          {"best", opt(v.best)},
          {"gain_vs_default", v.gain_vs_default},
          {"gain_vs_seeds", v.gain_vs_seeds},
          {"change", v.change},
          {"min_gain", k_tune_min_gain},
          {"advice", advice}};
}

json to_json(const TunePoint& p) { return shape_json(p); }

std::optional<TunePoint> tune_point_from_json(const json& j) {
  if (!j.is_object()) return std::nullopt;
  auto int_of = [&](const char* k) -> std::optional<long long> {
    auto it = j.find(k);
    if (it == j.end() || !it->is_number_integer()) return std::nullopt;
    return it->get<long long>();
  };
  auto t = int_of("threads"), s = int_of("socks_per_thread"), b = int_of("buffsize"), st = int_of("stage"),
       w = int_of("wrong");
  auto time = j.find("time_us");
  if (!t || !s || !b || !st || !w || time == j.end() || !time->is_number()) return std::nullopt;
  if (*t < 1 || *s < 1 || *t * *s > k_tune_max_sockets || *b < static_cast<long long>(k_nccl_steps) * 4)
    return std::nullopt;
  TunePoint p;
  p.shape = TuneShape{static_cast<int>(*t), static_cast<int>(*s), static_cast<std::size_t>(*b)};
  p.stage = static_cast<int>(*st);
  p.time_us = time->get<double>();
  p.wrong = *w;
  return p;
}

}  // namespace dd::bench
