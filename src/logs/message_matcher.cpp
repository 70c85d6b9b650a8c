// The catalogue-driven classifier (message_matcher.hpp). The format of an entry's "match" object is
// in docs/logs.md ("The message catalogue"); a bad one throws when the catalogue is first used.
#include "logs/message_matcher.hpp"

#include <algorithm>
#include <array>
#include <bitset>
#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "logs/message_extractors.hpp"
#include "logs/text_scan.hpp"

namespace dd::logs {

namespace {

constexpr auto k_npos = std::string_view::npos;
constexpr std::size_t k_max_anchors = 1024;

enum class Field : std::uint8_t {
  skip,
  text,
  word,
  iface,
  addr,
  pid,
  err_text,
  comm,  // views
  rank,
  nranks,
  local_rank,
  exit_code,
  signal,
  dev,
  port,
  seq,
  count  // numbers
};

constexpr std::array<std::pair<std::string_view, Field>, 17> k_fields{{
    {"", Field::skip},
    {"text", Field::text},
    {"word", Field::word},
    {"iface", Field::iface},
    {"addr", Field::addr},
    {"pid", Field::pid},
    {"err_text", Field::err_text},
    {"comm", Field::comm},
    {"rank", Field::rank},
    {"nranks", Field::nranks},
    {"local_rank", Field::local_rank},
    {"exit_code", Field::exit_code},
    {"signal", Field::signal},
    {"dev", Field::dev},
    {"port", Field::port},
    {"seq", Field::seq},
    {"count", Field::count},
}};

struct Piece {
  std::string literal;  // empty for a field
  Field field = Field::skip;
};

using Pattern = std::vector<Piece>;

struct Rule {
  int entry = -1;
  EventKind kind = EventKind::none;
  char level = 0;
  std::vector<std::string_view> starts, ends, src;
  std::vector<std::vector<std::uint16_t>> has;
  std::vector<std::uint16_t> unless;
  Pattern pattern;
  std::vector<Pattern> maybe;
  bool whole_text = false;
  bool const_text = false;
  std::string_view text_const;
  Extractor extract = nullptr;
  ConnError err = ConnError::none;
  std::string_view mark;      // "mark": sets ev.marked when the message holds it
  std::size_t mark_rare = 0;  // rarest_byte(mark): the byte looked for first
};

// starts(), compared byte by byte: a "starts" literal is short and usually differs early, where a
// call to memcmp would cost more than the compare.
bool starts_inline(std::string_view s, std::string_view p) {
  if (s.size() < p.size()) return false;
  for (std::size_t k = 0; k < p.size(); ++k)
    if (s[k] != p[k]) return false;
  return true;
}

std::string_view skip_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

std::string_view trim_end(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '.')) s.remove_suffix(1);
  return s;
}

constexpr std::size_t idx(MatchScope s) { return static_cast<std::size_t>(s); }

bool is_number(Field f) { return f >= Field::rank; }

// Stores a number field's value in `ev` (an int field holds -1 when the value is out of its range).
void set_number(Field field, std::int64_t v, LineEvent& ev) {
  bool small = v > -1000000000 && v < 1000000000;
  int n = small ? static_cast<int>(v) : -1;
  switch (field) {
    case Field::rank:
      ev.rank = n;
      break;
    case Field::nranks:
      ev.nranks = n;
      break;
    case Field::local_rank:
      ev.local_rank = n;
      break;
    case Field::exit_code:
      ev.exit_code = small ? n : k_no_exit_code;
      break;
    case Field::signal:
      ev.exit_code = small ? -n : k_no_exit_code;
      break;
    case Field::dev:
      ev.dev = n;
      break;
    case Field::port:
      ev.port = n;
      break;
    case Field::seq:
      ev.seq = v;
      break;
    case Field::count:
      ev.count = v;
      break;
    default:
      break;
  }
}

// Stores a text field's value in `ev`.
void set_view(Field field, std::string_view value, LineEvent& ev) {
  switch (field) {
    case Field::text:
    case Field::word:
      ev.text = value;
      break;
    case Field::iface:
      ev.iface = value;
      break;
    case Field::addr:
      ev.addr = value;
      break;
    case Field::pid:
      ev.pid = value;
      break;
    case Field::err_text:
      ev.err_text = value;
      break;
    case Field::comm:
      ev.comm = value;
      break;
    default:
      break;
  }
}

// Reads the number at msg[pos] (at most 19 characters) into `ev`, moving `pos` past it; false when
// no number starts there.
bool read_number(Field field, std::string_view msg, std::size_t& pos, LineEvent& ev) {
  std::int64_t v = 0;
  const char* first = msg.data() + pos;
  const char* last = msg.data() + std::min(msg.size(), pos + 19);
  auto [end, ec] = std::from_chars(first, last, v);
  if (ec != std::errc() || end == first) return false;
  pos = static_cast<std::size_t>(end - msg.data());
  set_number(field, v, ev);
  return true;
}

