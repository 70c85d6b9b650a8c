#include "cli/flag_checks.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "core/strings.hpp"

namespace dd::cli {

namespace {

std::string got(const std::string& value) { return fmt::format(" (got '{}')", value); }

}  // namespace

CLI::Validator number_above_zero(const std::string& unit) {
  std::string rule = fmt::format("must be a number of {} > 0", unit);
  return CLI::Validator(
      [rule](std::string& value) -> std::string {
        const char* begin = value.c_str();
        char* end = nullptr;
        errno = 0;
        double v = std::strtod(begin, &end);
        bool whole_text = !value.empty() && end == begin + value.size();
        if (!whole_text || errno == ERANGE || !std::isfinite(v) || v <= 0) return rule + got(value);
        return {};
      },
      "> 0");
}

CLI::Validator whole_number(std::int64_t lo, std::int64_t hi, const std::string& unit) {
  std::string rule = fmt::format("must be a whole number{} from {} to {}", unit.empty() ? "" : " of " + unit, lo, hi);
  return CLI::Validator(
      [rule, lo, hi](std::string& value) -> std::string {
        auto v = core::parse_int(value);
        if (!v || *v < lo || *v > hi) return rule + got(value);
        return {};
      },
      fmt::format("{}..{}", lo, hi));
}

CLI::Validator one_of(const std::vector<std::string>& choices) {
  std::string list = core::join(choices, ", ");
  return CLI::Validator(
      [choices, list](std::string& value) -> std::string {
        for (const auto& c : choices)
          if (c == value) return {};
        return "must be one of: " + list + got(value);
      },
      "{" + core::join(choices, ",") + "}");
}

}  // namespace dd::cli
