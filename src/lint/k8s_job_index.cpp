// lint.k8s.job-not-indexed (stranger fix-2026-12-07n p25): a Job whose pods take their node rank
// from `$(JOB_COMPLETION_INDEX)` (or the batch.kubernetes.io/job-completion-index annotation through
// a fieldRef) but whose spec has no `completionMode: Indexed`. The Job controller sets that variable
// and annotation, and gives the pods the host names JOB-INDEX under a subdomain, only for an Indexed
// Job (Kubernetes' Job documentation, "Completion mode"); the default is NonIndexed. There the
// variable is unset, Kubernetes leaves `$(JOB_COMPLETION_INDEX)` as literal text, and the node ranks
// (and a master address such as JOB-0.SUBDOMAIN) never exist.
//
// The fix is an edit: `completionMode: Indexed` added under the Job's spec, after `completions:`
// (an Indexed Job needs completions) at its indentation.
#include "lint/k8s_job_index.hpp"

#include <regex>
#include <string>

#include "core/strings.hpp"

namespace dd::lint::detail {

namespace {

// The first scalar under `n` (depth-first) that names the completion index, as (line in the
// document, text); line -1 when none does.
std::pair<int, std::string> index_reader(const YAML::Node& n, int depth = 0) {
  if (depth > 64) return {-1, ""};
  if (n.IsScalar()) {
    const std::string& v = n.Scalar();
    static const std::regex reads(R"((^|[^A-Za-z0-9_])JOB_COMPLETION_INDEX([^A-Za-z0-9_]|$)|job-completion-index)");
    if (std::regex_search(v, reads)) return {n.Mark().line, v};
    return {-1, ""};
  }
  if (n.IsSequence()) {
    for (const auto& c : n) {
      auto r = index_reader(c, depth + 1);
      if (r.first >= 0) return r;
    }
  }
  if (n.IsMap()) {
    for (const auto& kv : n) {
      auto r = index_reader(kv.second, depth + 1);
      if (r.first >= 0) return r;
    }
  }
  return {-1, ""};
}

// The env entry that defines JOB_COMPLETION_INDEX itself (`- name: JOB_COMPLETION_INDEX`): then
// the pods set it on their own and the Job's mode does not matter.
bool defines_index(const YAML::Node& n, int depth = 0) {
  if (depth > 64) return false;
  if (n.IsMap() && n["name"] && n["name"].IsScalar() && n["name"].Scalar() == "JOB_COMPLETION_INDEX" && n["value"] &&
      n["value"].IsScalar())
    return true;
  if (n.IsSequence() || n.IsMap()) {
    for (const auto& c : n) {
      if (defines_index(n.IsMap() ? c.second : c, depth + 1)) return true;
    }
  }
  return false;
}

}  // namespace

void job_not_indexed_rule(FileContext& ctx, const YAML::Node& root, int offset) {
  const YAML::Node spec = root["spec"];
  if (!spec || !spec.IsMap() || !spec["template"]) return;
  if (spec["completionMode"] && spec["completionMode"].IsScalar() && spec["completionMode"].Scalar() == "Indexed")
    return;
  if (defines_index(spec["template"])) return;
  auto [at, text] = index_reader(spec["template"]);
  if (at < 0) return;
  const int line = offset + at + 1;
  std::string shown(core::trim(text));
  if (shown.size() > 80 || shown.find('\n') != std::string::npos) shown = "JOB_COMPLETION_INDEX";
  // what the reader gets: a Kubernetes `$(NAME)` reference stays literal text; a shell's `$NAME` and
  // a fieldRef to the annotation get nothing
  const bool reference = text.find("$(JOB_COMPLETION_INDEX)") != std::string::npos;
  std::string title = "this Job's pods read their completion index (`" + shown +
                      "`), which the Job controller sets only for an Indexed Job, and its spec has no "
                      "`completionMode: Indexed` (the default is NonIndexed): " +
                      (reference ? std::string("JOB_COMPLETION_INDEX is unset, Kubernetes leaves "
                                               "`$(JOB_COMPLETION_INDEX)` as literal text")
                                 : std::string("the index is unset (empty) in every pod")) +
                      ", and the pods get no JOB-INDEX host names";
  // `completionMode: Indexed` after `completions:` (or the spec's first key), at its indentation.
  const YAML::Node anchor = spec["completions"] ? spec["completions"] : spec.begin()->second;
  int key_line = offset + anchor.Mark().line + 1;
  std::string key_text(ctx.line_text(key_line));
  const auto indent = key_text.find_first_not_of(" \t");
  core::Finding* f = nullptr;
  if (spec["completions"] && indent != std::string::npos && key_text.find(':') != std::string::npos &&
      core::starts_with(key_text.substr(indent), "completions:")) {
    f = &ctx.add(
        "lint.k8s.job-not-indexed", core::Label::config_typo, core::Severity::error, title, line,
        LineEdit{key_line, key_line, key_text + "\n" + key_text.substr(0, indent) + "completionMode: Indexed"});
  } else {
    f = &ctx.add("lint.k8s.job-not-indexed", core::Label::config_typo, core::Severity::error, title, line,
                 "add `completionMode: Indexed` and `completions: N` (one per node) to the Job's spec");
  }
  f->evidence.push_back(
      "an Indexed Job's pods get JOB_COMPLETION_INDEX, the batch.kubernetes.io/job-completion-index annotation and "
      "the host name JOB-INDEX (reachable as JOB-INDEX.SUBDOMAIN with a headless Service): Kubernetes' Job "
      "documentation, \"Completion mode\"");
}

}  // namespace dd::lint::detail
