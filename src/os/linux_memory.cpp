#include "os/linux_memory.hpp"

#include <sys/mman.h>

#include <cstdint>

namespace dd::os {

void advise_huge_pages(void* p, std::size_t bytes) {
  constexpr std::uintptr_t k_huge = 2u << 20;
  auto begin = reinterpret_cast<std::uintptr_t>(p);
  std::uintptr_t first = (begin + k_huge - 1) & ~(k_huge - 1);
  std::uintptr_t last = (begin + bytes) & ~(k_huge - 1);
  if (p == nullptr || last <= first) return;
  (void)::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);  // advice: a refusal changes nothing
}

}  // namespace dd::os
