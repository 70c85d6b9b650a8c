// libFuzzer target: arbitrary NCCL_SOCKET_IFNAME / NCCL_SOCKET_FAMILY / NCCL_COMM_ID values and
// nccl.conf text through load_config, predict and judge_prediction; checks the model's invariants
// (at most 16 tokens and devices, a bootstrap exactly when rc is 0, every fix re-verified).
// Build (one line): clang++ -std=c++20 -g -fsanitize=fuzzer,address,undefined -I src
//   src/nccl/predict_fuzz.cpp, the non-test sources of src/nccl (ifname_filter config comm_id ip_address
//   predict gloo_predict prediction_json version judge judge_ifname judge_choice judge_gloo),
//   src/core/{strings,finding}.cpp, src/os/{environment,file_tree}.cpp, tests/support/os/fake/*.cpp,
//   src/netif/{interface,scope}.cpp
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "nccl/judge.hpp"
#include "nccl/judge_test_util.hpp"
#include "nccl/prediction_json.hpp"
#include "os/fake/fake_resolver.hpp"
#include "os/fake/memory_file_tree.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dd;
  std::string input(reinterpret_cast<const char*>(data), size);
  // Fields separated by '\x01': ifname, family, comm id, /etc/nccl.conf text.
  std::string fields[4];
  std::size_t k = 0;
  for (char c : input) {
    if (c == '\x01' && k < 3) {
      ++k;
    } else {
      fields[k] += c;
    }
  }
  static const auto inventory = nccl::testing::make_inventory(
      "1:lo running [127.0.0.1/8 ::1/128]; 2:docker0 no-carrier [172.17.0.1/16]; 3:eth0 running [198.18.0.2/24 "
      "198.18.0.9/24(label eth0:1) fd00:18::2/64 fe80::18:2/64]; 4:ib0 running [fe80::18:4/64]");
  os::Environment env;
  if (!fields[0].empty()) env.set("NCCL_SOCKET_IFNAME", fields[0]);
  if (!fields[1].empty()) env.set("NCCL_SOCKET_FAMILY", fields[1]);
  if (k >= 2) env.set("NCCL_COMM_ID", fields[2]);
  os::fake::MemoryFileTree tree;
  tree.file("/etc/nccl.conf", fields[3]);
  os::fake::FakeResolver resolver("node0");
  resolver.add("node0", "198.18.0.2").bindable("198.18.0.2");
  auto config = nccl::load_config(env, tree, "/root");
  auto p = nccl::predict(inventory.entries, config, nccl::k_default_version, resolver);
  if (p.ifname.tokens.size() > nccl::k_max_ifs || p.socket.size() > nccl::k_max_ifs) std::abort();
  if (p.bootstrap.has_value() != (p.rc == 0)) std::abort();
  auto g = nccl::predict_gloo(inventory.entries, env, resolver);
  auto findings = nccl::judge_prediction(inventory, p, g, config, nccl::k_default_version);
  for (const auto& f : findings) {
    auto it = f.fix.env.find("NCCL_SOCKET_IFNAME");
    if (it == f.fix.env.end()) continue;
    auto trial = config;
    trial.set_env("NCCL_SOCKET_IFNAME", it->second);
    auto q = nccl::predict_with_comm_id(inventory.entries, trial, nccl::k_default_version, p.comm_id);
    // The user's own names kept without their "# comment", or trimmed of blanks and separated by
    // commas, may belong to the job's nodes, not to this host: they may select nothing here, never
    // loopback. Every other fix selects an interface.
    bool kept = f.fix.text.find("(the value without its comment)") != std::string::npos ||
                f.fix.text.find("(the value with its names trimmed and separated by commas)") != std::string::npos;
    if (q.socket.empty() ? !kept : q.socket.front().iface == "lo") std::abort();
  }
  (void)nccl::to_json(p);
  return 0;
}
