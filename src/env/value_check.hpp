// Value parsers that reproduce how each reader interprets a string, so the audit can say what the
// library will actually do with it. Checked against NCCL 2.28.9 (nccl-facts §4.5 integers,
// §6.3 NCCL_ALGO/NCCL_PROTO grammar, §5.2 NCCL_DEBUG_SUBSYS) and PyTorch's getCvarBool.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dd::env {

// What strtoll(value, nullptr, 0) -- NCCL_PARAM -- makes of a value.
struct NcclInt {
  enum class Issue {
    none,          // a clean decimal/hex/negative number
    empty,         // "": NCCL keeps the default
    not_a_number,  // "abc", "true": read as 0 silently
    octal,         // "010": read as 8 (leading zero = octal), "08" as 0
    trailing,      // "12abc", "1.5": read as the leading number, the rest ignored
    overflow,      // out of int64: NCCL logs "Invalid value" and keeps the default
  };
  Issue issue = Issue::none;
  std::optional<long long> value;  // what NCCL uses; nullopt = the default
  std::string intended;            // the decimal the user most likely meant ("10" for "010"), may be empty
};
NcclInt read_nccl_int(std::string_view value);

// A problem in an NCCL_ALGO / NCCL_PROTO / NCCL_DEBUG_SUBSYS value, worded like NCCL's warning.
struct ListProblem {
  std::string message;     // 'Unrecognized element token "rings"'
  std::string token;       // the offending token
  std::string suggestion;  // replacement token when one is close, else empty
};

enum class AlgoOrProto { algo, proto };

// Checks NCCL_ALGO (algo) or NCCL_PROTO (proto) against the 2.24+ grammar: entries separated by
// ';', "[<function>:][^]name,name", only the first entry may omit the function. Names are
// case-insensitive. Each problem makes ncclCommInit fail with ncclInvalidUsage.
std::vector<ListProblem> check_algo_proto(std::string_view value, AlgoOrProto which);

// Checks NCCL_DEBUG_SUBSYS: comma list of subsystem names, optionally led by '^'.
std::vector<ListProblem> check_debug_subsys(std::string_view value);

// `value` with every problem token that has a suggestion replaced by it; nullopt when some
// problem has no suggestion (the value cannot be repaired mechanically).
std::optional<std::string> repair(std::string_view value, const std::vector<ListProblem>& problems);

// PyTorch getCvarBool: y/yes/t/true/1 and n/no/f/false/0, case-insensitive; nullopt otherwise.
std::optional<bool> read_torch_bool(std::string_view value);

// The closest of `choices` to `word` (case-insensitive): same word in another case, a choice the
// word starts with ("WARNING" -> "WARN"), or edit distance <= 2. Empty when none.
std::string closest_choice(std::string_view word, const std::vector<std::string_view>& choices);

}  // namespace dd::env
