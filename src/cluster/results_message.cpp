#include "cluster/results_message.hpp"

#include "cluster/analysis/probe_plan.hpp"
#include "transport/probe_json.hpp"

namespace dd::cluster {

namespace {

std::uint32_t bulk_of(const ProbeTarget& t, std::uint32_t full_bulk) { return t.bulk_bytes ? t.bulk_bytes : full_bulk; }

// The integers of array `key` of `body`; empty when it is missing or holds anything else.
std::vector<std::int64_t> integers(const nlohmann::json& body, const char* key) {
  std::vector<std::int64_t> out;
  for (const auto& v : body.value(key, nlohmann::json::array())) {
    if (!v.is_number_integer()) return {};
    out.push_back(v.get<std::int64_t>());
  }
  return out;
}

}  // namespace

bool summarisable(const ProbeResult& p, std::uint32_t full_bulk) {
  return p.target.what == "candidate" && p.target.protocol && p.target.bulk_bytes != 0 &&
         p.target.bulk_bytes < full_bulk && p.ok && p.bulk_ok && !p.retried && !noteworthy(p) && p.rtt_us >= 0 &&
         p.rtt_us <= k_slow_rtt_us && p.reached < 0;
}

nlohmann::json results_body(int rank, const std::vector<ProbeResult>& results, const std::string& detail,
                            std::uint32_t full_bulk) {
  const bool all = detail != k_detail_failures;
  nlohmann::json listed = nlohmann::json::array();
  std::vector<std::size_t> passed;
  std::vector<std::int64_t> rtt;
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!all && summarisable(results[i], full_bulk)) {
      passed.push_back(i);
      rtt.push_back(results[i].rtt_us);
    } else {
      listed.push_back(to_json(results[i]));
    }
  }
  nlohmann::json body = nlohmann::json::object();
  body["rank"] = rank;
  body["results"] = std::move(listed);
  if (!all) {
    body["passed"] = passed;
    body["passed_rtt_us"] = rtt;
  }
  return body;
}

std::vector<ProbeResult> results_from_body(int rank, const nlohmann::json& body, const std::vector<ProbeTarget>& plan,
                                           std::uint32_t full_bulk) {
  std::vector<ProbeResult> out;
  for (const auto& r : body.value("results", nlohmann::json::array())) {
    ProbeResult p = result_from_json(r);
    p.from = rank;
    out.push_back(std::move(p));
  }
  const auto idx = integers(body, "passed");
  const auto rtt = integers(body, "passed_rtt_us");
  if (idx.size() != rtt.size()) return out;
  std::vector<bool> seen(plan.size(), false);
  for (std::size_t k = 0; k < idx.size(); ++k) {
    if (idx[k] < 0 || static_cast<std::uint64_t>(idx[k]) >= plan.size() || seen[static_cast<std::size_t>(idx[k])])
      continue;
    const auto at = static_cast<std::size_t>(idx[k]);
    seen[at] = true;
    ProbeResult p;
    p.from = rank;
    p.target = plan[at];
    p.ok = p.bulk_ok = true;
    p.rtt_us = p.echo_us = rtt[k];
    p.bulk_bytes = bulk_of(p.target, full_bulk);
    p.bytes_acked = p.bulk_bytes;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace dd::cluster
