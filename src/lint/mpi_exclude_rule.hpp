// lint.mpi.tcp-exclude-without-lo (mpi_exclude_rule.cpp): Open MPI's btl_tcp_if_exclude without the
// loopback device.
#pragma once

#include "lint/rules.hpp"

namespace dd::lint::detail {

void mpi_exclude_rule(FileContext& ctx);

}  // namespace dd::lint::detail
