// A launcher option as the file spells it: a
// finding that quotes `--nnodes=${NNODES}` where the file says `--nnodes ${NNODES}` sends a user
// who greps for the quoted text nowhere. Every title, evidence line or fix text that quotes an
// option renders it through as_written: the flag's own spelling (`--nproc-per-node` or
// `--nproc_per_node`, `-np` or `--num-proc`) and the file's joiner (`=` or a blank).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dd::lint::detail {

struct WrittenFlag {
  std::string flag;     // "--nproc-per-node", as written
  std::string value;    // "4"
  bool joined = false;  // written "--flag=value" (one word); false: "--flag value" (two words)
};

// The last of `names` among w[from..] ("--flag=value" or "--flag value"), as written; nullopt when
// none is there.
std::optional<WrittenFlag> find_written_flag(const std::vector<std::string>& w, std::size_t from,
                                             std::initializer_list<std::string_view> names);

// "--nnodes=2" or "--nnodes 2", as the file joins them.
std::string as_written(const WrittenFlag& f);
// The same flag and joiner with another value: the fix's spelling of `--nproc-per-node=2`.
std::string as_written(const WrittenFlag& f, std::string_view value);

}  // namespace dd::lint::detail
