// A pod that already mounts something at /dev/shm (k8s_shm_mount.cpp): its volume is edited, never a
// second /dev/shm mount added (the API server rejects a container whose volumeMounts repeat a
// mountPath: "must be unique").
#pragma once

#include <yaml-cpp/yaml.h>

#include "lint/rules.hpp"

namespace dd::lint::detail {

// lint.k8s.shm-medium: a container of the pod `spec` mounts an emptyDir at /dev/shm whose `medium:`
// is a value the Kubernetes API does not name ("" or "Memory", case matters), e.g. `memory`: the
// edit writes `medium: Memory` on that line, keeping the volume, its sizeLimit and its mount.
// `offset` is the document's first line in the file. Returns true when some container of the pod
// mounts anything at /dev/shm: lint.k8s.no-shm-volume (which adds a mount) must then stay quiet.
bool shm_mount_rule(FileContext& ctx, const YAML::Node& spec, const YAML::Node& containers, int offset);

}  // namespace dd::lint::detail
