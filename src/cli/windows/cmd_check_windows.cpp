// `distdoctor check` in the Windows build: the network adapters (GetAdaptersAddresses through
// os::WindowsInterfaceSource, the same netif inventory and table as Linux) and the environment
// audit as platform windows, whose env.windows.no-nccl finding carries the Windows fixes
// (MirroredStrategy with HierarchicalCopyAllReduce, torch.distributed with backend="gloo").
// Nothing Linux-only runs: no sysfs, no NCCL model or probe (NCCL does not exist on Windows).
// --json: {"command": "check", "platform": "windows", "host", "interfaces", "findings"}.
#include <iostream>
#include <memory>

#include "cli/command.hpp"
#include "cli/real_context.hpp"
#include "core/exit_code.hpp"
#include "core/json_limits.hpp"
#include "env/audit.hpp"
#include "env/variables.hpp"
#include "nccl/config.hpp"
#include "netif/inventory.hpp"
#include "netif/inventory_json.hpp"
#include "netif/render.hpp"
#include "os/host_seams.hpp"
#include "report/findings_text.hpp"
#include "report/json.hpp"
#include "report/style.hpp"

namespace dd::cli {

namespace {

// Windows has no /sys, /proc or /etc for the Linux readers: every lookup finds nothing (under
// wine "/" would otherwise reach the Linux host's files).
class NoFileTree final : public os::FileTree {
 public:
  std::optional<std::string> read(const std::string&) const override { return std::nullopt; }
  std::vector<std::string> list(const std::string&) const override { return {}; }
  std::optional<std::string> read_link(const std::string&) const override { return std::nullopt; }
  bool exists(const std::string&) const override { return false; }
};

int run_check_windows(const GlobalOptions& global) {
  NoFileTree files;
  os::HostInterfaceSource interfaces;
  os::HostResolver resolver;
  auto inventory = netif::read_inventory(interfaces, files);

  env::AuditInput input(os::Environment::capture(), resolver);
  input.config_files = env::config_settings(nccl::load_config(input.env, files, passwd_home()));
  for (const auto& e : inventory.entries) input.local_addresses.push_back(e.addr);
  input.platform = env::Platform::windows;
  auto findings = env::audit(input);
  int code = core::has_error(findings) ? core::k_exit_findings : core::k_exit_ok;

  if (global.json) {
    nlohmann::json out = {{"command", "check"},
                          {"platform", "windows"},
                          {"host", resolver.hostname()},
                          {"interfaces", netif::to_json(inventory)},
                          {"findings", report::to_json(findings)}};
    std::cout << core::dump_json(out, 2) << "\n";
    return code;
  }
  auto style = global.style();
  std::cout << style.paint(report::Color::bold, "Network adapters of " + resolver.hostname() + " (Windows)") << "\n"
            << netif::render_table(inventory, style) << "\n"
            << report::render_findings(findings, style) << report::render_summary(findings, style);
  return code;
}

}  // namespace

void setup_check(CLI::App& sub, const GlobalOptions& global, int& exit_code) {
  sub.callback([&global, &exit_code] { exit_code = run_check_windows(global); });
}

}  // namespace dd::cli
