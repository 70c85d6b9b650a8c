// Value checks for command-line options, each saying the rule as a person would: "must be a
// number of seconds > 0", "must be a whole number from 1 to 600", "must be one of: linux, windows".
// CLI11 runs them on the text before converting it, so "abc" gets the same sentence as "0";
// main turns CLI11's "--stall: must ..." into "distdoctor watch: --stall must ... (got '0')".
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace dd::cli {

// A decimal number (fractions allowed) strictly above 0; `unit` names it ("seconds").
CLI::Validator number_above_zero(const std::string& unit);

// A whole number in [lo, hi]; `unit` may be empty ("a whole number from 1 to 64") or name the
// unit ("a whole number of seconds from 1 to 600").
CLI::Validator whole_number(std::int64_t lo, std::int64_t hi, const std::string& unit = "");

// One of `choices`, exactly as written.
CLI::Validator one_of(const std::vector<std::string>& choices);

}  // namespace dd::cli
