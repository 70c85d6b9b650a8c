#include "check/cuda_driver.hpp"

#include <algorithm>
#include <cctype>

#include "core/strings.hpp"

namespace dd::check {

namespace {

// "535.104.05", "550.54": digits and dots, at least one dot, no empty part.
bool is_driver_version(const std::string& token) {
  if (token.empty() || token.front() == '.' || token.back() == '.') return false;
  if (token.find("..") != std::string::npos || token.find('.') == std::string::npos) return false;
  return std::all_of(token.begin(), token.end(), [](unsigned char c) { return std::isdigit(c) || c == '.'; });
}

}  // namespace

std::optional<CudaDriver> read_cuda_driver(const os::FileTree& files) {
  auto text = files.read(k_nvidia_version_file);
  if (!text) return std::nullopt;
  for (const auto& line : core::split(*text, '\n')) {
    if (!core::starts_with(core::trim(line), "NVRM version:")) continue;
    for (const auto& token : core::split(line, ' ')) {
      if (is_driver_version(std::string(core::trim(token))))
        return CudaDriver{std::string(core::trim(token)), k_nvidia_version_file};
    }
  }
  return std::nullopt;
}

}  // namespace dd::check
