// Time prefixes: ISO 8601 stamps (log collectors, kubectl --timestamps, Python logging), ctime()
// stamps (Open MPI --timestamp-output, Horovod --prefix-output-with-timestamp), journald's
// short / short-precise / short-iso / short-full / short-unix / short-monotonic formats (the
// systemd journalctl(1) -o modes: "Dec 04 12:00:00[.123456] host ident[pid]: "), glog, and
// colour codes whose ESC byte a copy lost.
#include "logs/prefix_forms.hpp"

namespace dd::logs::prefix {

namespace {

constexpr std::string_view k_months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::string_view k_days[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};

bool is_month(std::string_view s) {
  for (std::string_view m : k_months)
    if (s.substr(0, 3) == m) return true;
  return false;
}

bool is_weekday(std::string_view s) {
  for (std::string_view d : k_days)
    if (s.substr(0, 3) == d) return true;
  return false;
}

// Length of "HH:MM:SS" plus an optional ".frac" at pos, 0 when absent.
std::size_t clock_len(std::string_view s, std::size_t pos) {
  if (!is_clock(s, pos)) return 0;
  std::size_t i = pos + 8;
  if (i + 1 < s.size() && s[i] == '.' && is_digit(s[i + 1])) {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i;
  }
  return i - pos;
}

}  // namespace

std::size_t timestamp_len(std::string_view s) {
  if (!s.empty() && s[0] == '[' && is_date(s, 1)) {
    std::size_t close = s.find(']');
    if (close == std::string_view::npos || close > 48) return 0;
    std::size_t end = close + 1;
    while (end < s.size() && s[end] == ' ') ++end;
    return end;
  }
  if (!is_date(s, 0)) return 0;
  // 2024-01-02T03:04:05.123Z / 2024-01-02 03:04:05,123 / 2024-01-02T03:04:05.123456+0000
  std::size_t i = 10;
  if (i < s.size() && (s[i] == 'T' || s[i] == ' ') && is_clock(s, i + 1)) {
    i += 9;  // "THH:MM:SS"
    while (i < s.size() && (is_digit(s[i]) || s[i] == '.' || s[i] == ',' || s[i] == 'Z' || s[i] == '+' || s[i] == ':' ||
                            (s[i] == '-' && i + 1 < s.size() && is_digit(s[i + 1]))))
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

std::size_t ctime_len(std::string_view s) {
  // "Www Mmm dd HH:MM:SS YYYY": ctime(3) / Python's time.asctime(), day padded with a space.
  if (s.size() < 24 || !is_weekday(s) || s[3] != ' ' || !is_month(s.substr(4)) || s[7] != ' ') return 0;
  if (!(s[8] == ' ' || is_digit(s[8])) || !is_digit(s[9]) || s[10] != ' ' || !is_clock(s, 11) || s[19] != ' ') return 0;
  for (std::size_t k = 20; k < 24; ++k)
    if (!is_digit(s[k])) return 0;
  if (s.size() == 24) return 24;
  if (s[24] == '[' || s[24] == '<') return 24;
  if (s[24] == ' ') return 25;
  return 0;
}

std::size_t host_ident_len(std::string_view s, Stripped& out, bool require_pid) {
  // "host ident[pid]: " (journald, syslog); ident may hold '/', '.', '-', '_' and '@'.
  std::size_t i = 0;
  while (i < s.size() && i < 128 && is_name_char(s[i])) ++i;
  if (i == 0 || i >= s.size() || s[i] != ' ') return 0;
  std::string_view host = s.substr(0, i);
  std::size_t j = i + 1;
  std::size_t ident = j;
  while (j < s.size() && j < ident + 96 && (is_name_char(s[j]) || s[j] == '/' || s[j] == '@')) ++j;
  if (j == ident || j >= s.size()) return 0;
  if (s[j] == '[') {
    int pid = 0;
    std::size_t n = read_digits(s, j + 1, pid);
    if (n == 0 || j + 1 + n >= s.size() || s[j + 1 + n] != ']') return 0;
    j += n + 2;
  } else if (require_pid) {
    return 0;
  }
  if (j + 1 >= s.size() || s[j] != ':' || s[j + 1] != ' ') return 0;
  out.host = host;
  return j + 2;
}

std::size_t syslog_len(std::string_view s, Stripped& out) {
  // "Dec  1 10:00:00 host proc[123]: " (syslog) / "Dec 04 12:00:00.123456 host proc[123]: " (journald).
  if (s.size() < 16 || s[3] != ' ' || !is_month(s)) return 0;
  std::size_t i = 4;
  while (i < s.size() && s[i] == ' ') ++i;
  std::size_t d = i;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == d || i - d > 2 || i >= s.size() || s[i] != ' ') return 0;
  std::size_t c = clock_len(s, i + 1);
  if (c == 0) return 0;
  i += 1 + c;
  if (i >= s.size() || s[i] != ' ') return 0;
  ++i;
  if (std::size_t h = host_ident_len(s.substr(i), out, false)) return i + h;
  // A syslog line whose tag has another shape: the first ": " not far away ends the prefix.
  std::size_t colon = s.find(": ", i);
  if (colon == std::string_view::npos || colon > i + 96) return 0;
  return colon + 2;
}

std::size_t journal_full_len(std::string_view s, Stripped& out) {
  // "Fri 2026-12-04 12:00:00 UTC host ident[pid]: " (-o short-full: the zone is an abbreviation).
  if (s.size() < 30 || !is_weekday(s) || s[3] != ' ' || !is_date(s, 4)) return 0;
  std::size_t i = 4 + 10;
  if (s[i] != ' ') return 0;
  std::size_t c = clock_len(s, i + 1);
  if (c == 0) return 0;
  i += 1 + c;
  if (i >= s.size() || s[i] != ' ') return 0;
  ++i;
  std::size_t z = i;
  while (i < s.size() && i < z + 6 && (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '+' || s[i] == '-')) ++i;
  if (i == z || i >= s.size() || s[i] != ' ') return 0;
  ++i;
  std::size_t h = host_ident_len(s.substr(i), out, false);
  return h == 0 ? 0 : i + h;
}

std::size_t journal_unix_len(std::string_view s, Stripped& out) {
  // "1733313600.123456 host ident[pid]: " (-o short-unix)
  std::size_t i = 0;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i < 9 || i > 12 || i >= s.size() || s[i] != '.') return 0;
  std::size_t f = ++i;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == f || i >= s.size() || s[i] != ' ') return 0;
  ++i;
  std::size_t h = host_ident_len(s.substr(i), out, false);
  return h == 0 ? 0 : i + h;
}

