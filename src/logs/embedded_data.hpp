// The logs folder's data files (src/logs/data/*.json), compiled in as text by
// cmake/EmbedData.cmake; each is parsed once, on first use, by the code that owns it.
#pragma once

#include <string_view>

namespace dd::embedded {

extern const std::string_view message_catalogue_json;  // data/message_catalogue.json (message_catalogue.cpp)
extern const std::string_view signal_rules_json;       // data/signal_rules.json (rules_signal.cpp)

}  // namespace dd::embedded
