// The DNS name of a StatefulSet's pod 0 through its headless Service, read from the file's text
// (no YAML parser: lint's non-Kubernetes files build for Windows without one).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dd::lint {

// Where the file holds a StatefulSet (metadata.name N, spec.serviceName S) and a Service named S with
// `clusterIP: None` (headless: Kubernetes then gives each pod the name N-ORDINAL.S in the namespace's
// DNS), pod 0's name "N-0.S" (fix-2026-12-07r p05: MASTER_ADDR=0.0.0.0 was told RANK0_HOST while the
// file named everything needed); both in one namespace (metadata.namespace equal or both unset).
// `ordinal_is_rank`: the file sets the node rank to the pod's host name's ordinal alone
// (`--node_rank=${HOSTNAME##*-}`, `NODE_RANK=${HOSTNAME##*-}`), so pod 0 is node rank 0.
struct StatefulSetRank0 {
  std::string host;  // "ddp-0.ddp"
  bool ordinal_is_rank = false;
  std::string said;  // "StatefulSet ddp (serviceName: ddp), Service ddp with clusterIP: None"
};
std::optional<StatefulSetRank0> statefulset_rank0(std::string_view text);

}  // namespace dd::lint
