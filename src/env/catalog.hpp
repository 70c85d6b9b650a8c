// The variable catalogue: every environment variable the audit knows, with its family, type, the
// values it accepts and whether the current release still reads it. Checked against NCCL 2.28.9
// (nccl-facts §5), PyTorch c10d (§7.1), Gloo (§7.2) and TensorFlow (§7.3); launcher variables are
// listed so that `env` can show them, not interpreted here (src/env/launchers/ does that).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dd::env {

// Which stack reads the variable ("family" in `env --json`).
enum class VarFamily { nccl, torch, gloo, tensorpipe, rendezvous, torchelastic, slurm, mpi, pmi, tf, cuda };
std::string_view to_string(VarFamily family);

// How the value is parsed by its reader.
enum class VarType {
  integer,  // NCCL_PARAM style: strtoll(value, nullptr, 0), see nccl-facts §4.5
  string,   // free text (paths, plugin names, filter lists)
  enum_,    // one of VarSpec::values (case per VarSpec::case_sensitive)
  list,     // comma/semicolon list checked by a dedicated rule (NCCL_ALGO, NCCL_DEBUG_SUBSYS, ...)
  boolean,  // 0/1 (torch also accepts true/false, yes/no, on/off)
  json,     // TF_CONFIG
};
std::string_view to_string(VarType type);

// Whether NCCL 2.28.9 (or the current torch) still reads the name.
enum class Status {
  current,
  deprecated,     // still read, but a replacement exists (`replacement`)
  renamed,        // no longer read; `replacement` is read instead
  removed,        // no longer read, no replacement
  newer_version,  // only read by releases newer than 2.28.9
  not_runtime,    // set by containers or builds (NCCL_VERSION, NCCL_HOME); no library reads it
};
std::string_view to_string(Status status);

struct VarSpec {
  std::string_view name;
  VarFamily family = VarFamily::nccl;
  VarType type = VarType::string;
  Status status = Status::current;
  std::string_view default_value;        // as documented ("-2", "unset", ...), may be empty
  std::vector<std::string_view> values;  // enum_: the accepted spellings
  bool case_sensitive = false;           // enum_ comparison
  std::optional<long long> min, max;     // integer: range that makes sense (inclusive)
  std::string_view replacement;          // deprecated/renamed: the name to use instead
  std::string_view note;                 // one line shown in findings
};

// Every catalogued variable, all families.
std::span<const VarSpec> catalog();

// The entry for `name` (exact, case-sensitive as the environment is), or nullptr.
const VarSpec* find_var(std::string_view name);

// The family a variable that is set belongs to when it is worth showing in `env`: catalogued names,
// or names with a family prefix (NCCL_, TORCH_NCCL_, GLOO_, SLURM_, OMPI_, PMI_, ...). nullopt for
// unrelated variables (PATH, HOME).
std::optional<VarFamily> family_of(std::string_view name);

// Whether unknown names with this name's prefix are suspicious (NCCL_, TORCH_NCCL_,
// TORCH_DISTRIBUTED_, GLOO_, TORCHELASTIC_, MASTER_): unknown names there are probably typos.
bool checks_unknown_names(std::string_view name);

// The catalogued name the user most likely meant by an unknown `name` ("did you mean"): a table
// of known mistakes first (NCCL_NSOCKS_PER_PEER -> NCCL_NSOCKS_PERTHREAD), then the closest
// current name of the same prefix by edit distance (<= 2, or <= 3 for names over 16 characters).
std::optional<std::string_view> suggest_name(std::string_view name);

namespace detail {
// Per-family tables (catalog_<family>.cpp), concatenated by catalog().
std::vector<VarSpec> nccl_int_vars();
std::vector<VarSpec> nccl_string_vars();
std::vector<VarSpec> torch_vars();
std::vector<VarSpec> launcher_vars();  // rendezvous, torchelastic, Slurm, MPI, PMI, TF, CUDA, Gloo, TP
}  // namespace detail

}  // namespace dd::env
