// Line classifier driver: header, level and source location, then the message catalogue's NCCL
// entries (nccl_message.cpp) or its text entries (free_text.cpp); message_matcher.cpp. Formats: nccl-facts.md §1.8,
// checked against NCCL 2.28.9 and the 2.3 - 2.27 lines quoted in public bug reports.
#include "logs/line_classifier.hpp"
#include "logs/text_scan.hpp"

#include <algorithm>

namespace dd::logs {

namespace {

// "host:pid:tid [dev] " at the start of s. On success fills the header fields and returns the
// length consumed; 0 otherwise.
// `seen`: the stripper's span of a "host:pid:tid [" with numeric pid and tid at the start of s
// (Stripped::header_*; end = 0 when none), which spares the scan up to '['.
std::size_t parse_header(std::string_view s, LineEvent& ev, const Stripped* seen = nullptr) {
  std::size_t i = 0;
  std::string_view host, pid;
  if (seen != nullptr && seen->header_end != 0 && seen->header_pid_end - seen->header_host <= 25 &&
      seen->header_end - seen->header_pid_end <= 25) {
    // The same fields the scan below reads: a host under 128 bytes, pid and tid of at most 24 digits.
    std::size_t h = seen->header_host, p = seen->header_pid_end;
    host = s.substr(0, h);
    pid = s.substr(h + 1, p - h - 1);
    i = seen->header_end;
    if (i + 3 >= s.size()) return 0;
  } else {
    while (i < s.size() && i < 256 && is_token_char(s[i])) ++i;
    if (i == 0 || i >= s.size() || s[i] != ':') return 0;
    host = s.substr(0, i);
    std::size_t p0 = ++i;
    while (i < s.size() && i - p0 < 24 && is_token_char(s[i])) ++i;
    if (i == p0 || i >= s.size() || s[i] != ':') return 0;
    pid = s.substr(p0, i - p0);
    std::size_t t0 = ++i;
    while (i < s.size() && i - t0 < 24 && is_token_char(s[i])) ++i;
    if (i == t0 || i + 3 >= s.size() || s[i] != ' ' || s[i + 1] != '[') return 0;
  }
  i += 2;
  int dev = 0;
  std::size_t d0 = i;
  while (i < s.size() && is_digit(s[i]) && i - d0 < 6) dev = dev * 10 + (s[i++] - '0');
  if (i == d0 || i >= s.size() || s[i] != ']') return 0;
  ++i;
  if (i < s.size() && s[i] == ' ') ++i;
  ev.has_header = true;
  ev.host = host;
  ev.pid = pid;
  ev.dev = dev;
  return i;
}

constexpr std::size_t k_max_source = 160;  // bytes of a "file.cc:123" token looked at

// `tok` (no blank in it) reads as a "file.cc:123" source: 3 bytes or more, ':' then digits at its end.
bool is_source(std::string_view tok) {
  if (tok.size() < 3) return false;
  std::size_t colon = tok.rfind(':');
  if (colon == std::string_view::npos || colon + 1 >= tok.size()) return false;
  for (std::size_t k = colon + 1; k < tok.size(); ++k)
    if (!is_digit(tok[k])) return false;
  return true;
}

// "file.cc:123 " source token at the start of s: length including the space, 0 when absent.
std::size_t source_token_len(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && i < k_max_source && s[i] != ' ' && s[i] != '\t') ++i;
  if (i >= s.size() || !is_source(s.substr(0, i))) return 0;
  return i + 1;
}

constexpr std::string_view k_info = "NCCL INFO ";
constexpr std::string_view k_warn = "NCCL WARN ";
constexpr std::string_view k_bare_warn = "WARN ";

constexpr std::string_view k_bare_info = "INFO ";

// A level tag without the word NCCL: the prebuilt NCCL 2.2 and earlier printed
// "host:pid:tid [dev] INFO msg" and "host:pid:tid [dev] file.cu:61 WARN msg" (nccl-tests#14, #15),
// and pastes lose the word ("INFO NET/IB : GPU Direct RDMA Disabled ..."). "INFO " starts many
// other logs' lines, so a bare tag counts only when the message is one NCCL prints (a kind the
// NCCL message rules know) or the NCCL header came before it.
bool classify_bare_level(std::string_view s, LineEvent& ev) {
  bool warn = starts(s, k_bare_warn);
  if (!warn && !starts(s, k_bare_info)) return false;
  LineEvent probe = ev;
  probe.warn = warn;
  detail::classify_nccl_message(s.substr(warn ? k_bare_warn.size() : k_bare_info.size()), {}, probe);
  if (probe.kind == EventKind::none || probe.kind == EventKind::nccl_warn) {
    if (!ev.has_header) return false;
    if (probe.kind == EventKind::none) probe.kind = warn ? EventKind::nccl_warn : EventKind::nccl_info;
  }
  ev = probe;
  return true;
}

// Tries to read "[src ]NCCL INFO|WARN msg" / "src WARN msg" from s.
bool classify_tagged(std::string_view s, LineEvent& ev) {
  std::string_view src;
  if (classify_bare_level(s, ev)) return true;
  if (starts(s, k_info)) {
    detail::classify_nccl_message(s.substr(k_info.size()), src, ev);
    if (ev.kind == EventKind::none) ev.kind = EventKind::nccl_info;
    return true;
  }
  if (starts(s, k_warn)) {
    ev.warn = true;
    detail::classify_nccl_message(s.substr(k_warn.size()), src, ev);
    if (ev.kind == EventKind::none) ev.kind = EventKind::nccl_warn;
    return true;
  }
  std::size_t n = source_token_len(s);
  if (n == 0) return false;
  src = s.substr(0, n - 1);
  std::string_view rest = s.substr(n);
  if (starts(rest, k_warn) || starts(rest, k_bare_warn)) {
    ev.warn = true;
    std::size_t skip = rest[0] == 'N' ? k_warn.size() : k_bare_warn.size();
    detail::classify_nccl_message(rest.substr(skip), src, ev);
    if (ev.kind == EventKind::none) ev.kind = EventKind::nccl_warn;
    return true;
  }
  if (starts(rest, k_info)) {
    detail::classify_nccl_message(rest.substr(k_info.size()), src, ev);
    if (ev.kind == EventKind::none) ev.kind = EventKind::nccl_info;
    return true;
  }
  return false;
}

}  // namespace

