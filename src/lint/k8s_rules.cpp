// Kubernetes / Kubeflow manifests (yaml-cpp): every pod spec of a training workload (PyTorchJob,
// TFJob, MPIJob, ..., or any pod asking for GPUs or setting NCCL_*) is checked for a memory-backed
// /dev/shm, host networking, InfiniBand devices; its env goes to the audit, its command and args
// through the shell command rules.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <utility>

#include "core/strings.hpp"
#include "env/catalog.hpp"
#include "env/value_check.hpp"
#include "lint/k8s_dns_policy.hpp"
#include "lint/k8s_job_index.hpp"
#include "lint/k8s_shm_mount.hpp"
#include "lint/rules.hpp"
#include "lint/shell_lexer.hpp"
#include "lint/written_flag.hpp"
#include "nccl/shm_wording.hpp"

namespace dd::lint::detail {

namespace {

using core::Label;
using core::Severity;

constexpr int k_max_depth = 64;
// Nodes a document may expand to. Anchors and aliases share one node in yaml-cpp, so loading is
// linear, but every walk over a document re-visits an alias each time it occurs: 20 lines of nested
// aliases ("billion laughs") expand to 10^9 nodes. A real manifest has a few thousand.
constexpr long k_max_nodes = 100000;

// The nodes `n` expands to (aliases counted each time they occur, nesting beyond k_max_depth not
// counted, as walk ignores it), stopping once past `budget`: O(budget) whatever the document.
long expanded_nodes(const YAML::Node& n, long budget, int depth = 0) {
  long count = 1;
  if (depth > k_max_depth) return count;
  if (n.IsMap()) {
    for (auto it = n.begin(); it != n.end() && count <= budget; ++it)
      count += expanded_nodes(it->second, budget - count, depth + 1);
  } else if (n.IsSequence()) {
    for (auto it = n.begin(); it != n.end() && count <= budget; ++it)
      count += expanded_nodes(*it, budget - count, depth + 1);
  }
  return count;
}

int line_of(const YAML::Node& n) { return n.Mark().line >= 0 ? n.Mark().line + 1 : 1; }

std::string scalar(const YAML::Node& n) { return n && n.IsScalar() ? n.Scalar() : ""; }

// A Compose service's GPUs: "all", a count as written, or "" when it asks for none. GPUs are asked
// for with deploy.resources.reservations.devices (driver nvidia or capabilities [gpu]), `gpus:`, or
// `runtime: nvidia` (every GPU the host's runtime exposes: "all").
std::string compose_gpus(const YAML::Node& svc) {
  if (svc["gpus"]) return svc["gpus"].IsScalar() ? svc["gpus"].Scalar() : "all";
  // const lookups only: a missing key's node must not be indexed again (yaml-cpp throws InvalidNode)
  auto child = [](const YAML::Node& n, const char* key) { return n && n.IsMap() ? n[key] : YAML::Node(); };
  const YAML::Node devices = child(child(child(child(svc, "deploy"), "resources"), "reservations"), "devices");
  if (devices && devices.IsSequence()) {
    for (const auto& d : devices) {
      if (!d.IsMap()) continue;
      bool gpu = scalar(d["driver"]) == "nvidia";
      for (const auto& c : d["capabilities"]) gpu = gpu || scalar(c) == "gpu";
      if (!gpu) continue;
      if (d["device_ids"] && d["device_ids"].IsSequence()) return std::to_string(d["device_ids"].size());
      return d["count"] ? scalar(d["count"]) : "all";
    }
  }
  return scalar(svc["runtime"]) == "nvidia" ? "all" : "";
}

// The DataLoader worker count a command passes (--num_workers N, --num-workers=N, --workers N; the
// last one, as argparse takes it), with the flag as written; 0 when none.
std::pair<long long, std::string> loader_workers(const std::vector<std::string>& words) {
  auto f = find_written_flag(words, 0, {"--num-workers", "--num_workers", "--workers"});
  if (!f) return {0, ""};
  return {core::parse_int(f->value).value_or(0), as_written(*f)};
}

bool training_kind(const std::string& kind) {
  return kind == "PyTorchJob" || kind == "TFJob" || kind == "MPIJob" || kind == "PaddleJob" || kind == "XGBoostJob" ||
         kind == "JAXJob" || kind == "TrainJob" || kind == "MXJob";
}

// The line of `key` inside map `m` (the key's own line, not its value's).
int key_line(const YAML::Node& m, const std::string& key) {
  for (auto it = m.begin(); it != m.end(); ++it) {
    if (scalar(it->first) == key) return line_of(it->first);
  }
  return line_of(m);
}

// One replica spec's `replicas` (1 when absent, as the operators default it).
long long replica_count(const YAML::Node& r) {
  if (r.IsMap() && r["replicas"] && r["replicas"].IsScalar())
    return core::parse_int(r["replicas"].Scalar()).value_or(1);
  return 1;
}

long long replicas_of(const YAML::Node& specs) {
  long long total = 0;
  if (!specs.IsMap()) return 0;
  for (auto it = specs.begin(); it != specs.end(); ++it) total += replica_count(it->second);
  return total;
}

// A plain (unquoted) scalar that YAML reads as a number or a boolean. The API server decodes a
// manifest's YAML into JSON and EnvVar.value is a Go string, so such a value is rejected ("cannot
// unmarshal number into Go value of type string": kubernetes/kubernetes#12889, kubeshop/helm-charts#514).
// Booleans are YAML 1.1's, which kubectl and the API server read (sigs.k8s.io/yaml over go-yaml v2):
// y/yes/on and n/no/off too ("kubectl parses yes/no as booleans": cdk8s-team/cdk8s-core#1230;
// `value: yes` rejected as "cannot unmarshal bool into Go struct field EnvVar...": kcl-lang/kcl#2013,
// alphagov/govuk-helm-charts#181). PyYAML, which the tests read the fixed files with, is YAML 1.1 too.
bool boolean(const std::string& v) {
  static const std::set<std::string, std::less<>> yaml11 = {
      "y",    "Y",    "yes",   "Yes",   "YES",   "n",  "N",  "no", "No",  "NO",  "true",
      "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF"};
  return yaml11.contains(v);
}

bool non_string_scalar(const YAML::Node& n) {
  if (!n.IsScalar() || n.Tag() != "?") return false;  // "!" is a quoted scalar: a string
  static const std::regex number(
      R"([-+]?(\d[\d_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))");
  return boolean(n.Scalar()) || std::regex_match(n.Scalar(), number);
}

// The pod's volumes: the name of its first memory-backed emptyDir (`medium: Memory`) with no sizeLimit
// that no container mounts (one mounted elsewhere, or capped, is no /dev/shm to reuse), and every name.
struct PodVolumes {
  std::string memory;
  std::set<std::string> names;
};

PodVolumes pod_volumes(const YAML::Node& spec) {
  PodVolumes out;
  if (!spec["volumes"] || !spec["volumes"].IsSequence()) return out;
  std::set<std::string> mounted;
  for (const char* key : {"containers", "initContainers"}) {
    if (!spec[key] || !spec[key].IsSequence()) continue;
    for (const auto& c : spec[key]) {
      if (!c.IsMap() || !c["volumeMounts"] || !c["volumeMounts"].IsSequence()) continue;
      for (const auto& m : c["volumeMounts"]) {
        if (m.IsMap()) mounted.insert(scalar(m["name"]));
      }
    }
  }
  for (const auto& v : spec["volumes"]) {
    if (!v.IsMap()) continue;
    std::string name = scalar(v["name"]);
    out.names.insert(name);
    const YAML::Node dir = v["emptyDir"];
    bool memory = dir && dir.IsMap() && scalar(dir["medium"]) == "Memory" && !dir["sizeLimit"];
    if (out.memory.empty() && memory && !mounted.count(name)) out.memory = name;
  }
  return out;
}

// The /dev/shm fix as YAML to paste. A pod that already has a `volumes:` list (or a container with
// `volumeMounts:`) gets list items to append to it: a second `volumes:` key is a duplicate key, which
// PyYAML resolves by dropping one list and kubectl rejects. A pod that already holds a memory-backed
// emptyDir no container mounts at /dev/shm gets the mount of that volume only, and a new volume never
// takes a name the pod uses: the API server rejects a repeated volume name ("Duplicate value",
// fix-2026-12-07p p12).
std::string shm_fix(const YAML::Node& spec, const YAML::Node& containers) {
  bool has_volumes = spec["volumes"] && spec["volumes"].IsSequence();
  bool has_mounts = false;
  for (const auto& c : containers)
    has_mounts = has_mounts || (c.IsMap() && c["volumeMounts"] && c["volumeMounts"].IsSequence());
  auto volumes = pod_volumes(spec);
  std::string name = volumes.memory;
  std::string fix;
  if (name.empty()) {
    name = "dshm";
    for (int n = 2; volumes.names.count(name); ++n) name = "dshm" + std::to_string(n);
    fix = has_volumes
              ? "# append to the pod's existing volumes: list\n- {name: " + name + ", emptyDir: {medium: Memory}}\n"
              : "volumes: [{name: " + name + ", emptyDir: {medium: Memory}}]\n";
  } else {
    fix = "# the pod's volume " + name + " (emptyDir, medium: Memory) is mounted nowhere at /dev/shm: mount it\n";
  }
  fix += has_mounts ? "# append to each training container's volumeMounts: list (a container without one: "
                      "volumeMounts: [...] with this item)\n- {name: " +
                          name + ", mountPath: /dev/shm}"
                    : "# in each training container:\nvolumeMounts: [{name: " + name + ", mountPath: /dev/shm}]";
  return fix;
}

// `line` with the plain scalar `value` after its "value:" key replaced by `quoted` in double quotes;
// nullopt when the line does not hold it exactly once in that place.
std::optional<std::string> line_text_with(std::string line, const std::string& value, const std::string& quoted) {
  auto key = line.find("value:");
  if (key == std::string::npos || line.find("value:", key + 1) != std::string::npos) return std::nullopt;
  auto at = line.find_first_not_of(" \t", key + 6);
  if (at == std::string::npos || line.compare(at, value.size(), value) != 0) return std::nullopt;
  auto end = at + value.size();
  if (end < line.size() && std::string_view(" \t,}#").find(line[end]) == std::string_view::npos) return std::nullopt;
  line.replace(at, value.size(), "\"" + quoted + "\"");
  return line;
}

// What to write between the quotes for env `name`'s plain scalar `value`: the value itself, unless
// NCCL reads it as an integer and would take the text for another number ("yes" is 0): then the
// number a YAML boolean means ("1" for yes/true/on), and nullopt where what was meant is unknown.
std::optional<std::string> value_to_quote(const std::string& name, const std::string& value) {
  const env::VarSpec* spec = env::find_var(name);
  if (!spec || spec->type != env::VarType::integer || spec->family != env::VarFamily::nccl) return value;
  env::NcclInt r = env::read_nccl_int(value);
  if (r.issue == env::NcclInt::Issue::none) return value;
  if (r.issue == env::NcclInt::Issue::not_a_number && boolean(value) && !r.intended.empty()) return r.intended;
  // "3.0": NCCL's strtoll stops at the dot and reads 3 (nccl-facts.md, integer parameters), the number
  // written; "3.5" reads 3 too, but whether 3 was meant is unknown (r09).
  auto dot = value.find('.');
  bool zero_fraction = r.issue == env::NcclInt::Issue::trailing && r.value && dot != std::string::npos &&
                       dot + 1 < value.size() && value.find_first_not_of('0', dot + 1) == std::string::npos;
  if (zero_fraction) return std::to_string(*r.value);
  return std::nullopt;
}

class Manifest {
 public:
  explicit Manifest(FileContext& ctx) : ctx_(ctx) {}

