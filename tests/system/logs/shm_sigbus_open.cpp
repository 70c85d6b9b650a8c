// A stand-in for NCCL 2.12-2.18's ncclShmOpen (src/misc/shmutils.cc, read at v2.18.6-1, not copied):
// create /dev/shm/nccl-XXXXXX, size it with ftruncate (which reserves no page), map it, store the
// reference count after the segment and zero the segment. On a /dev/shm with no room left the first
// store to a page tmpfs cannot allocate raises SIGBUS inside this function, as in
// NVIDIA/JAX-Toolbox#183. Used by shm_sigbus.sh: argv[1] segments of argv[2] bytes, created from a
// second thread as NCCL's proxy thread creates them. Exits 0 when every segment was created.
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

__attribute__((noinline)) int ncclShmOpen(char* path, unsigned long size, void** ptr, void** dev_ptr, int refcount,
                                          void** handle) {
  std::snprintf(path, 64, "/dev/shm/nccl-XXXXXX");
  int fd = mkstemp(path);
  if (fd < 0 || ftruncate(fd, static_cast<off_t>(size + sizeof(int))) != 0) return 2;
  auto* p = static_cast<char*>(mmap(nullptr, size + sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
  if (p == MAP_FAILED) return 2;
  *reinterpret_cast<volatile int*>(p + size) = refcount;
  for (unsigned long off = 0; off < size; off += 4096) *reinterpret_cast<volatile char*>(p + off) = 0;
  *ptr = p;
  *dev_ptr = nullptr;
  *handle = nullptr;
  close(fd);
  return 0;
}

struct Job {
  int segments;
  unsigned long size;
  int rc;
};

void* ncclProxyService(void* arg) {
  auto* job = static_cast<Job*>(arg);
  for (int i = 0; i < job->segments && job->rc == 0; ++i) {
    char path[64];
    void *ptr, *dev, *handle;
    job->rc = ncclShmOpen(path, job->size, &ptr, &dev, 1, &handle);
  }
  return nullptr;
}

int main(int argc, char** argv) {
  if (argc != 3) return 64;
  Job job{std::atoi(argv[1]), std::strtoul(argv[2], nullptr, 10), 0};
  pthread_t t;
  if (pthread_create(&t, nullptr, ncclProxyService, &job) != 0) return 2;
  pthread_join(t, nullptr);
  std::printf("created %d segments of %lu bytes\n", job.segments, job.size);
  return job.rc;
}
