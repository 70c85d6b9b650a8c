#include "nccl/probe_child.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>

#include <cstring>

namespace dd::nccl {
namespace {

class OneAddress final : public os::InterfaceSource {
 public:
  std::vector<os::LinkEntry> links() const override { return {}; }
  std::vector<os::AddressEntry> addresses() const override {
    os::AddressEntry e;
    e.name = e.link = "eth0";
    e.addr = "198.18.3.4";
    e.prefix = 24;
    return {e};
  }
};

int fake_version(int* v) {
  *v = 22809;
  return 0;
}
int fake_id(void* id) {
  auto* bytes = static_cast<std::uint8_t*>(id);
  std::uint64_t magic = 42;
  std::memcpy(bytes, &magic, sizeof magic);
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_port = htons(4242);
  ::inet_pton(AF_INET, "198.18.3.4", &sa.sin_addr);
  std::memcpy(bytes + 8, &sa, sizeof sa);
  return 0;
}
int failing_id(void*) { return 2; }
const char* fake_error_string(int rc) { return rc == 2 ? "unhandled system error" : "?"; }
const char* fake_last_error(void*) { return "NET/Socket : No usable listening interface found"; }

// A fake libnccl 2.28.9 whose ncclGetUniqueId is `unique_id`.
NcclEntryPoints fake_library(int (*unique_id)(void*)) {
  return {.get_version = fake_version,
          .get_unique_id = unique_id,
          .get_error_string = fake_error_string,
          .get_last_error = fake_last_error};
}

TEST(ProbeChild, AnswersVersionAndObservedInterface) {
  auto j = probe_loaded_library("/x/libnccl.so.2", fake_library(fake_id), OneAddress{});
  EXPECT_EQ(j["stage"], "done");
  EXPECT_EQ(j["ok"], true);
  EXPECT_EQ(j["version_code"], 22809);
  EXPECT_EQ(j["version"], "2.28.9");
  EXPECT_EQ(j["rc"], 0);
  EXPECT_EQ(j["observed"]["iface"], "eth0");
  EXPECT_EQ(j["observed"]["addr"], "198.18.3.4");
  EXPECT_EQ(j["observed"]["port"], 4242);
  EXPECT_EQ(j["id_hex"].get<std::string>().substr(0, 20), "2a000000000000000200");
}

TEST(ProbeChild, NcclErrorCarriesErrorStringAndLastError) {
  auto j = probe_loaded_library("/x/libnccl.so.2", fake_library(failing_id), OneAddress{});
  EXPECT_EQ(j["stage"], "unique-id");
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["rc"], 2);
  EXPECT_EQ(j["error"], "ncclGetUniqueId returned 2 (unhandled system error)");
  EXPECT_EQ(j["last_error"], "NET/Socket : No usable listening interface found");
  EXPECT_TRUE(j["observed"].is_null());
}

TEST(ProbeChild, MissingUniqueIdSymbolIsDlsymStage) {
  auto j = probe_loaded_library("/x/libfoo.so", NcclEntryPoints{}, OneAddress{});
  EXPECT_EQ(j["stage"], "dlsym");
  EXPECT_NE(j["error"].get<std::string>().find("ncclGetUniqueId"), std::string::npos);
}

}  // namespace
}  // namespace dd::nccl
