#include "nccl/library_locator.hpp"

#include <gtest/gtest.h>

#include "nccl/library_test_util.hpp"
#include "os/fake/memory_file_tree.hpp"

namespace dd::nccl {
namespace {

using os::Environment;
using os::fake::MemoryFileTree;

Environment make_env(std::map<std::string, std::string> vars) { return Environment(std::move(vars)); }

std::vector<std::string> paths(const std::vector<LibraryCandidate>& c) {
  std::vector<std::string> out;
  for (const auto& x : c) out.push_back(x.path);
  return out;
}

TEST(LibraryLocator, EmptyMachineFindsNothing) {
  MemoryFileTree tree;
  EXPECT_TRUE(find_libraries(Environment{}, tree).empty());
}

TEST(LibraryLocator, LoaderOrderAcrossAllSources) {
  MemoryFileTree tree;
  tree.file("/opt/mine/lib/libnccl.so.2", "elf")
      .file("/etc/ld.so.cache",
            test::make_ld_cache({{"libnccl.so.2", "/usr/lib/x86_64-linux-gnu/libnccl.so.2", 0x0303}}))
      .file("/usr/lib/x86_64-linux-gnu/libnccl.so.2", "elf")
      .file("/usr/local/cuda-12.4/lib64/libnccl.so.2", "elf")
      .file("/usr/local/lib/python3.11/dist-packages/nvidia/nccl/lib/libnccl.so.2", "elf")
      .file("/opt/conda/envs/train/lib/libnccl.so.2", "elf");
  Environment env = make_env({{"LD_LIBRARY_PATH", "/opt/mine/lib"}});
  auto found = find_libraries(env, tree);
  ASSERT_EQ(found.size(), 5u);
  EXPECT_EQ(paths(found), (std::vector<std::string>{
                              "/opt/mine/lib/libnccl.so.2",
                              "/usr/lib/x86_64-linux-gnu/libnccl.so.2",
                              "/usr/local/cuda-12.4/lib64/libnccl.so.2",
                              "/usr/local/lib/python3.11/dist-packages/nvidia/nccl/lib/libnccl.so.2",
                              "/opt/conda/envs/train/lib/libnccl.so.2",
                          }));
  EXPECT_EQ(found[0].source, LibrarySource::ld_library_path);
  EXPECT_EQ(found[0].origin, "LD_LIBRARY_PATH");
  EXPECT_EQ(found[1].source, LibrarySource::loader_cache);
  EXPECT_EQ(found[2].source, LibrarySource::cuda);
  EXPECT_EQ(found[3].source, LibrarySource::python);
  EXPECT_EQ(found[4].source, LibrarySource::conda);
  EXPECT_EQ(to_string(found[4].source), "conda");
}

TEST(LibraryLocator, SameFileThroughSymlinkedFoldersIsListedOnce) {
  // The CUDA toolkit layout: /usr/local/cuda -> cuda-13.0, lib64 -> targets/x86_64-linux/lib.
  MemoryFileTree tree;
  tree.link("/usr/local/cuda", "cuda-13.0")
      .link("/usr/local/cuda-13.0/lib64", "targets/x86_64-linux/lib")
      .link("/usr/local/cuda-13.0/lib", "targets/x86_64-linux/lib")
      .file("/usr/local/cuda-13.0/targets/x86_64-linux/lib/libnccl.so.2", "elf")
      .file("/etc/ld.so.cache",
            test::make_ld_cache({{"libnccl.so.2", "/usr/local/cuda-13.0/lib/libnccl.so.2", 0x0303}}));
  Environment env = make_env({{"LD_LIBRARY_PATH", "/usr/local/cuda/lib64"}, {"CUDA_HOME", "/usr/local/cuda"}});
  auto found = find_libraries(env, tree);
  ASSERT_EQ(found.size(), 1u) << ::testing::PrintToString(paths(found));
  EXPECT_EQ(found[0].path, "/usr/local/cuda/lib64/libnccl.so.2");
  EXPECT_EQ(found[0].real_path, "/usr/local/cuda-13.0/targets/x86_64-linux/lib/libnccl.so.2");
}

TEST(LibraryLocator, FallsBackToLdSoConfWhenCacheIsMissing) {
  MemoryFileTree tree;
  tree.file("/etc/ld.so.conf", "include /etc/ld.so.conf.d/*.conf\n# comment\n/opt/direct\n")
      .file("/etc/ld.so.conf.d/cuda.conf", "/usr/local/cuda-13.0/lib  # toolkit\n")
      .file("/etc/ld.so.conf.d/other.txt", "/opt/not-included\n")
      .file("/usr/local/cuda-13.0/lib/libnccl.so.2", "elf")
      .file("/opt/direct/libnccl.so.2", "elf")
      .file("/opt/not-included/libnccl.so.2", "elf");
  auto found = find_libraries(Environment{}, tree);
  ASSERT_GE(found.size(), 2u);
  EXPECT_EQ(found[0].path, "/usr/local/cuda-13.0/lib/libnccl.so.2");
  EXPECT_EQ(found[0].source, LibrarySource::loader_conf);
  EXPECT_EQ(found[1].path, "/opt/direct/libnccl.so.2");
  for (const auto& c : found) EXPECT_NE(c.path, "/opt/not-included/libnccl.so.2");
}

TEST(LibraryLocator, CorruptCacheAlsoFallsBackToConf) {
  MemoryFileTree tree;
  tree.file("/etc/ld.so.cache", "garbage").file("/etc/ld.so.conf", "/opt/x\n").file("/opt/x/libnccl.so.2", "elf");
  auto found = find_libraries(Environment{}, tree);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].source, LibrarySource::loader_conf);
}

