// The classifier the message catalogue drives (data/message_catalogue.json, message_catalogue.hpp).
// Built once from the catalogue: per scope, the entries in file order, indexed by the first byte of
// their "starts" literals; the "has"/"unless" literals of the warn and text scopes are found in one
// pass over the line (a bigram filter, then a compare), so a line that holds none of them is done
// after that pass. NCCL INFO messages look their few literals up directly (the hot path).
#pragma once

#include <string_view>

#include "logs/line_event.hpp"
#include "logs/message_catalogue.hpp"

namespace dd::logs {

// The NCCL message after "NCCL INFO|WARN " (src = "misc/socket.cc:123" when printed): the nccl
// entries, then for a WARN (ev.warn) the warn entries and the text entries. True when one matched
// (ev filled: kind, fields, catalogue_entry); ev is unchanged otherwise.
bool match_nccl_message(std::string_view msg, std::string_view src, LineEvent& ev);

// Any other line (torch, Gloo, TF, launchers, shells): the text entries.
bool match_free_text(std::string_view line, LineEvent& ev);

// The first socket error named in `s` by a catalogue entry with "err" (their file order), and its
// text there; ConnError::none when none.
ConnError match_conn_error(std::string_view s, std::string_view& err_text);

// Compiles `entries` as the classifier would; throws std::runtime_error naming the entry whose
// "match" is bad (an unknown field, extractor or pattern piece, a literal under 2 characters).
void check_catalogue_matches(std::span<const CatalogueEntry> entries);

}  // namespace dd::logs