namespace {

// Offset of the next "NCCL INFO " / "NCCL WARN " tag at or after `from`, npos when none.
std::size_t find_tag(std::string_view s, std::size_t from) {
  for (std::size_t k = s.find("NCCL ", from); k != std::string_view::npos; k = s.find("NCCL ", k + 5)) {
    std::string_view level = s.substr(k + 5, 5);
    if (level == "INFO " || level == "WARN ") return k;
  }
  return std::string_view::npos;
}

}  // namespace

std::size_t glued_record_start(std::string_view body) {
  constexpr std::size_t npos = std::string_view::npos;
  std::size_t first = find_tag(body, 0);
  if (first == npos) return npos;
  std::size_t k = find_tag(body, first + 10);
  if (k == npos || k < 2 || body[k - 1] != ' ') return npos;
  // Walk back over what NCCL prints before its tag: "host:pid:tid [dev] [file.cc:123 ]".
  // The space-delimited token that ends right before body[end - 1] == ' ' (empty when none).
  auto token_before = [&](std::size_t end) {
    if (end < 2 || body[end - 1] != ' ') return std::string_view();
    std::size_t j = end - 1;
    while (j > 0 && body[j - 1] != ' ') --j;
    return body.substr(j, end - 1 - j);
  };
  std::size_t start = k;
  // source_token_len(src + " ") == src.size() + 1, without building that string: a token of at most
  // k_max_source bytes, no tab in it, that reads as a source.
  if (std::string_view src = token_before(start); !src.empty() && src.find('.') != std::string_view::npos &&
                                                  src.size() <= k_max_source &&
                                                  src.find('\t') == std::string_view::npos && is_source(src))
    start -= src.size() + 1;
  const std::size_t after_dev = start;
  if (std::string_view dev = token_before(start);
      dev.size() >= 3 && dev.front() == '[' && dev.back() == ']' &&
      std::all_of(dev.begin() + 1, dev.end() - 1, [](char c) { return is_digit(c); }))
    start -= dev.size() + 1;
  if (std::string_view head = token_before(start); start != after_dev && !head.empty()) {
    std::size_t j = start - head.size() - 1;
    LineEvent probe;
    std::string_view tid = head.substr(head.rfind(':') + 1);
    auto digits = [](std::string_view v) { return !v.empty() && std::all_of(v.begin(), v.end(), is_digit); };
    // a whole "host:pid:tid [dev] " with numeric pid and tid (not a value such as "mlx5_0:1,mlx5_1:1")
    if (parse_header(body.substr(j), probe) == after_dev - j && digits(probe.pid) && digits(tid)) start = j;
  }
  if (start == 0 || body[start - 1] != ' ') return npos;
  return start;
}

namespace {

LineEvent classify_body(std::string_view body, const Stripped* seen) {
  LineEvent ev;
  if (body.empty()) return ev;
  std::size_t h = parse_header(body, ev, seen);
  std::string_view rest = body.substr(h);
  if (classify_tagged(rest, ev)) {
    ev.tagged = true;
    return ev;
  }
  if (ev.has_header) {
    // A headed line without a level tag (rare; some forks): treat as an NCCL message.
    detail::classify_nccl_message(rest, {}, ev);
    if (ev.kind == EventKind::none) detail::classify_free_text(rest, ev);
    if (ev.kind == EventKind::none) ev.kind = EventKind::nccl_info;
    return ev;
  }
  detail::classify_free_text(rest, ev);
  return ev;
}

}  // namespace

LineEvent classify_body(std::string_view body) { return classify_body(body, nullptr); }

ParsedLine parse_line(std::string_view line, std::string& scratch, bool may_have_escape) {
  Stripped stripped = strip_prefixes(line, scratch, may_have_escape);
  return ParsedLine{stripped, classify_body(stripped.body, &stripped)};  // the event is built in place
}

std::string_view to_string(ConnError e) {
  switch (e) {
    case ConnError::none:
      return "";
    case ConnError::refused:
      return "refused";
    case ConnError::timed_out:
      return "timed-out";
    case ConnError::unreachable:
      return "unreachable";
    case ConnError::reset:
      return "reset";
    case ConnError::other:
      return "other";
  }
  return "";
}

}  // namespace dd::logs
