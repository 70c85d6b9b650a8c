#include "bench/nccl_backend.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "bench/options.hpp"
#include "bench/report.hpp"
#include "nccl/library_locator.hpp"

namespace dd::bench {

namespace {

using nlohmann::json;

core::Error bad(std::string m) { return core::Error{core::ErrorKind::unreadable, std::move(m)}; }

}  // namespace

NcclLibs default_nccl_libs(const os::Environment& env, const os::FileTree& tree) {
  NcclLibs libs;
  libs.cudart = "libcudart.so";
  auto found = nccl::find_libraries(env, tree);
  if (found.empty()) return libs;
  libs.nccl = found.front().path;
  auto dir = std::filesystem::path(libs.nccl).parent_path();
  for (const char* name : {"libcudart.so.13", "libcudart.so.12", "libcudart.so.11.0", "libcudart.so"})
    if (tree.exists((dir / name).string())) {
      libs.cudart = (dir / name).string();
      break;
    }
  return libs;
}

json request_json(const NcclChildRequest& r) {
  json ops = json::array();
  for (Op op : r.job.run.ops) ops.push_back(std::string(to_string(op)));
  const auto& o = r.job.run;
  return {{"mode", r.mode},       {"nccl", r.libs.nccl}, {"cudart", r.libs.cudart},  {"rank", r.job.rank},
          {"world", r.job.world}, {"ops", ops},          {"min_bytes", o.min_bytes}, {"max_bytes", o.max_bytes},
          {"factor", o.factor},   {"iters", o.iters},    {"warmup", o.warmup},       {"check", o.check},
          {"root", o.root}};
}

core::Result<NcclChildRequest> request_from_json(const json& j) {
  try {
    NcclChildRequest r;
    r.mode = j.at("mode").get<std::string>();
    if (r.mode != "check" && r.mode != "run") return bad("mode must be check or run");
    r.libs.nccl = j.at("nccl").get<std::string>();
    r.libs.cudart = j.at("cudart").get<std::string>();
    r.job.rank = j.at("rank").get<int>();
    r.job.world = j.at("world").get<int>();
    auto ops = parse_ops(fmt::format("{}", fmt::join(j.at("ops").get<std::vector<std::string>>(), ",")));
    if (!ops) return ops.error();
    r.job.run = RunOptions{*ops,
                           j.at("min_bytes").get<std::size_t>(),
                           j.at("max_bytes").get<std::size_t>(),
                           j.at("factor").get<std::size_t>(),
                           j.at("iters").get<int>(),
                           j.at("warmup").get<int>(),
                           j.at("check").get<bool>(),
                           j.at("root").get<int>()};
    if (r.job.world < 1 || r.job.rank < 0 || r.job.rank >= r.job.world) return bad("rank outside the world");
    if (auto ok = validate(r.job.run, r.job.world); !ok) return ok.error();
    return r;
  } catch (const json::exception& e) {
    return bad(std::string("malformed request: ") + e.what());
  }
}

json answer_json(const NcclChildAnswer& a) {
  json samples = json::array();
  for (const auto& s : a.samples) samples.push_back(to_json(s));
  return {{"ok", a.check.ok},
          {"version", a.check.version},
          {"version_code", a.check.version_code},
          {"devices", a.check.devices},
          {"ran", a.ran},
          {"error", a.error},
          {"results", samples}};
}

NcclChildAnswer serve_nccl_request(const NcclChildRequest& request, const core::Result<NcclApi>& api) {
  NcclChildAnswer a;
  if (!api) {
    a.error = api.error().message;
    return a;
  }
  a.check = check_nccl(*api);
  if (!a.check.ok) {
    a.error = a.check.error;
    return a;
  }
  if (request.mode != "run") return a;
  auto samples = run_nccl_sweep(*api, request.job);
  if (!samples) {
    a.error = samples.error().message;
    return a;
  }
  a.ran = true;
  a.samples = std::move(samples.value());
  return a;
}

core::Result<NcclChildAnswer> run_nccl_child(const os::ProcessRunner& runner, const std::string& self_exe,
                                             const NcclChildRequest& request, const os::Environment& env,
                                             std::chrono::milliseconds deadline) {
  os::ProcessSpec spec;
  spec.argv = {self_exe, std::string(k_nccl_child_command), request_json(request).dump()};
  spec.env = env.all();
  spec.timeout = deadline;
  auto outcome = runner.run(spec);
  if (!outcome) return outcome.error();
  NcclChildAnswer a;
  auto tail = [&] {
    auto e = outcome->err;
    if (e.size() > 600) e = "..." + e.substr(e.size() - 600);
    return e.empty() ? std::string() : "; its stderr: " + e;
  };
  if (outcome->timed_out) {
    a.error =
        fmt::format("the NCCL child did not finish within {} s and was killed{}", deadline.count() / 1000, tail());
    return a;
  }
  if (outcome->signal) {
    a.error = fmt::format("the NCCL child died of signal {}{}", outcome->signal, tail());
    return a;
  }
  auto last = outcome->out;
  while (!last.empty() && last.back() == '\n') last.pop_back();
  if (auto nl = last.rfind('\n'); nl != std::string::npos) last = last.substr(nl + 1);
  auto j = json::parse(last, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    a.error = fmt::format("the NCCL child exited {} without an answer{}", outcome->exit_code, tail());
    return a;
  }
  a.check.ok = j.value("ok", false);
  a.check.version = j.value("version", "");
  a.check.version_code = j.value("version_code", 0);
  a.check.devices = j.value("devices", 0);
  a.ran = j.value("ran", false);
  a.error = j.value("error", "");
  for (const auto& s : j.value("results", json::array())) {
    auto smp = sample_from_json(s);
    if (!smp) {
      a.ran = false;
      a.error = "the NCCL child sent malformed results";
      break;
    }
    a.samples.push_back(*smp);
  }
  return a;
}

}  // namespace dd::bench
