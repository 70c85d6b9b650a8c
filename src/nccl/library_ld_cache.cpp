#include "nccl/library_ld_cache.hpp"

#include <cstring>
#include <optional>
#include <string_view>

#include "nccl/byte_load.hpp"

namespace dd::nccl {

namespace {

constexpr std::string_view k_new_magic = "glibc-ld.so.cache1.1";
constexpr std::string_view k_old_magic = "ld.so-1.7.0";
constexpr std::size_t k_header_size = 48;
constexpr std::size_t k_entry_size = 24;
constexpr std::size_t k_old_header_size = 16;  // magic[11] + pad + u32 nlibs
constexpr std::size_t k_old_entry_size = 12;   // i32 flags, u32 key, u32 value

using detail::load;

core::Error bad(const std::string& what) {
  return core::make_error(core::ErrorKind::unreadable, "/etc/ld.so.cache: " + what);
}

// The NUL-terminated string at `offset` in `table`, or nullopt when it runs off the end.
std::optional<std::string> string_at(std::span<const std::uint8_t> table, std::uint32_t offset) {
  if (offset >= table.size()) return std::nullopt;
  const auto* start = table.data() + offset;
  const void* nul = std::memchr(start, 0, table.size() - offset);
  if (!nul) return std::nullopt;
  return std::string(reinterpret_cast<const char*>(start),
                     static_cast<std::size_t>(static_cast<const std::uint8_t*>(nul) - start));
}

}  // namespace

core::Result<std::vector<LdCacheEntry>> parse_ld_cache(std::span<const std::uint8_t> bytes) {
  std::size_t base = 0;
  auto has_magic = [&](std::size_t at, std::string_view magic) {
    return bytes.size() >= at + magic.size() && std::memcmp(bytes.data() + at, magic.data(), magic.size()) == 0;
  };
  if (has_magic(0, k_old_magic)) {
    // Legacy table first; the new-format table follows it, aligned to 8 bytes.
    if (bytes.size() < k_old_header_size) return bad("truncated legacy header");
    auto old_n = load<std::uint32_t>(bytes, 12);
    std::size_t end = k_old_header_size + std::size_t{old_n} * k_old_entry_size;
    base = (end + 7) & ~std::size_t{7};
    if (!has_magic(base, k_new_magic)) return bad("legacy-only format (no glibc-ld.so.cache1.1 table)");
  } else if (!has_magic(0, k_new_magic)) {
    return bad("not a loader cache (magic is not glibc-ld.so.cache1.1)");
  }
  auto cache = bytes.subspan(base);
  if (cache.size() < k_header_size) return bad("truncated header");
  auto nlibs = load<std::uint32_t>(cache, 20);
  if (std::size_t{nlibs} > (cache.size() - k_header_size) / k_entry_size) {
    return bad("header claims " + std::to_string(nlibs) + " entries, more than the file holds");
  }
  std::vector<LdCacheEntry> out;
  out.reserve(nlibs);
  for (std::size_t i = 0; i < nlibs; ++i) {
    std::size_t at = k_header_size + i * k_entry_size;
    auto flags = load<std::int32_t>(cache, at);
    auto key = string_at(cache, load<std::uint32_t>(cache, at + 4));
    auto value = string_at(cache, load<std::uint32_t>(cache, at + 8));
    if (!key || !value) return bad("entry " + std::to_string(i) + " has a string offset outside the file");
    out.push_back({std::move(*key), std::move(*value), flags});
  }
  return out;
}

bool ld_cache_entry_matches_host(const LdCacheEntry& entry) {
  constexpr std::int32_t k_type_mask = 0x00ff, k_arch_mask = 0xff00, k_elf_libc6 = 3;
  if ((entry.flags & k_type_mask) != k_elf_libc6) return false;
#if defined(__x86_64__)
  return (entry.flags & k_arch_mask) == 0x0300;
#elif defined(__aarch64__)
  return (entry.flags & k_arch_mask) == 0x0a00;
#else
  return true;
#endif
}

}  // namespace dd::nccl
