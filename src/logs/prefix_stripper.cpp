#include "logs/prefix_stripper.hpp"
#include "logs/text_scan.hpp"

#include <cstring>

namespace dd::logs {

namespace {

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
  // A zone written apart: "+08:00 " / "UTC ".
  if (i + 6 < s.size() && (s[i] == '+' || s[i] == '-') && is_digit(s[i + 1]) && is_digit(s[i + 2]) && s[i + 3] == ':' &&
      s[i + 6] == ' ')
    i += 7;
  else if (s.substr(i, 4) == "UTC ")
    i += 4;
  return i;
}

// A colour code whose ESC byte was lost in a copy-paste: "[0m", "[36m", "[1;31m".
std::size_t bare_sgr_len(std::string_view s) {
  if (s.size() < 3 || s[0] != '[' || !is_digit(s[1])) return 0;
  std::size_t i = 1;
  while (i < s.size() && i < 16 && (is_digit(s[i]) || s[i] == ';')) ++i;
  return i < s.size() && s[i] == 'm' ? i + 1 : 0;
}

// journald / syslog: "Dec  1 10:00:00 host proc[123]: " (length, 0 when absent).
std::size_t syslog_len(std::string_view s) {
  static constexpr std::string_view k_months[] = {"Jan ", "Feb ", "Mar ", "Apr ", "May ", "Jun ",
                                                 "Jul ", "Aug ", "Sep ", "Oct ", "Nov ", "Dec "};
  if (s.size() < 16 || s[3] != ' ') return 0;
  bool month = false;
  for (std::string_view m : k_months) month = month || s.substr(0, 4) == m;
  if (!month) return 0;
  std::size_t i = 4;
  while (i < s.size() && s[i] == ' ') ++i;
  std::size_t d = i;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == d || i - d > 2 || i + 9 > s.size() || s[i] != ' ' || s[i + 3] != ':' || s[i + 6] != ':') return 0;
  i += 9;
  if (i >= s.size() || s[i] != ' ') return 0;
  std::size_t colon = s.find(": ", i + 1);
  if (colon == std::string_view::npos || colon > i + 96) return 0;
  return colon + 2;
}

// glog / absl: "I0917 19:46:00.202469  101542 file.cc:82] " (length, 0 when absent).
std::size_t glog_len(std::string_view s) {
  if (s.size() < 22 || (s[0] != 'I' && s[0] != 'W' && s[0] != 'E' && s[0] != 'F')) return 0;
  for (std::size_t k = 1; k < 5; ++k)
    if (!is_digit(s[k])) return 0;
  if (s[5] != ' ' || !is_digit(s[6]) || s[8] != ':') return 0;
  std::size_t close = s.find("] ");
  if (close == std::string_view::npos || close > 160) return 0;
  return close + 2;
}

// Collectors that name the source before the line: pdsh "host: ", docker compose "svc-1  | ",
// kubectl --prefix "[pod/name/container] ". The pdsh form only counts when an NCCL header
// ("h:pid:tid [d]") follows, so that "RuntimeError: x" stays whole.
std::size_t collector_len(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && i < 64 && is_name_char(s[i])) ++i;
  if (i == 0 || i >= s.size()) return 0;
  if (s[i] == ' ') {  // docker compose
    std::size_t j = i;
    while (j < s.size() && s[j] == ' ') ++j;
    if (j + 1 < s.size() && s[j] == '|' && s[j + 1] == ' ') return j + 2;
    return 0;
  }
  if (s[i] != ':' || i + 1 >= s.size() || s[i + 1] != ' ') return 0;
  std::string_view rest = s.substr(i + 2);
  std::size_t c1 = rest.find(':');
  if (c1 == std::string_view::npos || c1 == 0 || c1 > 128 || rest.substr(0, c1).find(' ') != std::string_view::npos)
    return 0;
  std::size_t k = c1 + 1, n = 0;
  while (k < rest.size() && is_digit(rest[k])) ++k, ++n;
  if (n == 0 || k >= rest.size() || rest[k] != ':') return 0;
  std::size_t sp = rest.find(" [", k);
  return sp != std::string_view::npos && sp < k + 24 ? i + 2 : 0;
}

// One prefix removed (returns true) or nothing recognised (false).
bool strip_one(std::string_view& s, int& rank) {
  if (s.empty()) return false;
  char c0 = s[0];
  if (std::size_t t = (c0 == '[' ? bare_sgr_len(s) : 0)) {
    s.remove_prefix(t);
    return true;
  }
  if (is_alpha(c0)) {
    std::size_t t = syslog_len(s);
    if (t == 0) t = glog_len(s);
    if (t == 0) t = collector_len(s);
    if (t == 0) return false;
    s.remove_prefix(t);
    return true;
  }
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
    // MPICH / Intel MPI -prepend-rank: "[3] " before each line of rank 3.
    if (int r = 0; std::size_t n = read_digits(s, 1, r)) {
      if (n <= 6 && 2 + n < s.size() && s[1 + n] == ']' && s[2 + n] == ' ') {
        rank = r;
        s.remove_prefix(3 + n);
        return true;
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
    // Other launcher tags without spaces: [trainer0|0]: [worker-1]:
    if (close != std::string_view::npos && close > 1 && close < 48) {
      std::string_view name = s.substr(1, close - 1);
      bool ok = true;
      for (char c : name) ok = ok && (is_name_char(c) || c == '|' || c == '/');
      if (ok) {
        s.remove_prefix(close + 2);
        return true;
      }
    }
    // kubectl logs --prefix: [pod/name/container]
    std::size_t end = s.find("] ");
    if (end != std::string_view::npos && end > 4 && end < 160 && s.substr(1, 4) == "pod/" &&
        s.substr(1, end - 1).find(' ') == std::string_view::npos) {
      s.remove_prefix(end + 2);
      return true;
    }
    return false;
  }
  if (is_digit(s[0]) && s.substr(0, s.find(':')).find('.') != std::string_view::npos) {
    if (std::size_t t = collector_len(s)) {  // pdsh: "10.0.0.1: h:1:2 [0] ..."
      s.remove_prefix(t);
      return true;
    }
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
