#include "check/library_version.hpp"

#include <gtest/gtest.h>

#include "os/fake/memory_file_tree.hpp"

namespace dd::check {

TEST(LibraryVersion, FromVersionedFileName) {
  os::fake::MemoryFileTree tree;
  nccl::LibraryCandidate lib;
  lib.path = "/usr/lib/x86_64-linux-gnu/libnccl.so.2";
  lib.real_path = "/usr/lib/x86_64-linux-gnu/libnccl.so.2.18.3";
  auto g = guess_library_version(lib, tree);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->version.to_string(), "2.18.3");
}

TEST(LibraryVersion, FromHeaderBesideTheLibrary) {
  os::fake::MemoryFileTree tree;
  tree.file("/usr/local/cuda/include/nccl.h", "#define NCCL_MAJOR 2\n#define NCCL_MINOR 28\n#define NCCL_PATCH 1\n");
  nccl::LibraryCandidate lib;
  lib.path = "/usr/local/cuda/lib64/libnccl.so.2";
  auto g = guess_library_version(lib, tree);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->version.to_string(), "2.28.1");
  EXPECT_EQ(g->evidence, "/usr/local/cuda/include/nccl.h");
}

TEST(LibraryVersion, UnknownWithoutNameOrHeader) {
  os::fake::MemoryFileTree tree;
  nccl::LibraryCandidate lib;
  lib.path = "/opt/x/lib/libnccl.so.2";
  EXPECT_FALSE(guess_library_version(lib, tree).has_value());
}

TEST(LibraryVersion, HeaderVersionCodeOnly) {
  auto v = version_from_header("#define NCCL_VERSION_CODE 21903\n");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->to_string(), "2.19.3");
}

TEST(LibraryVersion, HeaderWithAbsurdNumbersIsUnreadableNotACrash) {
  EXPECT_FALSE(
      version_from_header("#define NCCL_MAJOR 99999999999999999999999\n#define NCCL_MINOR 1\n#define NCCL_PATCH 1\n"));
  EXPECT_FALSE(version_from_header("#define NCCL_VERSION_CODE 99999999999999999999999\n"));
  ASSERT_TRUE(version_from_header("#define NCCL_MAJOR 2\n#define NCCL_MINOR 21\n#define NCCL_PATCH 5\n"));
}

}  // namespace dd::check
