// A prose fix that puts a placeholder word (RANK0_HOST) where the file has a wrong value, with a note
// saying what the word stands for. The note may follow the
// changed words as a `# comment` only where they end the line and bash ends it there: before other
// words the comment would swallow them; after a trailing `\` the comment
// would end the command (bash joins nothing after a comment), and inside a quoted string
// (`srun bash -c '...'`) the `#` and any apostrophe belong to the string. There the fix is the whole
// line with the value replaced, its continuation kept, and the note goes to the finding's evidence.
#pragma once

#include <string>

#include "lint/rules.hpp"

namespace dd::lint::detail {

struct PlaceholderFix {
  std::string text;  // the fix.text to print
  std::string note;  // an evidence line for the placeholder, "" when the text carries it as a comment
};

// Line `line` holds `value` (as written); `from` inside it (the host) becomes `to` (the placeholder).
// `fragment` is what the fix prints where a comment is safe (e.g. "--master_addr=RANK0_HOST").
PlaceholderFix placeholder_fix(const FileContext& ctx, int line, const std::string& value, const std::string& from,
                               const std::string& to, const std::string& fragment, const std::string& note);

}  // namespace dd::lint::detail