  // Lines of the document being read start after this many lines of the file.
  void set_offset(int lines) { offset_ = lines; }

  void shape(const YAML::Node& doc) {
    if (!doc.IsMap()) return;
    std::string kind = scalar(doc["kind"]);
    const YAML::Node spec = doc["spec"];
    if (!training_kind(kind) || !spec || !spec.IsMap()) return;
    for (auto it = spec.begin(); it != spec.end(); ++it) {
      std::string key = scalar(it->first);
      if (key.size() > 12 && key.substr(key.size() - 12) == "ReplicaSpecs" && replicas_of(it->second) > 1) {
        ctx_.shape().multi_node = true;
        ctx_.shape().multi_node_why = kind + " with " + std::to_string(replicas_of(it->second)) + " replicas";
      }
    }
  }

  // `kind`: the document's kind; `replica`: the replica type whose template holds `n` (Launcher,
  // Master, Worker, Chief, PS, ...; "" outside a training job's replica specs).
  void walk(const YAML::Node& n, const std::string& kind, const std::string& replica, int depth) {
    if (depth > k_max_depth) return;
    if (n.IsMap()) {
      const YAML::Node containers = n["containers"];
      if (containers && containers.IsSequence()) pod(n, kind, replica);
      for (auto it = n.begin(); it != n.end(); ++it) {
        std::string key = scalar(it->first);
        bool replica_specs = key.size() > 12 && key.substr(key.size() - 12) == "ReplicaSpecs";
        if (replica_specs && it->second.IsMap()) {
          job_ = {replicas_of(it->second), "", n["elasticPolicy"].IsDefined()};
          for (auto r = it->second.begin(); r != it->second.end(); ++r) {
            job_.breakdown += (job_.breakdown.empty() ? "" : " + ") + scalar(r->first) + " " +
                              std::to_string(replica_count(r->second));
          }
          for (auto r = it->second.begin(); r != it->second.end(); ++r)
            walk(r->second, kind, scalar(r->first), depth + 2);
          job_ = {};
        } else {
          walk(it->second, kind, replica, depth + 1);
        }
      }
    } else if (n.IsSequence()) {
      for (const auto& c : n) walk(c, kind, replica, depth + 1);
    }
  }

 private:
  // What a pod's containers ask for and set.
  struct PodFacts {
    bool gpus = false, ib_env = false, rdma = false, privileged = false, torch = false;
    bool gloo = false;  // a command says --backend=gloo (or --dist-backend gloo)
    long long gpu_count = 0;
    long long procs = 0;           // processes per pod the commands show (--nproc_per_node=N)
    std::string procs_written;     // that option as written when N is a number ("--nproc_per_node=8")
    long long loader_workers = 0;  // a command's --workers / --num_workers N
    std::string loader_written;    // that option as the command writes it ("--num_workers=8")
    std::string ifname;            // NCCL_SOCKET_IFNAME's value
  };

