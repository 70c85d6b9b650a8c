// Collector prefixes: what the tools people gather logs with put before each line.
// - grep (GNU grep's manual, "Output Line Prefix Control"): the file name with -H / -r / several
//   files, the line number with -n, each followed by ':' on a matching line and '-' on a context
//   line (-A/-B/-C); "--" lines separate context groups. A file name is recognised by a log's
//   extension (.log .txt .out .err, rotated .log.1), Open MPI's --output-filename leaves
//   (.../rank.0/stdout), or by the NCCL header that follows it.
// - pdsh / clush (without -b): "host: " before each line of that host's output.
// - docker compose: "svc-1  | ".
// - stern (its default template "{{.PodName}} {{.ContainerName}} {{.Message}}", with the namespace
//   first under --all-namespaces): three bare words, so only removed before program text.
// A shape that plain program output could also have (a lower-case word and ': ', two words) is
// removed only when what follows is a program's own line (looks_like_program_text), so that
// "RuntimeError: NCCL error" or "loss is nan" stay whole.
#include "logs/prefix_forms.hpp"

#include <bit>
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#endif

namespace dd::logs::prefix {

namespace {

bool is_path_char(char c) {
  return is_name_char(c) || c == '/' || c == '+' || c == '@' || c == '=' || c == ',' || c == '~';
}

bool is_lower_dns_char(char c) { return (c >= 'a' && c <= 'z') || is_digit(c) || c == '-' || c == '.'; }

// The file name s[0..end) ends like a log file: .log .txt .out .err (optionally rotated: .log.1,
// .log.2.gz is not grep's), or it is an Open MPI output leaf "stdout" / "stderr".
bool is_log_file_name(std::string_view name) {
  std::size_t slash = name.rfind('/');
  std::string_view base = slash == std::string_view::npos ? name : name.substr(slash + 1);
  if (base == "stdout" || base == "stderr" || base == "stddiag") return true;
  // drop a rotation number: "train.log.3"
  std::size_t dot = base.rfind('.');
  if (dot != std::string_view::npos && dot + 1 < base.size()) {
    int v = 0;
    if (read_digits(base, dot + 1, v) == base.size() - dot - 1) base = base.substr(0, dot);
  }
  dot = base.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return false;
  std::string_view ext = base.substr(dot + 1);
  return ext == "log" || ext == "txt" || ext == "out" || ext == "err" || ext == "stdout" || ext == "stderr";
}

// After grep's separator: an optional line number with the same separator, kept only when a
// number cannot be the line's own text (a clock "12:00:00" stays).
std::size_t line_number_after(std::string_view s, std::size_t pos, char sep) {
  int v = 0;
  std::size_t n = read_digits(s, pos, v);
  if (n == 0 || pos + n >= s.size() || s[pos + n] != sep) return pos;
  std::size_t after = pos + n + 1;
  if (after >= s.size()) return after;
  if (!is_digit(s[after]) || is_date(s, after) || is_clock(s, after) || is_nccl_header(s.substr(after))) return after;
  return pos;
}

// The first offset at or after `k` that does not hold a digit (s.size() when none).
std::size_t digits_end(std::string_view s, std::size_t k) {
  const char* d = s.data();
#if defined(__SSE2__) || defined(_M_X64)
  while (k + 16 <= s.size()) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + k));  // NOLINT: an unaligned load
    const __m128i off = _mm_sub_epi8(v, _mm_set1_epi8('0'));                     // a digit: 0-9 as an unsigned byte
    const __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(off, _mm_set1_epi8(9)), off);
    if (const auto bits = static_cast<unsigned>(~_mm_movemask_epi8(digit)) & 0xFFFFu; bits != 0)
      return k + static_cast<std::size_t>(std::countr_zero(bits));
    k += 16;
  }
#endif
  while (k < s.size() && is_digit(d[k])) ++k;
  return k;
}

}  // namespace

HeaderSpan nccl_header_span(std::string_view s) {
  // "host:pid:tid [" : a token without blanks, two numbers.
  // The host: sixteen bytes per test where SSE2 is there (every x86-64), one at a time after.
  const std::size_t lim = s.size() < 128 ? s.size() : 128;
  const char* d = s.data();
  std::size_t i = 0;
#if defined(__SSE2__) || defined(_M_X64)
  while (i + 16 <= lim) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + i));  // NOLINT: an unaligned load
    const __m128i stop = _mm_or_si128(
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))),
                     _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(':')), _mm_cmpeq_epi8(v, _mm_set1_epi8('[')))),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(']')), _mm_cmpeq_epi8(v, _mm_setzero_si128())));
    if (const auto bits = static_cast<unsigned>(_mm_movemask_epi8(stop)); bits != 0) {
      i += static_cast<std::size_t>(std::countr_zero(bits));  // the first byte that is not a token byte
      break;
    }
    i += 16;
  }
#endif
  while (i < lim && is_token_char(d[i])) ++i;
  std::size_t host = i;
  if (i == 0 || i >= s.size() || s[i] != ':') return {};
  std::size_t k = digits_end(s, i + 1);
  if (k == i + 1 || k >= s.size() || s[k] != ':') return {};
  std::size_t pid_end = k;
  i = ++k;
  k = digits_end(s, k);
  if (k > i && k + 1 < s.size() && s[k] == ' ' && s[k + 1] == '[') return {host, pid_end, k};
  return {};
}

std::size_t nccl_header_host_len(std::string_view s) { return nccl_header_span(s).host; }

bool is_nccl_header(std::string_view s) { return nccl_header_host_len(s) != 0; }

