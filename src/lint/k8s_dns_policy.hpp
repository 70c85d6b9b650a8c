// A host-network pod that names a cluster service (k8s_dns_policy.cpp).
#pragma once

#include <yaml-cpp/yaml.h>

#include "lint/rules.hpp"

namespace dd::lint::detail {

// lint.k8s.host-network-dns-policy: the pod `spec` has hostNetwork: true and no dnsPolicy (or
// ClusterFirst), and its containers name a cluster service host (NAME.NAMESPACE.svc[.cluster.local]).
// `offset` is the document's first line in the file.
void host_network_dns_rule(FileContext& ctx, const YAML::Node& spec, const YAML::Node& containers, int offset);

}  // namespace dd::lint::detail
