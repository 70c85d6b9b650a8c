#include "check/library_version.hpp"

#include <regex>

#include "core/strings.hpp"

namespace dd::check {

namespace {

std::string dir_of(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

std::optional<nccl::Version> version_from_name(const std::string& path) {
  static const std::regex re(R"(libnccl\.so\.(\d+\.\d+\.\d+)$)");
  std::smatch m;
  if (std::regex_search(path, m, re)) return nccl::Version::parse(m[1].str());
  return std::nullopt;
}

}  // namespace

std::optional<nccl::Version> version_from_header(const std::string& text) {
  static const std::regex code_re(R"(#define\s+NCCL_VERSION_CODE\s+(\d+))");
  static const std::regex major_re(R"(#define\s+NCCL_MAJOR\s+(\d+))");
  static const std::regex minor_re(R"(#define\s+NCCL_MINOR\s+(\d+))");
  static const std::regex patch_re(R"(#define\s+NCCL_PATCH\s+(\d+))");
  // A number too large for a version part makes the header unreadable, not a crash.
  auto small = [](const std::string& digits) -> std::optional<int> {
    auto v = core::parse_int(digits);
    if (!v || *v > 1'000'000) return std::nullopt;
    return static_cast<int>(*v);
  };
  std::smatch a, b, c;
  if (std::regex_search(text, a, major_re) && std::regex_search(text, b, minor_re) &&
      std::regex_search(text, c, patch_re)) {
    auto major = small(a[1].str()), minor = small(b[1].str()), patch = small(c[1].str());
    if (major && minor && patch) return nccl::Version{*major, *minor, *patch};
    return std::nullopt;
  }
  if (std::regex_search(text, a, code_re)) {
    if (auto code = small(a[1].str())) return nccl::Version::from_code(*code);
  }
  return std::nullopt;
}

std::optional<VersionGuess> guess_library_version(const nccl::LibraryCandidate& lib, const os::FileTree& tree) {
  for (const auto& p : {lib.real_path, lib.path}) {
    if (auto v = version_from_name(p)) return VersionGuess{*v, "file name " + p};
  }
  // <prefix>/lib64/libnccl.so.2 -> <prefix>/include/nccl.h (also lib/, targets/*/lib).
  for (const auto& p : {lib.path, lib.real_path}) {
    if (p.empty()) continue;
    std::string header = dir_of(dir_of(p)) + "/include/nccl.h";
    if (auto text = tree.read(header)) {
      if (auto v = version_from_header(*text)) return VersionGuess{*v, header};
    }
  }
  return std::nullopt;
}

}  // namespace dd::check
