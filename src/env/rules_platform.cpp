// Platform rule: NCCL does not exist on Windows. TensorFlow's MirroredStrategy defaults to NCCL
// all-reduce and needs cross_device_ops=tf.distribute.HierarchicalCopyAllReduce() there;
// torch.distributed needs backend="gloo". The platform is an audit input, so this is tested on Linux.
#include "core/strings.hpp"
#include "env/rules.hpp"

namespace dd::env::detail {

void check_platform(const Context& ctx, std::vector<core::Finding>& out) {
  if (ctx.input().platform != Platform::windows) return;
  std::vector<std::string> signs;
  bool nccl = false;
  for (const auto& s : ctx.settings()) {
    bool is_nccl = core::starts_with(s.name, "NCCL_") || core::starts_with(s.name, "TORCH_NCCL_");
    bool distributed = s.name == "MASTER_ADDR" || s.name == "WORLD_SIZE" || s.name == "TF_CONFIG";
    if (is_nccl || distributed) signs.push_back(evidence(s));
    nccl = nccl || is_nccl;
  }
  auto f = make_finding("env.windows.no-nccl", core::Label::windows_no_nccl,
                        nccl ? core::Severity::error : core::Severity::warning,
                        nccl ? "NCCL settings on Windows: NCCL does not exist on Windows"
                             : "this is Windows: NCCL does not exist here, multi-GPU code must not ask for it");
  f.evidence = signs.empty() ? std::vector<std::string>{"platform: Windows"} : signs;
  f.fix.text =
      "TensorFlow: tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce()); "
      "PyTorch: torch.distributed.init_process_group(backend=\"gloo\") (Lightning: PL_TORCH_DISTRIBUTED_BACKEND=gloo)";
  f.fix.env["PL_TORCH_DISTRIBUTED_BACKEND"] = "gloo";
  out.push_back(std::move(f));
}

}  // namespace dd::env::detail
