// Reads the section header table of an ELF64 little-endian file, finds SHT_SYMTAB and the string
// table it links to, and returns st_value for the wanted names. The file is mapped read-only;
// only the section headers, .symtab and .strtab pages are touched.
#include "elf_symtab.hpp"

#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>

namespace dd::oracle {
namespace {

// Owns a read-only mapping of a whole file.
class Mapping {
 public:
  explicit Mapping(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && st.st_size > 0) {
      size_ = static_cast<std::size_t>(st.st_size);
      void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
      if (p != MAP_FAILED) data_ = static_cast<const unsigned char*>(p);
    }
    ::close(fd);
  }
  ~Mapping() {
    if (data_ != nullptr) ::munmap(const_cast<unsigned char*>(data_), size_);
  }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;

  const unsigned char* data() const { return data_; }
  std::size_t size() const { return size_; }

  // Copies a T from `offset` when it lies inside the file.
  template <typename T>
  bool read(std::uint64_t offset, T& out) const {
    if (data_ == nullptr || offset > size_ || size_ - offset < sizeof(T)) return false;
    std::memcpy(&out, data_ + offset, sizeof(T));
    return true;
  }

 private:
  const unsigned char* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace

std::unordered_map<std::string, std::uint64_t> find_symtab_values(const std::string& path,
                                                                  const std::vector<std::string_view>& names,
                                                                  std::string& error) {
  std::unordered_map<std::string, std::uint64_t> found;
  const Mapping file(path);
  Elf64_Ehdr eh{};
  if (!file.read(0, eh)) {
    error = path + ": cannot map the file";
    return found;
  }
  if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
      eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_shentsize != sizeof(Elf64_Shdr)) {
    error = path + ": not a little-endian ELF64 file";
    return found;
  }
  Elf64_Shdr symtab{};
  bool have_symtab = false;
  for (std::uint16_t i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh{};
    if (!file.read(eh.e_shoff + std::uint64_t{i} * sizeof(Elf64_Shdr), sh)) break;
    if (sh.sh_type == SHT_SYMTAB) {
      symtab = sh;
      have_symtab = true;
      break;
    }
  }
  if (!have_symtab) {
    error = path + ": no .symtab section (stripped library?)";
    return found;
  }
  Elf64_Shdr strtab{};
  if (!file.read(eh.e_shoff + std::uint64_t{symtab.sh_link} * sizeof(Elf64_Shdr), strtab) ||
      strtab.sh_offset > file.size() || file.size() - strtab.sh_offset < strtab.sh_size) {
    error = path + ": .symtab links to an unreadable string table";
    return found;
  }
  const char* strings = reinterpret_cast<const char*>(file.data() + strtab.sh_offset);
  const std::uint64_t count = symtab.sh_entsize == 0 ? 0 : symtab.sh_size / symtab.sh_entsize;
  for (std::uint64_t i = 0; i < count && found.size() < names.size(); ++i) {
    Elf64_Sym sym{};
    if (!file.read(symtab.sh_offset + i * sizeof(Elf64_Sym), sym)) break;
    if (sym.st_name >= strtab.sh_size) continue;
    const char* raw = strings + sym.st_name;
    const std::string_view name(raw, ::strnlen(raw, strtab.sh_size - sym.st_name));
    for (const auto want : names) {
      if (name == want && sym.st_value != 0) found.emplace(std::string(want), sym.st_value);
    }
  }
  return found;
}

}  // namespace dd::oracle