// Reads the text field at msg[pos] into `ev`, moving `pos` past it: a word runs to a blank or ';',
// another field to `next` (the following literal) or, last, to the end of the line. False when it
// would be empty or `next` does not follow.
bool read_view(Field field, std::string_view msg, const std::string* next, std::size_t& pos, LineEvent& ev) {
  std::string_view rest = msg.substr(pos);
  std::string_view value;
  if (field == Field::word) {
    value = rest.substr(0, std::min({rest.find(' '), rest.find('\t'), rest.find(';')}));
  } else if (next) {
    std::size_t end = rest.find(*next);
    if (end == k_npos) return false;
    value = rest.substr(0, end);
  } else {
    value = trim_end(rest);
  }
  if (value.empty()) return false;  // a field reads at least one character
  pos += value.size();
  set_view(field, value, ev);
  return true;
}

// Reads a pattern's pieces from `msg`: the first literal where it first occurs, then each piece
// right after the previous one (a view field runs to the next literal, or to the end of the line).
bool read_pattern(const Pattern& p, std::string_view msg, LineEvent& ev) {
  std::size_t pos = msg.find(p.front().literal);
  if (pos == k_npos) return false;
  pos += p.front().literal.size();
  for (std::size_t i = 1; i < p.size(); ++i) {
    const Piece& piece = p[i];
    if (!piece.literal.empty()) {
      if (!starts(msg.substr(pos), piece.literal)) return false;
      pos += piece.literal.size();
      continue;
    }
    const std::string* next = i + 1 < p.size() ? &p[i + 1].literal : nullptr;
    bool read =
        is_number(piece.field) ? read_number(piece.field, msg, pos, ev) : read_view(piece.field, msg, next, pos, ev);
    if (!read) return false;
  }
  return true;
}

class Matcher {
 public:
  explicit Matcher(std::span<const CatalogueEntry> entries) {
    for (std::size_t i = 0; i < entries.size(); ++i) add(entries[i], static_cast<int>(i));
    for (std::size_t s = 0; s < 3; ++s)
      for (std::size_t r = 0; r < rules_[s].size(); ++r) {
        const Rule& rule = rules_[s][r];
        for (std::size_t c = 0; c < 256; ++c) {
          bool fits = rule.starts.empty() ||
                      std::any_of(rule.starts.begin(), rule.starts.end(),
                                  [c](std::string_view l) { return static_cast<unsigned char>(l[0]) == c; });
          if (fits) by_first_[s][c].push_back(static_cast<std::uint16_t>(r));
        }
      }
    for (std::uint16_t id = 0; id < anchors_.size(); ++id) {
      std::uint16_t b = bigram(anchors_[id][0], anchors_[id][1]);
      bigram_bits_.set(b);
      bigram_anchor_.emplace_back(b, id);
    }
    std::sort(bigram_anchor_.begin(), bigram_anchor_.end());
    for (const Rule& r : rules_[idx(MatchScope::text)])
      if (r.err != ConnError::none) conn_rules_.push_back(&r);
  }

  // The literals of `msg` the warn and text entries name, found in one pass.
  struct Seen {
    std::bitset<k_max_anchors> bits;
    bool scanned = false;
  };

