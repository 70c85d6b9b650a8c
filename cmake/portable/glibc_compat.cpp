// Linked only into the portable release binary built against an old glibc (DD_GLIBC_SYSROOT, see
// docs/portable-glibc.md). GCC 12's libstdc++.a, Debian 12's libyaml-cpp.a and our own objects,
// compiled against glibc 2.36's headers, read glibc's __libc_single_threaded (added in glibc 2.32)
// to skip atomic reference counting while a process has one thread. Older glibc has no such
// variable; this one stays 0 ("more than one thread may run"), so every such check takes the
// atomic path, which is always correct. It is not exported, so a newer glibc keeps its own.
extern "C" {
char __libc_single_threaded = 0;  // NOLINT: glibc's name
}
