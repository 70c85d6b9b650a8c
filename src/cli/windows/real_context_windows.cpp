// The Windows build's part of cli/real_context.hpp: the user's home folder (%USERPROFILE%, where
// a ~/.nccl.conf would be looked for) and this executable's path. RealSeams itself (the Linux
// seams) is not built for Windows.
#include <windows.h>

#include <cstdlib>
#include <vector>

#include "cli/real_context.hpp"

namespace dd::cli {

std::string passwd_home() {
  const char* home = std::getenv("USERPROFILE");
  return home ? home : "";
}

std::string self_executable() {
  std::vector<char> buf(32768);
  DWORD n = GetModuleFileNameA(nullptr, buf.data(), static_cast<DWORD>(buf.size()));
  if (n == 0 || n >= buf.size()) return "distdoctor.exe";
  return std::string(buf.data(), n);
}

}  // namespace dd::cli
