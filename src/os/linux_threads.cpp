#include "os/linux_threads.hpp"

#include <malloc.h>
#include <pthread.h>

namespace dd::os {

void lean_threads(std::size_t stack_bytes, int arenas) {
#if defined(__SANITIZE_ADDRESS__)
  stack_bytes *= 4;  // ASan's redzones make every frame larger; its allocator ignores mallopt
#endif
  pthread_attr_t attr;
  if (::pthread_attr_init(&attr) == 0) {
    if (::pthread_attr_setstacksize(&attr, stack_bytes) == 0) (void)::pthread_setattr_default_np(&attr);
    ::pthread_attr_destroy(&attr);
  }
  (void)::mallopt(M_ARENA_MAX, arenas);
}

}  // namespace dd::os