bool looks_like_program_text(std::string_view s) {
  if (s.empty()) return false;
  if (is_nccl_header(s) || starts(s, "NCCL ") || is_date(s, 0) || starts(s, "Traceback (") || starts(s, "File \"") ||
      starts(s, "[rank") || starts(s, "[default") || starts(s, "torch.") || starts(s, "terminate called"))
    return true;
  // c10d / glog: "[E ProcessGroupNCCL.cpp:..]", "[W1204 12:00:00.1 ..]", "E1204 12:00:00.123 ..."
  if (s.size() > 3 && s[0] == '[' && (s[1] == 'E' || s[1] == 'W' || s[1] == 'I' || s[1] == 'F') &&
      (s[2] == ' ' || is_digit(s[2])))
    return true;
  if (glog_len(s) != 0) return true;
  // A Python exception: "RuntimeError: ...", "torch.distributed.DistBackendError: ..."
  std::size_t colon = s.find(": ");
  if (colon != std::string_view::npos && colon < 96) {
    std::string_view name = s.substr(0, colon);
    if (name.find(' ') == std::string_view::npos &&
        (name.ends_with("Error") || name.ends_with("Exception") || name.ends_with("Warning")))
      return true;
  }
  return false;
}

bool may_be_grep_context(std::string_view host) {
  std::size_t dot = host.find('.');
  return dot != std::string_view::npos && host.find('-', dot) != std::string_view::npos;
}

std::size_t grep_len(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && i < 512) {
    char c = s[i];
    if (c == ':' || c == '-') {
      std::string_view name = s.substr(0, i);
      if (!name.empty() && is_log_file_name(name)) return line_number_after(s, i + 1, c);
      if (c == ':' && i > 0) {
        std::size_t after = line_number_after(s, i + 1, ':');
        if (is_nccl_header(s.substr(after))) return after;
      }
      if (c == ':') return 0;  // a name does not go on past ':'
    } else if (!is_path_char(c)) {
      return 0;
    }
    ++i;
  }
  return 0;
}

std::size_t line_number_len(std::string_view s) {
  // grep -n without a file name: "12:text" on a match, "12-text" on a context line.
  int v = 0;
  std::size_t n = read_digits(s, 0, v);
  if (n == 0 || n >= s.size() || (s[n] != ':' && s[n] != '-')) return 0;
  std::size_t after = n + 1;
  if (after >= s.size()) return 0;
  std::string_view rest = s.substr(after);
  if (is_nccl_header(rest) || is_date(rest, 0)) return after;
  char c = rest[0];
  if (s[n] == ':') return (!is_digit(c) && c != ' ' && c != '/') ? after : 0;
  // context: "12-Traceback", "12-  File ..", "12-[rank0]:..", not "2-node"
  return (c == ' ' || c == '[' || (c >= 'A' && c <= 'Z')) ? after : 0;
}

std::size_t host_prefix_len(std::string_view s, Stripped& out) {
  std::size_t i = 0;
  while (i < s.size() && i < 64 && is_name_char(s[i])) ++i;
  if (i == 0 || i + 1 >= s.size() || s[i] != ':' || s[i + 1] != ' ') return 0;
  std::string_view host = s.substr(0, i);
  std::string_view rest = s.substr(i + 2);
  if (!is_nccl_header(rest)) {
    // A host name, not a program or exception name: lower case, no '_', a digit in its first
    // label ("node01", "gpu-3", "ip-10-0-0-1", "worker-0.svc", "10.0.0.1"), not "python3".
    std::string_view first = host.substr(0, host.find('.'));
    bool digit = false, all_digits = true;
    for (char c : first) digit = digit || is_digit(c), all_digits = all_digits && is_digit(c);
    if (!digit || (all_digits && host.find('.') == std::string_view::npos)) return 0;
    for (char c : host)
      if (!is_lower_dns_char(c)) return 0;
    if (starts(host, "python") || host.find(".so") != std::string_view::npos) return 0;
  }
  out.host = host;
  return i + 2;
}

std::size_t compose_len(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && i < 64 && is_name_char(s[i])) ++i;
  if (i == 0 || i >= s.size() || s[i] != ' ') return 0;
  while (i < s.size() && s[i] == ' ') ++i;
  return i + 1 < s.size() && s[i] == '|' && s[i + 1] == ' ' ? i + 2 : 0;
}

std::size_t stern_len(std::string_view s, Stripped& out) {
  // Up to three words of a Kubernetes object name (lower case, digits, '-', '.').
  std::size_t starts_at[3] = {0, 0, 0}, ends_at[3] = {0, 0, 0};
  std::size_t i = 0;
  for (int w = 0; w < 3; ++w) {
    starts_at[w] = i;
    while (i < s.size() && i < starts_at[w] + 63 && is_lower_dns_char(s[i])) ++i;
    if (i == starts_at[w] || i >= s.size() || s[i] != ' ') return 0;
    ends_at[w] = i;
    ++i;
    if (w == 0) continue;
    // words 0..w: the last is the container, the one before it the pod (with -A the first is
    // the namespace)
    std::string_view pod = s.substr(starts_at[w - 1], ends_at[w - 1] - starts_at[w - 1]);
    // a generated pod name: "trainer-worker-0", "app-7d9f8c6b5-x2x4z"
    bool pod_like =
        pod.find('-') != std::string_view::npos && pod.find_first_of("0123456789") != std::string_view::npos;
    if (pod_like && looks_like_program_text(s.substr(i))) {
      out.host = pod;
      return i;
    }
  }
  return 0;
}

}  // namespace dd::logs::prefix