  // A container's env entries: recorded in the file's env (a non-string value gets its finding).
  // lint.k8s.env-duplicate (fix-2026-12-06m p25): a name twice in one container's env with another
  // value. The container gets the later one (the kubelet keeps the last; the API server warns
  // "hides previous definition of ..., which may be dropped when using apply").
  void container_env(const YAML::Node& c, PodFacts& pf) {
    struct Seen {
      std::string value;
      int first = 0, last = 0;  // the entry's lines, `- name:` through `value:`
    };
    std::map<std::string, Seen> seen;
    std::vector<EnvEntry> order;
    auto lines = [](const Seen& s) {
      return s.first == s.last ? "line " + std::to_string(s.first)
                               : "lines " + std::to_string(s.first) + "-" + std::to_string(s.last);
    };
    for (const auto& e : c["env"]) {
      if (!e.IsMap() || !e["name"] || !e["value"] || !e["value"].IsScalar()) continue;
      std::string name = scalar(e["name"]), value = e["value"].Scalar();
      int line = line_of(e["value"]) + offset_;
      Seen now{value, std::min(line_of(e) + offset_, line), line};
      if (auto [it, fresh] = seen.try_emplace(name, now); !fresh) {
        if (it->second.value != value)
          ctx_.add("lint.k8s.env-duplicate", Label::config_typo, Severity::warning,
                   name + " is set twice in this container's env: '" + it->second.value + "' (" + lines(it->second) +
                       ") and '" + value + "' (" + lines(now) + "); the container gets the later one, " + name + "=" +
                       value,
                   line,
                   "keep one entry for " + name +
                       ": delete the whole entry (its `- name:` and `value:` lines) whose "
                       "value you do not want, " +
                       lines(it->second) + " or " + lines(now))
              .evidence.push_back(
                  "Kubernetes keeps the last of a name's env entries; the API server warns "
                  "\"hides previous definition of " +
                  name + "\" (not run here: no Kubernetes)");
        it->second = now;
      }
      if (non_string_scalar(e["value"])) not_string(name, e["value"]);
      ctx_.env().push_back({name, value, line, ""});
      order.push_back({name, value, now.first, now.last});
      pf.ib_env = pf.ib_env || (name == "NCCL_IB_HCA" && !value.empty()) || (name == "NCCL_NET" && value == "IB");
      if (name == "NCCL_SOCKET_IFNAME") pf.ifname = value;
    }
    if (!c["envFrom"]) env_reference_order(order);  // an envFrom source may define a name the list lacks
  }

  // One `- name: / value:` entry of a container's env, in the list's order.
  struct EnvEntry {
    std::string name, value;
    int first = 0, last = 0;
  };

  // lint.k8s.env-ref-order (fix-2026-12-07n p15): an env value that refers to `$(NAME)` where NAME is
  // an entry further down the same list. Kubernetes expands a reference only from the variables
  // defined before it (the EnvVar API: "Variable references $(VAR_NAME) are expanded using the
  // previously defined environment variables in the container ... If a variable cannot be resolved,
  // the reference in the input string will be unchanged"), so the container gets the literal text
  // (torchrun rejects `$(MASTER_HOST):29400` as an endpoint). The edit moves the referenced entry above
  // the one that reads it; where several references point down, one finding each, in prose.
  // `value: |` / `value: >-` ...: the value is on the lines below.
  static bool block_scalar(std::string_view value_line) {
    std::string_view v = core::trim(value_line.substr(value_line.find(':') + 1));
    return !v.empty() && (v.front() == '|' || v.front() == '>');
  }

  // The line after `last` continues the entry that starts at `first` (more indented than its `- `).
  bool continued(int first, int last) const {
    if (last >= ctx_.line_count()) return false;
    std::string_view next = ctx_.line_text(last + 1);
    std::string_view code = core::trim(next);
    if (code.empty() || code.front() == '#') return false;
    auto blanks = [](std::string_view l) { return l.find_first_not_of(" \t"); };
    return blanks(next) > blanks(ctx_.line_text(first));
  }

  void env_reference_order(const std::vector<EnvEntry>& order) {
    struct Late {
      std::size_t reader, defined;
    };
    std::vector<Late> late;
    for (std::size_t i = 0; i < order.size(); ++i) {
      for (std::size_t j = i + 1; j < order.size(); ++j) {
        const std::string ref = "$(" + order[j].name + ")";
        const auto at = order[i].value.find(ref);
        bool escaped = at != std::string::npos && at > 0 && order[i].value[at - 1] == '$';
        bool earlier = std::any_of(order.begin(), order.begin() + static_cast<long>(i),
                                   [&](const EnvEntry& e) { return e.name == order[j].name; });
        if (at != std::string::npos && !escaped && !earlier) late.push_back({i, j});
      }
    }
    for (const auto& l : late) {
      const EnvEntry& r = order[l.reader];
      const EnvEntry& d = order[l.defined];
      std::string title = r.name + "='" + r.value + "' refers to $(" + d.name +
                          "), which this env list defines later (line " + std::to_string(d.first) +
                          "): Kubernetes expands $(VAR) only from the entries above it, so " + r.name +
                          " is the literal text '" + r.value + "'";
      std::string prose = "move the entry of " + d.name + " (lines " + std::to_string(d.first) + "-" +
                          std::to_string(d.last) + ") above the entry of " + r.name + " (line " +
                          std::to_string(r.first) + ")";
      // Moved up, the entry must not itself read one of the entries it passes, and it must be the plain
      // two lines `- name: N` / `value: V` (a block scalar, a `value:` first or a flow list would leave
      // lines behind).
      bool two_lines = d.last == d.first + 1 && core::starts_with(core::trim(ctx_.line_text(d.first)), "- name:") &&
                       core::starts_with(core::trim(ctx_.line_text(d.last)), "value:") &&
                       !block_scalar(ctx_.line_text(d.last)) && !continued(d.first, d.last);
      bool reads_passed =
          std::any_of(order.begin() + static_cast<long>(l.reader), order.begin() + static_cast<long>(l.defined),
                      [&](const EnvEntry& e) { return d.value.find("$(" + e.name + ")") != std::string::npos; });
      core::Finding* f = nullptr;
      if (late.size() != 1 || reads_passed || !two_lines) {
        f = &ctx_.add("lint.k8s.env-ref-order", Label::config_typo, Severity::error, title, r.last, prose);
      } else {
        std::vector<std::string> lines;
        for (int n = d.first; n <= d.last; ++n) lines.emplace_back(ctx_.line_text(n));
        for (int n = r.first; n < d.first; ++n) lines.emplace_back(ctx_.line_text(n));
        f = &ctx_.add("lint.k8s.env-ref-order", Label::config_typo, Severity::error, title, r.last,
                      LineEdit{r.first, d.last, core::join(lines, "\n")});
      }
      f->evidence.push_back(
          "the Kubernetes EnvVar API: $(VAR_NAME) is expanded from the previously defined variables; an unresolved "
          "reference is left unchanged (not run here: no Kubernetes)");
    }
  }

  // A container's GPU and RDMA resources (limits and requests).
  static void container_resources(const YAML::Node& c, PodFacts& pf) {
    for (const char* part : {"limits", "requests"}) {
      const YAML::Node r = c["resources"] ? c["resources"][part] : YAML::Node();
      if (!r || !r.IsMap()) continue;
      for (auto it = r.begin(); it != r.end(); ++it) {
        std::string k = scalar(it->first);
        bool gpu = k == "nvidia.com/gpu" || k == "amd.com/gpu";
        pf.gpus = pf.gpus || gpu;
        // limits and requests name the same GPUs: count the larger
        if (gpu) pf.gpu_count = std::max<long long>(pf.gpu_count, core::parse_int(scalar(it->second)).value_or(1));
        pf.rdma = pf.rdma || core::starts_with(k, "rdma/") || k.find("infiniband") != std::string::npos;
      }
    }
  }

