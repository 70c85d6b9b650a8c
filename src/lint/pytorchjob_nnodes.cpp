// lint.k8s.nnodes-not-replicas: a PyTorchJob whose containers
// run `torchrun --nnodes=2` while its replica specs start 3 pods (Master 1 + Worker 2). The
// training operator starts one pod per replica and numbers them as nodes: WORLD_SIZE/PET_NNODES is
// the sum of all replicas and PET_NODE_RANK / RANK runs 0..sum-1, Master first
// (kubeflow/training-operator pkg/controller.v1/pytorch/envvar.go, setPodEnv and
// getTotalReplicas). A literal --nnodes overrides PET_NNODES, so one pod more (or fewer) than the
// rendezvous expects starts: a node rank outside the job, or a rendezvous that waits.
// Not judged with an elasticPolicy (--nnodes is then a MIN:MAX range by design).
//
// The fix sets --nnodes to the replicas on the line that holds it (`--nnodes=2` or `--nnodes 2` in
// a command/args list or a bash -c string); the evidence names the other way (fewer replicas).
#include <regex>
#include <string>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

void pytorchjob_nnodes_rule(FileContext& ctx, const JobReplicas& job, const std::string& replica,
                            std::size_t flags_before) {
  if (job.total < 1 || job.elastic) return;
  for (std::size_t i = flags_before; i < ctx.launch_flags().size(); ++i) {
    const LaunchFlag flag = ctx.launch_flags()[i];  // a copy: ctx.add does not touch the flags, but stay safe
    if (flag.flag != "--nnodes") continue;
    auto n = core::parse_int(flag.value);
    if (!n || *n == job.total) continue;
    std::string title =
        (replica.empty() ? std::string("a pod") : replica) + " runs torchrun " +
        as_written({flag.flag, flag.value, flag.joined}) + ", but the PyTorchJob starts " + std::to_string(job.total) +
        " pods (" + job.breakdown + "): the operator numbers them as nodes 0-" + std::to_string(job.total - 1) +
        " (PET_NODE_RANK, PET_NNODES=" + std::to_string(job.total) + ", which --nnodes overrides), so " +
        (*n < job.total ? "a node rank falls outside the " + flag.value + "-node job"
                        : "the rendezvous waits for nodes that never start");
    // The flag's text on one of the container's lines (the value must follow it on that line).
    static const std::regex nnodes_re(R"(--nnodes(=|[ \t]+|"\s*,\s*")([0-9]+))");
    int line = 0;
    std::string fixed;
    for (int l = flag.line; l <= ctx.line_count() && l < flag.line + 40 && !line; ++l) {
      std::string text(ctx.line_text(l));
      std::smatch m;
      if (text.size() > 4096 || !std::regex_search(text, m, nnodes_re) || m.str(2) != flag.value) continue;
      fixed = text.replace(static_cast<std::size_t>(m.position(2)), static_cast<std::size_t>(m.length(2)),
                           std::to_string(job.total));
      line = l;
    }
    core::Finding* f = nullptr;
    if (line) {
      f = &ctx.add("lint.k8s.nnodes-not-replicas", core::Label::config_typo, core::Severity::error, std::move(title),
                   line, LineEdit{line, line, fixed});
    } else {
      f = &ctx.add("lint.k8s.nnodes-not-replicas", core::Label::config_typo, core::Severity::error, std::move(title),
                   flag.line,
                   "--nnodes=" + std::to_string(job.total) + " (or leave --nnodes out: PET_NNODES then applies)");
    }
    f->evidence.push_back("or make the replicas add up to " + flag.value + " if that is the job's size");
  }
}

}  // namespace dd::lint::detail
