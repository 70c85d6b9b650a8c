// TF_CONFIG rules (nccl-facts §7.3, TensorFlow's multi_worker_util validation): valid JSON,
// `cluster` as job -> list of "host:port", `task` {type, index} with a known type present in the
// cluster (the evaluator may stand outside it), an index in range, at most one chief and one
// evaluator, a chief or worker job, ports in 1..65535, no duplicate address, and no
// localhost/127.x entries when the cluster spans several hosts; this task's own entry must be an
// address of this host (a wrong task.index is the classic copy-paste mistake).
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/address.hpp"
#include "core/json_limits.hpp"
#include "core/strings.hpp"
#include "env/rules.hpp"
#include "env/tf_task_index.hpp"
#include "env/value_check.hpp"

namespace dd::env::detail {

namespace {

using core::Label;
using core::Severity;
using nlohmann::json;

struct Address {
  std::string where;  // "cluster.worker[1]"
  std::string text;   // "host:port"
  std::string host;
  std::optional<long long> port;
  bool bare_v6 = false;  // an IPv6 address and a port without brackets: "fd00::11:12345"
};

core::Finding tf_finding(const std::string& id, const std::string& title, const Setting& s, std::string detail,
                         std::string fix) {
  auto f = make_finding("tf-config." + id, Label::tf_config, Severity::error, title);
  f.evidence.push_back("TF_CONFIG (" + s.source + "): " + std::move(detail));
  f.fix.text = std::move(fix);
  return f;
}

// A value written with Python's single quotes (`{'cluster': {'worker': ['h:1']}, ...}`, fix-2026-12-06l
// p11) with every single quote made a double one, when that is valid JSON and the value holds no
// double quote or backslash of its own; nullopt otherwise. TensorFlow reads TF_CONFIG with
// json.loads (tensorflow/python/distribute/cluster_resolver/tfconfig_cluster_resolver.py,
// _load_tf_config), which takes no single-quoted strings.
std::optional<std::string> double_quoted(const std::string& value) {
  if (value.find('\'') == std::string::npos || value.find_first_of("\"\\") != std::string::npos) return std::nullopt;
  std::string out = value;
  std::replace(out.begin(), out.end(), '\'', '"');
  try {
    auto doc = json::parse(out);
    if (!doc.is_object()) return std::nullopt;
  } catch (const json::exception&) {
    return std::nullopt;
  }
  return out;
}

// "host:port" or "[v6]:port"; port nullopt when missing or not a number.
Address split_address(std::string where, const std::string& text) {
  Address a{std::move(where), text, text, std::nullopt};
  std::string port;
  if (!text.empty() && text[0] == '[') {
    auto close = text.find(']');
    if (close != std::string::npos) {
      a.host = text.substr(1, close - 1);
      if (close + 1 < text.size() && text[close + 1] == ':') port = text.substr(close + 2);
    }
  } else if (auto colon = text.rfind(':'); colon != std::string::npos && text.find(':') == colon) {
    a.host = text.substr(0, colon);
    port = text.substr(colon + 1);
  } else if (colon != std::string::npos && core::is_ipv6_address(text.substr(0, colon)) &&
             core::parse_int(text.substr(colon + 1))) {
    // gRPC reads a colon-rich address without brackets as a host with no port (fix-2026-12-07r p19):
    // the part before the last colon is an address, the part after it the port meant
    a.host = text.substr(0, colon);
    a.bare_v6 = true;
    a.port = core::parse_int(text.substr(colon + 1));
    return a;
  }
  if (auto p = core::parse_int(port)) a.port = *p;
  return a;
}

// The cluster's jobs and addresses; false (with a finding) when its shape is wrong.
bool read_cluster(const json& cluster, const Setting& s, std::map<std::string, std::vector<Address>>& jobs,
                  std::vector<core::Finding>& out) {
  if (!cluster.is_object()) {
    out.push_back(tf_finding("cluster-malformed",
                             "TF_CONFIG's cluster must be an object of job -> [\"host:port\", ...]", s,
                             "cluster = " + cluster.dump(-1, ' ', false, json::error_handler_t::replace),
                             "write cluster as {\"worker\": [\"host1:port\", ...]}"));
    return false;
  }
  for (const auto& [job, tasks] : cluster.items()) {
    std::vector<Address>& list = jobs[job];
    auto add = [&](const std::string& where, const json& t) {
      if (!t.is_string()) return false;
      list.push_back(split_address(where, t.get<std::string>()));
      return true;
    };
    bool ok = true;
    if (tasks.is_array()) {
      for (std::size_t i = 0; i < tasks.size(); ++i)
        ok = add("cluster." + job + "[" + std::to_string(i) + "]", tasks[i]) && ok;
    } else if (tasks.is_object()) {  // sparse form {"0": "host:port"}
      for (const auto& [k, t] : tasks.items()) ok = add("cluster." + job + "[" + k + "]", t) && ok;
    } else {
      ok = false;
    }
    if (!ok) {
      out.push_back(tf_finding("cluster-malformed",
                               "TF_CONFIG job \"" + job + "\" must be a list of \"host:port\" strings", s,
                               "cluster." + job + " = " + tasks.dump(-1, ' ', false, json::error_handler_t::replace),
                               "list each task as a \"host:port\" string"));
      return false;
    }
  }
  return true;
}

void check_addresses(const std::map<std::string, std::vector<Address>>& jobs, const Setting& s,
                     std::vector<core::Finding>& out) {
  std::set<std::string> hosts;
  std::map<std::string, std::string> seen;  // host:port -> where
  for (const auto& [job, list] : jobs) {
    for (const auto& a : list) {
      if (a.host.empty()) {
        out.push_back(tf_finding("address-malformed", "a TF_CONFIG address has no host", s,
                                 a.where + " = \"" + a.text + "\"", "write it as \"host:port\""));
        continue;
      }
      const bool v6 = core::is_ipv6_address(a.host);
      const std::string with_port = v6 ? "[" + a.host + "]:" : a.host + ":";
      if (a.bare_v6 && (*a.port < 1 || *a.port > 65535)) {  // review57: "fd00:18::11:99999"
        out.push_back(tf_finding("port-invalid",
                                 "a TF_CONFIG address is an IPv6 address without brackets, and its last part " +
                                     std::to_string(*a.port) + " is no port (1-65535)",
                                 s, a.where + " = \"" + a.text + "\"",
                                 "write it as \"[ADDRESS]:PORT\", e.g. \"" + with_port + "12345\""));
      } else if (a.bare_v6) {
        // the whole text may itself be an address with no port ("2001:db8::5:6:7:8", review57)
        const bool whole = core::is_ipv6_address(a.text);
        out.push_back(tf_finding(
            "port-invalid",
            whole ? "a TF_CONFIG address is an IPv6 address without brackets: TensorFlow's gRPC reads it as a host "
                    "with no port, and whether its last group was meant as the port cannot be told"
                  : "a TF_CONFIG address is an IPv6 address and a port without brackets: the port cannot be told "
                    "from the address's last group, and TensorFlow's gRPC reads it as a host with no port",
            s, a.where + " = \"" + a.text + "\"",
            whole ? "write it as \"[ADDRESS]:PORT\": \"" + with_port + a.text.substr(a.host.size() + 1) +
                        "\" if the last group is the port, else \"[" + a.text + "]:PORT\""
                  : "put the address in brackets: \"" + with_port + a.text.substr(a.host.size() + 1) + "\""));
      } else if (!a.port || *a.port < 1 || *a.port > 65535) {
        out.push_back(tf_finding("port-invalid", "a TF_CONFIG address has no valid port (1-65535)", s,
                                 a.where + " = \"" + a.text + "\"",
                                 "give every task its port, e.g. \"" + with_port + "12345\""));
      }
      hosts.insert(core::to_lower(a.host));
      std::string key = core::to_lower(a.host) + ":" + (a.port ? std::to_string(*a.port) : "");
      if (auto it = seen.find(key); it != seen.end() && a.port) {
        out.push_back(tf_finding("duplicate-address", "two TF_CONFIG tasks share one host:port", s,
                                 it->second + " and " + a.where + " = \"" + a.text + "\"",
                                 "write for " + a.where +
                                     " the host:port where that task runs: its own machine's "
                                     "address if it runs on another machine (the usual case: a line copied from " +
                                     it->second +
                                     " without changing the host); only two tasks on one machine keep the "
                                     "host and differ in the port"));
      } else {
        seen.emplace(key, a.where);
      }
    }
  }
  if (hosts.size() < 2) return;
  for (const auto& [job, list] : jobs) {
    for (const auto& a : list) {
      if (!core::names_this_machine(a.host)) continue;
      out.push_back(tf_finding("localhost-in-multihost",
                               "TF_CONFIG mixes localhost/127.x with other hosts; other workers would dial themselves",
                               s, a.where + " = \"" + a.text + "\"",
                               // Not "this host's": the entry may be another task's (a fifth stranger's e03: worker 0's
                               // entry, while this host is worker 2).
                               "replace " + a.host + " in " + a.where +
                                   " with the routable name or address of the node that runs that task (this "
                                   "host's only if it is that task), the same in every task's TF_CONFIG"));
    }
  }
}

// The cluster entry of `jobs` whose host resolves here to one of this machine's addresses
// ("worker", 0), or ("", -1) when none or several do (or nothing is known of this machine).
std::pair<std::string, long long> own_entry(const Context& ctx,
                                            const std::map<std::string, std::vector<Address>>& jobs) {
  const auto& local = ctx.input().local_addresses;
  std::pair<std::string, long long> found{"", -1};
  int hits = 0;
  if (local.empty()) return found;
  for (const auto& [job, list] : jobs) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (list[i].host.empty()) continue;
      auto resolved = ctx.input().resolver.resolve(list[i].host);
      if (!resolved) continue;
      // a loopback entry (localhost, 127.x, ::1) is local on every machine: it names none (review54)
      bool mine = std::any_of(resolved->begin(), resolved->end(), [&](const auto& r) {
        return !core::is_loopback_address(r.addr) && std::find(local.begin(), local.end(), r.addr) != local.end();
      });
      if (mine) found = {job, static_cast<long long>(i)}, ++hits;
    }
  }
  return hits == 1 ? found : std::pair<std::string, long long>{"", -1};
}

