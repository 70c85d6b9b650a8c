// Writing an output file the user named (`--report FILE.html`): refused up front when the path
// is a directory, not a regular file, or its folder is missing or not writable; written to a
// temporary file in the same folder and renamed over the target, so a reader never sees half a
// file and a failed run leaves no debris.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace dd::os {

// An error (kind usage) naming `flag`, the path and the problem, or nullopt when it can be written.
std::optional<core::Error> check_output_path(std::string_view flag, const std::string& path);

// Temp file (mode 0644) + fsync + rename; an error (kind system) naming the path and errno text.
std::optional<core::Error> write_file_atomic(std::string_view flag, const std::string& path, std::string_view content);

// Rewrites an existing regular file the same way (`lint --fix`), keeping its permission bits (and,
// where allowed, its owner and group); an error when `path` is not an existing regular file.
std::optional<core::Error> replace_file_atomic(std::string_view flag, const std::string& path,
                                               std::string_view content);

}  // namespace dd::os
