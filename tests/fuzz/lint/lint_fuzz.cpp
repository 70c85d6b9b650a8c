// libFuzzer target: the lint front ends over arbitrary text. The input is linted as Python
// (tree-sitter), shell, Dockerfile and YAML (yaml-cpp), with the Windows rules and --here on
// (a fixed interface list), so no script or manifest may crash or hang lint.
#include <cstddef>
#include <cstdint>
#include <string>

#include "lint/lint.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  dd::lint::LintOptions options;
  options.platform = dd::env::Platform::windows;
  options.here = true;
  options.entries = {{"lo", "lo", dd::os::Family::inet, "127.0.0.1", 8, 0, true, true, true},
                     {"eth0", "eth0", dd::os::Family::inet, "198.18.0.2", 24, 0, true, true, false}};
  for (auto kind : {dd::lint::FileKind::python, dd::lint::FileKind::shell, dd::lint::FileKind::dockerfile,
                    dd::lint::FileKind::yaml}) {
    auto findings = dd::lint::lint_text("fuzz", kind, input, options);
    for (const auto& f : findings) {
      if (f.location.line < 1) __builtin_trap();  // every finding points at a real line
    }
  }
  return 0;
}
