// The line classifier: one pure function from a log line to a LineEvent. It knows NCCL's
// formats 2.3 - 2.28 (`host:pid:tid [dev] NCCL INFO|WARN ...`, with or without `NCCL` before WARN,
// with or without a `file.cc:123` source, the 2.26+ timestamped WARN), torch / torchrun / c10d,
// Gloo, TensorFlow / gRPC and nccl-tests lines (formats from nccl-facts.md §1.8, checked against
// NCCL 2.28.9). Safe on any bytes: no allocation beyond `scratch`, no exceptions, linear time.
#pragma once

#include <string>
#include <string_view>

#include "logs/line_event.hpp"
#include "logs/prefix_stripper.hpp"

namespace dd::logs {

// Classifies a line whose launcher prefixes were already removed (prefix_stripper.hpp).
LineEvent classify_body(std::string_view body);

// strip_prefixes + classify_body; the event's views point into `line` or `scratch`.
struct ParsedLine {
  Stripped stripped;
  LineEvent event;
};
ParsedLine parse_line(std::string_view line, std::string& scratch, bool may_have_escape = true);

// Where a second NCCL record starts in `body` when a paste lost the line breaks between records
// ("NCCL INFO a. [0] NCCL INFO b", "h:1:2 [0] NCCL INFO a h:1:2 [1] NCCL WARN b"): the offset of
// that record's own prefix (header or "[rank] "), npos when `body` holds one record.
std::size_t glued_record_start(std::string_view body);

// The two socket types of NCCL's "socketFinalizeAccept ... wrong type 4 != 3" / "(peer 4 != expected
// 3": peer = the type the connecting side announced, expected = this listener's. False when absent.
bool socket_type_pair(std::string_view msg, int& peer, int& expected);

// "IB" from a channel/ring line "... via NET/IB/0", empty when the line names no NET transport.
std::string_view channel_transport(std::string_view msg);

// Internal steps, exposed for tests.
namespace detail {
// The NCCL message after "NCCL INFO " / "NCCL WARN " (src = "misc/socket.cc:123" when present),
// by the message catalogue (message_matcher.hpp).
void classify_nccl_message(std::string_view msg, std::string_view src, LineEvent& ev);
// Lines that are not NCCL messages (torch, Gloo, TF, launchers, nccl-tests, shells) and NCCL WARN
// texts that no NCCL entry recognised, by the message catalogue.
void classify_free_text(std::string_view line, LineEvent& ev);
// An unfinished Hugging Face datasets progress bar (preprocessing still running) in `s`.
bool is_unfinished_preprocessing(std::string_view s);
// An IB completion with status 4 (local protection error): GPUDirect RDMA, not the fabric.
bool is_ib_protection_error(std::string_view s);
// The socket error `s` names ("Connection refused" ...: the catalogue entries with "err").
ConnError find_conn_error(std::string_view s, std::string_view& err_text);
}  // namespace detail

}  // namespace dd::logs
