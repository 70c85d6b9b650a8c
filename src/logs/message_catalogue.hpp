// The message catalogue: the messages the log rules rely on, as data (data/message_catalogue.json,
// compiled in and parsed on first use). Each entry names where the text is printed (NCCL source
// file:line at the newest release that prints it, read from the NVIDIA/nccl tags; torch / Gloo /
// TensorFlow files), the releases that print it, how a line is recognised (`match`), the event it
// yields, the root-cause family it supports and an example as the source prints it. The catalogue
// is the classifier: message_matcher.cpp compiles the `match` objects once, in file order, and
// classify_body asks it (docs/logs.md, "The message catalogue").
// message_catalogue_test.cpp runs every example through the classifier (one test per entry) and
// requires that the entry itself recognised it.
// NCCL releases scanned: the 28 tags 2.3.7, 2.4.8, 2.5.6 ... 2.29.7, 2.30.7 (one per minor).
// NCCL origins were read with `git grep` on the NVIDIA/nccl release tags; "releases" is the first
// and last scanned tag that prints the text. Entries from torch, Gloo and TensorFlow name the file
// only: their releases were not scanned yet.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "logs/line_event.hpp"

namespace dd::logs {

// Where an entry is tried: on the NCCL message after "NCCL INFO|WARN" (nccl), then, for a WARN,
// on the warn-only chain (warn), then on any line that is no NCCL message and on the WARN texts
// that nothing claimed (text). Within a scope entries are tried in file order; the first whose
// conditions hold and whose fields can be read wins.
enum class MatchScope : std::uint8_t { nccl, warn, text };

// How an entry recognises a line and fills the event (JSON object "match"; every field optional
// except "on").
struct MessageMatch {
  std::vector<MatchScope> on;                 // "on": "nccl" | "warn" | "text" or a list of them
  char level = 0;                             // "level": "info" ('i') | "warn" ('w'); any when absent
  std::vector<std::string> starts;            // "starts": the message begins with one of them (blanks skipped)
  std::vector<std::string> ends;              // "ends": the message ends with one of them (blanks ignored)
  std::vector<std::vector<std::string>> has;  // "has": each item (a literal or a list: one of them) appears
  std::vector<std::string> unless;            // "unless": none of them appears
  std::vector<std::string> src;               // "src": NCCL's source token ("transport/nvls.cc:165") holds one
  std::string pattern;                        // "pattern": literals and {field}s read from the message
  std::vector<std::string> maybe;             // "maybe": further patterns, each read when present
  std::string text;                           // "text": "message" (the whole message) or "=constant"
  std::string extract;                        // "extract": a named extractor (message_extractors.hpp)
  ConnError err = ConnError::none;            // "err": "refused" ...: the line names this socket error
  std::string mark;                           // "mark": the event's `marked` is set when the message holds it
};

struct CatalogueEntry {
  std::string id;                          // "nccl.bootstrap.no-socket-iface"
  std::string origin;                      // "NCCL src/bootstrap.cc:126 @ v2.30.7-1"
  std::string releases;                    // "2.4.8 - 2.30.7"
  std::string format;                      // the format string as in the source
  std::string example;                     // a line as printed (with NCCL's header where NCCL prints one)
  EventKind kind = EventKind::none;        // what classify_body yields for `example` (JSON: "bootstrap_iface")
  core::Label label = core::Label::other;  // the family the message supports (JSON: "loopback-interface")
  MessageMatch match;
  std::vector<std::string> more_examples;  // "more_examples": further lines the entry recognises
  bool retried = false;                    // "retried": true: the message says the call is tried again, so the
                                           // line alone is no final failure ("..., retrying")
};

// The compiled-in catalogue, parsed on first use; a malformed file throws std::runtime_error.
std::span<const CatalogueEntry> message_catalogue();

// Parses a catalogue in the data file's shape (a JSON array of objects with the fields above).
// Throws std::runtime_error naming the entry and the problem (unknown kind or label, missing field).
std::vector<CatalogueEntry> parse_message_catalogue(std::string_view json);

}  // namespace dd::logs
