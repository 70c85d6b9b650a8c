#include "nccl/probe_child.hpp"

#include <array>
#include <cstdint>

#include "nccl/probe_unique_id.hpp"

namespace dd::nccl {

namespace {

std::string hex(const std::uint8_t* data, std::size_t n) {
  static constexpr char k_digits[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(k_digits[data[i] >> 4]);
    out.push_back(k_digits[data[i] & 0xf]);
  }
  return out;
}

}  // namespace

nlohmann::json probe_failure(const std::string& path, const std::string& stage, const std::string& error) {
  return {{"path", path},  {"stage", stage},     {"ok", false},    {"version_code", nullptr},
          {"version", ""}, {"rc", nullptr},      {"error", error}, {"last_error", ""},
          {"id_hex", ""},  {"observed", nullptr}};
}

nlohmann::json probe_loaded_library(const std::string& path, const NcclEntryPoints& api,
                                    const os::InterfaceSource& interfaces) {
  if (!api.get_unique_id) return probe_failure(path, "dlsym", "symbol ncclGetUniqueId not found: not an NCCL library?");
  nlohmann::json out = probe_failure(path, "unique-id", "");
  int code = 0;
  if (api.get_version && api.get_version(&code) == 0 && code > 0) {
    out["version_code"] = code;
    out["version"] = version_string(code);
  }
  std::array<std::uint8_t, k_unique_id_bytes> id{};
  int rc = api.get_unique_id(id.data());
  out["rc"] = rc;
  if (rc != 0) {
    std::string what = api.get_error_string ? api.get_error_string(rc) : "";
    out["error"] = "ncclGetUniqueId returned " + std::to_string(rc) + (what.empty() ? "" : " (" + what + ")");
    if (api.get_last_error) {
      const char* last = api.get_last_error(nullptr);
      out["last_error"] = last ? last : "";
    }
    return out;
  }
  out["id_hex"] = hex(id.data(), 40);  // the magic and sockaddr; the rest is zero
  auto decoded = decode_unique_id(id, code);
  if (!decoded) {
    out["error"] = "ncclGetUniqueId succeeded but the id holds no IPv4/IPv6 address (layout unknown for this version)";
    return out;
  }
  out["stage"] = "done";
  out["ok"] = true;
  out["observed"] = to_json(observe(*decoded, interfaces.addresses()));
  return out;
}

}  // namespace dd::nccl
