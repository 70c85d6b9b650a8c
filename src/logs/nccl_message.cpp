// The NCCL message after "NCCL INFO " / "NCCL WARN ": the message catalogue decides
// (data/message_catalogue.json, message_matcher.cpp); this file keeps the two readers of a
// message's parts that the rules call later.
#include "logs/line_classifier.hpp"
#include "logs/message_matcher.hpp"
#include "logs/text_scan.hpp"

namespace dd::logs::detail {

void classify_nccl_message(std::string_view msg, std::string_view src, LineEvent& ev) {
  if (!msg.empty()) match_nccl_message(msg, src, ev);
}

}  // namespace dd::logs::detail

namespace dd::logs {

bool socket_type_pair(std::string_view msg, int& peer, int& expected) {
  std::size_t neq = msg.find(" != ");
  if (neq == std::string_view::npos || neq == 0) return false;
  std::size_t b = neq;
  while (b > 0 && is_digit(msg[b - 1]) && neq - b < 3) --b;
  std::size_t e = neq + 4;
  std::string_view tail = msg.substr(e);
  if (starts(tail, "expected ")) e += 9;
  std::size_t d = e;
  while (d < msg.size() && is_digit(msg[d]) && d - e < 3) ++d;
  if (b == neq || d == e) return false;
  auto num = [](std::string_view v) {
    int n = 0;
    for (char c : v) n = n * 10 + (c - '0');
    return n;
  };
  peer = num(msg.substr(b, neq - b));
  expected = num(msg.substr(e, d - e));
  return true;
}

namespace {

bool starts_with_net(std::string_view s) {
  return s.size() >= 4 && s[0] == 'N' && s[1] == 'E' && s[2] == 'T' && s[3] == '/';
}

}  // namespace

std::string_view channel_transport(std::string_view msg) {
  // "via" ends the connection part of a channel line: its last " via ", found as rfind would but by
  // memchr for the rare 'v' (string_view::rfind calls memcmp at every position it tries).
  std::size_t via = std::string_view::npos;
  for (std::size_t from = 0;;) {
    std::size_t k = find_literal(msg.substr(from), " via ", 1);
    if (k == std::string_view::npos) break;
    via = from + k;
    from = via + 1;
  }
  if (via == std::string_view::npos || !starts_with_net(msg.substr(via + 5))) return {};
  std::string_view t = msg.substr(via + 9);
  return t.substr(0, t.find('/'));
}

}  // namespace dd::logs