// tf-config.task-type-not-in-cluster: the task names a job the cluster has not. Two readings: the
// task is one of the cluster's jobs (a cluster of workers needs no chief: worker 0 acts as one), or
// the cluster lacks the job. Where this machine's address is exactly one cluster entry, that entry
// is the task (fix-2026-12-07o p12: "chief" on worker 0's machine; adding a chief job beside it gave
// the cluster a task no process serves, and MultiWorkerMirroredStrategy waited for it).
core::Finding task_type_not_in_cluster(const Context& ctx, const json& doc,
                                       const std::map<std::string, std::vector<Address>>& jobs, const std::string& type,
                                       const Setting& s) {
  std::vector<std::string> names;
  for (const auto& [k, v] : jobs) names.push_back(k + " (" + std::to_string(v.size()) + ")");
  auto [own_job, own_index] = own_entry(ctx, jobs);
  std::string fix;
  if (own_index >= 0) {
    fix = "this machine is cluster." + own_job + "[" + std::to_string(own_index) + "]: make the task that entry, " +
          "\"task\": {\"type\": \"" + own_job + "\", \"index\": " + std::to_string(own_index) + "}" +
          (type == "chief" && own_job == "worker" ? " (a cluster of workers needs no chief: worker 0 acts as one)"
                                                  : std::string()) +
          "; only if a machine of its own runs the " + type + " task, add \"" + type +
          "\": [\"HOST:PORT\"] with that machine's address to cluster instead, identical on every node";
  } else {
    fix =
        "either the task is one of the cluster's jobs (\"task\": {\"type\": JOB, \"index\": I} where cluster.JOB[I] "
        "is this machine's host:port; a cluster of workers needs no chief) or the cluster lacks the job: add \"" +
        type +
        "\": [\"HOST:PORT\"] with the address of the machine that runs it, identical on every node; "
        "this machine's own entry is not known here (its address matches no single cluster entry)";
  }
  auto f = tf_finding("task-type-not-in-cluster", "TF_CONFIG task type \"" + type + "\" has no job in the cluster", s,
                      "task.type = \"" + type + "\"; cluster jobs: " + core::join(names, ", "), fix);
  if (own_index >= 0) {
    json fixed = doc;
    fixed["task"] = {{"type", own_job}, {"index", own_index}};
    f.fix.env["TF_CONFIG"] = fixed.dump(-1, ' ', false, json::error_handler_t::replace);
  }
  return f;
}

