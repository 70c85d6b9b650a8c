// Platform rule: NCCL does not exist on Windows. The fix depends on the framework the settings
// belong to, and no environment variable can carry it (it is a line of the script):
// - TensorFlow (TF_CONFIG): a cluster of several tasks runs MultiWorkerMirroredStrategy, whose
//   all-reduce is chosen by communication_options=tf.distribute.experimental.CommunicationOptions(
//   implementation=tf.distribute.experimental.CommunicationImplementation.RING) (RING = gRPC
//   collectives, no NCCL; tensorflow/python/distribute/collective_util.py, Options and
//   CommunicationImplementation, and collective_all_reduce_strategy.py, TF 2.4+); one machine
//   runs MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce()).
// - PyTorch: init_process_group(backend="gloo"); Lightning 1.8+ takes
//   DDPStrategy(process_group_backend="gloo") (lightning/pytorch/strategies/ddp.py); the old
//   PL_TORCH_DISTRIBUTED_BACKEND variable was removed in Lightning 1.8, so no fix.env is given.
// The platform is an audit input, so this is tested on Linux.
#include "core/json_limits.hpp"
#include "core/strings.hpp"
#include "env/rules.hpp"

namespace dd::env::detail {

namespace {

// The number of chief + worker tasks in a TF_CONFIG (0 when it cannot be read).
std::size_t tf_workers(const std::string& tf_config) {
  auto doc = core::parse_json_bounded(tf_config, "TF_CONFIG");
  if (!doc || !doc->is_object() || !doc->contains("cluster") || !(*doc)["cluster"].is_object()) return 0;
  std::size_t n = 0;
  for (const char* job : {"chief", "worker"}) {
    const auto& c = (*doc)["cluster"];
    if (c.contains(job) && (c[job].is_array() || c[job].is_object())) n += c[job].size();
  }
  return n;
}

const char* const k_tf_multi_worker_ring =
    "tf.distribute.MultiWorkerMirroredStrategy(communication_options=tf.distribute.experimental.CommunicationOptions("
    "implementation=tf.distribute.experimental.CommunicationImplementation.RING))";
const char* const k_tf_one_machine =
    "tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())";
const char* const k_torch_gloo =
    "torch.distributed.init_process_group(backend=\"gloo\") (Lightning: "
    "Trainer(strategy=DDPStrategy(process_group_backend=\"gloo\")))";

}  // namespace

void check_platform(const Context& ctx, std::vector<core::Finding>& out) {
  if (ctx.input().platform != Platform::windows) return;
  std::vector<std::string> nccl_settings, distributed_settings;
  std::vector<std::string> nccl_names;
  bool torch = false;
  const Setting* tf = nullptr;
  for (const auto& s : ctx.settings()) {
    if (core::starts_with(s.name, "NCCL_") || core::starts_with(s.name, "TORCH_NCCL_")) {
      nccl_settings.push_back(evidence(s));
      nccl_names.push_back(s.name);
    } else if (s.name == "MASTER_ADDR" || s.name == "WORLD_SIZE" || s.name == "TF_CONFIG") {
      distributed_settings.push_back(evidence(s));
    }
    torch = torch || s.name == "MASTER_ADDR" || s.name == "WORLD_SIZE" || core::starts_with(s.name, "TORCH_NCCL_");
    if (s.name == "TF_CONFIG") tf = &s;
  }
  bool nccl = !nccl_settings.empty();
  auto f = make_finding("env.windows.no-nccl", core::Label::windows_no_nccl,
                        nccl ? core::Severity::error : core::Severity::warning,
                        nccl ? "NCCL settings on Windows: NCCL does not exist on Windows"
                             : "this is Windows: NCCL does not exist here, multi-GPU code must not ask for it");
  // The NCCL title lists the NCCL settings only; the other one the settings of a distributed job.
  f.evidence = nccl ? nccl_settings : distributed_settings;
  if (f.evidence.empty()) f.evidence.push_back("platform: Windows");
  std::vector<std::string> fixes;
  if (tf) {
    std::size_t workers = tf_workers(tf->value);
    fixes.push_back(workers > 1 ? "TensorFlow (TF_CONFIG has " + std::to_string(workers) +
                                      " workers): strategy = " + k_tf_multi_worker_ring
                                : std::string("TensorFlow: strategy = ") + k_tf_one_machine);
  }
  if (torch || !tf) fixes.push_back(std::string("PyTorch: ") + k_torch_gloo);
  // No sign of either framework: both answers (TensorFlow's by the number of machines).
  if (!tf && !torch) {
    fixes.push_back(std::string("TensorFlow: strategy = ") + k_tf_one_machine + " on one machine, " +
                    k_tf_multi_worker_ring + " across machines");
  }
  // Unset as fix.env (an empty value), so that --export and every format print the unset lines.
  for (const auto& name : nccl_names) f.fix.env[name] = "";
  if (nccl) fixes.push_back("unset " + core::join(nccl_names, " ") + ": nothing reads them on Windows");
  f.fix.text = core::join(fixes, "; ");
  out.push_back(std::move(f));
}

}  // namespace dd::env::detail