  // The pod's containers, read once: env, resources, privilege, and their commands linted.
  PodFacts read_containers(const YAML::Node& containers, const std::string& kind) {
    PodFacts pf;
    pf.torch = kind == "PyTorchJob";
    for (const auto& c : containers) {
      if (!c.IsMap()) continue;
      container_env(c, pf);
      container_resources(c, pf);
      const YAML::Node sc = c["securityContext"];
      pf.privileged = pf.privileged || (sc && sc.IsMap() && scalar(sc["privileged"]) == "true");
      commands(c);
      pf.torch = pf.torch || runs_torch(c);
      command_facts(c, pf);
    }
    if (kind == "MPIJob") pf.procs = std::max(pf.procs, pf.gpu_count);  // mpirun: one process per slot
    return pf;
  }

  // What a container's command and args (and a `bash -c` script's words) say about its processes:
  // a backend flag naming gloo, torchrun's processes per node, a DataLoader worker count.
  static void command_facts(const YAML::Node& c, PodFacts& pf) {
    std::vector<std::string> words;
    for (const char* k : {"command", "args"}) {
      const YAML::Node n = c[k];
      if (!n) continue;
      std::vector<std::string> items;
      if (n.IsSequence()) {
        for (const auto& w : n) items.push_back(scalar(w));
      } else {
        items.push_back(scalar(n));
      }
      for (const auto& item : items) {
        std::istringstream in(item);
        for (std::string w; in >> w;) words.push_back(w);
      }
    }
    for (std::size_t i = 0; i < words.size(); ++i) {
      if (!core::starts_with(words[i], "--")) continue;
      std::string flag = words[i], value, written = words[i];
      if (auto eq = flag.find('='); eq != std::string::npos) {
        value = flag.substr(eq + 1), flag.resize(eq);
      } else if (i + 1 < words.size()) {
        value = words[i + 1], written += " " + value;
      }
      std::replace(flag.begin(), flag.end(), '_', '-');
      if (flag.find("backend") != std::string::npos && value == "gloo") pf.gloo = true;
      if (flag == "--nproc-per-node") {
        long long n = value == "gpu" || value == "auto" ? pf.gpu_count : core::parse_int(value).value_or(0);
        if (n > pf.procs && value != "gpu" && value != "auto") pf.procs_written = written;
        pf.procs = std::max(pf.procs, n);
      }
      if (flag.size() >= 9 && flag.compare(flag.size() - 7, 7, "workers") == 0) {
        long long n = core::parse_int(value).value_or(0);
        if (n > pf.loader_workers) {
          pf.loader_workers = n;
          pf.loader_written = written;
        }
      }
    }
  }

  // Whether the pod has a memory-backed /dev/shm (or the host's IPC), and /dev/infiniband mounted.
  struct PodMounts {
    bool shm = false, ib_mounted = false;
    // a memory-backed /dev/shm mounted only in containers that are not the training ones (a
    // sidecar's): "container (name)" of those that mount it
    std::vector<std::string> only_in;
  };
  static PodMounts pod_mounts(const YAML::Node& spec, const YAML::Node& containers) {
    std::set<std::string> memory_volumes, infiniband_volumes;
    for (const auto& v : spec["volumes"]) {
      if (!v.IsMap()) continue;
      const YAML::Node ed = v["emptyDir"];
      if (ed && ed.IsMap() && scalar(ed["medium"]) == "Memory") memory_volumes.insert(scalar(v["name"]));
      const YAML::Node hp = v["hostPath"];
      if (hp && hp.IsMap() && scalar(hp["path"]).find("/dev/infiniband") != std::string::npos) {
        infiniband_volumes.insert(scalar(v["name"]));
      }
    }
    PodMounts pm;
    // /dev/shm is per container: a sidecar's mount gives the training container none (fix-2026-12-07q
    // p20). The training containers (GPUs or a torch launcher) must each mount it; where none shows
    // it is a training container, any container's mount counts.
    bool any_mount = false, every_trainer = true, trainers = false;
    for (const auto& c : containers) {
      if (!c.IsMap()) continue;
      PodFacts own;
      container_resources(c, own);
      bool trainer = own.gpus || runs_torch(c);
      bool mounted = false;
      for (const auto& m : c["volumeMounts"]) {
        if (!m.IsMap()) continue;
        mounted = mounted || (scalar(m["mountPath"]) == "/dev/shm" && memory_volumes.count(scalar(m["name"])));
        pm.ib_mounted = pm.ib_mounted || infiniband_volumes.count(scalar(m["name"]));
      }
      any_mount = any_mount || mounted;
      trainers = trainers || trainer;
      if (trainer && !mounted) every_trainer = false;
      if (mounted && !trainer) pm.only_in.push_back(scalar(c["name"]));
    }
    if (!trainers || every_trainer) pm.only_in.clear();
    pm.shm = scalar(spec["hostIPC"]) == "true" || (trainers ? every_trainer : any_mount);
    return pm;
  }

  // lint.k8s.no-shm-volume: /dev/shm carries NCCL's shared-memory transport between a pod's GPUs
  // (two or more, unless the pod's commands say gloo) and torch's DataLoader worker batches (a
  // command's --workers N, N > 0). Neither shown (one GPU, no workers, or a Gloo job): no warning.
  // "processes" only where the pod's commands show them (--nproc_per_node, an MPIJob's slots).
  void shm_rule(const YAML::Node& spec, const YAML::Node& containers, const PodFacts& pf, int line,
                const std::vector<std::string>& only_in) {
    bool nccl_peers = pf.gpu_count >= 2 && !pf.gloo;
    bool loaders = pf.torch && pf.loader_workers > 0;
    if (!nccl_peers && !loaders) return;
    std::string gpus = std::to_string(pf.gpu_count) + (pf.procs >= 2 ? " GPUs' processes" : " GPUs");
    std::string workers = "torch DataLoader workers (" + pf.loader_written + "; they hand batches over in /dev/shm)";
    std::string users = nccl_peers && loaders ? "NCCL's shared-memory transport between its " + gpus + " and " + workers
                        : nccl_peers          ? "NCCL's shared-memory transport between its " + gpus
                                              : workers;
    std::string unmounted = pod_volumes(spec).memory;
    ctx_.add(
        "lint.k8s.no-shm-volume", Label::shm_exhausted, Severity::warning,
        (!only_in.empty() ? "the training container mounts nothing at /dev/shm (only " + core::join(only_in, ", ") +
                                " mounts a memory-backed /dev/shm: each container has its own /dev/shm)"
         : unmounted.empty() ? std::string("the training pod has no memory-backed /dev/shm")
                             : "the training container mounts nothing at /dev/shm (the pod's memory volume " +
                                   unmounted + " is mounted nowhere there)") +
            ": the container default is 64 MB, and " + nccl::shm_can_run_out(users),
        line, shm_fix(spec, containers));
  }