// This task's own entry must name this host: a wrong task.index (copied from another node) makes
// this node serve another node's address while the real owner's peers dial it.
void check_own_address(const Context& ctx, const std::vector<Address>& list, const std::string& type, long long index,
                       const Setting& s, std::vector<core::Finding>& out) {
  const auto& local = ctx.input().local_addresses;
  std::string where = "cluster." + type + "[" + std::to_string(index) + "]";
  auto own = std::find_if(list.begin(), list.end(), [&](const Address& a) { return a.where == where; });
  if (own == list.end() || own->host.empty() || local.empty()) return;
  auto resolved = ctx.input().resolver.resolve(own->host);
  if (!resolved) {
    // One machine's view: TensorFlow binds its own server by port, so the harm is to the peers that
    // dial the name, and their resolvers are not seen from here (a warning, as own-address-not-local).
    auto f = tf_finding("own-address-unresolvable",
                        "this task's TF_CONFIG host " + own->host +
                            " does not resolve on this machine; whether the other nodes resolve it is not seen here",
                        s, where + " = \"" + own->text + "\"",
                        "on every node of the cluster run `getent hosts " + own->host +
                            "`: each must print this task's node address; where one does not, add the name to its DNS "
                            "or /etc/hosts, or write the IP address in TF_CONFIG");
    f.label = Label::hostname_resolution;
    f.severity = Severity::warning;
    f.evidence.push_back(resolved.error().message + " (this machine's resolver)");
    out.push_back(std::move(f));
    return;
  }
  for (const auto& r : *resolved) {
    if (std::find(local.begin(), local.end(), r.addr) != local.end()) return;
  }
  std::vector<std::string> addrs;
  for (const auto& r : *resolved) addrs.push_back(r.addr);
  auto f = tf_finding("own-address-not-local", "this task's own TF_CONFIG entry is not an address of this host", s,
                      where + " = \"" + own->text + "\" resolves to " + core::join(addrs, ", "),
                      "check task.index on this node: it must point at this host's entry in cluster." + type);
  f.severity = Severity::warning;
  out.push_back(std::move(f));
}

