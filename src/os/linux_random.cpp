#include "os/linux_random.hpp"

#include <sys/random.h>

#include <cerrno>

namespace dd::os {

bool random_bytes(std::span<std::byte> out) {
  std::size_t got = 0;
  while (got < out.size()) {
    ssize_t n = ::getrandom(out.data() + got, out.size() - got, 0);  // blocks only before the pool is seeded at boot
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    got += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace dd::os
