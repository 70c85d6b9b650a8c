// Entries: data/message_catalogue.json (see message_catalogue.hpp).
#include "logs/message_catalogue.hpp"

#include "logs/data_file.hpp"
#include "logs/embedded_data.hpp"

namespace dd::logs {

std::vector<CatalogueEntry> parse_message_catalogue(std::string_view json) {
  return read_data_file<CatalogueEntry>(json, "message_catalogue.json", [](const DataEntry& e) {
    return CatalogueEntry{e.text("id"), e.text("origin"), e.text("releases"), e.text("format"), e.text("example"),
                          e.kind("kind"), e.label("label")};
  });
}

std::span<const CatalogueEntry> message_catalogue() {
  static const std::vector<CatalogueEntry> entries = parse_message_catalogue(embedded::message_catalogue_json);
  return entries;
}

}  // namespace dd::logs
