// lint.k8s.host-network-dns-policy (fix-2026-12-06k p27): `hostNetwork: true` without
// `dnsPolicy: ClusterFirstWithHostNet` in a pod whose torchrun names `ddp-master.training.svc...`.
// Kubernetes' Pod DNS policy documentation: "For Pods running with hostNetwork, you should explicitly set
// its DNS policy to ClusterFirstWithHostNet. Otherwise, Pods running with hostNetwork and ClusterFirst
// will fallback to the behavior of the Default policy" (the node's own resolver), which does not know
// the cluster's service names. Judged only where the pod names a `.svc` host (the evidence that it needs
// cluster DNS); not run here (no Kubernetes). The edit adds the line below `hostNetwork: true`.
#include <regex>
#include <string>

#include "core/strings.hpp"
#include "lint/k8s_dns_policy.hpp"

namespace dd::lint::detail {

namespace {

// The first NAME.NAMESPACE.svc[.cluster.local] host in the containers' text, "" when none.
std::string service_host(const YAML::Node& containers) {
  std::string text = YAML::Dump(containers);
  if (text.size() > 65536) return "";
  static const std::regex host(R"([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.svc(\.[A-Za-z0-9.-]*[A-Za-z0-9])?)");
  std::smatch m;
  return std::regex_search(text, m, host) ? m.str() : "";
}

}  // namespace

void host_network_dns_rule(FileContext& ctx, const YAML::Node& spec, const YAML::Node& containers, int offset) {
  const YAML::Node host_network = spec["hostNetwork"];
  if (!host_network || !host_network.IsScalar() || host_network.Scalar() != "true") return;
  std::string policy = spec["dnsPolicy"] && spec["dnsPolicy"].IsScalar() ? spec["dnsPolicy"].Scalar() : "";
  if (!policy.empty() && policy != "ClusterFirst") return;
  std::string host = service_host(containers);
  if (host.empty()) return;
  std::string title = "the pod has hostNetwork: true and " +
                      (policy.empty() ? std::string("no dnsPolicy") : "dnsPolicy: ClusterFirst") +
                      ": Kubernetes then gives it the node's own resolver (the Default policy), which does not "
                      "know cluster service names, so " +
                      host + " may not resolve in it";
  core::Finding* f = nullptr;
  if (policy.empty()) {
    int line = (host_network.Mark().line >= 0 ? host_network.Mark().line + 1 : 1) + offset;
    std::string text(ctx.line_text(line));
    auto key = text.find("hostNetwork:");
    bool block = key != std::string::npos && text.find_first_not_of(" \t") == key;
    if (block) {
      f = &ctx.add("lint.k8s.host-network-dns-policy", core::Label::config_typo, core::Severity::error, title, line,
                   LineEdit{line, line, text + "\n" + text.substr(0, key) + "dnsPolicy: ClusterFirstWithHostNet"});
    } else {
      f = &ctx.add("lint.k8s.host-network-dns-policy", core::Label::config_typo, core::Severity::error, title, line,
                   "dnsPolicy: ClusterFirstWithHostNet  # beside hostNetwork: true in the pod spec");
    }
  } else {
    int line = (spec["dnsPolicy"].Mark().line >= 0 ? spec["dnsPolicy"].Mark().line + 1 : 1) + offset;
    std::string text(ctx.line_text(line));
    auto at = text.find("ClusterFirst");
    if (at != std::string::npos && text.find("ClusterFirst", at + 1) == std::string::npos) {
      text.replace(at, 12, "ClusterFirstWithHostNet");
      f = &ctx.add("lint.k8s.host-network-dns-policy", core::Label::config_typo, core::Severity::error, title, line,
                   LineEdit{line, line, text});
    } else {
      f = &ctx.add("lint.k8s.host-network-dns-policy", core::Label::config_typo, core::Severity::error, title, line,
                   "dnsPolicy: ClusterFirstWithHostNet");
    }
  }
  f->evidence.push_back("the pod names the cluster service " + host);
  f->evidence.push_back(
      "Kubernetes, Pod's DNS Policy: pods with hostNetwork and ClusterFirst fall back to the Default policy "
      "(the node's resolv.conf); ClusterFirstWithHostNet keeps the cluster's DNS (not run here: no Kubernetes)");
}

}  // namespace dd::lint::detail
