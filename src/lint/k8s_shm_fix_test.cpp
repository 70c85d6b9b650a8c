// lint.k8s.no-shm-volume's fix pasted as a user would (the third stranger's 08): a pod that already
// has `volumes:` / `volumeMounts:` lists gets items to append, never a second key (a duplicate key:
// PyYAML keeps one list, kubectl rejects it); the pasted result parses, keeps the old volume, and
// lint has nothing more to say about /dev/shm.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <sstream>
#include <string>
#include <vector>

#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::ids;
using test::lint_as;

const std::string k_head =
    "apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata:\n  name: resnet152\nspec:\n  pytorchReplicaSpecs:\n"
    "    Master:\n      replicas: 1\n      template:\n        spec:\n          containers:\n"
    "            - name: pytorch\n              image: resnet-train:1.8\n"
    "              command: [\"python\", \"train.py\", \"--workers\", \"12\"]\n"
    "              resources:\n                limits:\n                  nvidia.com/gpu: 1\n";
const std::string k_mounts =
    "              volumeMounts:\n                - name: imagenet\n                  mountPath: /data\n";
const std::string k_volumes =
    "          volumes:\n            - name: imagenet\n              persistentVolumeClaim:\n"
    "                claimName: imagenet-ro\n";

// The fix's lines that start with `prefix` (after the comment lines a user reads and skips).
std::vector<std::string> fix_lines(const std::string& fix, const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(fix);
  for (std::string l; std::getline(in, l);)
    if (l.rfind(prefix, 0) == 0) out.push_back(l);
  return out;
}

TEST(LintK8sShmFix, ExistingListsGetItemsToAppendAndThePastedPodKeepsBothVolumes) {
  const std::string id = "lint.k8s.no-shm-volume";
  auto fs = lint_as("job.yaml", k_head + k_mounts + k_volumes);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const std::string& fix = found[0]->finding.fix.text;
  EXPECT_EQ(fix.find("volumes: ["), std::string::npos) << fix;  // no second key
  EXPECT_NE(fix.find("append to the pod's existing volumes: list"), std::string::npos) << fix;
  auto items = fix_lines(fix, "- ");
  ASSERT_EQ(items.size(), 2u) << fix;
  // pasted at the end of each list, at its items' indentation
  std::string pasted =
      k_head + k_mounts + "                " + items[1] + "\n" + k_volumes + "            " + items[0] + "\n";
  YAML::Node doc = YAML::Load(pasted);
  YAML::Node spec = doc["spec"]["pytorchReplicaSpecs"]["Master"]["template"]["spec"];
  ASSERT_EQ(spec["volumes"].size(), 2u) << pasted;
  EXPECT_EQ(spec["volumes"][0]["name"].as<std::string>(), "imagenet");
  EXPECT_EQ(spec["volumes"][1]["emptyDir"]["medium"].as<std::string>(), "Memory");
  ASSERT_EQ(spec["containers"][0]["volumeMounts"].size(), 2u);
  EXPECT_EQ(spec["containers"][0]["volumeMounts"][1]["mountPath"].as<std::string>(), "/dev/shm");
  auto again = lint_as("job.yaml", pasted);
  EXPECT_TRUE(all_of(again, id).empty()) << pasted << "\n" << ids(again);
}

TEST(LintK8sShmFix, APodWithoutListsGetsBothKeys) {
  auto fs = lint_as("job.yaml", k_head);
  auto found = all_of(fs, "lint.k8s.no-shm-volume");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const std::string& fix = found[0]->finding.fix.text;
  EXPECT_EQ(fix_lines(fix, "volumes: [").size(), 1u) << fix;
  EXPECT_EQ(fix_lines(fix, "volumeMounts: [").size(), 1u) << fix;
}

}  // namespace
}  // namespace dd::lint
