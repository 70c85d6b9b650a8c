#include "cli/real_context.hpp"

#include <pwd.h>
#include <unistd.h>

#include <array>
#include <vector>

namespace dd::cli {

std::string passwd_home() {
  std::vector<char> buf(16384);
  passwd pw{};
  passwd* result = nullptr;
  if (getpwuid_r(getuid(), &pw, buf.data(), buf.size(), &result) != 0 || result == nullptr || !pw.pw_dir) return "";
  return pw.pw_dir;
}

std::string self_executable() {
  std::array<char, 4096> buf{};
  ssize_t n = readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  if (n <= 0) return "/proc/self/exe";
  return std::string(buf.data(), static_cast<std::size_t>(n));
}

check::Context RealSeams::context(bool probe) const {
  return check::Context{files,         interfaces,
                        &drivers,      resolver,
                        runner,        os::Environment::capture(),
                        passwd_home(), self_executable(),
                        probe,         std::chrono::milliseconds(10000),
                        std::nullopt};
}

}  // namespace dd::cli