// TensorFlow reads the task's position as int(task["index"]) and only when the key "index" exists
// (env/tf_task_index.hpp); without "index" task_id is None, which multi_worker_util.
// _validate_cluster_spec rejects ("None of cluster_spec, task_type, and task_id should be None").

// A task without "index" in a job of several tasks: TF sees no task id. A key that looks like the
// index ("idx", "Index", "task_index", "id") is named and renamed in the fix. True when reported.
bool index_missing(const json& doc, const std::map<std::string, std::vector<Address>>& jobs, const std::string& type,
                   const Setting& s, std::vector<core::Finding>& out) {
  auto job = jobs.find(type);
  if (job == jobs.end() || job->second.size() < 2) return false;  // one task: index 0 is the only one
  const json& task = doc["task"];
  std::string alias;
  for (auto it = task.begin(); it != task.end(); ++it) {
    const std::string& key = it.key();
    std::string k = core::to_lower(key);
    if (k == "idx" || k == "index" || k == "task_index" || k == "taskindex" || k == "id" || k == "task_id" ||
        k == "rank") {
      alias = key;
    }
  }
  auto f = tf_finding("task-index-missing",
                      alias.empty() ? "TF_CONFIG's task has no \"index\": TensorFlow sees no task id in a job of " +
                                          std::to_string(job->second.size()) + " tasks"
                                    : "TF_CONFIG's task says \"" + alias +
                                          "\" but TensorFlow reads only \"index\": it sees no "
                                          "task id in a job of " +
                                          std::to_string(job->second.size()) + " tasks",
                      s, "task = " + task.dump(-1, ' ', false, json::error_handler_t::replace),
                      alias.empty() ? "add \"index\": N to task (N is this node's position in cluster." + type + ")"
                                    : "rename \"" + alias + "\" to \"index\" in task");
  if (!alias.empty()) {
    json fixed = doc;
    fixed["task"]["index"] = task[alias];
    fixed["task"].erase(alias);
    f.fix.env["TF_CONFIG"] = fixed.dump(-1, ' ', false, json::error_handler_t::replace);
  }
  out.push_back(std::move(f));
  return true;
}