  void scan(std::string_view s, Seen& seen) const {
    seen.scanned = true;
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
      std::uint16_t b = bigram(s[i], s[i + 1]);
      if (!bigram_bits_.test(b)) continue;
      auto it = std::lower_bound(bigram_anchor_.begin(), bigram_anchor_.end(), std::make_pair(b, std::uint16_t(0)));
      for (; it != bigram_anchor_.end() && it->first == b; ++it)
        if (starts(s.substr(i), anchors_[it->second])) seen.bits.set(it->second);
    }
  }

  bool match(MatchScope scope, std::string_view msg, std::string_view src, const Seen* seen, LineEvent& ev) const {
    std::string_view body = skip_blanks(msg);
    if (body.empty()) return false;
    if (seen && seen->bits.none()) {
      for (std::uint16_t r : by_first_[idx(scope)][static_cast<unsigned char>(body[0])]) {
        const Rule& rule = rules_[idx(scope)][r];
        if (rule.has.empty() && apply(rule, msg, body, src, seen, ev)) return true;
      }
      return false;
    }
    for (std::uint16_t r : by_first_[idx(scope)][static_cast<unsigned char>(body[0])])
      if (apply(rules_[idx(scope)][r], msg, body, src, seen, ev)) return true;
    return false;
  }

  ConnError conn_error(std::string_view s, std::string_view& err_text) const {
    for (const Rule* r : conn_rules_) {
      std::string_view key;
      std::size_t key_at = 0;
      if (!holds(*r, s, nullptr, key, key_at)) continue;
      err_text = s.substr(key_at, key.size());
      return r->err;
    }
    return ConnError::none;
  }

 private:
  static std::uint16_t bigram(char a, char b) {
    return static_cast<std::uint16_t>(static_cast<unsigned char>(a) << 8 | static_cast<unsigned char>(b));
  }

  bool present(std::uint16_t id, std::string_view msg, const Seen* seen) const {
    return seen ? seen->bits.test(id) : msg.find(anchors_[id]) != k_npos;
  }

  // The "has" and "unless" conditions; key = the first "has" literal found (when no "starts" set it).
  bool holds(const Rule& r, std::string_view msg, const Seen* seen, std::string_view& key, std::size_t& key_at) const {
    for (const auto& group : r.has) {
      auto hit = std::find_if(group.begin(), group.end(), [&](std::uint16_t id) { return present(id, msg, seen); });
      if (hit == group.end()) return false;
      if (key.empty()) {
        key_at = msg.find(anchors_[*hit]);
        key = anchors_[*hit];
      }
    }
    return std::none_of(r.unless.begin(), r.unless.end(), [&](std::uint16_t id) { return present(id, msg, seen); });
  }

  bool apply(const Rule& r, std::string_view msg, std::string_view body, std::string_view src, const Seen* seen,
             LineEvent& ev) const {
    if ((r.level == 'i' && ev.warn) || (r.level == 'w' && !ev.warn)) return false;
    std::string_view key;
    std::size_t key_at = 0;
    if (!r.starts.empty()) {
      auto hit =
          std::find_if(r.starts.begin(), r.starts.end(), [&](std::string_view l) { return starts_inline(body, l); });
      if (hit == r.starts.end()) return false;
      key = *hit;
      key_at = msg.size() - body.size();
    }
    if (!r.ends.empty()) {
      std::string_view t = trim_end(msg);
      if (std::none_of(r.ends.begin(), r.ends.end(),
                       [&](std::string_view l) { return t.size() >= l.size() && t.substr(t.size() - l.size()) == l; }))
        return false;
    }
    if (!r.src.empty() &&
        std::none_of(r.src.begin(), r.src.end(), [&](std::string_view l) { return src.find(l) != k_npos; }))
      return false;
    if ((!r.has.empty() || !r.unless.empty()) && !holds(r, msg, seen, key, key_at)) return false;
    if (r.pattern.empty() && r.maybe.empty() && !r.extract) {  // nothing can fail: fill ev in place
      fill(r, msg, key, key_at, ev);
      return true;
    }
    LineEvent out = ev;
    fill(r, msg, key, key_at, out);
    if (!r.pattern.empty() && !read_pattern(r.pattern, msg, out)) return false;
    for (const Pattern& p : r.maybe) {
      LineEvent tried = out;
      if (read_pattern(p, msg, tried)) out = tried;
    }
    if (r.extract && !r.extract(MatchContext{msg, src, key, key_at}, out)) return false;
    ev = out;
    return true;
  }

  static void fill(const Rule& r, std::string_view msg, std::string_view key, std::size_t key_at, LineEvent& ev) {
    ev.kind = r.kind;
    ev.catalogue_entry = r.entry;
    if (r.err != ConnError::none) {
      ev.err = r.err;
      ev.err_text = msg.substr(key_at, key.size());
    }
    if (r.whole_text) ev.text = msg;
    if (r.const_text) ev.text = r.text_const;
    if (!r.mark.empty()) ev.marked = find_literal(msg, r.mark, r.mark_rare) != k_npos;
  }

  std::uint16_t anchor(const std::string& literal, const CatalogueEntry& e) {
    if (literal.size() < 2)
      throw std::runtime_error("message_catalogue.json (" + e.id + "): a literal shorter than 2 characters");
    auto it = std::find(anchors_.begin(), anchors_.end(), literal);
    if (it != anchors_.end()) return static_cast<std::uint16_t>(it - anchors_.begin());
    if (anchors_.size() >= k_max_anchors) throw std::runtime_error("message_catalogue.json: more than 1024 literals");
    anchors_.push_back(literal);
    return static_cast<std::uint16_t>(anchors_.size() - 1);
  }

  static Pattern parse_pattern(const std::string& text, const CatalogueEntry& e) {
    auto bad = [&](const std::string& why) {
      return std::runtime_error("message_catalogue.json (" + e.id + "): pattern \"" + text + "\": " + why);
    };
    Pattern p;
    std::size_t i = 0;
    while (i < text.size()) {
      std::size_t open = text.find('{', i);
      if (open != i) {
        p.push_back(Piece{text.substr(i, open == k_npos ? k_npos : open - i), Field::skip});
        if (open == k_npos) break;
      }
      std::size_t close = text.find('}', open);
      if (close == k_npos) throw bad("a '{' without '}'");
      std::string name = text.substr(open + 1, close - open - 1);
      auto f = std::find_if(k_fields.begin(), k_fields.end(), [&](const auto& kv) { return kv.first == name; });
      if (f == k_fields.end()) throw bad("unknown field {" + name + "}");
      if (!p.empty() && p.back().literal.empty()) throw bad("two fields without a literal between them");
      p.push_back(Piece{"", f->second});
      i = close + 1;
    }
    if (p.empty() || p.front().literal.empty()) throw bad("does not start with a literal");
    return p;
  }

  void add(const CatalogueEntry& e, int index) {
    const MessageMatch& m = e.match;
    Rule r;
    r.entry = index;
    r.kind = e.kind;
    r.level = m.level;
    for (const auto& l : m.starts) {
      if (l.empty()) throw std::runtime_error("message_catalogue.json (" + e.id + "): an empty \"starts\"");
      r.starts.push_back(l);
    }
    for (const auto& l : m.ends) r.ends.push_back(l);
    for (const auto& l : m.src) r.src.push_back(l);
    for (const auto& group : m.has) {
      std::vector<std::uint16_t> ids;
      for (const auto& l : group) ids.push_back(anchor(l, e));
      r.has.push_back(std::move(ids));
    }
    for (const auto& l : m.unless) r.unless.push_back(anchor(l, e));
    if (!m.pattern.empty()) r.pattern = parse_pattern(m.pattern, e);
    for (const auto& p : m.maybe) r.maybe.push_back(parse_pattern(p, e));
    if (m.text == "message") {
      r.whole_text = true;
    } else if (!m.text.empty() && m.text[0] == '=') {
      r.const_text = true;
      r.text_const = std::string_view(m.text).substr(1);
    } else if (!m.text.empty()) {
      throw std::runtime_error("message_catalogue.json (" + e.id + "): \"text\" is neither \"message\" nor \"=...\"");
    }
    if (!m.extract.empty()) {
      r.extract = extractor_named(m.extract);
      if (!r.extract)
        throw std::runtime_error("message_catalogue.json (" + e.id + "): unknown extractor '" + m.extract + "'");
    }
    r.err = m.err;
    if (!m.mark.empty() && m.mark.size() < 2)
      throw std::runtime_error("message_catalogue.json (" + e.id + "): a \"mark\" shorter than 2 characters");
    r.mark = m.mark;
    r.mark_rare = rarest_byte(r.mark);
    if (r.starts.empty() && r.has.empty() && r.ends.empty() && r.src.empty() && !r.extract && r.pattern.empty())
      throw std::runtime_error("message_catalogue.json (" + e.id + "): \"match\" names nothing to recognise");
    for (MatchScope s : m.on) rules_[idx(s)].push_back(r);
  }

  std::vector<std::string> anchors_;
  std::array<std::vector<Rule>, 3> rules_;
  std::array<std::array<std::vector<std::uint16_t>, 256>, 3> by_first_;
  std::bitset<65536> bigram_bits_;
  std::vector<std::pair<std::uint16_t, std::uint16_t>> bigram_anchor_;
  std::vector<const Rule*> conn_rules_;
};

const Matcher& matcher() {
  static const Matcher m(message_catalogue());
  return m;
}

}  // namespace

bool match_nccl_message(std::string_view msg, std::string_view src, LineEvent& ev) {
  const Matcher& m = matcher();
  if (m.match(MatchScope::nccl, msg, src, nullptr, ev)) return true;
  if (!ev.warn) return false;
  Matcher::Seen seen;
  m.scan(msg, seen);
  return m.match(MatchScope::warn, msg, src, &seen, ev) || m.match(MatchScope::text, msg, {}, &seen, ev);
}

bool match_free_text(std::string_view line, LineEvent& ev) {
  const Matcher& m = matcher();
  Matcher::Seen seen;
  m.scan(line, seen);
  return m.match(MatchScope::text, line, {}, &seen, ev);
}

ConnError match_conn_error(std::string_view s, std::string_view& err_text) { return matcher().conn_error(s, err_text); }

void check_catalogue_matches(std::span<const CatalogueEntry> entries) { Matcher{entries}; }

}  // namespace dd::logs
