// The child side of the NCCL probe (`distdoctor __probe-nccl LIB`): given the entry points of a
// library already loaded by the caller (dlopen lives in src/cli), ask its version and a unique id,
// decode the id and name the interface behind it. The answer is one JSON object (the contract
// parsed by probe.cpp); this keeps the logic testable with fake entry points.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "os/interface_source.hpp"

namespace dd::nccl {

// C signatures from nccl.h (ncclResult_t is an int-sized enum; ncclUniqueId is 128 bytes).
struct NcclEntryPoints {
  int (*get_version)(int* version) = nullptr;
  int (*get_unique_id)(void* unique_id) = nullptr;
  const char* (*get_error_string)(int result) = nullptr;
  const char* (*get_last_error)(void* comm) = nullptr;  // absent before 2.13
};

// Child answer fields: path, stage ("dlopen", "dlsym", "unique-id", "done"), ok, version_code,
// version, rc (ncclGetUniqueId's result), error, last_error, id_hex, observed {iface, addr, port,
// source, note} or null.
nlohmann::json probe_loaded_library(const std::string& path, const NcclEntryPoints& api,
                                    const os::InterfaceSource& interfaces);

// The answer when the library could not be loaded or lacks a required symbol.
nlohmann::json probe_failure(const std::string& path, const std::string& stage, const std::string& error);

}  // namespace dd::nccl
