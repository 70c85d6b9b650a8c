// libFuzzer target for the line parser (prefix stripper + classifier) and, for inputs up to
// 256 KiB, the whole pipeline (fact builder + rules). Built and run by
// tests/system/logs/fuzz_line_parser.sh with clang -fsanitize=fuzzer,address,undefined.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "logs/analyzer.hpp"
#include "logs/line_classifier.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  std::string scratch;
  (void)dd::logs::parse_line(in, scratch);  // the whole input as one (possibly 1 MB) line
  std::string_view rest = in;
  while (!rest.empty()) {
    std::size_t nl = rest.find('\n');
    (void)dd::logs::parse_line(rest.substr(0, nl), scratch);
    if (nl == std::string_view::npos) break;
    rest.remove_prefix(nl + 1);
  }
  if (size <= 256 * 1024) (void)dd::logs::analyze_text(in, "fuzz");
  return 0;
}
