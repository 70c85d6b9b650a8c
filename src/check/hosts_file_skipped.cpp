#include "check/hosts_file_skipped.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "core/finding_factory.hpp"
#include "core/strings.hpp"
#include "fmt/format.h"

namespace dd::check {

namespace {

// The words of a line without its comment.
std::vector<std::string> words_of(std::string_view line) {
  std::istringstream in(std::string(line.substr(0, line.find('#'))));
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The first `hosts:` line of nsswitch.conf (the sources glibc asks for host names), trimmed.
std::optional<std::string> hosts_line(const std::string& nsswitch) {
  for (const auto& line : core::split(nsswitch, '\n')) {
    auto w = words_of(line);
    if (!w.empty() && (w.front() == "hosts:" || (w.front() == "hosts" && w.size() > 1 && w[1] == ":")))
      return std::string(core::trim(line.substr(0, line.find('#'))));
  }
  return std::nullopt;
}

struct HostsEntry {
  int line = 0;
  std::string addr, name;
};

// Every name /etc/hosts maps, with its line (first mapping per name).
std::vector<HostsEntry> hosts_entries(const std::string& hosts) {
  std::vector<HostsEntry> out;
  int n = 0;
  for (const auto& line : core::split(hosts, '\n', true)) {
    ++n;
    auto w = words_of(line);
    for (std::size_t i = 1; i < w.size(); ++i) {
      bool seen = false;
      for (const auto& e : out) seen = seen || core::to_lower(e.name) == core::to_lower(w[i]);
      if (!seen) out.push_back({n, w[0], w[i]});
    }
  }
  return out;
}

}  // namespace

std::optional<core::Finding> hosts_file_skipped_finding(const os::FileTree& files, const os::Resolver& resolver,
                                                        const os::Environment& env, const std::string& hostname) {
  auto nsswitch = files.read("/etc/nsswitch.conf");
  auto hosts = files.read("/etc/hosts");
  if (!nsswitch || !hosts) return std::nullopt;
  auto line = hosts_line(*nsswitch);
  if (!line) return std::nullopt;
  for (const auto& w : words_of(*line))
    if (w == "files") return std::nullopt;
  const std::string master(core::trim(env.get("MASTER_ADDR").value_or("")));
  std::vector<std::string> evidence, names;
  bool harms_job = false;
  // The job's own names first; of the others (a long /etc/hosts, each lookup waiting on DNS when
  // DNS is slow) only as many as show the pattern: at most 6 looked up, 4 failing enough.
  auto entries = hosts_entries(*hosts);
  std::stable_partition(entries.begin(), entries.end(),
                        [&](const HostsEntry& e) { return e.name == master || e.name == hostname; });
  int others_tried = 0;
  bool untried = false;
  int others_failed = 0;
  for (const auto& e : entries) {
    if (e.name == "localhost" || core::starts_with(e.name, "ip6-")) continue;  // not a cluster name
    const bool own = e.name == master || e.name == hostname;
    if (!own && (others_tried == 6 || others_failed == 4)) {
      untried = true;  // more names not looked up: the list says so
      break;
    }
    if (!own) ++others_tried;
    auto r = resolver.resolve(e.name);
    if (r && !r->empty()) continue;
    if (!own) ++others_failed;
    std::string role = e.name == master ? "MASTER_ADDR " : e.name == hostname ? "this machine's host name " : "";
    harms_job = harms_job || !role.empty();
    names.push_back(role + e.name);
    evidence.push_back(fmt::format("/etc/hosts line {} maps {} to {}; getaddrinfo(\"{}\"): {}", e.line, e.name, e.addr,
                                   e.name, r ? std::string("no address") : r.error().message));
  }
  if (names.empty()) return std::nullopt;
  evidence.insert(evidence.begin(), "/etc/nsswitch.conf: `" + *line + "` (no `files`)");
  if (names.size() > 4 || untried) {
    if (names.size() > 4) names.resize(4);
    names.push_back("...");
  }
  return core::new_finding(
      "host.hosts-file-skipped", core::Label::hostname_resolution,
      harms_job ? core::Severity::error : core::Severity::warning,
      fmt::format("this machine never reads /etc/hosts: the `hosts:` line of /etc/nsswitch.conf leaves out `files`, "
                  "so names /etc/hosts lists do not resolve here ({}){}",
                  core::join(names, ", "),
                  harms_job ? "; a name that does not resolve stops the job (torch's rendezvous, Gloo's own "
                              "address)"
                            : ""),
      evidence,
      "put `files` first on that line, as root on this machine: `sed -i "
      "'s/^[[:space:]]*hosts[[:space:]]*:[[:space:]]*/hosts: files /' /etc/nsswitch.conf` (the line then reads "
      "`hosts: files ...`); lookups read it at once, no restart");
}

}  // namespace dd::check
