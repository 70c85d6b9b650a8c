// Python rules kept outside python_rules.cpp's PythonRules class: each reads the facts one walk
// collected (python_facts.hpp) and the tree, and writes its findings into the file's context.
#pragma once

#include "lint/python_facts.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

// lint.python.environ-not-str: os.environ[...] = 29500 (an int, float, bool or None literal), also
// through setdefault / update / putenv (environ_types.cpp).
void environ_value_types(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

// lint.tf.strategy-after-ops: a tf.data dataset, a built Keras model or a tensor made before
// MultiWorkerMirroredStrategy() in the same scope (strategy_order.cpp).
void strategy_after_ops(FileContext& ctx, const PythonTree& tree, const PythonFacts& facts);

}  // namespace dd::lint::detail
