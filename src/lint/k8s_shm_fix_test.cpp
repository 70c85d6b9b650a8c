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

// fix-2026-12-07p p12: the pod holds a memory-backed emptyDir `dshm` that no container mounts.
// The fix mounts that volume, never a second volume of the same name (the API server rejects a
// repeated name); pasted, the names stay unique and lint is quiet.
TEST(LintK8sShmFix, AnUnmountedMemoryVolumeIsMountedNotAddedAgain) {
  const std::string id = "lint.k8s.no-shm-volume";
  const std::string volumes =
      k_volumes + "            - name: dshm\n              emptyDir:\n                medium: Memory\n";
  auto fs = lint_as("job.yaml", k_head + k_mounts + volumes);
  auto found = all_of(fs, id);
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  EXPECT_NE(found[0]->finding.title.find("the pod's memory volume dshm is mounted nowhere there"), std::string::npos)
      << found[0]->finding.title;
  const std::string& fix = found[0]->finding.fix.text;
  auto items = fix_lines(fix, "- ");
  ASSERT_EQ(items.size(), 1u) << fix;
  EXPECT_EQ(items[0], "- {name: dshm, mountPath: /dev/shm}");
  std::string pasted = k_head + k_mounts + "                " + items[0] + "\n" + volumes;
  YAML::Node spec = YAML::Load(pasted)["spec"]["pytorchReplicaSpecs"]["Master"]["template"]["spec"];
  ASSERT_EQ(spec["volumes"].size(), 2u) << pasted;
  EXPECT_EQ(spec["containers"][0]["volumeMounts"][1]["name"].as<std::string>(), "dshm");
  auto again = lint_as("job.yaml", pasted);
  EXPECT_TRUE(all_of(again, id).empty()) << pasted << "\n" << ids(again);
}

// One step short: a volume named dshm that is not memory-backed: a new memory volume is added under
// a name the pod does not use.
TEST(LintK8sShmFix, ANewVolumeNeverTakesANameThePodUses) {
  const std::string volumes =
      k_volumes + "            - name: dshm\n              hostPath:\n                path: /scratch\n";
  auto fs = lint_as("job.yaml", k_head + k_mounts + volumes);
  auto found = all_of(fs, "lint.k8s.no-shm-volume");
  ASSERT_EQ(found.size(), 1u) << ids(fs);
  const std::string& fix = found[0]->finding.fix.text;
  auto items = fix_lines(fix, "- ");
  ASSERT_EQ(items.size(), 2u) << fix;
  EXPECT_EQ(items[0], "- {name: dshm2, emptyDir: {medium: Memory}}");
  EXPECT_EQ(items[1], "- {name: dshm2, mountPath: /dev/shm}");
}

// One step short of reuse (review55): a memory volume capped by sizeLimit, or one another mount
// uses, is not /dev/shm's: a new volume is added.
TEST(LintK8sShmFix, ACappedOrMountedMemoryVolumeIsNotReused) {
  const std::string capped =
      k_volumes + "            - name: cache\n              emptyDir: {medium: Memory, sizeLimit: 64Mi}\n";
  const std::string used =
      "              volumeMounts:\n                - name: imagenet\n                  mountPath: "
      "/data\n                - name: cache\n                  mountPath: /cache\n";
  for (const auto& doc :
       {k_head + k_mounts + capped,
        k_head + used + k_volumes + "            - name: cache\n              emptyDir: {medium: Memory}\n"}) {
    auto fs = lint_as("job.yaml", doc);
    auto found = all_of(fs, "lint.k8s.no-shm-volume");
    ASSERT_EQ(found.size(), 1u) << ids(fs);
    auto items = fix_lines(found[0]->finding.fix.text, "- ");
    ASSERT_EQ(items.size(), 2u) << found[0]->finding.fix.text;
    EXPECT_EQ(items[0], "- {name: dshm, emptyDir: {medium: Memory}}");
  }
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
