// Test helper: builds /etc/ld.so.cache bytes in glibc's format (see library_ld_cache.hpp).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "nccl/library_ld_cache.hpp"

namespace dd::nccl::test {

// A cache holding `entries`; with legacy_entries > 0 a legacy "ld.so-1.7.0" table comes first.
inline std::string make_ld_cache(const std::vector<LdCacheEntry>& entries, std::uint32_t legacy_entries = 0) {
  auto put = [](std::string& out, const auto& v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); };
  std::string prefix;
  if (legacy_entries > 0) {
    prefix = "ld.so-1.7.0";
    prefix.push_back('\0');
    put(prefix, legacy_entries);
    prefix.append(legacy_entries * 12u, '\0');
    while (prefix.size() % 8 != 0) prefix.push_back('\0');
  }
  std::string strings;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> offsets;
  std::size_t table = 48 + entries.size() * 24;
  for (const auto& e : entries) {
    auto key = static_cast<std::uint32_t>(table + strings.size());
    strings += e.soname + '\0';
    auto value = static_cast<std::uint32_t>(table + strings.size());
    strings += e.path + '\0';
    offsets.emplace_back(key, value);
  }
  std::string out = "glibc-ld.so.cache1.1";
  put(out, static_cast<std::uint32_t>(entries.size()));
  put(out, static_cast<std::uint32_t>(strings.size()));
  out.append(4 + 4 + 12, '\0');  // flags, pad, extension offset, unused
  for (std::size_t i = 0; i < entries.size(); ++i) {
    put(out, entries[i].flags);
    put(out, offsets[i].first);
    put(out, offsets[i].second);
    put(out, std::uint32_t{0});
    put(out, std::uint64_t{0});
  }
  return prefix + out + strings;
}

}  // namespace dd::nccl::test
