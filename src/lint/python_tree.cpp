#include "lint/python_tree.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <utility>
#include <vector>

#include "core/strings.hpp"

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

TSNode PythonTree::keyword_value(TSNode call, std::string_view name) const {
  TSNode args = field(call, "arguments");
  for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
    TSNode a = ts_node_named_child(args, i);
    if (is(a, "keyword_argument") && text(field(a, "name")) == name) return field(a, "value");
  }
  return TSNode{};
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

namespace {

// `text` without Python's digit separators.
std::string without_separators(std::string_view text) {
  std::string digits;
  for (char ch : text) {
    if (ch != '_') digits += ch;
  }
  return digits;
}

// 16, 8, 2 for a `0x`, `0o`, `0b` literal; 0 otherwise.
int integer_base(const std::string& digits) {
  if (digits.size() <= 2 || digits[0] != '0') return 0;
  const char kind = static_cast<char>(std::tolower(static_cast<unsigned char>(digits[1])));
  return kind == 'x' ? 16 : kind == 'o' ? 8 : kind == 'b' ? 2 : 0;
}

}  // namespace

double python_number(std::string_view text) {
  const std::string digits = without_separators(text);
  if (const int base = integer_base(digits))
    return static_cast<double>(std::strtoull(digits.c_str() + 2, nullptr, base));
  return std::strtod(digits.c_str(), nullptr);
}

std::optional<long long> python_integer(std::string_view text) {
  const std::string digits = without_separators(text);
  const int base = integer_base(digits);
  const char* start = digits.c_str() + (base ? 2 : 0);
  if (*start == '\0') return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(start, &end, base ? base : 10);
  if (errno == ERANGE || *end != '\0') return std::nullopt;
  return v;
}

// `cond` negated as a reader writes it: `a != b` -> `a == b` (one comparison of two operands),
// `not x` -> `x`, else `not (cond)`.
std::string negated_condition(const PythonTree& tree, TSNode cond) {
  std::string text(tree.text(cond));
  if (PythonTree::is(cond, "not_operator")) return std::string(tree.text(PythonTree::field(cond, "argument")));
  if (PythonTree::is(cond, "comparison_operator") && ts_node_named_child_count(cond) == 2) {
    std::string_view left = tree.text(ts_node_named_child(cond, 0));
    std::string_view right = tree.text(ts_node_named_child(cond, 1));
    if (left.size() + right.size() < text.size()) {
      std::string op(core::trim(std::string_view(text).substr(left.size(), text.size() - left.size() - right.size())));
      static const std::vector<std::pair<std::string, std::string>> opposite = {
          {"!=", "=="}, {"==", "!="}, {"<", ">="}, {">=", "<"}, {">", "<="}, {"<=", ">"}};
      for (const auto& [from, to] : opposite) {
        if (op == from) return std::string(left) + " " + to + " " + std::string(right);
      }
    }
  }
  return "not (" + text + ")";
}

}  // namespace dd::lint
