#include "logs/prefix_stripper.hpp"

#include <cstring>

namespace dd::logs {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Leading run of digits as an int (capped); returns digit count.
std::size_t read_digits(std::string_view s, std::size_t pos, int& value) {
  std::size_t n = 0;
  value = 0;
  while (pos + n < s.size() && is_digit(s[pos + n]) && n < 9) {
    value = value * 10 + (s[pos + n] - '0');
    ++n;
  }
  return n;
}

// Copies `line` without ANSI escapes: CSI (ESC [ ... final byte), OSC (ESC ] ... BEL/ST), and
// two-byte escapes.
std::string_view remove_ansi(std::string_view line, std::string& scratch) {
  scratch.clear();
  scratch.reserve(line.size());
  std::size_t i = 0;
  while (i < line.size()) {
    char c = line[i];
    if (c != '\x1b') {
      scratch.push_back(c);
      ++i;
      continue;
    }
    ++i;
    if (i >= line.size()) break;
    if (line[i] == '[') {
      ++i;
      while (i < line.size() && !(line[i] >= '@' && line[i] <= '~')) ++i;
      if (i < line.size()) ++i;
    } else if (line[i] == ']') {
      ++i;
      while (i < line.size() && line[i] != '\x07' && line[i] != '\x1b') ++i;
      if (i < line.size()) ++i;
    } else {
      ++i;
    }
  }
  return scratch;
}

// "YYYY-MM-DD" at pos.
bool is_date(std::string_view s, std::size_t pos) {
  if (s.size() < pos + 10) return false;
  for (std::size_t k = 0; k < 10; ++k) {
    char c = s[pos + k];
    bool ok = (k == 4 || k == 7) ? (c == '-' || c == '/') : is_digit(c);
    if (!ok) return false;
  }
  return true;
}

// Length of a leading timestamp prefix (with its trailing separator), 0 when none.
std::size_t timestamp_len(std::string_view s) {
  if (!s.empty() && s[0] == '[' && is_date(s, 1)) {
    std::size_t close = s.find(']');
    if (close == std::string_view::npos || close > 48) return 0;
    std::size_t end = close + 1;
    while (end < s.size() && s[end] == ' ') ++end;
    return end;
  }
  if (!is_date(s, 0)) return 0;
  // 2024-01-02T03:04:05.123Z / 2024-01-02 03:04:05,123 followed by a space.
  std::size_t i = 10;
  if (i < s.size() && (s[i] == 'T' || s[i] == ' ') && i + 9 <= s.size() && is_digit(s[i + 1]) && is_digit(s[i + 2]) &&
      s[i + 3] == ':') {
    i += 9;  // "THH:MM:SS"
    while (i < s.size() && (is_digit(s[i]) || s[i] == '.' || s[i] == ',' || s[i] == 'Z' || s[i] == '+' ||
                            s[i] == ':' || (s[i] == '-' && i + 1 < s.size() && is_digit(s[i + 1]))))
      ++i;
  } else {
    return 0;
  }
  if (i < s.size() && s[i] != ' ' && s[i] != '\t') return 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return i;
}

// One prefix removed (returns true) or nothing recognised (false).
bool strip_one(std::string_view& s, int& rank) {
  if (s.empty()) return false;
  char c0 = s[0];
  if (c0 != '[' && c0 != '(' && !is_digit(c0)) return false;  // the common case: nothing to strip
  if (std::size_t t = timestamp_len(s)) {
    s.remove_prefix(t);
    return true;
  }
  int v = 0;
  if (s[0] == '[') {
    // Open MPI: [job,rank]<stdout>: / <stderr>:
    std::size_t n1 = read_digits(s, 1, v);
    if (n1 > 0 && 1 + n1 < s.size() && s[1 + n1] == ',') {
      int r = 0;
      std::size_t n2 = read_digits(s, 2 + n1, r);
      std::size_t p = 2 + n1 + n2;
      if (n2 > 0 && p < s.size() && s[p] == ']') {
        std::string_view rest = s.substr(p + 1);
        for (std::string_view tag : {"<stdout>:", "<stderr>:", "<stddiag>:"}) {
          if (rest.substr(0, tag.size()) == tag) {
            rank = r;
            s.remove_prefix(p + 1 + tag.size());
            return true;
          }
        }
      }
    }
    // torchrun --tee: [default0]:  torch: [rank3]:
    std::size_t close = s.find("]:");
    if (close != std::string_view::npos && close < 24 && close > 1 && is_digit(s[close - 1])) {
      std::size_t d = close;
      while (d > 1 && is_digit(s[d - 1])) --d;
      std::string_view name = s.substr(1, d - 1);
      if (name == "default" || name == "rank" || name == "Rank") {
        read_digits(s, d, v);
        rank = v;
        s.remove_prefix(close + 2);
        return true;
      }
    }
    return false;
  }
  if (s[0] == '(') {
    // Ray: (RayTrainWorker pid=11904, ip=10.0.0.1)
    std::size_t close = s.find(") ");
    if (close != std::string_view::npos && close < 160 && s.substr(0, close).find("pid=") != std::string_view::npos) {
      s.remove_prefix(close + 2);
      return true;
    }
    return false;
  }
  if (is_digit(s[0])) {
    // srun -l: "12: "
    std::size_t n = read_digits(s, 0, v);
    if (n > 0 && n <= 6 && n + 1 < s.size() && s[n] == ':' && s[n + 1] == ' ') {
      rank = v;
      s.remove_prefix(n + 2);
      return true;
    }
  }
  return false;
}

}  // namespace

Stripped strip_prefixes(std::string_view line, std::string& scratch, bool may_have_escape) {
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
  if (may_have_escape && !line.empty() && std::memchr(line.data(), 0x1b, line.size()) != nullptr)
    line = remove_ansi(line, scratch);
  Stripped out;
  for (int i = 0; i < 6; ++i) {
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t' || line.front() == '\r')) line.remove_prefix(1);
    if (!strip_one(line, out.launcher_rank)) break;
  }
  out.body = line;
  return out;
}

}  // namespace dd::logs
