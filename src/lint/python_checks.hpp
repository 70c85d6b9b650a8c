// Python rules kept outside python_rules.cpp's PythonRules class: each reads the facts one walk
// collected (python_facts.hpp) and the tree, and writes its findings into the file's context.
#pragma once

#include <optional>
#include <vector>

#include "lint/python_facts.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

// lint.python.environ-not-str: os.environ[...] = 29500 (an int, float, bool or None literal), also
// through setdefault / update / putenv (environ_types.cpp).
void environ_value_types(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

// lint.tf.strategy-after-ops: a tf.data dataset, a built Keras model or a tensor made before
// MultiWorkerMirroredStrategy() in the same scope (strategy_order.cpp).
void strategy_after_ops(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

// lint.slurm.local-id-as-rank: init_process_group(rank=...) from SLURM_LOCALID (local_id_rank.cpp).
void local_id_as_rank(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

// The edit for lint.torch.collective-under-rank-branch: the rank branch around `calls` (collectives
// under the same guard) split after the last of them, so that the statements up to it run on every
// rank and the rest under the condition; nullopt when the branch is not of the plain shape
// (rank_branch_split.cpp).
std::optional<LineEdit> split_rank_branch(const FileContext& ctx, const PythonTree& tree,
                                          const std::vector<const PyCall*>& calls);

}  // namespace dd::lint::detail
