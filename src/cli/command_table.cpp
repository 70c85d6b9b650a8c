#include "cli/command.hpp"

namespace dd::cli {

const std::vector<Command>& command_table() {
  static const std::vector<Command> table = {
  };
  return table;
}

}  // namespace dd::cli
