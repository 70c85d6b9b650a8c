#include "logs/data_file.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/finding_names.hpp"

namespace dd::logs {

DataEntry::DataEntry(const nlohmann::json& object, std::string_view file, std::size_t index)
    : object_(object), file_(file), index_(index) {}

void DataEntry::fail(const char* field, const std::string& why) const {
  std::string where = std::string(file_) + ": entry " + std::to_string(index_ + 1);
  auto id = object_.find("id");
  if (id != object_.end() && id->is_string()) where += " (" + id->get<std::string>() + ")";
  throw std::runtime_error(where + ": field \"" + field + "\": " + why);
}

const nlohmann::json& DataEntry::at(const char* field) const {
  auto it = object_.find(field);
  if (it == object_.end()) fail(field, "missing");
  return *it;
}

std::string DataEntry::text(const char* field) const {
  const auto& v = at(field);
  if (!v.is_string()) fail(field, "not a string");
  return v.get<std::string>();
}

int DataEntry::number(const char* field) const {
  const auto& v = at(field);
  if (!v.is_number_integer()) fail(field, "not a whole number");
  return v.get<int>();
}

EventKind DataEntry::kind_named(const char* field, const std::string& name) const {
  auto k = event_kind_named(name);
  if (!k) fail(field, "unknown event kind '" + name + "'");
  return *k;
}

EventKind DataEntry::kind(const char* field) const { return kind_named(field, text(field)); }

std::vector<EventKind> DataEntry::kinds_or_none(const char* field) const {
  std::vector<EventKind> out;
  auto it = object_.find(field);
  if (it == object_.end()) return out;
  if (!it->is_array()) fail(field, "not an array");
  for (const auto& v : *it) {
    if (!v.is_string()) fail(field, "holds a value that is not a string");
    out.push_back(kind_named(field, v.get<std::string>()));
  }
  return out;
}

core::Label DataEntry::label(const char* field) const {
  std::string name = text(field);
  auto l = core::label_named(name);
  if (!l) fail(field, "unknown label '" + name + "'");
  return *l;
}

core::Severity DataEntry::severity(const char* field) const {
  std::string name = text(field);
  auto s = core::severity_named(name);
  if (!s) fail(field, "unknown severity '" + name + "'");
  return *s;
}

std::map<std::string, std::string> DataEntry::text_map(const char* field) const {
  const auto& v = at(field);
  if (!v.is_object()) fail(field, "not an object");
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : v.items()) {
    if (!value.is_string()) fail(field, "the value of " + key + " is not a string");
    out[key] = value.get<std::string>();
  }
  return out;
}

bool DataEntry::has(const char* field) const { return object_.find(field) != object_.end(); }

bool DataEntry::flag_or_false(const char* field) const {
  if (!has(field)) return false;
  const nlohmann::json& v = at(field);
  if (!v.is_boolean()) fail(field, "must be true or false");
  return v.get<bool>();
}

std::string DataEntry::text_or_empty(const char* field) const { return has(field) ? text(field) : std::string(); }

std::vector<std::string> DataEntry::texts_or_none(const char* field) const {
  std::vector<std::string> out;
  if (!has(field)) return out;
  const auto& v = at(field);
  if (v.is_string()) return {v.get<std::string>()};
  if (!v.is_array()) fail(field, "neither a string nor an array");
  for (const auto& item : v) {
    if (!item.is_string()) fail(field, "holds a value that is not a string");
    out.push_back(item.get<std::string>());
  }
  return out;
}

std::vector<std::vector<std::string>> DataEntry::text_groups(const char* field) const {
  std::vector<std::vector<std::string>> out;
  if (!has(field)) return out;
  const auto& v = at(field);
  if (!v.is_array()) fail(field, "not an array");
  for (const auto& item : v) {
    std::vector<std::string> group;
    if (item.is_string()) group.push_back(item.get<std::string>());
    for (const auto& alt : item.is_array() ? item : nlohmann::json::array()) {
      if (!alt.is_string()) fail(field, "holds a list with a value that is not a string");
      group.push_back(alt.get<std::string>());
    }
    if (group.empty()) fail(field, "holds an empty list or a value that is neither a string nor a list");
    out.push_back(std::move(group));
  }
  return out;
}

DataEntry DataEntry::object(const char* field) const {
  const auto& v = at(field);
  if (!v.is_object()) fail(field, "not an object");
  return DataEntry(v, file_, index_);
}

void for_each_data_entry(std::string_view json, std::string_view file,
                         const std::function<void(const DataEntry&)>& each) {
  nlohmann::json doc = nlohmann::json::parse(json, nullptr, false);
  if (doc.is_discarded()) throw std::runtime_error(std::string(file) + ": not valid JSON");
  if (!doc.is_array()) throw std::runtime_error(std::string(file) + ": not a JSON array");
  for (std::size_t i = 0; i < doc.size(); ++i) {
    if (!doc[i].is_object())
      throw std::runtime_error(std::string(file) + ": entry " + std::to_string(i + 1) + ": not an object");
    each(DataEntry(doc[i], file, i));
  }
}

}  // namespace dd::logs