TEST(LibraryLocator, CacheEntriesOfOtherArchitecturesOrMissingFilesAreIgnored) {
  MemoryFileTree tree;
  tree.file("/etc/ld.so.cache", test::make_ld_cache({{"libnccl.so.2", "/usr/lib32/libnccl.so.2", 0x0003},
                                                     {"libnccl.so.2", "/gone/libnccl.so.2", 0x0303}}))
      .file("/usr/lib32/libnccl.so.2", "elf");
  EXPECT_TRUE(find_libraries(Environment{}, tree).empty());
}

TEST(LibraryLocator, DevSymlinkNameUsedOnlyWhenSonameIsAbsent) {
  MemoryFileTree tree;
  tree.file("/a/libnccl.so", "elf").file("/b/libnccl.so", "elf").file("/b/libnccl.so.2", "elf");
  auto found = find_libraries(make_env({{"LD_LIBRARY_PATH", "/a:/b"}}), tree);
  EXPECT_EQ(paths(found), (std::vector<std::string>{"/a/libnccl.so", "/b/libnccl.so.2"}));
}

TEST(LibraryLocator, RelativeAndEmptyLdLibraryPathEntriesAreSkipped) {
  MemoryFileTree tree;
  tree.file("/lib/libnccl.so.2", "elf");
  auto found = find_libraries(make_env({{"LD_LIBRARY_PATH", "::lib;relative/dir"}}), tree);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].source, LibrarySource::loader_default);
}

TEST(LibraryLocator, PythonWheelsInUserVenvAndSystemSitePackages) {
  MemoryFileTree tree;
  tree.file("/home/u/.local/lib/python3.10/site-packages/nvidia/nccl/lib/libnccl.so.2", "elf")
      .file("/srv/venv/lib/python3.12/site-packages/nvidia/nccl/lib/libnccl.so.2", "elf")
      .file("/usr/lib/python3/dist-packages/nvidia/nccl/lib/libnccl.so.2", "elf");
  auto found = find_libraries(make_env({{"HOME", "/home/u"}, {"VIRTUAL_ENV", "/srv/venv"}}), tree);
  EXPECT_EQ(paths(found), (std::vector<std::string>{
                              "/usr/lib/python3/dist-packages/nvidia/nccl/lib/libnccl.so.2",
                              "/home/u/.local/lib/python3.10/site-packages/nvidia/nccl/lib/libnccl.so.2",
                              "/srv/venv/lib/python3.12/site-packages/nvidia/nccl/lib/libnccl.so.2",
                          }));
  for (const auto& c : found) EXPECT_EQ(c.source, LibrarySource::python);
}

TEST(LibraryLocator, CondaActivePrefixFirstThenInstallsAndTheirEnvs) {
  MemoryFileTree tree;
  tree.file("/home/u/miniconda3/envs/b/lib/libnccl.so.2", "elf")
      .file("/home/u/anaconda3/lib/libnccl.so.2", "elf")
      .file("/work/env/lib/libnccl.so.2", "elf")
      .file("/opt/conda/lib/python3.11/site-packages/nvidia/nccl/lib/libnccl.so.2", "elf");
  auto found = find_libraries(make_env({{"HOME", "/home/u"}, {"CONDA_PREFIX", "/work/env"}}), tree);
  EXPECT_EQ(paths(found), (std::vector<std::string>{
                              "/work/env/lib/libnccl.so.2",
                              "/home/u/miniconda3/envs/b/lib/libnccl.so.2",
                              "/home/u/anaconda3/lib/libnccl.so.2",
                              "/opt/conda/lib/python3.11/site-packages/nvidia/nccl/lib/libnccl.so.2",
                          }));
  EXPECT_EQ(found[0].origin, "CONDA_PREFIX");
}

TEST(LibraryLocator, CudaTargetsFolderAndCudaPath) {
  MemoryFileTree tree;
  tree.file("/usr/local/cuda-11.8/targets/sbsa-linux/lib/libnccl.so.2", "elf")
      .file("/toolkit/lib64/libnccl.so.2", "elf");
  auto found = find_libraries(make_env({{"CUDA_PATH", "/toolkit"}}), tree);
  EXPECT_EQ(paths(found), (std::vector<std::string>{"/toolkit/lib64/libnccl.so.2",
                                                    "/usr/local/cuda-11.8/targets/sbsa-linux/lib/libnccl.so.2"}));
  EXPECT_EQ(found[0].origin, "CUDA_PATH");
}

TEST(LibraryLocator, ResolvePathHandlesRelativeAbsoluteDotDotAndLoops) {
  MemoryFileTree tree;
  tree.link("/a/b", "../c").link("/c", "/d/e").link("/loop", "/loop");
  EXPECT_EQ(resolve_path(tree, "/a/b/f"), "/d/e/f");
  EXPECT_EQ(resolve_path(tree, "/x/./y/../z"), "/x/z");
  EXPECT_EQ(resolve_path(tree, "/loop/q"), "/loop/q");  // gives up after 40 hops, no hang
}

}  // namespace
}  // namespace dd::nccl
