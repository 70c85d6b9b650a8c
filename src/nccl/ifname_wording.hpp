// The one sentence `env`/`check` (nccl.ifname.whitespace) and `lint` (lint.env.ifname-whitespace)
// say about interface names with blanks in NCCL_SOCKET_IFNAME: NCCL does not trim the names
// (parseStringList/matchIfList, NCCL 2.28.9 src/misc/utils.cc and src/misc/socket.cc, as modelled in
// ifname_filter.hpp), so " lo" is a name or prefix no interface has.
// In a list that selects, that name selects nothing; in a `^` list that excludes, it excludes
// nothing: the interface it meant stays eligible (stranger fix-2026-12-06j p19: "^docker0, lo"
// leaves lo to be picked).
#pragma once

#include <string>
#include <vector>

namespace dd::nccl {

// "so ' lo' is a prefix no interface name has: lo is not excluded, and NCCL may pick it (loopback)"
// for an exclusion list (`exclude`), "so ' eth1' matches no interface name" for a selecting one;
// `exact` for the '=' form (names, not prefixes). `tokens` are the names as written (without ^ or =).
std::string blank_names_effect(const std::vector<std::string>& tokens, bool exclude, bool exact);

}  // namespace dd::nccl
