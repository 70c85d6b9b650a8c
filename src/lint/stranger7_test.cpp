// The seventh stranger's run (tests/data/stranger/fix-2026-12-05d): a note that was untrue for a
// one-pod job (p11) and a title whose consequence did not follow from its rule (p04). Each case is
// read as the stranger wrote it.
#include <gtest/gtest.h>

#include "lint/lint.hpp"
#include "lint/lint_test_util.hpp"

namespace dd::lint {
namespace {

using test::all_of;
using test::case_text;
using test::fixed_once;
using test::ids;
using test::lint_as;

const std::string k_stranger7_cases = "fix-2026-12-05d";  // tests/data/stranger/fix-2026-12-05d/cases

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// p11: a batch/v1 Job whose one pod runs `torchrun --standalone --nproc_per_node=8`: all eight
// ranks share the pod, no NCCL traffic crosses the pod network, so no hostNetwork note. The same
// pod running one node of a two-node job keeps it; a host NIC name keeps its warning either way.
TEST(LintStranger7, OnePodJobGetsNoHostNetworkNote) {
  const std::string id = "lint.k8s.no-host-network";
  const std::string text = case_text(k_stranger7_cases, "p11_pod_no_shm.yaml");
  auto fs = lint_as("p11_pod_no_shm.yaml", text);
  EXPECT_TRUE(all_of(fs, id).empty()) << ids(fs);
  EXPECT_EQ(all_of(fs, "lint.k8s.no-shm-volume").size(), 1u) << ids(fs);

  auto one_node = lint_as("job.yaml", replaced(text, "--standalone", "--nnodes=1"));
  EXPECT_TRUE(all_of(one_node, id).empty()) << ids(one_node);

  auto two_nodes =
      lint_as("job.yaml", replaced(text, "--standalone", "--nnodes=2 --rdzv-backend=c10d --rdzv-endpoint=head:29500"));
  auto note = all_of(two_nodes, id);
  ASSERT_EQ(note.size(), 1u) << ids(two_nodes);
  EXPECT_EQ(note[0]->finding.severity, core::Severity::info);

  auto host_nic = lint_as("job.yaml", replaced(text, "          resources:\n",
                                               "          env:\n            - name: NCCL_SOCKET_IFNAME\n"
                                               "              value: ens1f0\n          resources:\n"));
  auto warning = all_of(host_nic, id);
  ASSERT_EQ(warning.size(), 1u) << ids(host_nic);
  EXPECT_EQ(warning[0]->finding.severity, core::Severity::warning);
}

// p04: shuffle() after batch(). The title states that rule's cost (batch-level shuffling), not an
// input-bound stall; the edit, applied, leaves no finding of the rule and parses as the same chain
// in order.
TEST(LintStranger7, ShuffleAfterBatchTitleStatesItsOwnHarm) {
  const std::string id = "lint.tf.data-pipeline-incomplete";
  const std::string text = case_text(k_stranger7_cases, "p04_tfdata_shuffle_after_batch.py");
  auto fs = lint_as("p04.py", text);
  auto f = all_of(fs, id);
  ASSERT_EQ(f.size(), 1u) << ids(fs);
  const std::string& title = f[0]->finding.title;
  EXPECT_NE(title.find("shuffle() after batch() shuffles whole batches, not examples"), std::string::npos) << title;
  EXPECT_EQ(title.find("input-bound"), std::string::npos) << title;
  EXPECT_EQ(title.find("hang"), std::string::npos) << title;
  std::string after = fixed_once("p04.py", text, id, core::Severity::warning);
  auto cache = after.find(".cache()"), shuffle = after.find(".shuffle(10000)"),
       batch = after.find(".batch(global_batch)"), prefetch = after.find(".prefetch(tf.data.AUTOTUNE)");
  ASSERT_NE(prefetch, std::string::npos) << after;
  EXPECT_TRUE(cache < shuffle && shuffle < batch && batch < prefetch) << after;

  // cache() after shuffle(): the title names the replayed order; a missing prefetch keeps the stall
  auto replay = lint_as("t.py",
                        "import tensorflow as tf\nstrategy = tf.distribute.MirroredStrategy()\n"
                        "ds = tf.data.Dataset.from_tensor_slices(([1.0], [1])).shuffle(100).cache().batch(8 * "
                        "strategy.num_replicas_in_sync)\nmodel.fit(ds, epochs=2)\n");
  auto r = all_of(replay, id);
  ASSERT_EQ(r.size(), 1u) << ids(replay);
  EXPECT_NE(r[0]->finding.title.find("every later epoch replays it"), std::string::npos) << r[0]->finding.title;
  EXPECT_NE(r[0]->finding.title.find("no prefetch(): "), std::string::npos) << r[0]->finding.title;
  EXPECT_NE(r[0]->finding.title.find("input-bound"), std::string::npos) << r[0]->finding.title;
}

}  // namespace
}  // namespace dd::lint
