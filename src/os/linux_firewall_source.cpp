#include "os/linux_firewall_source.hpp"

#include <dlfcn.h>

#include <cstdint>
#include <mutex>

namespace dd::os {

namespace {

// The few declarations of nftables/libnftables.h (nftables 1.0.6, Debian 12's libnftables-dev)
// this file needs; the header itself is not a build dependency.
struct NftCtx;
constexpr std::uint32_t k_nft_ctx_default = 0;         // NFT_CTX_DEFAULT
constexpr unsigned k_nft_ctx_output_handle = 1u << 3;  // NFT_CTX_OUTPUT_HANDLE
constexpr unsigned k_nft_ctx_output_json = 1u << 4;    // NFT_CTX_OUTPUT_JSON
using CtxNew = NftCtx* (*)(std::uint32_t flags);
using CtxFree = void (*)(NftCtx*);
using SetFlags = void (*)(NftCtx*, unsigned int flags);
using Buffer = int (*)(NftCtx*);
using GetBuffer = const char* (*)(NftCtx*);
using RunCmd = int (*)(NftCtx*, const char* buf);

struct Api {
  CtxNew ctx_new = nullptr;
  CtxFree ctx_free = nullptr;
  SetFlags output_set_flags = nullptr;
  Buffer buffer_output = nullptr;
  Buffer buffer_error = nullptr;
  GetBuffer output_buffer = nullptr;
  GetBuffer error_buffer = nullptr;
  RunCmd run_cmd = nullptr;
};

// Loads the library (never unloaded: libnftables keeps global state such as its parser tables;
// a second dlopen of the same soname only takes another reference).
core::Result<Api> load(const std::string& library) {
  static std::mutex m;
  std::lock_guard lock(m);
  void* h = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) return core::make_error(core::ErrorKind::not_found, "ruleset not readable: " + library + " not found");
  Api a;
  auto sym = [&](const char* name) { return dlsym(h, name); };
  a.ctx_new = reinterpret_cast<CtxNew>(sym("nft_ctx_new"));
  a.ctx_free = reinterpret_cast<CtxFree>(sym("nft_ctx_free"));
  a.output_set_flags = reinterpret_cast<SetFlags>(sym("nft_ctx_output_set_flags"));
  a.buffer_output = reinterpret_cast<Buffer>(sym("nft_ctx_buffer_output"));
  a.buffer_error = reinterpret_cast<Buffer>(sym("nft_ctx_buffer_error"));
  a.output_buffer = reinterpret_cast<GetBuffer>(sym("nft_ctx_get_output_buffer"));
  a.error_buffer = reinterpret_cast<GetBuffer>(sym("nft_ctx_get_error_buffer"));
  a.run_cmd = reinterpret_cast<RunCmd>(sym("nft_run_cmd_from_buffer"));
  if (!a.ctx_new || !a.ctx_free || !a.output_set_flags || !a.buffer_output || !a.buffer_error || !a.output_buffer ||
      !a.error_buffer || !a.run_cmd)
    return core::make_error(core::ErrorKind::not_found,
                            "ruleset not readable: " + library + " lacks the nft_ctx_* JSON API");
  return a;
}

std::string first_line(const char* text) {
  std::string s = text ? text : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  if (auto nl = s.find('\n'); nl != std::string::npos) s.resize(nl);
  return s;
}

}  // namespace

core::Result<std::string> LinuxFirewallSource::nft_ruleset_json() const {
  auto api = load(library_);
  if (!api) return api.error();
  NftCtx* ctx = api->ctx_new(k_nft_ctx_default);
  if (!ctx) return core::make_error(core::ErrorKind::system, "ruleset not readable: nft_ctx_new failed");
  api->output_set_flags(ctx, k_nft_ctx_output_json | k_nft_ctx_output_handle);
  api->buffer_output(ctx);
  api->buffer_error(ctx);
  core::Result<std::string> out = std::string();
  if (api->run_cmd(ctx, "list ruleset") != 0) {
    std::string why = first_line(api->error_buffer(ctx));
    out = core::make_error(core::ErrorKind::system,
                           "ruleset not readable: list ruleset failed" + (why.empty() ? "" : ": " + why));
  } else {
    const char* text = api->output_buffer(ctx);
    out = std::string(text ? text : "");
  }
  api->ctx_free(ctx);
  return out;
}

}  // namespace dd::os
