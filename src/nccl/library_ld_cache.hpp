// Reader for glibc's loader cache (/etc/ld.so.cache), the table `ldconfig -p` prints and the
// dynamic loader consults after LD_LIBRARY_PATH. Format (glibc 2.32+ writes only this one; older
// glibc appends it after the legacy "ld.so-1.7.0" table, which we skip):
//   header  "glibc-ld.so.cache" "1.1", u32 nlibs, u32 len_strings, u8 flags, 3 pad, u32 ext_offset,
//           3 x u32 unused                                                    (48 bytes)
//   entries nlibs x {i32 flags, u32 key, u32 value, u32 osversion, u64 hwcap}  (24 bytes each)
//   strings NUL-terminated; key (soname) and value (path) are offsets from the header's start.
// Integers are in host byte order. Every offset is bounds-checked: the input is untrusted.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace dd::nccl {

struct LdCacheEntry {
  std::string soname;      // "libnccl.so.2"
  std::string path;        // "/usr/local/cuda-13.0/lib/libnccl.so.2"
  std::int32_t flags = 0;  // FLAG_ELF_LIBC6 (3) | arch bits (0x0300 x86-64, 0x0a00 aarch64, ...)
};

// Entries in cache order. Error (kind unreadable) naming the problem when the bytes are not a
// cache in the new format or an offset points outside them.
core::Result<std::vector<LdCacheEntry>> parse_ld_cache(std::span<const std::uint8_t> bytes);

// True when an entry's flags say it is a library this process's architecture can load.
bool ld_cache_entry_matches_host(const LdCacheEntry& entry);

}  // namespace dd::nccl
