// Entries: data/message_catalogue.json (see message_catalogue.hpp; the format in docs/logs.md).
#include "logs/message_catalogue.hpp"

#include <stdexcept>

#include "logs/data_file.hpp"
#include "logs/embedded_data.hpp"

namespace dd::logs {

namespace {

MatchScope scope_named(const std::string& id, const std::string& name) {
  if (name == "nccl") return MatchScope::nccl;
  if (name == "warn") return MatchScope::warn;
  if (name == "text") return MatchScope::text;
  throw std::runtime_error("message_catalogue.json (" + id + "): field \"on\": unknown scope '" + name + "'");
}

ConnError conn_error_named(const std::string& id, const std::string& name) {
  for (ConnError e :
       {ConnError::refused, ConnError::timed_out, ConnError::unreachable, ConnError::reset, ConnError::other})
    if (to_string(e) == name) return e;
  throw std::runtime_error("message_catalogue.json (" + id + "): field \"err\": unknown socket error '" + name + "'");
}

MessageMatch read_match(const std::string& id, const DataEntry& m) {
  MessageMatch out;
  for (const std::string& on : m.texts_or_none("on")) out.on.push_back(scope_named(id, on));
  if (out.on.empty()) throw std::runtime_error("message_catalogue.json (" + id + "): field \"on\": missing");
  std::string level = m.text_or_empty("level");
  if (!level.empty() && level != "info" && level != "warn")
    throw std::runtime_error("message_catalogue.json (" + id + "): field \"level\": not \"info\" or \"warn\"");
  out.level = level.empty() ? 0 : level[0];
  out.starts = m.texts_or_none("starts");
  out.ends = m.texts_or_none("ends");
  out.has = m.text_groups("has");
  out.unless = m.texts_or_none("unless");
  out.src = m.texts_or_none("src");
  out.pattern = m.text_or_empty("pattern");
  out.maybe = m.texts_or_none("maybe");
  out.text = m.text_or_empty("text");
  out.extract = m.text_or_empty("extract");
  out.mark = m.text_or_empty("mark");
  if (m.has("err")) out.err = conn_error_named(id, m.text("err"));
  return out;
}

}  // namespace

std::vector<CatalogueEntry> parse_message_catalogue(std::string_view json) {
  return read_data_file<CatalogueEntry>(json, "message_catalogue.json", [](const DataEntry& e) {
    CatalogueEntry out{e.text("id"),
                       e.text("origin"),
                       e.text("releases"),
                       e.text("format"),
                       e.text("example"),
                       e.kind("kind"),
                       e.label("label"),
                       {},
                       e.texts_or_none("more_examples"),
                       e.flag_or_false("retried")};
    out.match = read_match(out.id, e.object("match"));
    return out;
  });
}

std::span<const CatalogueEntry> message_catalogue() {
  static const std::vector<CatalogueEntry> entries = parse_message_catalogue(embedded::message_catalogue_json);
  return entries;
}

}  // namespace dd::logs