  // lint.k8s.no-host-network: the pod network, where NCCL_SOCKET_IFNAME names a host interface or
  // NCCL's traffic goes through the CNI. A pod whose torchrun is the whole job (--standalone,
  // --nnodes=1) keeps every rank in the pod: NCCL's traffic stays inside it (P2P, SHM), and only a
  // host interface name still matters (NCCL's bootstrap finds no such interface there). lo is in
  // every network namespace, the pod's too: lint.env.ifname-loopback says what is wrong with it
  // (fix-2026-12-06m p25). A pod-side name (eth0) names another interface once the pod is on the
  // host's network: the note says so (fix-2026-12-06m c02).
  void host_network_rule(const std::string& ifname, int line, bool one_pod) {
    // A Multus / SR-IOV networks annotation gives the pod interfaces of its own (net1, ib0 ...):
    // a name outside the pod network's is no evidence of a host interface there.
    if (ctx_.text().find("k8s.v1.cni.cncf.io/networks") != std::string::npos) return;
    // A computed value ("$(IFACE)", expanded by the kubelet) names nothing lint can see.
    bool computed = ifname.find('$') != std::string::npos;
    // NCCL_SOCKET_IFNAME is a list of prefixes ("=" exact, "^" exclusions): the items as names.
    bool exclusion = core::starts_with(ifname, "^");
    std::string list = ifname.substr(exclusion || core::starts_with(ifname, "=") ? 1 : 0);
    std::vector<std::string> items;
    for (const auto& i : core::split(list, ',')) {
      std::string item(core::trim(i));
      if (!item.empty()) items.push_back(item);
    }
    auto any = [&](std::string_view prefix) {
      return std::any_of(items.begin(), items.end(),
                         [&](const std::string& i) { return core::starts_with(i, prefix); });
    };
    bool all_lo = !items.empty() && std::all_of(items.begin(), items.end(),
                                                [](const std::string& i) { return core::starts_with(i, "lo"); });
    if (all_lo && !exclusion) return;  // lo is in every namespace: lint.env.ifname-loopback says what is wrong
    bool pod_side = !exclusion && any("eth");
    bool host_iface = !items.empty() && !pod_side && !exclusion && !computed;
    if (one_pod && !host_iface) return;
    std::string title =
        host_iface ? "NCCL_SOCKET_IFNAME=" + ifname +
                         " names no interface a pod network usually gives a pod (lo and eth0), and the pod has no "
                         "host networking: if it is the node's interface, NCCL finds it only with hostNetwork"
                   : "the training pod uses the pod network (no hostNetwork): NCCL's traffic goes through the "
                     "cluster's pod network (CNI); hostNetwork: true gives it the node's NICs";
    if (pod_side && !computed)
      title += "; NCCL_SOCKET_IFNAME=" + ifname +
               " names the pod's interface: with hostNetwork it would name the node's interface of that name, if "
               "any (`ip -br link` on a node), so set it to the node's interface then";
    // A pod spec that sets dnsPolicy already keeps one key: that line changes (fix-2026-12-07s p24: the
    // two lines pasted under `spec:` gave a second dnsPolicy, which kubectl's strict validation refuses).
    // Only the finding's own YAML document (review58: another document's Deployment has its own).
    std::string fix = "hostNetwork: true\ndnsPolicy: ClusterFirstWithHostNet";
    int first = line, last = line;
    while (first > 1 && !core::starts_with(ctx_.line_text(first - 1), "---")) --first;
    while (last < ctx_.line_count() && !core::starts_with(ctx_.line_text(last + 1), "---")) ++last;
    for (int l = first; l <= last; ++l) {
      const std::string_view t = core::trim(ctx_.line_text(l));
      if (!core::starts_with(t, "dnsPolicy:")) continue;
      std::string_view policy = core::trim(t.substr(10));
      if (policy.size() >= 2 && (policy.front() == '"' || policy.front() == '\'') && policy.back() == policy.front())
        policy = policy.substr(1, policy.size() - 2);
      if (policy != "ClusterFirstWithHostNet")
        fix = "hostNetwork: true in the pod spec, and line " + std::to_string(l) + " (`" + std::string(t) +
              "`) becomes `dnsPolicy: ClusterFirstWithHostNet` (one dnsPolicy key: kubectl refuses a second)";
      else
        fix = "hostNetwork: true in the pod spec (its dnsPolicy, line " + std::to_string(l) +
              ", is already "
              "ClusterFirstWithHostNet)";
      break;
    }
    ctx_.add("lint.k8s.no-host-network", Label::virtual_interface, host_iface ? Severity::warning : Severity::info,
             title, line, fix);
  }

  // lint.k8s.gpus-fewer-than-procs (fix-2026-12-06k p29): `nvidia.com/gpu: 4` and torchrun
  // --nproc_per_node=8 in the same pod. The device plugin exposes the K GPUs the container is given
  // (Kubernetes' GPU scheduling: the limit is the count), so local ranks K..N-1 have none of their own.
  // The edit starts K processes on the line that writes the option (one occurrence in the pod).
  void pod_gpus_fewer(const YAML::Node& containers, const PodFacts& pf, int containers_line) {
    if (pf.gpu_count < 1 || pf.procs <= pf.gpu_count) return;
    std::string k = std::to_string(pf.gpu_count), n = std::to_string(pf.procs);
    std::string fixed_flag = pf.procs_written.substr(0, pf.procs_written.size() - n.size()) + k;
    std::string title = "the pod's GPU limit is " + k + " (nvidia.com/gpu or amd.com/gpu) and torchrun starts " + n +
                        " processes (" + pf.procs_written + "): only those " + k +
                        " GPUs are visible in the container, so local ranks " + k + ".." +
                        std::to_string(pf.procs - 1) +
                        " have no GPU of their own (set_device(LOCAL_RANK) fails with 'invalid device ordinal') "
                        "or share one";
    std::string dump = YAML::Dump(containers);
    auto first = dump.find(pf.procs_written);
    bool once = first != std::string::npos && dump.find(pf.procs_written, first + 1) == std::string::npos &&
                pf.procs_written.size() > n.size() &&
                pf.procs_written.compare(pf.procs_written.size() - n.size(), n.size(), n) == 0;
    int at = 0;
    for (int l = containers_line; once && l <= ctx_.line_count(); ++l) {
      if (ctx_.line_text(l).find(pf.procs_written) != std::string_view::npos) {
        at = l;
        break;
      }
    }
    core::Finding* f = nullptr;
    if (at) {
      std::string text(ctx_.line_text(at));
      auto pos = text.find(pf.procs_written);
      bool whole = pos + pf.procs_written.size() == text.size() ||
                   !std::isdigit(static_cast<unsigned char>(text[pos + pf.procs_written.size()]));
      if (whole && text.find(pf.procs_written, pos + 1) == std::string::npos) {
        text.replace(pos, pf.procs_written.size(), fixed_flag);
        f = &ctx_.add("lint.k8s.gpus-fewer-than-procs", Label::config_typo, Severity::error, title, at,
                      LineEdit{at, at, text});
      }
    }
    if (!f) {
      f = &ctx_.add("lint.k8s.gpus-fewer-than-procs", Label::config_typo, Severity::error, title, containers_line,
                    fixed_flag + "  # as many processes as the pod's GPUs");
    }
    f->evidence.push_back("or, on nodes with " + n + " GPUs, give the container " + n + ": nvidia.com/gpu: " + n);
    f->evidence.push_back(
        "Kubernetes, Schedule GPUs: a container gets the number of GPUs its limit names (not run "
        "here: no Kubernetes)");
  }

