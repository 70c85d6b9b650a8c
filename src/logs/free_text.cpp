// Lines that are not NCCL messages (torch, Gloo, TF, launchers, nccl-tests, shells) and the NCCL
// WARN texts no NCCL entry claimed: the message catalogue decides (data/message_catalogue.json,
// message_matcher.cpp). Kept here: two shape tests the fact builder and the extractors share.
#include <algorithm>

#include "logs/line_classifier.hpp"
#include "logs/message_matcher.hpp"
#include "logs/text_scan.hpp"

namespace dd::logs::detail {

namespace {

bool has(std::string_view s, std::string_view n) { return s.find(n) != std::string_view::npos; }

}  // namespace

// A Hugging Face datasets progress bar ("Map: 9%|...| 280000/2969526 [29:55<4:48:08, 155.57
// examples/s]", "Running tokenizer on dataset: ...") that has not reached 100 %: the rank is still
// preprocessing while its peers wait in a barrier or collective.
bool is_unfinished_preprocessing(std::string_view s) {
  std::size_t bar = s.find("%|");
  if (bar == std::string_view::npos || bar < 1 || !is_digit(s[bar - 1])) return false;
  std::size_t unit = std::string_view::npos;
  for (std::string_view u : {" examples/s]", " ex/s]", " ba/s]", " examples/s,"}) unit = std::min(unit, s.find(u, bar));
  if (unit == std::string_view::npos) return false;
  std::size_t b = bar;
  while (b > 0 && is_digit(s[b - 1]) && bar - b < 3) --b;
  return !(bar - b == 3 && s.substr(b, 3) == "100");
}

// An IB work completion with status 4 (IBV_WC_LOC_PROT_ERR): the NIC was refused access to a
// registered buffer. With GPU buffers that is GPUDirect RDMA (PCI ACS / IOMMU, peer-memory module),
// not the fabric. NCCL prints "with error 4, opcode ..." (<= 2.9) and "with status=4 opcode=..." (2.10+).
bool is_ib_protection_error(std::string_view s) {
  if (!has(s, "completion")) return false;
  for (std::string_view key : {"with error ", "status="}) {
    std::size_t p = s.find(key);
    if (p == std::string_view::npos) continue;
    p += key.size();
    if (p < s.size() && s[p] == '4' && (p + 1 == s.size() || !is_digit(s[p + 1]))) return true;
  }
  return false;
}

ConnError find_conn_error(std::string_view s, std::string_view& err_text) { return match_conn_error(s, err_text); }

void classify_free_text(std::string_view line, LineEvent& ev) {
  if (line.size() >= 6) match_free_text(line, ev);
}

}  // namespace dd::logs::detail
