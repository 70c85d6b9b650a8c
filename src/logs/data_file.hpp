// Reading the logs data files (data/*.json, compiled in, embedded_data.hpp): each is a JSON array
// of objects. The accessors throw std::runtime_error naming the file, the entry and the field when
// the field is missing, has the wrong type, or names an unknown event kind, label or severity, so a
// bad edit fails on first use (and in the unit tests that load every file) instead of misleading.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "logs/line_event.hpp"

namespace dd::logs {

class DataEntry {
 public:
  DataEntry(const nlohmann::json& object, std::string_view file, std::size_t index);
  std::string text(const char* field) const;
  int number(const char* field) const;
  EventKind kind(const char* field) const;                               // by the enumerator's name: "bootstrap_iface"
  std::vector<EventKind> kinds_or_none(const char* field) const;         // ["ib_none", ...]; absent: empty
  core::Label label(const char* field) const;                            // "loopback-interface"
  core::Severity severity(const char* field) const;                      // "error", "warning", "info"
  std::map<std::string, std::string> text_map(const char* field) const;  // {"VAR": "value", ...}
  bool has(const char* field) const;
  bool flag_or_false(const char* field) const;                      // true / false; absent: false
  std::string text_or_empty(const char* field) const;               // absent: ""
  std::vector<std::string> texts_or_none(const char* field) const;  // "a" or ["a", "b"]; absent: empty
  // ["a", ["b", "c"]]: each item a text or a list of texts (a one-text list for "a"); absent: empty
  std::vector<std::vector<std::string>> text_groups(const char* field) const;
  DataEntry object(const char* field) const;  // a nested object; its errors name this entry
  // Throws std::runtime_error naming the file, this entry and `field`: for a check the reader makes.
  [[noreturn]] void fail(const char* field, const std::string& why) const;

 private:
  const nlohmann::json& at(const char* field) const;
  EventKind kind_named(const char* field, const std::string& name) const;  // the kind, or fail(field, ...)
  const nlohmann::json& object_;
  std::string_view file_;
  std::size_t index_;
};

// Parses `json` (the text of data file `file`) and calls `each` for every entry, in order.
void for_each_data_entry(std::string_view json, std::string_view file,
                         const std::function<void(const DataEntry&)>& each);

// The entries of data file `file` (its text `json`), each made by `read(const DataEntry&)`.
template <class T, class Read>
std::vector<T> read_data_file(std::string_view json, std::string_view file, Read read) {
  std::vector<T> out;
  for_each_data_entry(json, file, [&](const DataEntry& e) { out.push_back(read(e)); });
  return out;
}

}  // namespace dd::logs
