// Catalogue lookup, family prefixes and "did you mean" for unknown names.
#include "env/catalog.hpp"

#include <map>

#include "core/strings.hpp"

namespace dd::env {

std::string_view to_string(VarFamily family) {
  switch (family) {
    case VarFamily::nccl:
      return "nccl";
    case VarFamily::torch:
      return "torch";
    case VarFamily::gloo:
      return "gloo";
    case VarFamily::tensorpipe:
      return "tensorpipe";
    case VarFamily::rendezvous:
      return "rendezvous";
    case VarFamily::torchelastic:
      return "torchelastic";
    case VarFamily::slurm:
      return "slurm";
    case VarFamily::mpi:
      return "mpi";
    case VarFamily::pmi:
      return "pmi";
    case VarFamily::tf:
      return "tf";
    case VarFamily::cuda:
      return "cuda";
  }
  return "nccl";
}

std::string_view to_string(VarType type) {
  switch (type) {
    case VarType::integer:
      return "int";
    case VarType::string:
      return "string";
    case VarType::enum_:
      return "enum";
    case VarType::list:
      return "list";
    case VarType::boolean:
      return "bool";
    case VarType::json:
      return "json";
  }
  return "string";
}

std::string_view to_string(Status status) {
  switch (status) {
    case Status::current:
      return "current";
    case Status::deprecated:
      return "deprecated";
    case Status::renamed:
      return "renamed";
    case Status::removed:
      return "removed";
    case Status::newer_version:
      return "newer-version";
    case Status::not_runtime:
      return "not-runtime";
  }
  return "current";
}

std::span<const VarSpec> catalog() {
  static const std::vector<VarSpec> all = [] {
    std::vector<VarSpec> v;
    for (auto part :
         {detail::nccl_int_vars(), detail::nccl_string_vars(), detail::torch_vars(), detail::launcher_vars()}) {
      v.insert(v.end(), part.begin(), part.end());
    }
    return v;
  }();
  return all;
}

const VarSpec* find_var(std::string_view name) {
  static const std::map<std::string_view, const VarSpec*> index = [] {
    std::map<std::string_view, const VarSpec*> m;
    for (const auto& s : catalog()) m.emplace(s.name, &s);
    return m;
  }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

namespace {

struct Prefix {
  std::string_view prefix;
  VarFamily family;
  bool suspicious_unknown;  // unknown names with this prefix are probably typos
};

// Longest prefixes first: TORCH_NCCL_ before TORCH_.
constexpr Prefix k_prefixes[] = {
    {"TORCH_NCCL_", VarFamily::torch, true},
    {"TORCH_DISTRIBUTED_", VarFamily::torch, true},
    {"TORCHELASTIC_", VarFamily::torchelastic, true},
    {"NCCL_", VarFamily::nccl, true},
    {"GLOO_", VarFamily::gloo, true},
    {"MASTER_", VarFamily::rendezvous, true},
    {"TP_SOCKET_", VarFamily::tensorpipe, true},
    {"PET_", VarFamily::torchelastic, false},
    {"SLURM_", VarFamily::slurm, false},
    {"SLURMD_", VarFamily::slurm, false},
    {"OMPI_", VarFamily::mpi, false},
    {"PMIX_", VarFamily::pmi, false},
    {"PMI_", VarFamily::pmi, false},
    {"MPI_", VarFamily::mpi, false},
    {"I_MPI_", VarFamily::mpi, false},
    {"HYDRA_", VarFamily::mpi, false},
    {"TF_", VarFamily::tf, false},
    {"CUDA_", VarFamily::cuda, false},
};

const Prefix* prefix_of(std::string_view name) {
  for (const auto& p : k_prefixes) {
    if (core::starts_with(name, p.prefix)) return &p;
  }
  return nullptr;
}

// Mistakes seen in the wild whose edit distance is too large for the generic search.
struct KnownMistake {
  std::string_view wrong;
  std::string_view right;
};
constexpr KnownMistake k_mistakes[] = {
    {"NCCL_NSOCKS_PER_PEER", "NCCL_NSOCKS_PERTHREAD"},
    {"NCCL_NSOCKS_PER_THREAD", "NCCL_NSOCKS_PERTHREAD"},
    {"NCCL_IFNAME", "NCCL_SOCKET_IFNAME"},
    {"NCCL_SOCKET_INTERFACE", "NCCL_SOCKET_IFNAME"},
    {"NCCL_NET_IFNAME", "NCCL_SOCKET_IFNAME"},
    {"NCCL_SOCKET_IFACE", "NCCL_SOCKET_IFNAME"},
    {"NCCL_IB_IFNAME", "NCCL_IB_HCA"},
    {"NCCL_DEBUG_LEVEL", "NCCL_DEBUG"},
    {"NCCL_LOG_LEVEL", "NCCL_DEBUG"},
    {"NCCL_SOCKET_THREADS", "NCCL_SOCKET_NTHREADS"},
    {"NCCL_NTHREADS_SOCKET", "NCCL_SOCKET_NTHREADS"},
    {"GLOO_IFNAME", "GLOO_SOCKET_IFNAME"},
    {"GLOO_SOCKET_IFACE", "GLOO_SOCKET_IFNAME"},
    {"GLOO_SOCKET_INTERFACE", "GLOO_SOCKET_IFNAME"},
    {"MASTER_ADDRESS", "MASTER_ADDR"},
    {"MASTER_IP", "MASTER_ADDR"},
    {"MASTER_HOST", "MASTER_ADDR"},
    {"MASTER_HOSTNAME", "MASTER_ADDR"},
};

}  // namespace

std::optional<VarFamily> family_of(std::string_view name) {
  if (const VarSpec* s = find_var(name)) return s->family;
  if (const Prefix* p = prefix_of(name)) return p->family;
  return std::nullopt;
}

bool checks_unknown_names(std::string_view name) {
  const Prefix* p = prefix_of(name);
  return p && p->suspicious_unknown;
}

std::optional<std::string_view> suggest_name(std::string_view name) {
  for (const auto& m : k_mistakes) {
    if (m.wrong == name) return m.right;
  }
  const Prefix* p = prefix_of(name);
  std::string_view group = p ? p->prefix : std::string_view{};
  std::size_t tail = name.size() - group.size();
  std::size_t limit = tail <= 3 ? 1 : (name.size() > 16 ? 3 : 2);
  std::optional<std::string_view> best;
  std::size_t best_d = limit + 1;
  for (const auto& s : catalog()) {
    if (s.status == Status::not_runtime || s.status == Status::newer_version || s.status == Status::removed) continue;
    // Same family prefix only: NCCL_ typos suggest NCCL_ names (torch's old NCCL_ aliases included).
    if (!group.empty() && !core::starts_with(s.name, group)) continue;
    std::size_t d = core::edit_distance(name, s.name);
    if (d < best_d) {
      best_d = d;
      best = s.replacement.empty() ? s.name : s.replacement;
    }
  }
  return best;
}

}  // namespace dd::env
