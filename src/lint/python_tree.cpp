#include "lint/python_tree.hpp"

extern "C" const TSLanguage* tree_sitter_python();

namespace dd::lint {

namespace {

struct ParserDeleter {
  void operator()(TSParser* p) const { ts_parser_delete(p); }
};

// A generous bound: tree-sitter parses ~MB/s; a file that takes this long is not a training script.
constexpr uint64_t k_parse_timeout_us = 10'000'000;

}  // namespace

std::unique_ptr<PythonTree> PythonTree::parse(const std::string& source) {
  // One parser per thread, reused across files (a folder of small scripts pays its setup once).
  thread_local std::unique_ptr<TSParser, ParserDeleter> parser(ts_parser_new());
  if (!parser || !ts_parser_set_language(parser.get(), tree_sitter_python())) return nullptr;
  ts_parser_reset(parser.get());
  ts_parser_set_timeout_micros(parser.get(), k_parse_timeout_us);
  TSTree* tree = ts_parser_parse_string(parser.get(), nullptr, source.data(), static_cast<uint32_t>(source.size()));
  if (!tree) return nullptr;
  return std::unique_ptr<PythonTree>(new PythonTree(source, tree));
}

std::string_view PythonTree::text(TSNode n) const {
  if (ts_node_is_null(n)) return {};
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (b > e || e > source_.size()) return {};
  return std::string_view(source_).substr(b, e - b);
}

bool PythonTree::string_value(TSNode n, std::string& out) const {
  if (!is(n, "string")) return false;
  out.clear();
  uint32_t count = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode c = ts_node_named_child(n, i);
    std::string_view t = type(c);
    if (t == "string_content") {
      out += text(c);
    } else if (t == "interpolation" || t == "escape_sequence") {
      if (t == "interpolation") return false;
      out += text(c);
    }
  }
  return true;
}

std::string PythonTree::dotted(TSNode n) const {
  if (is(n, "identifier")) return std::string(text(n));
  if (is(n, "attribute")) {
    std::string object = dotted(field(n, "object"));
    if (object.empty()) return "";
    return object + "." + std::string(text(field(n, "attribute")));
  }
  return "";
}

std::string_view last_name(std::string_view dotted) {
  auto dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}

}  // namespace dd::lint
