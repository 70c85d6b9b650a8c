// The driver of prefix stripping: a trailing CR and ANSI escapes go first, then the recognisers
// of prefix_forms.hpp are tried on the line's first byte, one prefix at a time, up to six deep
// ("3: 2026-03-01T10:00:00Z [pod/a/b] h:1:2 [0] NCCL INFO ..."). A line that already starts with
// NCCL's own "host:pid:tid [" header is left as it is: that header is the program's, not a prefix.
#include "logs/prefix_stripper.hpp"

#include "logs/prefix_forms.hpp"
#include "logs/text_scan.hpp"

#include <cstdint>
#include <cstring>

namespace dd::logs {

namespace {

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

// Prefixes that start with '[': colour codes, launcher tags, bracketed times, kubectl.
std::size_t bracket_prefix_len(std::string_view s, Stripped& out) {
  using namespace prefix;
  if (std::size_t t = bare_sgr_len(s)) return t;
  if (std::size_t t = timestamp_len(s)) return t;
  if (std::size_t t = mpi_tag_len(s, out)) return t;
  if (std::size_t t = mpich_rank_len(s, out)) return t;
  if (std::size_t t = journal_monotonic_len(s, out)) return t;
  return bracket_tag_len(s, out);
}

// Prefixes that start with a digit: ISO dates, srun labels, grep -n, journald short-unix, IPs.
std::size_t digit_prefix_len(std::string_view s, Stripped& out) {
  using namespace prefix;
  if (std::size_t t = timestamp_len(s)) return t;
  if (std::size_t t = srun_label_len(s, out)) return t;
  if (std::size_t t = journal_unix_len(s, out)) return t;
  if (std::size_t t = line_number_len(s)) return t;
  if (std::size_t t = grep_len(s)) return t;
  return host_prefix_len(s, out);
}

// Prefixes that start with a letter: syslog / journald, ctime stamps, glog, srun "P0 3: ",
// file names (grep), host names (pdsh), compose services, stern's pod and container.
std::size_t alpha_prefix_len(std::string_view s, Stripped& out) {
  using namespace prefix;
  if (std::size_t t = syslog_len(s, out)) return t;
  if (std::size_t t = journal_full_len(s, out)) return t;
  if (std::size_t t = ctime_len(s)) return t;
  if (std::size_t t = glog_len(s)) return t;
  if (std::size_t t = srun_label_len(s, out)) return t;
  if (std::size_t t = host_ident_len(s, out, true)) return t;
  if (std::size_t t = grep_len(s)) return t;
  if (std::size_t t = host_prefix_len(s, out)) return t;
  if (std::size_t t = compose_len(s)) return t;
  return stern_len(s, out);
}

// One prefix removed (returns true) or nothing recognised (false).
bool strip_one(std::string_view& s, Stripped& out) {
  if (s.empty()) return false;
  char c0 = s[0];
  std::size_t t = 0;
  if (c0 == '[') {
    t = bracket_prefix_len(s, out);
  } else if (is_digit(c0) && (t = prefix::srun_label_len(s, out)) != 0) {
    // srun's "12: " (digits, ':', blank) cannot start an NCCL header (digits after its ':'): the
    // labelled log's common case, taken before the header scan below.
  } else if (is_alpha(c0) || is_digit(c0)) {
    if (prefix::HeaderSpan h = prefix::nccl_header_span(s); h.host != 0) {  // the common case of an NCCL_DEBUG log
      if (h.end <= UINT16_MAX) {  // kept for the classifier while `s` stays the body
        out.header_host = static_cast<std::uint16_t>(h.host);
        out.header_pid_end = static_cast<std::uint16_t>(h.pid_end);
        out.header_end = static_cast<std::uint16_t>(h.end);
      }
      if (!prefix::may_be_grep_context(s.substr(0, h.host))) return false;
      t = prefix::grep_len(s);
    } else {
      t = is_alpha(c0) ? alpha_prefix_len(s, out) : digit_prefix_len(s, out);
    }
  } else if (c0 == '<') {
    t = prefix::mpi_tag_len(s, out);  // "<stdout>:" after a bare timestamp
  } else if (c0 == '(') {
    t = prefix::ray_len(s);
  } else if (c0 == '/' || c0 == '.') {
    t = prefix::grep_len(s);  // grep -r with a path
  }
  if (t == 0) return false;
  s.remove_prefix(t);
  return true;
}

}  // namespace

Stripped strip_prefixes(std::string_view line, std::string& scratch, bool may_have_escape) {
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
  if (may_have_escape && !line.empty() && std::memchr(line.data(), 0x1b, line.size()) != nullptr)
    line = remove_ansi(line, scratch);
  Stripped out;
  for (int i = 0; i < 6; ++i) {
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t' || line.front() == '\r'))
      line.remove_prefix(1);
    if (!strip_one(line, out)) break;
    out.header_end = 0;  // a prefix went: a header seen in it does not start the body
  }
  out.body = line;
  return out;
}

}  // namespace dd::logs
