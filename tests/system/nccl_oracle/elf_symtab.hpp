// Lookup of non-exported (local) symbols in a shared object's .symtab, so the NCCL oracle can call
// NCCL internals (ncclFindInterfaces) and read its bootstrap statics. Checked against
// libnccl.so.2 2.28.9, which ships an unstripped .symtab.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dd::oracle {

// The st_value (link-time virtual address) of each requested symbol found in the .symtab of the
// ELF64 file at `path`; names not present are absent from the map. `error` receives a message
// naming the file and the problem when the file is not a readable ELF64 with a .symtab.
std::unordered_map<std::string, std::uint64_t> find_symtab_values(const std::string& path,
                                                                  const std::vector<std::string_view>& names,
                                                                  std::string& error);

}  // namespace dd::oracle
