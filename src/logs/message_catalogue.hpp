// The message catalogue: the messages the log rules rely on, as data (data/message_catalogue.json,
// compiled in and parsed on first use). Each entry names where the text is printed (NCCL source
// file:line at the newest release that prints it, read from the NVIDIA/nccl tags; torch / Gloo /
// TensorFlow files), the releases that print it, the event the classifier yields, the root-cause
// family it supports and an example as the source prints it.
// message_catalogue_test.cpp runs every example through the classifier (one test per entry).
// NCCL releases scanned: the 28 tags 2.3.7, 2.4.8, 2.5.6 ... 2.29.7, 2.30.7 (one per minor).
// NCCL origins were read with `git grep` on the NVIDIA/nccl release tags; "releases" is the first
// and last scanned tag that prints the text. Entries from torch, Gloo and TensorFlow name the file
// only: their releases were not scanned yet.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "logs/line_event.hpp"

namespace dd::logs {

struct CatalogueEntry {
  std::string id;        // "nccl.bootstrap.no-socket-iface"
  std::string origin;    // "NCCL src/bootstrap.cc:126 @ v2.30.7-1"
  std::string releases;  // "2.4.8 - 2.30.7"
  std::string format;    // the format string as in the source
  std::string example;   // a line as printed (with NCCL's header where NCCL prints one)
  EventKind kind = EventKind::none;  // what classify_body yields for `example` (JSON: "bootstrap_iface")
  core::Label label = core::Label::other;  // the family the message supports (JSON: "loopback-interface")
};

// The compiled-in catalogue, parsed on first use; a malformed file throws std::runtime_error.
std::span<const CatalogueEntry> message_catalogue();

// Parses a catalogue in the data file's shape (a JSON array of objects with the fields above).
// Throws std::runtime_error naming the entry and the problem (unknown kind or label, missing field).
std::vector<CatalogueEntry> parse_message_catalogue(std::string_view json);

}  // namespace dd::logs
