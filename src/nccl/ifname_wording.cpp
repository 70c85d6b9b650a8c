#include "nccl/ifname_wording.hpp"

#include "core/strings.hpp"
#include "nccl/judge_context.hpp"

namespace dd::nccl {

std::string blank_names_effect(const std::vector<std::string>& tokens, bool exclude, bool exact) {
  std::vector<std::string> quoted, names;
  bool loopback = false;
  for (const auto& t : tokens) {
    quoted.push_back("'" + detail::visible(t) + "'");  // CR, LF, tab spelled out
    names.emplace_back(core::trim(t));
    if (core::starts_with(names.back(), "lo")) loopback = true;
  }
  bool one = tokens.size() == 1;
  std::string list = core::join(quoted, ", ");
  if (!exclude) return "so " + list + (one ? " matches" : " match") + " no interface name";
  std::string what = exact ? (one ? " is a name no interface has: " : " are names no interface has: ")
                           : (one ? " is a prefix no interface name has: " : " are prefixes no interface name has: ");
  return "so " + list + what + core::join(names, ", ") + (one ? " is" : " are") + " not excluded, and NCCL may pick " +
         (one ? "it" : "them") + (loopback ? " (loopback)" : "");
}

}  // namespace dd::nccl