std::size_t journal_monotonic_len(std::string_view s, Stripped& out) {
  // "[ 1234.567890] host ident[pid]: " (-o short-monotonic)
  if (s.size() < 6 || s[0] != '[') return 0;
  std::size_t i = 1;
  while (i < s.size() && s[i] == ' ') ++i;
  std::size_t d = i;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == d || i >= s.size() || s[i] != '.') return 0;
  std::size_t f = ++i;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == f || i + 1 >= s.size() || s[i] != ']' || s[i + 1] != ' ') return 0;
  i += 2;
  std::size_t h = host_ident_len(s.substr(i), out, false);
  return h == 0 ? 0 : i + h;
}

std::size_t glog_len(std::string_view s) {
  if (s.size() < 22 || (s[0] != 'I' && s[0] != 'W' && s[0] != 'E' && s[0] != 'F')) return 0;
  for (std::size_t k = 1; k < 5; ++k)
    if (!is_digit(s[k])) return 0;
  if (s[5] != ' ' || !is_digit(s[6]) || s[8] != ':') return 0;
  std::size_t close = s.find("] ");
  if (close == std::string_view::npos || close > 160) return 0;
  return close + 2;
}

std::size_t bare_sgr_len(std::string_view s) {
  if (s.size() < 3 || s[0] != '[' || !is_digit(s[1])) return 0;
  std::size_t i = 1;
  while (i < s.size() && i < 16 && (is_digit(s[i]) || s[i] == ';')) ++i;
  return i < s.size() && s[i] == 'm' ? i + 1 : 0;
}

}  // namespace dd::logs::prefix
