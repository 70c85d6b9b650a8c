// The Windows build has no yaml-cpp (Debian ships no mingw build of it), so Kubernetes manifests
// are not linted there: a named .yaml file is an input error (exit 2) that says so, a .yaml found
// in a folder becomes the usual "skipped" warning. k8s_rules.cpp is the Linux implementation.
#include "lint/rules.hpp"

namespace dd::lint::detail {

void lint_yaml(FileContext& ctx) {
  ctx.error() = ctx.path() +
                ": YAML manifests are not linted by the Windows build (no YAML parser there); "
                "lint them with the Linux binary";
}

}  // namespace dd::lint::detail
