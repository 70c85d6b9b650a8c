// Test driver for the NCCL probe's parent side with the real process runner (system tests only):
//   dd_probe_driver probe DISTDOCTOR LIB DEADLINE_MS  -> {"result": to_json(LibraryProbe), "elapsed_ms": N}
//   dd_probe_driver locate                            -> [{path, source, origin, real_path}, ...] for "/"
// Exit 0 when it printed a result, 3 when probe_library returned an error (printed on stderr).
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "nccl/library_locator.hpp"
#include "nccl/probe.hpp"
#include "os/environment.hpp"
#include "os/file_tree.hpp"
#include "os/linux_process_runner.hpp"

int main(int argc, char** argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  auto env = dd::os::Environment::capture();
  if (mode == "locate" && argc == 2) {
    dd::os::DiskFileTree tree("/");
    nlohmann::json out = nlohmann::json::array();
    for (const auto& c : dd::nccl::find_libraries(env, tree)) {
      out.push_back({{"path", c.path},
                     {"source", dd::nccl::to_string(c.source)},
                     {"origin", c.origin},
                     {"real_path", c.real_path}});
    }
    std::cout << out.dump() << "\n";
    return 0;
  }
  if (mode == "probe" && argc == 5) {
    dd::os::LinuxProcessRunner runner(std::chrono::milliseconds(500));
    auto start = std::chrono::steady_clock::now();
    auto r = dd::nccl::probe_library(argv[3], runner, argv[2], env, std::chrono::milliseconds(std::stol(argv[4])));
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    if (!r) {
      std::fprintf(stderr, "dd_probe_driver: error: %s\n", r.error().message.c_str());
      return 3;
    }
    std::cout << nlohmann::json{{"result", dd::nccl::to_json(*r)}, {"elapsed_ms", ms}}.dump() << "\n";
    return 0;
  }
  std::fprintf(stderr, "usage: dd_probe_driver probe DISTDOCTOR LIB DEADLINE_MS | locate\n");
  return 2;
}
