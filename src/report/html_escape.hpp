// The one HTML escaper: every string that goes into a report (hostnames, log lines, titles,
// evidence) passes through it. &, <, >, " and ' become entities; invalid UTF-8 is replaced and
// control characters are shown as \xNN, so nothing from a log can open a tag or an attribute.
#pragma once

#include <string>
#include <string_view>

namespace dd::report {

std::string html_escape(std::string_view text);

// The same, line by line, keeping the newlines (for <pre> blocks of several lines).
std::string html_escape_lines(std::string_view text);

}  // namespace dd::report
