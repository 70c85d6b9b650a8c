// Test-only: the judge run on a scenario spec and an environment, with a fake resolver and an
// empty (or given) config tree, and the findings looked up by id. Shared by judge_test.cpp and
// the rule audit's short tests.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "nccl/judge.hpp"
#include "nccl/judge_test_util.hpp"
#include "os/fake/fake_resolver.hpp"
#include "os/fake/memory_file_tree.hpp"

namespace dd::nccl::testing {

struct Judged {
  netif::Inventory inventory;
  NcclConfig config;
  Prediction prediction;
  GlooPrediction gloo;
  std::vector<core::Finding> findings;

  const core::Finding* find(const std::string& id) const {
    for (const auto& f : findings) {
      if (f.id == id) return &f;
    }
    return nullptr;
  }
  std::string ids() const {
    std::string out;
    for (const auto& f : findings) out += f.id + " ";
    return out;
  }
};

// Judges `spec` with environment `env`; the host name "node0" resolves to `host_addr`.
inline Judged judge(const std::string& spec, std::map<std::string, std::string> env,
                    const std::string& host_addr = "198.18.0.2", const std::map<std::string, std::int64_t>& speeds = {},
                    const os::FileTree* tree = nullptr, const Version& version = k_default_version) {
  Judged j;
  j.inventory = make_inventory(spec, speeds);
  os::fake::FakeResolver resolver("node0");
  resolver.add("node0", host_addr).bindable(host_addr).add("localhost", "127.0.0.1");
  os::Environment environment(std::move(env));
  os::fake::MemoryFileTree empty;
  j.config = load_config(environment, tree ? *tree : empty, "/root");
  j.prediction = predict(j.inventory.entries, j.config, version, resolver);
  j.gloo = predict_gloo(j.inventory.entries, environment, resolver);
  j.findings = judge_prediction(j.inventory, j.prediction, j.gloo, j.config, version);
  return j;
}

}  // namespace dd::nccl::testing
