// libFuzzer target: parse_ld_cache must never read outside its input, whatever the bytes.
// Build: clang++ -std=c++20 -g -fsanitize=fuzzer,address,undefined -I src \
//        src/nccl/library_ld_cache_fuzz.cpp src/nccl/library_ld_cache.cpp
#include <cstddef>
#include <cstdint>
#include <span>

#include "nccl/library_ld_cache.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto entries = dd::nccl::parse_ld_cache(std::span<const std::uint8_t>(data, size));
  if (entries) {
    for (const auto& e : *entries) (void)dd::nccl::ld_cache_entry_matches_host(e);
  }
  return 0;
}
