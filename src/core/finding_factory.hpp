// core::new_finding with its evidence and fix text: the shape of most findings a command builds
// about its own run (a rendezvous that did not answer, a port that cannot be bound, a probe that
// could not run). The same factory as core/finding.hpp's, which it completes.
#pragma once

#include <string>
#include <vector>

#include "core/finding.hpp"

namespace dd::core {

Finding new_finding(std::string id, Label label, Severity severity, std::string title,
                    std::vector<std::string> evidence, std::string fix_text);

}  // namespace dd::core
