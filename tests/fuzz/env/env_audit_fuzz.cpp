// libFuzzer target: the audit over arbitrary variable values. Each input line "NAME=VALUE" is
// one variable; the whole input is also tried as TF_CONFIG, NCCL_ALGO, NCCL_PROTO,
// NCCL_DEBUG_SUBSYS, an NCCL integer, MASTER_PORT and GLOO_SOCKET_IFNAME. Values come from users
// and job templates, so no input may crash or hang the audit.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/strings.hpp"
#include "env/audit.hpp"
#include "os/fake/fake_resolver.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  dd::os::fake::FakeResolver resolver("node0");
  resolver.add("node0", "127.0.1.1");
  std::map<std::string, std::string> vars;
  for (const auto& line : dd::core::split(input, '\n')) {
    auto eq = line.find('=');
    if (eq != std::string::npos && eq > 0) vars[line.substr(0, eq)] = line.substr(eq + 1);
  }
  for (const char* name : {"TF_CONFIG", "NCCL_ALGO", "NCCL_PROTO", "NCCL_DEBUG_SUBSYS", "NCCL_BUFFSIZE", "MASTER_PORT",
                           "GLOO_SOCKET_IFNAME", "NCCL_SOCKET_FAMILY"}) {
    vars.emplace(name, input);
  }
  dd::env::AuditInput in(dd::os::Environment(vars), resolver);
  in.local_addresses = {"198.18.0.1"};
  auto findings = dd::env::audit(in);
  (void)dd::env::export_lines(findings);
  return 0;
}
