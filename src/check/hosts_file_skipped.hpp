// host.hosts-file-skipped (clusters-2026-12-07j p2): /etc/nsswitch.conf's `hosts:` line leaves out
// `files`, so glibc's getaddrinfo never reads /etc/hosts, and names listed there do not resolve.
#pragma once

#include <optional>
#include <string>

#include "core/finding.hpp"
#include "os/environment.hpp"
#include "os/file_tree.hpp"
#include "os/resolver.hpp"

namespace dd::check {

// Claimed only with its evidence: a `hosts:` line in /etc/nsswitch.conf without the `files` source
// (no claim where the file or the line is missing: glibc's default then differs by version), and at
// least one name /etc/hosts lists that getaddrinfo does not find. An error where that name is
// MASTER_ADDR or this machine's host name (Gloo binds the address its host name resolves to),
// else a warning. The fix puts `files` first on the line.
std::optional<core::Finding> hosts_file_skipped_finding(const os::FileTree& files, const os::Resolver& resolver,
                                                        const os::Environment& env, const std::string& hostname);

}  // namespace dd::check