  // The pod's torchrun (its flags recorded from `flags_before` on) runs the whole job on one node.
  bool one_node_launch(std::size_t flags_before) const {
    const auto& flags = ctx_.launch_flags();
    return std::any_of(flags.begin() + static_cast<std::ptrdiff_t>(flags_before), flags.end(), [](const LaunchFlag& f) {
      return f.flag == "--standalone" || (f.flag == "--nnodes" && (f.value == "1" || f.value == "1:1"));
    });
  }

  void pod(const YAML::Node& spec, const std::string& kind, const std::string& replica) {
    const YAML::Node containers = spec["containers"];
    std::size_t env_before = ctx_.env().size();
    std::size_t flags_before = ctx_.launch_flags().size();
    PodFacts pf = read_containers(containers, kind);
    bool nccl = std::any_of(ctx_.env().begin() + static_cast<std::ptrdiff_t>(env_before), ctx_.env().end(),
                            [](const EnvValue& v) { return core::starts_with(v.name, "NCCL_"); });
    if (kind == "PyTorchJob") pytorchjob_nnodes_rule(ctx_, job_, replica, flags_before);
    if (!training_kind(kind) && !pf.gpus && !nccl) return;
    // An MPIJob's launcher (or any replica) without GPUs that starts no torch process runs no
    // training process itself: mpirun reaches the workers over ssh, NCCL runs there. Neither shm nor
    // the pod network matters for it.
    if (!pf.gpus && !pf.torch && (replica == "Launcher" || !nccl)) return;
    int line = key_line(spec, "containers") + offset_;
    PodMounts pm = pod_mounts(spec, containers);
    // A /dev/shm mount already there is edited (k8s_shm_mount.cpp), never mounted a second time.
    if (!pm.shm && (!shm_mount_rule(ctx_, spec, containers, offset_) || !pm.only_in.empty()))
      shm_rule(spec, containers, pf, line, pm.only_in);
    // A Gloo job with no NCCL variable sends no NCCL traffic: no note about NCCL's path.
    bool gloo_only = pf.gloo && !nccl;
    if (scalar(spec["hostNetwork"]) != "true" && !gloo_only)
      host_network_rule(pf.ifname, line, one_node_launch(flags_before));
    host_network_dns_rule(ctx_, spec, containers, offset_);
    if (!pf.procs_written.empty()) pod_gpus_fewer(containers, pf, line);
    if (pf.ib_env && !pf.rdma && !pf.privileged && !pm.ib_mounted) {
      ctx_.add("lint.k8s.no-infiniband-device", Label::ib_misconfiguration, Severity::warning,
               "NCCL is told to use InfiniBand but the pod gets no RDMA device (no rdma/* resource, no /dev/infiniband "
               "hostPath, not privileged): NCCL falls back to sockets or fails",
               line, "resources: {limits: {rdma/hca: 1}}  # or mount hostPath /dev/infiniband");
    }
  }

  // lint.k8s.env-value-not-string: the edit quotes the value on its line.
  void not_string(const std::string& name, const YAML::Node& value) {
    int line = line_of(value) + offset_;
    std::string title = "env " + name + ": value " + value.Scalar() + " is a YAML " +
                        (boolean(value.Scalar()) ? "boolean (YAML 1.1, as kubectl reads it)" : "number") +
                        ", and a container's env value must be a string: the API server rejects the object";
    // Quoted as written, `value: "yes"` passes the API server, but NCCL reads it as 0: the quotes
    // hold the number NCCL reads as the user meant, or the fix is prose.
    auto meant = value_to_quote(name, value.Scalar());
    if (!meant) {
      env::NcclInt r = env::read_nccl_int(value.Scalar());
      std::string read = r.value ? std::to_string(*r.value) : std::string("its default");
      ctx_.add("lint.k8s.env-value-not-string", Label::config_typo, Severity::error, std::move(title), line,
               "value: \"N\"  # N: the whole number " + name + " should be, in decimal; NCCL reads " + value.Scalar() +
                   " as " + read);
      return;
    }
    auto replaced = line_text_with(std::string(ctx_.line_text(line)), value.Scalar(), *meant);
    core::Finding* f = nullptr;
    if (replaced) {
      f = &ctx_.add("lint.k8s.env-value-not-string", Label::config_typo, Severity::error, std::move(title), line,
                    LineEdit{line, line, *replaced});
    } else {
      f = &ctx_.add("lint.k8s.env-value-not-string", Label::config_typo, Severity::error, std::move(title), line,
                    "value: \"" + *meant + "\"");
    }
    if (*meant != value.Scalar()) {
      env::NcclInt r = env::read_nccl_int(value.Scalar());
      std::string read = r.value ? std::to_string(*r.value) : std::string("its default");
      f->evidence.push_back(name + " is an NCCL integer: \"" + value.Scalar() + "\" reads as " + read +
                            ", so the value is " + *meant + ", what " + value.Scalar() + " means");
    }
  }

  // A container that starts torch: torchrun, torch.distributed.run/launch, deepspeed, accelerate.
  static bool runs_torch(const YAML::Node& c) {
    for (const char* k : {"command", "args"}) {
      const YAML::Node n = c[k];
      if (!n) continue;
      std::vector<std::string> words;
      if (n.IsSequence()) {
        for (const auto& w : n) words.push_back(scalar(w));
      } else {
        words.push_back(scalar(n));
      }
      for (const auto& w : words) {
        for (std::string_view t : {"torchrun", "torch.distributed", "deepspeed", "accelerate launch"}) {
          if (w.find(t) != std::string::npos) return true;
        }
      }
    }
    return false;
  }

  // lint.k8s.args-shell-variable (fix-2026-12-06l p16): `$NAME` / `${NAME}` in a container's exec-form
  // command or args (no `sh -c`). Kubernetes runs them without a shell and expands only `$(NAME)`,
  // from the container's environment (Container.args in the API reference: "Variable references
  // $(VAR_NAME) are expanded using the container's environment"; an unresolved one stays as
  // written), so the program receives the text "$NAME". The edit writes `$(NAME)` where NAME is in
  // the container's env list or is JOB_COMPLETION_INDEX in an Indexed Job (the Job controller sets
  // it); otherwise prose: the command through `sh -c`, or NAME added to env.
  void shell_variables_in_exec_form(const YAML::Node& c) {
    static const std::regex var(R"(\$(\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*)))");
    std::set<std::string> defined;
    if (c["env"] && c["env"].IsSequence()) {
      for (const auto& e : c["env"]) defined.insert(scalar(e["name"]));
    }
    if (ctx_.text().find("completionMode: Indexed") != std::string::npos) defined.insert("JOB_COMPLETION_INDEX");
    for (const char* k : {"command", "args"}) {
      const YAML::Node n = c[k];
      if (!n || !n.IsSequence()) continue;
      for (const auto& w : n) {
        if (!w.IsScalar()) continue;
        const std::string& item = w.Scalar();
        std::smatch m;
        if (!std::regex_search(item, m, var)) continue;
        std::string name = m[2].matched ? m[2].str() : m[3].str();
        int line = line_of(w) + offset_;
        std::string title = std::string(k) + " item \"" + item +
                            "\": Kubernetes runs a container's command and args without a shell and expands only "
                            "$(NAME), so the program receives the text \"" +
                            m[0].str() + "\" as written";
        std::string text(ctx_.line_text(line));
        std::string fixed = std::regex_replace(text, var, "$$($2$3)");
        auto count = [&](const std::string& t) {
          return std::distance(std::sregex_iterator(t.begin(), t.end(), var), std::sregex_iterator());
        };
        bool one_line = text.find(m[0].str()) != std::string::npos && count(text) == count(item);
        core::Finding* f = nullptr;
        bool all_defined = true;
        for (std::sregex_iterator it(item.begin(), item.end(), var), end; it != end; ++it) {
          all_defined = all_defined && defined.count((*it)[2].matched ? (*it)[2].str() : (*it)[3].str()) != 0;
        }
        if (all_defined && one_line && fixed != text) {
          f = &ctx_.add("lint.k8s.args-shell-variable", Label::config_typo, Severity::error, title, line,
                        LineEdit{line, line, fixed});
        } else {
          f = &ctx_.add("lint.k8s.args-shell-variable", Label::config_typo, Severity::error, title, line,
                        "write $(" + name + ") with " + name +
                            " in the container's env list, or run the command through a shell: command: "
                            "[\"sh\", \"-c\", \"... $" +
                            name + " ...\"]");
        }
        f->evidence.push_back(
            "Kubernetes API, Container.command/args: $(VAR_NAME) is expanded from the container's environment; no "
            "shell runs them, so $VAR and ${VAR} stay as written");
        if (defined.count(name)) {
          f->evidence.push_back(name == "JOB_COMPLETION_INDEX" && !c["env"]
                                    ? "JOB_COMPLETION_INDEX: set in each pod of an Indexed Job by the Job controller"
                                    : name + " is in the container's environment");
        }
      }
    }
  }