// A job of the cluster whose name misspells `wanted` ("workers", "Worker", "wroker" for "worker"):
// TensorFlow reads only the exact names, so that job's tasks are nobody's. "" when none.
std::string misspelled_job(const std::map<std::string, std::vector<Address>>& jobs, std::string_view wanted) {
  static const std::vector<std::string_view> k_jobs = {"chief", "worker", "evaluator", "ps", "master"};
  for (const auto& [name, list] : jobs) {
    if (std::find(k_jobs.begin(), k_jobs.end(), name) != k_jobs.end()) continue;
    if (closest_choice(name, {wanted}) == wanted) return name;
  }
  return {};
}

// The fix for an index outside its job, worded per task type ("a
// different one on each node" is untrue for the one chief). The index counts within the task's own
// job (TensorFlow's ClusterSpec.task_address(job, index)); the nodes of other jobs have indexes of
// their own.
std::string index_fix(const std::string& type, std::size_t tasks, std::size_t job_count) {
  std::string others = job_count > 1 ? "; the nodes of the other jobs count their own indexes from 0" : "";
  if (tasks == 1) return "use index 0, the only task of cluster." + type + others;
  return "use an index from 0 to " + std::to_string(tasks - 1) + ", a different one on each " + type + " task" + others;
}

void check_task(const Context& ctx, const json& doc, const std::map<std::string, std::vector<Address>>& jobs,
                const Setting& s, std::vector<core::Finding>& out) {
  std::size_t total = 0;
  for (const auto& [job, list] : jobs) total += list.size();
  if (!doc.contains("task")) {
    if (total > 1) {
      out.push_back(
          tf_finding("task-missing", "TF_CONFIG has a cluster but no task: this process does not know its role", s,
                     "no \"task\" key", "add \"task\": {\"type\": \"worker\", \"index\": N} (N differs per node)"));
    }
    return;
  }
  const json& task = doc["task"];
  std::optional<long long> string_index;
  if (task.is_object() && task.contains("index") && task["index"].is_string()) {
    string_index = python_int(task["index"].get<std::string>());
  }
  if (!task.is_object() || !task.contains("type") || !task["type"].is_string() ||
      (task.contains("index") && !task["index"].is_number_integer() && !string_index)) {
    out.push_back(tf_finding("task-malformed", "TF_CONFIG's task must be {\"type\": \"worker\", \"index\": N}", s,
                             "task = " + task.dump(-1, ' ', false, json::error_handler_t::replace),
                             "write task as {\"type\": \"worker\", \"index\": 0}"));
    return;
  }
  std::string type = task["type"].get<std::string>();
  long long index = string_index ? *string_index : task.contains("index") ? task["index"].get<long long>() : 0;
  if (!task.contains("index") && index_missing(doc, jobs, type, s, out)) return;
  static const std::vector<std::string_view> k_types = {"chief", "worker", "evaluator", "ps"};
  if (std::find(k_types.begin(), k_types.end(), type) == k_types.end()) {
    std::string suggestion = core::to_lower(type) == "master" ? "chief" : core::to_lower(closest_choice(type, k_types));
    auto f = tf_finding(
        "task-type-invalid", "TF_CONFIG task type \"" + type + "\" is not chief, worker, evaluator or ps", s,
        "task.type = \"" + type + "\"",
        suggestion.empty() ? "use one of chief, worker, evaluator, ps" : "did you mean \"" + suggestion + "\"?");
    if (!suggestion.empty()) {
      json fixed = doc;
      fixed["task"]["type"] = suggestion;
      f.fix.env["TF_CONFIG"] = fixed.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    out.push_back(std::move(f));
    return;
  }
  auto job = jobs.find(type);
  std::string misspelt = job == jobs.end() ? misspelled_job(jobs, type) : "";
  if (!misspelt.empty()) {
    // The rename is the fix; where the cluster has no chief or worker that finding carries it.
    if (!jobs.count("chief") && !jobs.count("worker") && (type == "worker" || type == "chief")) return;
    out.push_back(tf_finding(
        "task-type-not-in-cluster",
        "TF_CONFIG task type \"" + type + "\" has no job in the cluster: the job is spelt \"" + misspelt + "\"", s,
        "task.type = \"" + type + "\"; cluster." + misspelt + " has " + std::to_string(jobs.at(misspelt).size()) +
            " tasks",
        "rename the job \"" + misspelt + "\" to \"" + type + "\" in cluster, on every node"));
    return;
  }
  if (type != "evaluator" && job == jobs.end()) {
    out.push_back(task_type_not_in_cluster(ctx, doc, jobs, type, s));
    return;
  }
  if (type != "evaluator" && (index < 0 || index >= static_cast<long long>(job->second.size()))) {
    out.push_back(tf_finding("task-index-out-of-range", "TF_CONFIG task index is outside its job", s,
                             "task = {type: " + type + ", index: " + std::to_string(index) + "}; cluster." + type +
                                 " has " + std::to_string(job->second.size()) + " task(s)",
                             index_fix(type, job->second.size(), jobs.size())));
    return;
  }
  if (job != jobs.end()) check_own_address(ctx, job->second, type, index, s, out);
}

// tf-config.invalid-json for a value json::parse refused (`e`): the file's own value with double
// quotes where single quotes are all that is wrong, else the shape to write.
core::Finding invalid_json(const Setting& s, const json::exception& e) {
  // parse_error carries the byte; out_of_range (a number too large, e.g. 1e999) does not.
  const auto* pe = dynamic_cast<const json::parse_error*>(&e);
  std::string detail =
      pe ? "parse error at byte " + std::to_string(pe->byte) : std::string("unreadable number: ") + e.what();
  if (auto converted = double_quoted(s.value)) {
    auto f = tf_finding("invalid-json",
                        "TF_CONFIG is not valid JSON: it is written with single quotes (Python's dict syntax), and "
                        "TensorFlow reads it with json.loads, which takes double quotes only",
                        s, detail, "TF_CONFIG=" + core::shell_quote(*converted) + "  # the same value, as JSON");
    f.fix.env["TF_CONFIG"] = *converted;
    return f;
  }
  return tf_finding("invalid-json", "TF_CONFIG is not valid JSON", s, detail,
                    "write TF_CONFIG as JSON: keys and strings in double quotes, the shape "
                    "{\"cluster\": {\"worker\": [\"HOST0:PORT\", \"HOST1:PORT\"]}, \"task\": {\"type\": "
                    "\"worker\", \"index\": I}} with the file's own hosts");
}

}  // namespace

