// Fixed-size values read from a byte buffer at an offset, in host byte order (the ld.so cache and
// ncclUniqueId layouts). The caller checks the bounds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

namespace dd::nccl::detail {

template <class T>
T load(std::span<const std::uint8_t> bytes, std::size_t at) {
  T v;
  std::memcpy(&v, bytes.data() + at, sizeof v);
  return v;
}

}  // namespace dd::nccl::detail
