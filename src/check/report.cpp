#include "check/report.hpp"

#include "check/loopback_level.hpp"
#include "check/probe_findings.hpp"
#include "env/audit.hpp"
#include "env/node_count.hpp"
#include "env/variables.hpp"
#include "nccl/prediction_json.hpp"
#include "netif/inventory.hpp"
#include "netif/inventory_json.hpp"
#include "report/json.hpp"

namespace dd::check {

namespace {

// Model version: the first library's version as read from its file name or header (never from
// loading it), else NCCL 2.28.9.
void choose_model_version(CheckReport& r, const os::FileTree& files) {
  r.model_version = nccl::k_default_version;
  r.model_version_source = "default " + nccl::k_default_version.to_string() + " (no NCCL library found)";
  if (r.libraries.empty()) return;
  if (auto guess = guess_library_version(r.libraries.front(), files)) {
    r.model_version = guess->version;
    r.model_version_source = guess->evidence;
  } else {
    r.model_version_source = "default " + nccl::k_default_version.to_string() + " (version of " +
                             r.libraries.front().path + " unknown without loading it)";
  }
}

std::vector<std::string> local_addresses(const netif::Inventory& inv) {
  std::vector<std::string> out;
  for (const auto& e : inv.entries) out.push_back(e.addr);
  return out;
}

bool ib_present(const os::FileTree& files) { return !files.list("/sys/class/infiniband").empty(); }

void append(std::vector<core::Finding>& to, std::vector<core::Finding> from) {
  for (auto& f : from) to.push_back(std::move(f));
}

}  // namespace

CheckReport build_report(const Context& ctx, ReportScope scope) {
  CheckReport r;
  r.host = ctx.resolver.hostname();

  // 1. What the kernel has.
  r.inventory = netif::read_inventory(ctx.interfaces, ctx.files, ctx.drivers);
  // 2. What NCCL will read (environment + config files) and which library it would load.
  r.config = nccl::load_config(ctx.env, ctx.files, ctx.home_dir);
  r.libraries = nccl::find_libraries(ctx.env, ctx.files);
  choose_model_version(r, ctx.files);
  // 3. NCCL's and Gloo's choice, predicted by the model.
  r.prediction = nccl::predict(r.inventory.entries, r.config, r.model_version, ctx.resolver);
  r.gloo = nccl::predict_gloo(r.inventory.entries, ctx.env, ctx.resolver);
  r.cuda_driver = read_cuda_driver(ctx.files);
  // 4. The real library, asked in a child process.
  if (ctx.probe && !r.libraries.empty()) {
    auto probed = nccl::probe_library(r.libraries.front().path, ctx.runner, ctx.self_exe, ctx.env, ctx.probe_timeout);
    if (probed)
      r.probe = std::move(probed.value());
    else
      r.probe_error = probed.error().message;
  }
  // 5. Judging.
  append(r.findings, judge_all(r, ctx));
  // loopback harms only a job across hosts: the level follows the node count the environment says
  follow_node_count(r.findings, env::node_count(env::AuditInput(ctx.env, ctx.resolver)));
  if (scope == ReportScope::full) {
    env::AuditInput audit_input(ctx.env, ctx.resolver);
    audit_input.config_files = env::config_settings(r.config);
    audit_input.local_addresses = local_addresses(r.inventory);
    audit_input.ib_present = ib_present(ctx.files);
    audit_input.node_rank = ctx.node_rank;
    append(r.findings, env::audit(audit_input));
    append(r.findings, container_checks(r, ctx));
  }
  core::sort_findings(r.findings);
  return r;
}

nlohmann::json to_json(const CheckReport& r, ReportScope scope) {
  nlohmann::json library = nullptr;
  if (r.probe) {
    library = nccl::to_json(*r.probe);
  } else if (!r.libraries.empty()) {
    library = {{"path", r.libraries.front().path}, {"version", nullptr}, {"observed", nullptr}, {"probed", false}};
    if (!r.probe_error.empty()) library["probe_error"] = r.probe_error;
  }
  nlohmann::json found = nlohmann::json::array();
  for (const auto& l : r.libraries) {
    found.push_back(
        {{"path", l.path}, {"real_path", l.real_path}, {"source", nccl::to_string(l.source)}, {"origin", l.origin}});
  }
  nlohmann::json files = nlohmann::json::array();
  for (const auto& f : r.config.files) files.push_back({{"path", f.path}, {"read", f.read}, {"why", f.why}});
  nlohmann::json settings = nlohmann::json::object();
  for (const auto& [name, v] : r.config.values) settings[name] = {{"value", v.value}, {"source", v.source.describe()}};

  nlohmann::json out = {
      {"command", scope == ReportScope::full ? "check" : "nics"},
      {"host", r.host},
      {"interfaces", netif::to_json(r.inventory)},
      {"nccl",
       {{"prediction", nccl::to_json(r.prediction)},
        {"model_version", r.model_version.to_string()},
        {"model_version_source", r.model_version_source},
        {"library", library},
        {"libraries_found", found},
        {"config", {{"files", files}, {"settings", settings}}}}},
      {"gloo", {{"prediction", nccl::to_json(r.gloo)}}},
      {"cuda_driver", r.cuda_driver
                          ? nlohmann::json{{"version", r.cuda_driver->version}, {"source", r.cuda_driver->source}}
                          : nlohmann::json(nullptr)},
      {"findings", report::to_json(r.findings)},
  };
  if (scope == ReportScope::full) out["container"] = r.container;
  return out;
}

}  // namespace dd::check
