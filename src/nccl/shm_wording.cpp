#include "nccl/shm_wording.hpp"

namespace dd::nccl {

std::string shm_can_run_out(std::string_view users, bool with_symptoms) {
  std::string s(users);
  s += " can run out of it";
  if (with_symptoms) s += " (Bus error, or a hang)";
  return s;
}

}  // namespace dd::nccl
