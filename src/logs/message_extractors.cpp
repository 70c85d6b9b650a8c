// Named extractors (message_extractors.hpp). Each reads fields by their shape or by a field key
// ("rank ", "(pid: "); the message itself was recognised by the catalogue entry that calls it.
#include "logs/message_extractors.hpp"

#include <array>
#include <charconv>
#include <system_error>
#include <utility>

#include "logs/address_text.hpp"
#include "logs/line_classifier.hpp"
#include "logs/text_scan.hpp"

namespace dd::logs {

namespace {

constexpr auto npos = std::string_view::npos;

bool has(std::string_view s, std::string_view n) { return s.find(n) != npos; }

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Unsigned integer after `key` in `s`, in `base` (10 or 16, "0x" allowed), -1 when absent.
std::int64_t number_after(std::string_view s, std::string_view key, int base) {
  std::size_t p = s.find(key);
  if (p == npos) return -1;
  p += key.size();
  if (base == 16 && s.substr(p, 2) == "0x") p += 2;
  std::int64_t v = 0;
  std::size_t n = 0;
  for (; p + n < s.size() && n < 15; ++n) {
    char c = s[p + n];
    int d = is_digit(c) ? c - '0' : (base == 16 && c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
    if (d < 0) break;
    v = v * base + d;
  }
  return n ? v : -1;
}

int int_after(std::string_view s, std::string_view key) {
  std::int64_t v = number_after(s, key, 10);
  return v >= 0 && v < 1000000000 ? static_cast<int>(v) : -1;
}

// The first entry of an NCCL interface list "[0]eth0:10.0.0.1<0> [1]eth1:...".
void first_iface(std::string_view list, LineEvent& ev) {
  std::string_view iface, addr;
  if (parse_iface_entry(list.substr(0, list.find(' ')), iface, addr)) {
    ev.iface = iface;
    ev.addr = addr;
  }
}

// NCCL_DEBUG_SUBSYS=COLL's line per call (enqueue.cc, 2.3 - 2.28): "<Op>: opCount <hex> sendbuff <p>
// recvbuff <p> count <n> datatype <d> op <o> root <r> comm <p> [nranks=<n>] stream <p>"; the entry's
// "starts" names the ops.
bool coll_call(const MatchContext& m, LineEvent& ev) {
  std::string_view msg = m.msg;
  std::size_t colon = msg.find(':');
  if (colon == npos) return false;
  ev.seq = number_after(msg, ": opCount ", 16);
  ev.count = number_after(msg, " count ", 10);
  if (ev.seq < 0 || ev.count < 0) return false;
  ev.text = msg.substr(0, colon);
  ev.datatype = int_after(msg, " datatype ");
  ev.op = int_after(msg, " op ");
  ev.root = int_after(msg, " root ");
  ev.nranks = int_after(msg, "[nranks=");
  if (std::size_t c = msg.find(" comm "); c != npos) {
    std::string_view rest = msg.substr(c + 6);
    ev.comm = rest.substr(0, rest.find(' '));
  }
  return true;
}

// "comm 0x.. rank R nranks N ...", "ncclCommInitRank comm 0x.. rank 0 nranks 2 ...": comm_rank, or
// init_complete without a rank or count when the entry says the line ends the init (comm_complete).
bool comm_fields(const MatchContext& m, LineEvent& ev) {
  ev.rank = int_after(m.msg, " rank ");
  ev.nranks = int_after(m.msg, " nranks ");
  ev.kind = ev.rank >= 0 || ev.nranks >= 0 ? EventKind::comm_rank
            : ev.init_complete             ? EventKind::init_complete
                                           : EventKind::none;
  return ev.kind != EventKind::none;
}

bool comm(const MatchContext& m, LineEvent& ev) {
  ev.init_complete = false;
  return comm_fields(m, ev);
}

bool comm_complete(const MatchContext& m, LineEvent& ev) {
  ev.init_complete = true;
  return comm_fields(m, ev);
}

// The interface list just read into ev.text: its first entry.
bool iface_list(const MatchContext&, LineEvent& ev) {
  first_iface(ev.text, ev);
  return true;
}

// As iface_list, for a list that must start with "[0]" (not "Using 2 threads and 8 sockets").
bool bracketed_iface_list(const MatchContext& m, LineEvent& ev) {
  return !ev.text.empty() && ev.text[0] == '[' && iface_list(m, ev);
}

// NET/IB's device list "... ; OOB ibp75s0:192.168.0.103<0>": the interface of its own sockets.
bool ib_devices(const MatchContext&, LineEvent& ev) {
  if (std::size_t oob = ev.text.find("OOB "); oob != npos) first_iface(ev.text.substr(oob + 4), ev);
  return true;
}

// NCCLCHECK's unwinding trace "bootstrap.cc:270 -> 2": an error code other than 0.
bool nonzero_trace(const MatchContext& m, LineEvent& ev) {
  std::size_t arrow = m.msg.find(" -> ");
  if (arrow == npos || arrow + 4 >= m.msg.size() || m.msg[arrow + 4] < '1' || m.msg[arrow + 4] > '9') return false;
  ev.text = m.msg;
  return true;
}

// The socket error the line names (the catalogue's "err" entries), "other" when none.
bool conn_error(const MatchContext& m, LineEvent& ev) {
  std::string_view err;
  ev.err = detail::find_conn_error(m.msg, err);
  if (ev.err == ConnError::none) ev.err = ConnError::other;
  ev.err_text = err;
  return true;
}

// The first endpoint the line names ("10.0.0.2<43925>", "(host, 29500)"): addr, port.
bool endpoint(const MatchContext& m, LineEvent& ev) {
  AddressMention ep = find_endpoint(m.msg);
  ev.addr = ep.addr;
  ev.port = ep.port;
  return true;
}

bool endpoint_and_error(const MatchContext& m, LineEvent& ev) { return endpoint(m, ev) && conn_error(m, ev); }

// Any socket error the catalogue knows, with the endpoint (an NCCL WARN no other entry claimed).
bool socket_error(const MatchContext& m, LineEvent& ev) {
  std::string_view err;
  ConnError ce = detail::find_conn_error(m.msg, err);
  if (ce == ConnError::none) return false;
  endpoint(m, ev);
  ev.err = ce;
  ev.err_text = err;
  return true;
}

// An IB completion with status 4 (IBV_WC_LOC_PROT_ERR): GPUDirect RDMA, not the fabric.
bool ib_status_4(const MatchContext& m, LineEvent&) { return detail::is_ib_protection_error(m.msg); }

// The address the entry's literal names (127.0.1.1).
bool key_addr(const MatchContext& m, LineEvent& ev) {
  ev.addr = m.key;
  return true;
}

// "... connect to an IPv6 address of (fe80::1, 29500)": the link-local target.
bool link_local_target(const MatchContext& m, LineEvent& ev) {
  std::size_t e = m.key_at;
  while (e < m.msg.size() && m.msg[e] != ',' && m.msg[e] != ')' && m.msg[e] != ' ' && m.msg[e] != ']' &&
         e - m.key_at < 48)
    ++e;
  ev.addr = m.msg.substr(m.key_at, e - m.key_at);
  ev.err = ConnError::other;
  ev.err_text = "link-local target";
  return true;
}

// One entry of an NCCL interface list pasted one per line: "[3]br-dd40dc616638:172.30.0.1<0>".
bool iface_entry(const MatchContext& m, LineEvent& ev) {
  std::string_view line = m.msg.substr(m.key_at);
  if (line.size() <= 4 || !is_digit(line[1])) return false;
  std::size_t close = line.find(']');
  if (close == npos || close >= 4) return false;
  std::string_view entry = line.substr(close + 1);
  entry = entry.substr(0, entry.find(' '));
  std::string_view iface, addr;
  if (entry.empty() || entry.back() != '>' || !parse_iface_entry(entry, iface, addr)) return false;
  ev.iface = iface;
  ev.addr = addr;
  ev.text = m.msg;
  return true;
}

// nccl-tests' "#  Rank  0 Pid  15833 on jupyter device  0 [0x02] GeForce GTX 1080 Ti".
bool nccl_tests_rank(const MatchContext& m, LineEvent& ev) {
  std::string_view line = m.msg;
  if (ev.has_header || line.empty() || line[0] != '#') return false;  // the header's host/pid are the key
  std::size_t p = line.find("Rank");
  std::size_t q = p == npos ? p : line.find_first_not_of(' ', p + 4);
  std::int64_t r = q == npos ? -1 : number_after(line.substr(q - 1), " ", 10);
  std::size_t on = line.find(" on ") + 4;
  std::size_t hend = line.find(' ', on);
  ev.rank = r >= 0 && r < 10000000 ? static_cast<int>(r) : -1;
  ev.host = line.substr(on, hend == npos ? npos : hend - on);
  std::size_t d = line.find_first_not_of(' ', line.find(" device ") + 8);
  int dev = 0;
  std::size_t n = 0;
  while (d != npos && d + n < line.size() && is_digit(line[d + n]) && n < 6) dev = dev * 10 + (line[d + n++] - '0');
  ev.dev = n ? dev : -1;
  std::size_t ps = line.find_first_not_of(' ', line.find(" Pid ") + 5);
  std::size_t pe = ps == npos ? ps : line.find(' ', ps);
  if (ps != npos) ev.pid = line.substr(ps, pe == npos ? pe : pe - ps);
  return true;
}

// Gloo's "Unable to find address for: NAME" / "... for NAME; bind(2) ...": the name.
bool gloo_name(const MatchContext& m, LineEvent& ev) {
  std::string_view rest = m.msg.substr(m.key_at + m.key.size());
  while (!rest.empty() && (rest.front() == ':' || rest.front() == ' ')) rest.remove_prefix(1);
  ev.text = rest.substr(0, std::min(rest.find(' '), rest.find(';')));
  return true;
}

// The quoted endpoint that ends the entry's literal ("... endpoint 'None:None' must ..."), quotes kept.
bool quoted_endpoint(const MatchContext& m, LineEvent& ev) {
  std::size_t open = m.key_at + m.key.size() - 1;
  std::size_t close = m.msg.find('\'', open + 1);
  if (m.msg[open] != '\'' || close == npos || close - open > 256) return false;
  ev.text = m.msg.substr(open, close - open + 1);
  return true;
}

// pybind11's "Invoked with: 'localhost', 80000, ...": a TCPStore port outside 0-65535 (a valid
// port means another argument failed).
bool port_out_of_range(const MatchContext& m, LineEvent& ev) {
  std::string_view line = m.msg;
  std::size_t open = m.key_at + m.key.size() - 1;
  std::size_t close = line.find("', ", open + 1);
  if (line[open] != '\'' || close == npos || close - open > 256) return false;
  const char* first = line.data() + close + 3;
  const char* last = line.data() + line.size();
  std::int64_t port = 0;
  auto [end, ec] = std::from_chars(first, last, port);
  if (end == first || (end != last && *end != ',' && *end != ';')) return false;
  if (ec == std::errc() && port >= 0 && port <= 65535) return false;
  ev.text = line.substr(open, static_cast<std::size_t>(end - line.data()) - open);
  return true;
}

// TF's RunConfig prints the variable as a Python dict, a script as JSON or a dict after "TF_CONFIG:",
// "TF_CONFIG =" or "TF_CONFIG='...'": the separator, blanks and one pair of single quotes are
// skipped; only a whole "{...}" counts.
bool braced_text(const MatchContext&, LineEvent& ev) {
  std::string_view t = trim_blanks(ev.text);
  while (!t.empty() && (t.front() == ':' || t.front() == '=' || t.front() == ' ')) t.remove_prefix(1);
  if (t.size() > 1 && t.front() == '\'' && t.back() == '\'') t = t.substr(1, t.size() - 2);
  if (t.empty() || t.front() != '{' || t.back() != '}') return false;
  ev.text = t;
  return true;
}

// A Hugging Face datasets progress bar that has not reached 100 %.
bool unfinished_bar(const MatchContext& m, LineEvent&) { return detail::is_unfinished_preprocessing(m.msg); }

// A stack frame (py-spy "    __next__ (pkg/data/it.py:648)" or traceback '  File ".../data/it.py",
// line 648, in __next__') whose function is the entry's literal, in a data/ or datasets/ module or
// a *loader* / *dataset* file.
bool input_frame(const MatchContext& m, LineEvent&) {
  std::string_view s = trim_blanks(m.msg);
  std::string_view func, path;
  if (starts(s, "File \"")) {
    std::size_t close = s.find('"', 6);
    std::size_t in = s.rfind(" in ");
    if (close == npos || in == npos || in < close) return false;
    path = s.substr(6, close - 6);
    func = s.substr(in + 4);
  } else {
    std::size_t open = s.find(" (");
    if (open == npos || open == 0 || s.back() != ')') return false;
    func = s.substr(0, open);
    path = s.substr(open + 2, s.size() - open - 3);
    std::size_t colon = path.rfind(':');
    if (colon == npos || colon + 1 >= path.size() || !is_digit(path[colon + 1])) return false;
    path = path.substr(0, colon);
  }
  if (trim_blanks(func) != m.key) return false;
  if (path.size() < 4 || path.substr(path.size() - 3) != ".py") return false;
  std::size_t slash = path.rfind('/');
  std::string_view file = slash == npos ? path : path.substr(slash + 1);
  return starts(path, "data/") || has(path, "/data/") || starts(path, "datasets/") || has(path, "/datasets/") ||
         has(file, "loader") || has(file, "dataset");
}

// One line of Horovod's "Missing ranks:" list: "2: [a, b]" / "2!: [a ...]".
bool missing_rank(const MatchContext& m, LineEvent& ev) {
  std::string_view s = trim_blanks(m.msg);
  std::size_t i = 0;
  int rank = 0;
  while (i < s.size() && is_digit(s[i]) && i < 7) rank = rank * 10 + (s[i++] - '0');
  if (i == 0) return false;
  bool marked = i < s.size() && s[i] == '!';
  if (marked) ++i;
  if (!starts(s.substr(i), ": [") || s.back() != ']' || s.size() < i + 5) return false;
  ev.rank = rank;
  ev.marked = marked;
  ev.text = s.substr(i + 3, s.size() - i - 4);
  return true;
}

constexpr std::array<std::pair<std::string_view, Extractor>, 23> k_extractors{{
    {"coll_call", coll_call},
    {"comm", comm},
    {"comm_complete", comm_complete},

    {"iface_list", iface_list},
    {"bracketed_iface_list", bracketed_iface_list},
    {"ib_devices", ib_devices},
    {"nonzero_trace", nonzero_trace},
    {"conn_error", conn_error},
    {"endpoint", endpoint},
    {"endpoint_and_error", endpoint_and_error},
    {"socket_error", socket_error},
    {"ib_status_4", ib_status_4},
    {"key_addr", key_addr},
    {"link_local_target", link_local_target},
    {"iface_entry", iface_entry},
    {"nccl_tests_rank", nccl_tests_rank},
    {"gloo_name", gloo_name},
    {"quoted_endpoint", quoted_endpoint},
    {"port_out_of_range", port_out_of_range},
    {"braced_text", braced_text},
    {"unfinished_bar", unfinished_bar},
    {"input_frame", input_frame},
    {"missing_rank", missing_rank},
}};

}  // namespace

Extractor extractor_named(std::string_view name) {
  for (const auto& [n, f] : k_extractors)
    if (n == name) return f;
  return nullptr;
}

}  // namespace dd::logs
