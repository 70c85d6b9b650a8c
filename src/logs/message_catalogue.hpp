// The message catalogue: the messages the log rules rely on, as data. Each entry names where the
// text is printed (NCCL source file:line at the newest release that prints it, read from the
// NVIDIA/nccl tags; torch / Gloo / TensorFlow files), the releases that print it, the event the
// classifier yields, the root-cause family it supports and an example as the source prints it.
// message_catalogue_test.cpp runs every example through the classifier (one test per entry).
// NCCL releases scanned: the 28 tags 2.3.7, 2.4.8, 2.5.6 ... 2.29.7, 2.30.7 (one per minor).
#pragma once

#include <span>
#include <string_view>

#include "core/finding.hpp"
#include "logs/line_event.hpp"

namespace dd::logs {

struct CatalogueEntry {
  std::string_view id;        // "nccl.bootstrap.no-socket-iface"
  std::string_view origin;    // "NCCL src/bootstrap.cc:126 @ v2.30.7-1"
  std::string_view releases;  // "2.4.8 - 2.30.7"
  std::string_view format;    // the format string as in the source
  std::string_view example;   // a line as printed (with NCCL's header where NCCL prints one)
  EventKind kind;             // what classify_body yields for `example`
  core::Label label;          // the family the message supports (other: context only)
};

std::span<const CatalogueEntry> message_catalogue();

}  // namespace dd::logs
