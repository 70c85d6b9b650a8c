#include "bench/options.hpp"

#include <fmt/format.h>

#include <cctype>

#include "core/strings.hpp"

namespace dd::bench {

namespace {

constexpr Op k_ops[] = {Op::all_reduce, Op::all_gather, Op::reduce_scatter, Op::broadcast, Op::alltoall, Op::sendrecv};

core::Error usage(std::string message) { return core::Error{core::ErrorKind::usage, std::move(message)}; }

}  // namespace

core::Result<std::size_t> parse_bytes(std::string_view flag, std::string_view value) {
  std::string_view v = core::trim(value);
  if (!v.empty() && (v.back() == 'B' || v.back() == 'b')) v.remove_suffix(1);
  std::size_t shift = 0;
  if (!v.empty()) {
    switch (std::toupper(static_cast<unsigned char>(v.back()))) {
      case 'K':
        shift = 10;
        break;
      case 'M':
        shift = 20;
        break;
      case 'G':
        shift = 30;
        break;
      default:
        break;
    }
    if (shift) v.remove_suffix(1);
  }
  auto n = core::parse_int(v);
  if (!n || *n < 0)
    return usage(fmt::format("{} '{}': not a byte size (a number with an optional K, M or G suffix)", flag, value));
  auto bytes = static_cast<std::size_t>(*n);
  if (bytes > (std::size_t{1} << (40 - shift))) return usage(fmt::format("{} '{}': larger than 1T", flag, value));
  return bytes << shift;
}

core::Result<std::vector<Op>> parse_ops(std::string_view value) {
  std::vector<Op> out;
  if (core::trim(value) == "all") return std::vector<Op>(std::begin(k_ops), std::end(k_ops));
  std::vector<std::string> names;
  for (Op op : k_ops) names.emplace_back(to_string(op));
  for (const auto& part : core::split(value, ',')) {
    auto name = core::trim(part);
    bool found = false;
    for (Op op : k_ops)
      if (to_string(op) == name) {
        out.push_back(op);
        found = true;
      }
    if (!found)
      return usage(fmt::format("--op '{}': unknown operation (one of {}, or all)", name, core::join(names, ", ")));
  }
  if (out.empty()) return usage("--op: no operation named");
  return out;
}

core::Result<bool> validate(const RunOptions& o, int world) {
  if (o.min_bytes < 4) return usage(fmt::format("-b {}: the smallest size is 4 bytes (one float)", o.min_bytes));
  if (o.max_bytes < o.min_bytes) return usage(fmt::format("-e {}: smaller than -b {}", o.max_bytes, o.min_bytes));
  if (o.factor < 2 && o.max_bytes != o.min_bytes)
    return usage(fmt::format("-f {}: the size factor must be at least 2 (or -b equal to -e)", o.factor));
  if (o.root < 0 || o.root >= world) return usage(fmt::format("--root {}: outside the world 0..{}", o.root, world - 1));
  return true;
}

}  // namespace dd::bench
