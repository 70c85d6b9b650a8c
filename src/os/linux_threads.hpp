// Process-wide settings for a program that starts many short-lived threads (preflight: probe
// workers, probe-server handlers). glibc's defaults are made for a few long-lived threads: an
// 8 MiB stack per thread (only ~5 fit its 40 MiB cache of freed stacks, so most threads pay
// mmap + mprotect + munmap) and a malloc arena per thread up to 8 x cores (each new one maps a
// 64 MiB heap). Measured in docs/preflight-scale.md.
#pragma once

#include <cstddef>

namespace dd::os {

// Threads created afterwards without explicit attributes get `stack_bytes` of stack (std::thread,
// std::async); malloc uses at most `arenas` arenas. Call before the threads start.
void lean_threads(std::size_t stack_bytes, int arenas);

}  // namespace dd::os