void check_tf_config(const Context& ctx, std::vector<core::Finding>& out) {
  const Setting* s = ctx.find("TF_CONFIG");
  if (!s || core::trim(s->value).empty()) return;
  if (core::json_nesting(s->value) > core::k_max_json_depth) {  // walking it would exhaust the stack
    out.push_back(
        tf_finding("invalid-json", "TF_CONFIG is not valid JSON", *s,
                   "nested deeper than " + std::to_string(core::k_max_json_depth) + " levels",
                   "write TF_CONFIG as {\"cluster\": {\"worker\": [\"HOST0:PORT\", ...]}, \"task\": {...}} with the "
                   "file's own hosts"));
    return;
  }
  json doc;
  try {
    doc = json::parse(s->value);
  } catch (const json::exception& e) {
    out.push_back(invalid_json(*s, e));
    return;
  }
  if (!doc.is_object()) {
    out.push_back(tf_finding("not-object", "TF_CONFIG must be a JSON object with cluster and task", *s,
                             "value is " + std::string(doc.type_name()),
                             "write TF_CONFIG as {\"cluster\": ..., \"task\": ...}"));
    return;
  }
  std::map<std::string, std::vector<Address>> jobs;
  if (!doc.contains("cluster")) {
    if (doc.contains("task")) {
      out.push_back(tf_finding("cluster-missing",
                               "TF_CONFIG has a task but no cluster; TensorFlow runs one worker alone", *s,
                               "no \"cluster\" key", "add the same \"cluster\" map to TF_CONFIG on every node"));
    }
    return;
  }
  if (!read_cluster(doc["cluster"], *s, jobs, out)) return;
  auto count = [&](const char* job) {
    auto it = jobs.find(job);
    return it == jobs.end() ? std::size_t{0} : it->second.size();
  };
  if (count("chief") > 1) {
    out.push_back(tf_finding("multiple-chiefs", "TF_CONFIG lists more than one chief", *s,
                             "cluster.chief has " + std::to_string(count("chief")) + " tasks",
                             "keep exactly one chief; make the others workers"));
  }
  if (count("evaluator") > 1) {
    out.push_back(tf_finding("multiple-evaluators", "TF_CONFIG lists more than one evaluator", *s,
                             "cluster.evaluator has " + std::to_string(count("evaluator")) + " tasks",
                             "keep at most one evaluator"));
  }
  if (!jobs.empty() && count("chief") + count("worker") == 0) {
    std::string wanted = "worker";
    std::string misspelt = misspelled_job(jobs, wanted);
    if (misspelt.empty()) misspelt = misspelled_job(jobs, wanted = "chief");
    if (misspelt.empty()) {
      out.push_back(tf_finding("no-chief-or-worker", "TF_CONFIG's cluster has no chief and no worker", *s,
                               "cluster jobs have no \"chief\" or \"worker\"",
                               "add a \"worker\" job (worker 0 acts as chief when there is no chief job)"));
    } else {
      out.push_back(tf_finding(
          "no-chief-or-worker",
          "TF_CONFIG's cluster has no chief and no worker: the job \"" + misspelt + "\" is not \"" + wanted + "\"", *s,
          "cluster jobs: " + misspelt + " (TensorFlow reads only chief, worker, ps, evaluator)",
          "rename the job \"" + misspelt + "\" to \"" + wanted + "\" in cluster, on every node"));
    }
  }
  check_addresses(jobs, *s, out);
  check_task(ctx, doc, jobs, *s, out);
}

}  // namespace dd::env::detail
