// lint.mpi.env-not-forwarded: `export NCCL_SOCKET_IFNAME=...` in the
// script, then Open MPI's `mpirun -H a:8,b:8 ...` without `-x NCCL_SOCKET_IFNAME`. Open MPI starts the
// ranks on the other hosts through its own daemons and passes them only the variables named with
// -x (and its own OMPI_/PMIX_ ones): those ranks run without the setting and NCCL picks an
// interface by itself there. The ranks on this host inherit mpirun's environment, so a one-host run
// hides it. Only for a command that shows Open MPI (-x, -mca/--mca): MPICH's and Intel MPI's
// mpiexec pass the whole environment by default. `--mca mca_base_env_list` forwards too: no finding.
//
// The fix is an edit of the line holding `mpirun`: `-x NAME` for each variable, right after it.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

bool matters_across_nodes(const std::string& name) {
  for (std::string_view p : {"NCCL_", "GLOO_", "TORCH_NCCL_", "HOROVOD_", "UCX_", "FI_"}) {
    if (core::starts_with(name, p)) return true;
  }
  return name == "MASTER_ADDR" || name == "MASTER_PORT";
}

// Who reads the variable on the ranks (HOROVOD_FUSION_THRESHOLD is Horovod's, not
// NCCL's). Checked against each project's own variable prefix: NCCL (NCCL_*), Gloo
// (GLOO_*), PyTorch's ProcessGroupNCCL (TORCH_NCCL_*), Horovod (HOROVOD_*), UCX (UCX_*), libfabric
// (FI_*), torch.distributed's env:// rendezvous (MASTER_ADDR, MASTER_PORT).
std::string reader_of(const std::string& name) {
  if (core::starts_with(name, "TORCH_NCCL_")) return "PyTorch";
  if (core::starts_with(name, "NCCL_")) return "NCCL";
  if (core::starts_with(name, "GLOO_")) return "Gloo";
  if (core::starts_with(name, "HOROVOD_")) return "Horovod";
  if (core::starts_with(name, "UCX_")) return "UCX";
  if (core::starts_with(name, "FI_")) return "libfabric";
  return "torch.distributed";
}

// "NCCL runs without it", "NCCL runs without NCCL_A and Horovod without HOROVOD_B": each reader
// named with its own variables, in the order they were set.
std::string who_runs_without(const std::vector<std::string>& missing) {
  std::vector<std::pair<std::string, std::vector<std::string>>> by_reader;
  for (const auto& n : missing) {
    std::string r = reader_of(n);
    auto it = std::find_if(by_reader.begin(), by_reader.end(), [&](const auto& p) { return p.first == r; });
    if (it == by_reader.end()) {
      by_reader.push_back({r, {n}});
    } else {
      it->second.push_back(n);
    }
  }
  if (by_reader.size() == 1) {
    return by_reader[0].first + " runs without " + (missing.size() == 1 ? "it" : "them");
  }
  std::vector<std::string> parts;
  for (const auto& [reader, names] : by_reader) {
    parts.push_back(reader + (parts.empty() ? " runs without " : " without ") + core::join(names, ", "));
  }
  return core::join(parts, " and ");
}

struct MpirunFacts {
  bool open_mpi = false;
  bool several_hosts = false;
  bool env_list = false;  // --mca mca_base_env_list ...: forwards by itself
  std::set<std::string> forwarded;
  std::string hosts_why;
};

MpirunFacts read_mpirun(const std::vector<std::string>& w, std::size_t from) {
  MpirunFacts m;
  for (std::size_t k = from; k < w.size(); ++k) {
    const std::string& a = w[k];
    bool has_next = k + 1 < w.size();
    if (a == "-x" && has_next) {
      m.open_mpi = true;
      m.forwarded.insert(w[k + 1].substr(0, w[k + 1].find('=')));
    }
    if (a == "-mca" || a == "--mca" || a == "-gmca" || a == "--gmca") {
      m.open_mpi = true;
      if (has_next && w[k + 1] == "mca_base_env_list") m.env_list = true;
    }
    if ((a == "-H" || a == "--host" || a == "-host") && has_next && w[k + 1].find(',') != std::string::npos) {
      m.several_hosts = true;
      m.hosts_why = a + " " + w[k + 1];
    }
    for (std::string_view f : {"-hostfile", "--hostfile", "-machinefile", "--machinefile"}) {
      if (a == f && has_next) {
        m.several_hosts = true;
        m.hosts_why = a + " " + w[k + 1];
      }
    }
  }
  return m;
}

}  // namespace

void mpirun_env_rule(FileContext& ctx) {
  for (const auto& c : split_commands(ctx.text())) {
    const auto& w = c.words;
    std::size_t j = 0;
    while (j < w.size() && program_name(w[j]) != "mpirun" && program_name(w[j]) != "mpiexec") ++j;
    if (j >= w.size()) continue;
    MpirunFacts m = read_mpirun(w, j + 1);
    if (!m.open_mpi || !m.several_hosts || m.env_list) continue;
    std::vector<std::string> missing;
    int first_line = 0;
    for (const auto& v : ctx.env()) {
      if (!v.via.empty() || v.line >= c.line || !matters_across_nodes(v.name) || m.forwarded.count(v.name)) continue;
      if (std::find(missing.begin(), missing.end(), v.name) != missing.end()) continue;
      missing.push_back(v.name);
      if (!first_line) first_line = v.line;
    }
    if (missing.empty()) continue;
    std::string flags;
    for (const auto& n : missing) flags += " -x " + n;
    std::string title =
        "mpirun passes only its -x variables to the ranks on other hosts: " + core::join(missing, ", ") +
        (missing.size() == 1 ? ", set in this script, does" : ", set in this script, do") +
        " not reach the ranks there, and on those hosts " + who_runs_without(missing);
    bool ifname = std::any_of(missing.begin(), missing.end(),
                              [](const std::string& n) { return n.find("SOCKET_IFNAME") != std::string::npos; });
    Label label = ifname ? Label::interface_mismatch : Label::config_typo;
    std::string line(ctx.line_text(c.line));
    std::size_t at = std::string::npos;
    for (std::size_t p = line.find("mpi"); p != std::string::npos; p = line.find("mpi", p + 1)) {
      std::size_t e = p;
      while (e < line.size() && line[e] != ' ' && line[e] != '\t') ++e;
      std::string_view word = std::string_view(line).substr(p, e - p);
      bool starts_word = p == 0 || line[p - 1] == ' ' || line[p - 1] == '\t' || line[p - 1] == '/';
      if (starts_word && (word == "mpirun" || word == "mpiexec")) {
        at = e;
        break;
      }
    }
    core::Finding* f = nullptr;
    if (at != std::string::npos) {
      line.insert(at, flags);
      f = &ctx.add("lint.mpi.env-not-forwarded", label, Severity::warning, title, c.line,
                   LineEdit{c.line, c.line, line});
    } else {
      f = &ctx.add("lint.mpi.env-not-forwarded", label, Severity::warning, title, c.line, "mpirun" + flags + " ...");
    }
    f->evidence.push_back(ctx.path() + ":" + std::to_string(first_line) + ": " +
                          std::string(core::trim(ctx.line_text(first_line))));
    f->evidence.push_back(m.hosts_why + ": ranks on other hosts; -x or -mca on the command: Open MPI");
  }
}

}  // namespace dd::lint::detail
