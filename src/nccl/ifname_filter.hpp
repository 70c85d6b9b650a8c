// NCCL's interface-name list syntax (NCCL_SOCKET_IFNAME, also NCCL_IB_HCA / NCCL_OOB_NET_IFNAME),
// modelled on parseStringList/matchIfList of NCCL 2.28.9 (src/misc/utils.cc, src/misc/socket.cc)
// and nccl-facts §1.3 plus Correction 2:
//   * a value that is empty or exactly one character long is ignored (automatic selection);
//   * a leading '^' means exclude, then a leading '=' means exact names ('=' exists since 2.5.6);
//   * the rest is split on ','; each token ends at its first ':' (the port, ignored for IP
//     interfaces); empty tokens and bare ':port' entries are dropped, and only the first 16
//     non-empty tokens are kept; no whitespace trimming; matching is case-sensitive;
//   * an empty token list matches every name (before the '^' negation).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace dd::nccl {

// NCCL's MAX_IFS: the most tokens parsed and the most NET/Socket devices kept.
inline constexpr std::size_t k_max_ifs = 16;

// Whether '=' (exact mode) is understood: NCCL 2.5.6 and later.
enum class ExactSyntax { supported, unsupported };

struct IfnameFilter {
  std::string raw;                   // the value as given
  bool ignored = true;               // unset/empty/one-character value: automatic selection
  bool negate = false;               // leading '^'
  bool exact = false;                // '=' after the optional '^'
  std::vector<std::string> tokens;   // at most 16, verbatim (no trimming), ports removed
  std::vector<std::string> dropped;  // non-empty tokens beyond the 16th, in order
  std::vector<std::string> ports;    // the ':port' text of each kept token ("" when none)
};

// Parses `value` exactly as NCCL does (see file comment). Never fails.
IfnameFilter parse_ifname_list(std::string_view value, ExactSyntax syntax = ExactSyntax::supported);

// Parses a value already reduced to its token list (after '^' and '='): the shared token
// splitter that NCCL also uses for NCCL_COMM_ID's host part. At most `max_tokens` are kept.
std::vector<std::string> split_ifname_tokens(std::string_view list, std::size_t max_tokens,
                                             std::vector<std::string>* ports = nullptr,
                                             std::vector<std::string>* dropped = nullptr);

// True when interface name `name` passes the filter's tokens (prefix or exact), XOR'ed with '^'.
// An ignored filter matches nothing (callers use the automatic order instead).
bool matches(const IfnameFilter& filter, std::string_view name);

// The token-list test alone, without the '^' negation: empty list => true.
bool matches_tokens(const IfnameFilter& filter, std::string_view name);

// A filter built from a fixed prefix list (the automatic steps: "ib", "^docker,lo,virbr", ...).
IfnameFilter prefix_filter(std::vector<std::string> prefixes, bool negate);

// Human description for traces: "'^docker' (exclude prefix)", "'=eth0' (exact)".
std::string describe(const IfnameFilter& filter);

}  // namespace dd::nccl