  void commands(const YAML::Node& c) {
    std::vector<std::string> words;
    int line = 0;
    for (const char* k : {"command", "args"}) {
      const YAML::Node n = c[k];
      if (!n) continue;
      if (!line) line = line_of(n) + offset_;
      if (n.IsSequence()) {
        for (const auto& w : n) {
          if (w.IsScalar()) words.push_back(w.Scalar());
        }
      } else if (n.IsScalar()) {
        words.push_back(n.Scalar());
      }
    }
    if (words.empty()) return;
    bool shell = false;
    for (std::size_t i = 0; i + 1 < words.size(); ++i) shell = shell || words[i] == "-c" || words[i] == "-lc";
    if (!shell) shell_variables_in_exec_form(c);
    // ["bash", "-c", "script"]: the script is shell.
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
      if (words[i] != "-c" && words[i] != "-lc") continue;
      for (const auto& cmd : split_commands(words[i + 1], line)) {
        note_shape(ctx_, cmd.words);
        check_command(ctx_, cmd.words, cmd.line);
      }
      return;
    }
    note_shape(ctx_, words);
    check_command(ctx_, words, line);
  }

  // lint.compose.small-shm: a Compose service with GPUs and neither `shm_size` nor `ipc: host`: its
  // /dev/shm is Docker's default 64 MB, which NCCL's shared-memory transport between two or more GPUs
  // and torch's DataLoader workers use (stranger fix-2026-12-06j p24: 4 GPUs, --num_workers 8). One
  // GPU and no workers in its command: no finding. The edit adds `ipc: host` above the service's first
  // key, as lint.docker.small-shm gives docker run --ipc=host.
  void compose_shm(const YAML::Node& svc, const std::vector<std::string>& words) {
    std::string gpus = compose_gpus(svc);
    const std::string ipc = scalar(svc["ipc"]);
    // `ipc: service:NAME` / `container:NAME` shares another container's /dev/shm, whose size is not seen here
    // `ipc: none` mounts no /dev/shm at all, and shm_size does not change that (review57)
    const bool none = ipc == "none";
    if (gpus.empty() || (svc["shm_size"] && !none) || ipc == "host" || core::starts_with(ipc, "service:") ||
        core::starts_with(ipc, "container:") || svc.begin() == svc.end())
      return;
    long long count = core::parse_int(gpus).value_or(gpus == "all" || gpus == "-1" ? 2 : 0);
    auto [workers, written] = loader_workers(words);
    if (count < 2 && workers == 0) return;
    std::string gpu_words = gpus == "all" || gpus == "-1" ? "all the host's GPUs" : gpus + " GPUs";
    std::string users = count >= 2 && workers > 0 ? "NCCL's shared-memory transport between its " + gpu_words +
                                                        " and torch DataLoader workers (" + written + ")"
                        : count >= 2 ? "NCCL's shared-memory transport between its " + gpu_words
                                     : "torch DataLoader workers (" + written + ")";
    int line = line_of(svc.begin()->first) + offset_;
    std::string first(ctx_.line_text(line));
    std::string indent = first.substr(0, first.find_first_not_of(' '));
    std::string title =
        none ? "the service asks for " + gpu_words +
                   " and sets ipc: none: the container gets no /dev/shm at all (shm_size does not change that), and " +
                   users + " need one"
             : "the service asks for " + gpu_words + " and sets " +
                   (ipc.empty() ? std::string("neither shm_size nor ipc: host")
                                : "ipc: " + ipc + " (an IPC namespace of its own) and no shm_size") +
                   ": its /dev/shm is Docker's default 64 MB, and " + nccl::shm_can_run_out(users);
    // The edit only where the service is a block map whose first key starts its own line; a service
    // that sets ipc already gets that line changed (fix-2026-12-07r p25: a second ipc key beside
    // `ipc: shareable` made docker compose refuse the file, and PyYAML keep the later one).
    bool block = svc.Style() != YAML::EmitterStyle::Flow &&
                 core::starts_with(core::trim(first), scalar(svc.begin()->first) + ":");
    LineEdit edit{line, line, indent + "ipc: host\n" + first};
    for (const auto& kv : svc) {
      if (scalar(kv.first) != "ipc") continue;
      int at = line_of(kv.first) + offset_;
      std::string own(ctx_.line_text(at));
      // the value on the key's own line (`ipc:` then `  private` below: prose, review57)
      block = block && core::starts_with(core::trim(own), "ipc:") && kv.second.IsScalar() &&
              line_of(kv.second) == line_of(kv.first);
      edit = LineEdit{at, at, own.substr(0, own.find_first_not_of(' ')) + "ipc: host"};
    }
    const std::string text = "ipc: host  # in the service, as docker run --ipc=host; or shm_size: 16gb";
    auto& f = block ? ctx_.add("lint.compose.small-shm", Label::shm_exhausted, Severity::warning, std::move(title),
                               edit.line, edit)
                    : ctx_.add("lint.compose.small-shm", Label::shm_exhausted, Severity::warning, std::move(title),
                               line, text);
    f.evidence.push_back(
        "Docker gives a container a 64 MB /dev/shm unless shm_size or ipc: host is set "
        "(docker run --shm-size's default)");
  }

  // lint.compose.env-list-map (fix-2026-12-06k p25): `- NCCL_SOCKET_IFNAME: ens5` in a Compose
  // `environment:` list is a one-key map inside the list; the Compose file schema (list_or_dict) allows
  // only strings there ({"type": "array", "items": {"type": "string"}}), so docker compose refuses the
  // file (not run here: no Docker). The edit writes the item as NAME=value.
  void env_list_map(const YAML::Node& item) {
    if (item.size() != 1) return;
    auto kv = item.begin();
    std::string name = scalar(kv->first);
    if (name.empty() || !kv->second.IsScalar()) return;
    std::string value = kv->second.Scalar();
    int line = line_of(kv->first) + offset_;
    std::string title = "environment list item `" + name + ": " + value +
                        "` is a map inside a list: Compose's schema takes only NAME=value strings in an environment "
                        "list, so docker compose refuses the file and " +
                        name + " is never set";
    std::string text(ctx_.line_text(line));
    static const std::regex shape(R"(^(\s*-\s+)([A-Za-z_][A-Za-z0-9_]*):\s+\S.*$)");
    static const std::regex plain(R"([A-Za-z0-9_.,:/^=+@%-]*)");
    std::smatch m;
    core::Finding* f = nullptr;
    bool safe = std::regex_match(value, plain) && value.find(": ") == std::string::npos && !value.empty() &&
                value.back() != ':';
    if (text.size() < 4096 && std::regex_match(text, m, shape) && m[2].str() == name && safe) {
      f = &ctx_.add("lint.compose.env-list-map", Label::config_typo, Severity::error, title, line,
                    LineEdit{line, line, m[1].str() + name + "=" + value});
    } else {
      f = &ctx_.add("lint.compose.env-list-map", Label::config_typo, Severity::error, title, line,
                    "- " + name + "=" + value + "  # a list item is one NAME=value string");
    }
    f->evidence.push_back("Compose file schema, list_or_dict: an object of NAME: value, or an array of strings");
  }

