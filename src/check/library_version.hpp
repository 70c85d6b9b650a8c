// The NCCL version of a library file, found WITHOUT loading it: from a versioned file name
// (libnccl.so.2.28.9, through symlinks) or the nccl.h installed beside it (../include/nccl.h,
// as CUDA, the pip wheel and conda ship it). Used to pick the version-dependent rules of the
// model, so that the prediction never depends on the probe's answer (DESIGN.md).
#pragma once

#include <optional>
#include <string>

#include "nccl/library_locator.hpp"
#include "nccl/version.hpp"
#include "os/file_tree.hpp"

namespace dd::check {

struct VersionGuess {
  nccl::Version version;
  std::string evidence;  // "file name libnccl.so.2.28.9" or "/usr/local/cuda/include/nccl.h"
};

std::optional<VersionGuess> guess_library_version(const nccl::LibraryCandidate& lib, const os::FileTree& tree);

// NCCL_VERSION_CODE / NCCL_MAJOR.. from the text of an nccl.h.
std::optional<nccl::Version> version_from_header(const std::string& header_text);

}  // namespace dd::check
