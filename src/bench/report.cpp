#include "bench/report.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace dd::bench {

namespace {

bool has_redop(Op op) { return op == Op::all_reduce || op == Op::reduce_scatter; }

std::string wrong_text(long long w) { return w < 0 ? "N/A" : std::to_string(w); }

std::string placement_cells(const Placement& p) {
  return fmt::format(" {:>10.1f} {:>7.3f} {:>7.3f} {:>6}", p.time_us, p.algbw_gbps, p.busbw_gbps, wrong_text(p.wrong));
}

std::optional<Op> op_named(const std::string& name) {
  for (Op op : {Op::all_reduce, Op::all_gather, Op::reduce_scatter, Op::broadcast, Op::alltoall, Op::sendrecv})
    if (to_string(op) == name) return op;
  return std::nullopt;
}

}  // namespace

std::vector<Row> combine(const std::vector<std::vector<Sample>>& per_rank, int world, int root) {
  std::vector<Row> rows;
  if (per_rank.empty()) return rows;
  std::size_t common = per_rank.front().size();
  for (const auto& r : per_rank) common = std::min(common, r.size());
  for (std::size_t i = 0; i < common; ++i) {
    const Sample& s0 = per_rank.front()[i];
    double t = 0;
    long long wrong = 0;
    for (const auto& r : per_rank) {
      t += r[i].time_us;
      if (r[i].wrong < 0 || wrong < 0)
        wrong = -1;
      else
        wrong += r[i].wrong;
    }
    t /= static_cast<double>(per_rank.size());
    Placement p;
    p.time_us = t;
    p.algbw_gbps = t > 0 ? static_cast<double>(s0.bytes) / 1e3 / t : 0;  // bytes/us / 1e3 = GB/s
    p.busbw_gbps = p.algbw_gbps * busbw_factor(s0.op, world);
    p.wrong = wrong;
    if (!s0.in_place || rows.empty() || rows.back().op != s0.op || rows.back().bytes != s0.bytes) {
      rows.push_back(Row{s0.op, s0.bytes, s0.count, s0.op == Op::broadcast ? root : -1, {}, {}});
      rows.back().in_place.time_us = -1;  // not measured (yet)
    }
    (s0.in_place ? rows.back().in_place : rows.back().out_of_place) = p;
  }
  return rows;
}

double average_busbw(const std::vector<Row>& rows) {
  double sum = 0;
  int n = 0;
  for (const auto& r : rows) {
    sum += r.out_of_place.busbw_gbps;
    ++n;
    if (r.in_place.time_us >= 0) {
      sum += r.in_place.busbw_gbps;
      ++n;
    }
  }
  return n ? sum / n : 0;
}

long long total_wrong(const std::vector<Row>& rows) {
  long long w = -1;
  for (const auto& r : rows)
    for (const auto* p : {&r.out_of_place, &r.in_place})
      if (p->wrong >= 0) w = std::max(w, 0LL) + p->wrong;
  return w;
}

std::string render_table(const std::vector<Row>& rows) {
  std::string out;
  std::optional<Op> current;
  for (const auto& r : rows) {
    if (!current || *current != r.op) {
      current = r.op;
      out += fmt::format("#\n# {}\n", to_string(r.op));
      out += fmt::format("# {:>12} {:>12} {:>6} {:>6} {:>5} {:^33} {:^33}\n", "", "", "", "", "", "out-of-place",
                         "in-place");
      out += fmt::format("# {:>12} {:>12} {:>6} {:>6} {:>5} {:>10} {:>7} {:>7} {:>6} {:>10} {:>7} {:>7} {:>6}\n",
                         "size", "count", "type", "redop", "root", "time", "algbw", "busbw", "#wrong", "time", "algbw",
                         "busbw", "#wrong");
      out += fmt::format("# {:>12} {:>12} {:>6} {:>6} {:>5} {:>10} {:>7} {:>7} {:>6} {:>10} {:>7} {:>7} {:>6}\n", "(B)",
                         "(elements)", "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)", "(GB/s)", "");
    }
    out += fmt::format("  {:>12} {:>12} {:>6} {:>6} {:>5}", r.bytes, r.count, "float", has_redop(r.op) ? "sum" : "none",
                       r.root);
    out += placement_cells(r.out_of_place);
    out += r.in_place.time_us >= 0 ? placement_cells(r.in_place) : std::string();
    out += "\n";
  }
  long long wrong = total_wrong(rows);
  out += fmt::format("# Out of bounds values : {} {}\n", wrong < 0 ? 0 : wrong, wrong > 0 ? "FAILED" : "OK");
  out += fmt::format("# Avg bus bandwidth    : {:.4f}\n#\n", average_busbw(rows));
  return out;
}

nlohmann::json results_json(const std::vector<Row>& rows) {
  auto one = [](const Row& r, const Placement& p, bool in_place) {
    return nlohmann::json{{"op", std::string(to_string(r.op))},
                          {"bytes", r.bytes},
                          {"count", r.count},
                          {"in_place", in_place},
                          {"root", r.root},
                          {"time_us", p.time_us},
                          {"algbw_gbps", p.algbw_gbps},
                          {"busbw_gbps", p.busbw_gbps},
                          {"wrong", p.wrong}};
  };
  auto out = nlohmann::json::array();
  for (const auto& r : rows) {
    out.push_back(one(r, r.out_of_place, false));
    if (r.in_place.time_us >= 0) out.push_back(one(r, r.in_place, true));
  }
  return out;
}

nlohmann::json to_json(const Sample& s) {
  return {{"op", std::string(to_string(s.op))},
          {"bytes", s.bytes},
          {"count", s.count},
          {"in_place", s.in_place},
          {"time_us", s.time_us},
          {"wrong", s.wrong}};
}

std::optional<Sample> sample_from_json(const nlohmann::json& j) {
  if (!j.is_object()) return std::nullopt;
  auto op = j.find("op"), bytes = j.find("bytes"), count = j.find("count"), in_place = j.find("in_place"),
       time = j.find("time_us"), wrong = j.find("wrong");
  if (op == j.end() || !op->is_string() || bytes == j.end() || !bytes->is_number_unsigned() || count == j.end() ||
      !count->is_number_unsigned() || in_place == j.end() || !in_place->is_boolean() || time == j.end() ||
      !time->is_number() || wrong == j.end() || !wrong->is_number_integer())
    return std::nullopt;
  auto o = op_named(op->get<std::string>());
  if (!o) return std::nullopt;
  return Sample{*o,
                bytes->get<std::size_t>(),
                count->get<std::size_t>(),
                in_place->get<bool>(),
                time->get<double>(),
                wrong->get<long long>()};
}

}  // namespace dd::bench
