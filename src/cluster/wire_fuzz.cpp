// libFuzzer target for the preflight wire decoder (clang -fsanitize=fuzzer); excluded from the
// libraries by the build. Any input must decode or fail cleanly.
#include <cstddef>
#include <cstdint>

#include "cluster/wire.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto span = std::span<const std::byte>(reinterpret_cast<const std::byte*>(data), size);
  auto m = dd::cluster::decode(span, 1 << 16);
  if (m.ok()) (void)dd::cluster::encode(*m);
  return 0;
}
