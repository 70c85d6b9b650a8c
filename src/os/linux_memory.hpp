// Memory advice for large, long-lived buffers (bench: the collective's send, receive and scratch
// buffers, up to gigabytes). The kernel copies every byte a socket moves into or out of them, page
// by page through the TLB; 2 MiB pages cut those TLB misses 512-fold where the system allows
// transparent huge pages on request (/sys/kernel/mm/transparent_hugepage/enabled = madvise, the
// Debian default). The measured effect on bench's throughput: docs/bench.md, "Huge pages".
#pragma once

#include <cstddef>
#include <vector>

namespace dd::os {

// Asks for huge pages on the 2 MiB-aligned part of [p, p + bytes). Advice only: where the kernel
// declines (THP off, too small a range), nothing changes and nothing fails.
void advise_huge_pages(void* p, std::size_t bytes);

// Grows `v` to `n` elements, asking for huge pages before the new memory is first touched (the
// zero-fill of resize() is what faults the pages in).
template <class T>
void resize_huge(std::vector<T>& v, std::size_t n) {
  if (v.size() >= n) return;
  if (v.capacity() < n) {
    std::vector<T> grown;
    grown.reserve(n);
    advise_huge_pages(grown.data(), n * sizeof(T));
    grown.assign(v.begin(), v.end());
    v.swap(grown);
  }
  v.resize(n);
}

}  // namespace dd::os
