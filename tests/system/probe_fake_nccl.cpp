// A fake libnccl for the probe's failure paths (system tests only): ncclGetUniqueId hangs
// (DD_FAKE_NCCL_HANG) or crashes (DD_FAKE_NCCL_CRASH), so the parent's deadline and crash
// handling are exercised against a real child process.
#include <signal.h>
#include <unistd.h>

extern "C" {

__attribute__((visibility("default"))) int ncclGetVersion(int* version) {
  *version = 22809;
  return 0;
}

__attribute__((visibility("default"))) int ncclGetUniqueId(void* /*id*/) {
#if defined(DD_FAKE_NCCL_HANG)
  for (;;) ::pause();
#elif defined(DD_FAKE_NCCL_CRASH)
  ::raise(SIGSEGV);
  return 0;
#else
  return 0;
#endif
}

}  // extern "C"