 public:
  // A Docker Compose file's services (r08): `environment:` as a map (NAME: value) or a list
  // ("NAME=value"), and `command:` as a string (split as a shell splits words, as Compose does) or a
  // list. Each service's variables and command are read like a pod's: the env rules and the launch
  // rules see them.
  void compose(const YAML::Node& services) {
    std::vector<std::pair<std::vector<std::string>, int>> commands;
    for (auto it = services.begin(); it != services.end(); ++it) {
      const YAML::Node svc = it->second;
      if (!svc.IsMap()) continue;
      const YAML::Node env = svc["environment"];
      if (env && env.IsMap()) {
        for (auto e = env.begin(); e != env.end(); ++e) {
          if (e->second.IsScalar()) {
            ctx_.env().push_back(
                {scalar(e->first), e->second.Scalar(), line_of(e->second) + offset_, "", core::EnvSyntax::compose_map});
          }
        }
      } else if (env && env.IsSequence()) {
        for (const auto& e : env) {
          if (e.IsMap()) env_list_map(e);
          std::string item = e.IsScalar() ? e.Scalar() : "";
          auto eq = item.find('=');
          if (eq == std::string::npos || eq == 0) continue;
          ctx_.env().push_back(
              {item.substr(0, eq), item.substr(eq + 1), line_of(e) + offset_, "", core::EnvSyntax::compose_list});
        }
      }
      const YAML::Node cmd = svc["command"];
      std::size_t before = commands.size();
      if (cmd && cmd.IsScalar()) {
        for (const auto& c : split_commands(cmd.Scalar(), line_of(cmd) + offset_))
          commands.push_back({c.words, c.line});
      } else if (cmd && cmd.IsSequence()) {
        std::vector<std::string> words;
        for (const auto& w : cmd) {
          if (w.IsScalar()) words.push_back(w.Scalar());
        }
        commands.push_back({words, line_of(cmd) + offset_});
      }
      std::vector<std::string> all_words;
      for (std::size_t i = before; i < commands.size(); ++i)
        all_words.insert(all_words.end(), commands[i].first.begin(), commands[i].first.end());
      compose_shm(svc, all_words);
    }
    for (const auto& [words, line] : commands) note_shape(ctx_, words);
    for (const auto& [words, line] : commands) check_command(ctx_, words, line);
  }

 private:
  FileContext& ctx_;
  int offset_ = 0;
  JobReplicas job_;  // the replica specs being walked
};

struct Document {
  YAML::Node root;
  int offset = 0;  // lines of the file before it
};

// The documents of a multi-document file, split where a line starts with "---" (as kubectl's
// reader splits them) and each parsed by YAML::Load. Not YAML::LoadAll: Debian 12's yaml-cpp 0.7
// loops forever, allocating, on a stream as small as "," (jbeder/yaml-cpp#1040, fixed by #1319 in
// 0.8; found by system.fuzz.lint). The error names the file's line.
bool load_documents(FileContext& ctx, std::vector<Document>& docs) {
  const std::string& text = ctx.text();
  std::size_t start = 0;
  int start_line = 0, line = 0;
  auto load = [&](std::size_t end) {
    try {
      YAML::Node root = YAML::Load(text.substr(start, end - start));
      if (root && !root.IsNull()) docs.push_back({root, start_line});
      return true;
    } catch (const YAML::Exception& e) {
      ctx.error() = ctx.path() + ":" + std::to_string(start_line + e.mark.line + 1) + ": not valid YAML: " + e.msg;
      return false;
    }
  };
  for (std::size_t pos = 0; pos < text.size(); ++line) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    bool separator = text.compare(pos, 3, "---") == 0 &&
                     (pos + 3 >= eol || text[pos + 3] == ' ' || text[pos + 3] == '\t' || text[pos + 3] == '\r');
    if (separator && pos > start) {
      if (!load(pos)) return false;
      start = pos;
      start_line = line;
    }
    pos = eol + 1;
  }
  return load(text.size());
}

}  // namespace

void lint_yaml(FileContext& ctx) {
  std::vector<Document> docs;
  if (!load_documents(ctx, docs)) return;
  Manifest m(ctx);
  int offset = 0;
  try {
    // A document that expands past k_max_nodes is not read, and says so (lint.input.cut).
    std::erase_if(docs, [&ctx](const Document& d) {
      if (expanded_nodes(d.root, k_max_nodes) <= k_max_nodes) return false;
      auto& f = ctx.add("lint.input.cut", Label::other, Severity::warning,
                        ctx.path() + ": the YAML document at line " + std::to_string(d.offset + 1) +
                            " expands to more than " + std::to_string(k_max_nodes) +
                            " nodes through anchors and aliases; lint did not read it",
                        d.offset + 1, "");
      f.evidence.push_back("a Kubernetes manifest has a few thousand nodes; this one repeats aliases of aliases");
      return true;
    });
    for (const auto& d : docs) m.set_offset(offset = d.offset), m.shape(d.root);
    for (const auto& d : docs) {
      std::string kind = d.root.IsMap() ? scalar(d.root["kind"]) : "";
      m.set_offset(offset = d.offset);
      m.walk(d.root, kind, "", 0);
      if (kind == "Job") job_not_indexed_rule(ctx, d.root, d.offset);
      if (kind.empty() && d.root.IsMap() && d.root["services"] && d.root["services"].IsMap()) {
        m.compose(d.root["services"]);
      }
      if (kind.empty() && d.root.IsMap() && d.root["distributed_type"] && d.root["num_machines"]) {
        accelerate_type_rule(ctx, scalar(d.root["distributed_type"]),
                             d.offset + d.root["distributed_type"].Mark().line + 1, scalar(d.root["num_machines"]),
                             d.root["use_cpu"] ? scalar(d.root["use_cpu"]) : std::string(),
                             d.root["compute_environment"] ? scalar(d.root["compute_environment"]) : std::string());
      }
      if (kind.empty() && d.root.IsMap() && d.root["main_process_ip"] && d.root["num_machines"]) {
        accelerate_config_rule(ctx, scalar(d.root["main_process_ip"]),
                               d.offset + d.root["main_process_ip"].Mark().line + 1, scalar(d.root["num_machines"]));
      }
    }
  } catch (const YAML::Exception& e) {
    ctx.error() = ctx.path() + ":" + std::to_string(offset + e.mark.line + 1) + ": unexpected YAML shape: " + e.msg;
    return;
  }
  master_addr_rule(ctx);
}

}  // namespace dd::lint::detail
