// Python rules kept outside python_rules.cpp's PythonRules class: each reads the facts one walk
// collected (python_facts.hpp) and the tree, and writes its findings into the file's context.
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lint/python_facts.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

// lint.python.environ-not-str: os.environ[...] = 29500 (an int, float, bool or None literal), also
// through setdefault / update / putenv (environ_types.cpp).
void environ_value_types(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

// lint.torch.master-port-per-process: os.environ["MASTER_PORT"] set from a random or free-port pick
// in a script whose every process runs it (environ_types.cpp).
void master_port_per_process(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

// lint.tf.strategy-after-ops: a tf.data dataset, a built Keras model or a tensor made before
// MultiWorkerMirroredStrategy() in the same scope (strategy_order.cpp).
void strategy_after_ops(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

// lint.slurm.local-id-as-rank / lint.torch.local-rank-as-rank: init_process_group(rank=...) from
// SLURM_LOCALID, or from LOCAL_RANK in a multi-node script (local_id_rank.cpp).
void local_id_as_rank(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

// lint.torch.timeout-not-timedelta: init_process_group / new_group with timeout= an int or float literal;
// lint.torch.timeout-days: timeout=timedelta(N), one positional N >= 60, N days (timeout_type_rule.cpp).
void timeout_not_timedelta(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

// lint.horovod.root-rank-varies (root_rank_rule.cpp): a Horovod broadcast whose root_rank differs
// from rank to rank (hvd.local_rank(), hvd.rank()); the edit writes root_rank=0.
void root_rank_varies(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

// The edit for lint.torch.collective-under-rank-branch: the rank branch around `calls` (collectives
// under the same guard) split after the last of them, so that the statements up to it run on every
// rank and the rest under the condition; nullopt when the branch is not of the plain shape or a
// statement before the collective is not `movable` to every rank (rank_branch_split.cpp).
std::optional<LineEdit> split_rank_branch(const FileContext& ctx, const PythonTree& tree,
                                          const std::vector<const PyCall*>& calls,
                                          const std::function<bool(TSNode)>& movable);

// The same for `calls` after `if <rank>: return` (the rest of a block guarded by an early return):
// the work between the return and the call under the negated condition, the call on every rank
// after it; nullopt when not of that shape (rank_branch_split.cpp).
std::optional<LineEdit> split_early_return(const FileContext& ctx, const PythonTree& tree,
                                           const std::vector<const PyCall*>& calls);

// lint.torch.collective-under-rank-branch's "rank 0 first" edit: `if rank != 0: dist.barrier()` (the
// branch holds the barrier alone) followed by a statement with no collective (`has_collective`
// false): rank 0's release, `if rank == 0: dist.barrier()`, added after that statement
// (rank_zero_first.cpp; fix-2026-12-06l p04).
struct RankZeroRelease {
  LineEdit edit;
  int work_line = 0;      // the statement rank 0 runs first
  std::string condition;  // "rank == 0"
  std::string call;       // "dist.barrier()"
};
std::optional<RankZeroRelease> rank_zero_release(const FileContext& ctx, const PythonTree& tree, const PyCall& c,
                                                 const std::function<bool(TSNode)>& has_collective);

// The collective `call` runs on a group whose members are exactly the ranks its rank branch admits:
// `g = dist.new_group(ranks=[0])` on every rank, then `if rank == 0: dist.all_reduce(t, group=g)`.
// Every member calls it, and torch skips a collective on a group the rank is not in, so the other
// ranks need not. True only for the literal shapes (`NAME == K`, `K == NAME`, `NAME in (K, ...)` as
// the `if` itself, a literal list of members, new_group outside any rank branch);
// stranger15's fix-2026-12-06l c02 (group_members.cpp).
bool only_group_members_call(const PythonTree& tree, const PythonFacts& facts, const PyCall& call);

// The identifiers in `n` (all of its identifier nodes, attribute names included), added to `out`.
void identifiers(const PythonTree& tree, TSNode n, std::set<std::string>& out, int depth = 0);

// The first line of the block around `call` (a block that starts below `guard_line`) that binds,
// directly or through a later such line, a name the call's arguments read (`a, b = f()` included);
// 0 when none.
int first_input_line(const PythonTree& tree, TSNode call, int guard_line);

}  // namespace dd::lint::detail
