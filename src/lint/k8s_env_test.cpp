// fix-2026-12-06m p25 / c02: a variable set twice in one container's env (the later wins), lo named
// as NCCL_SOCKET_IFNAME (no host interface: lo is in every namespace), and the host-network note on a
// pod whose NCCL_SOCKET_IFNAME names the pod's own eth0.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::first_of;
using test::ids;
using test::lint_as;

// A two-pod PyTorchJob whose Master container sets `env` (YAML list items, 16 blanks deep).
std::string job(const std::string& env) {
  std::string pod =
      "      template:\n"
      "        spec:\n"
      "          containers:\n"
      "            - name: pytorch\n"
      "              image: registry.local/ml/bert:2.0\n"
      "              command: [\"torchrun\", \"--nnodes=2\", \"--nproc_per_node=2\", \"/app/train.py\"]\n"
      "              env:\n" +
      env +
      "              resources:\n"
      "                limits:\n"
      "                  nvidia.com/gpu: 2\n";
  return "apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata:\n  name: bert\nspec:\n  pytorchReplicaSpecs:\n"
         "    Master:\n      replicas: 1\n" +
         pod + "    Worker:\n      replicas: 1\n" + pod;
}

std::string entry(const std::string& name, const std::string& value) {
  return "                - name: " + name + "\n                  value: " + value + "\n";
}

TEST(LintK8sEnv, DuplicateNameNamesTheValueThatWins) {
  auto fs = lint_as("job.yaml", job(entry("NCCL_SOCKET_IFNAME", "eth0") + entry("NCCL_DEBUG", "WARN") +
                                    entry("NCCL_SOCKET_IFNAME", "lo")));
  auto dups = all_of(fs, "lint.k8s.env-duplicate");
  ASSERT_EQ(dups.size(), 2u) << ids(fs);  // each pod's container
  const auto& f = dups.front()->finding;
  EXPECT_EQ(f.severity, core::Severity::warning);
  EXPECT_NE(f.title.find("NCCL_SOCKET_IFNAME is set twice in this container's env: 'eth0' (lines "), std::string::npos)
      << f.title;
  EXPECT_NE(f.title.find("the container gets the later one, NCCL_SOCKET_IFNAME=lo"), std::string::npos) << f.title;
  // the fix applied as printed: delete the later entry's lines (both pods'), lint again
  std::string text =
      job(entry("NCCL_SOCKET_IFNAME", "eth0") + entry("NCCL_DEBUG", "WARN") + entry("NCCL_SOCKET_IFNAME", "lo"));
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    auto nl = text.find('\n', at);
    lines.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  std::set<int> drop;
  for (const auto* d : dups) {
    auto at = d->finding.fix.text.rfind(" or lines ");
    ASSERT_NE(at, std::string::npos) << d->finding.fix.text;
    int first = std::stoi(d->finding.fix.text.substr(at + 10));
    int last = std::stoi(d->finding.fix.text.substr(d->finding.fix.text.find('-', at) + 1));
    ASSERT_EQ(last, first + 1) << d->finding.fix.text;
    EXPECT_NE(lines[static_cast<std::size_t>(first - 1)].find("- name: NCCL_SOCKET_IFNAME"), std::string::npos);
    EXPECT_NE(lines[static_cast<std::size_t>(last - 1)].find("value: lo"), std::string::npos);
    for (int l = first; l <= last; ++l) drop.insert(l);
  }
  std::string fixed;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (!drop.count(static_cast<int>(i + 1))) fixed += lines[i] + "\n";
  auto again = lint_as("job.yaml", fixed);
  EXPECT_EQ(first_of(again, "lint.k8s.env-duplicate"), nullptr) << ids(again);
  EXPECT_EQ(first_of(again, "lint.env.ifname-loopback"), nullptr) << ids(again);
}

TEST(LintK8sEnv, SameNameInTwoContainersOrSameValueIsNoDuplicate) {
  // One step short: each container sets it once (the two pods), or the same value twice.
  auto once = lint_as("job.yaml", job(entry("NCCL_SOCKET_IFNAME", "eth0")));
  EXPECT_EQ(first_of(once, "lint.k8s.env-duplicate"), nullptr) << ids(once);
  auto same = lint_as("job.yaml", job(entry("NCCL_DEBUG", "WARN") + entry("NCCL_DEBUG", "WARN")));
  EXPECT_EQ(first_of(same, "lint.k8s.env-duplicate"), nullptr) << ids(same);
}

TEST(LintK8sEnv, LoopbackIfnameGetsNoHostNetworkWarning) {
  auto fs = lint_as("job.yaml", job(entry("NCCL_SOCKET_IFNAME", "lo")));
  EXPECT_NE(first_of(fs, "lint.env.ifname-loopback"), nullptr) << ids(fs);
  EXPECT_EQ(first_of(fs, "lint.k8s.no-host-network"), nullptr) << ids(fs);
}

TEST(LintK8sEnv, HostNetworkNoteOnAPodSideNameSaysWhatTheNameBecomes) {
  auto fs = lint_as("job.yaml", job(entry("NCCL_SOCKET_IFNAME", "eth0")));
  const auto* f = first_of(fs, "lint.k8s.no-host-network");
  ASSERT_NE(f, nullptr) << ids(fs);
  EXPECT_EQ(f->finding.severity, core::Severity::info);
  EXPECT_NE(f->finding.title.find("with hostNetwork it would name the node's interface of that name"),
            std::string::npos)
      << f->finding.title;
  // a node's interface name: the warning, and no sentence that every pod has only eth0
  auto ens = lint_as("job.yaml", job(entry("NCCL_SOCKET_IFNAME", "ens5")));
  const auto* w = first_of(ens, "lint.k8s.no-host-network");
  ASSERT_NE(w, nullptr) << ids(ens);
  EXPECT_EQ(w->finding.severity, core::Severity::warning);
  EXPECT_EQ(w->finding.title.find("only eth0"), std::string::npos) << w->finding.title;
  EXPECT_NE(w->finding.title.find("names no interface a pod network usually gives a pod"), std::string::npos)
      << w->finding.title;
  // one step short: a list whose eth0 item is the pod's own, or a pod with a Multus networks annotation
  auto list = lint_as("job.yaml", job(entry("NCCL_SOCKET_IFNAME", "ens5,eth0")));
  const auto* l = first_of(list, "lint.k8s.no-host-network");
  ASSERT_NE(l, nullptr) << ids(list);
  EXPECT_EQ(l->finding.severity, core::Severity::info);
  std::string multus = job(entry("NCCL_SOCKET_IFNAME", "net1"));
  multus.replace(multus.find("        spec:\n"), 0,
                 "        metadata:\n          annotations:\n            k8s.v1.cni.cncf.io/networks: sriov-net\n");
  auto m = lint_as("job.yaml", multus);
  EXPECT_EQ(first_of(m, "lint.k8s.no-host-network"), nullptr) << ids(m);
}

}  // namespace
}  // namespace dd::lint
