// The named extractors a catalogue entry may call ("extract": "coll_call"): field reading that a
// pattern cannot express (hex numbers, interface lists, a stack frame's shape). An extractor gets
// the message and the literal that placed the match; it fills fields of the event (it may change
// the kind, e.g. comm -> init_complete) and returns false when the line is not that message after
// all, so the next entry is tried. No extractor decides which message a line is from its own text:
// the entry's literals did that (docs/logs.md, "The message catalogue").
#pragma once

#include <string_view>

#include "logs/line_event.hpp"

namespace dd::logs {

struct MatchContext {
  std::string_view msg;    // the NCCL message or the whole line
  std::string_view src;    // NCCL's "file.cc:123" (nccl and warn scopes), else empty
  std::string_view key;    // the literal that placed the match: the "starts" one, else the first "has" one found
  std::size_t key_at = 0;  // where `key` is in msg
};

using Extractor = bool (*)(const MatchContext&, LineEvent&);

// The extractor named `name`, nullptr when there is none.
Extractor extractor_named(std::string_view name);

}  // namespace dd::logs
