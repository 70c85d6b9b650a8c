// A small shell tokenizer for launch files: joins backslash continuations, splits commands at
// newlines, ;, &&, ||, | and &, removes quotes, keeps $(...) / `...` / ${...} inside their word,
// and drops comments. Enough for export, VAR=... cmd, docker run, torchrun, srun and mpirun lines;
// not a shell (no expansion, no here-documents beyond skipping their bodies).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dd::lint {

struct ShellCommand {
  int line = 0;                    // 1-based line where the command starts
  std::vector<std::string> words;  // quotes removed
};

// `first_line` numbers the first line of `text` (for scripts embedded in YAML).
std::vector<ShellCommand> split_commands(std::string_view text, int first_line = 1);

// `NAME=value`: a shell variable assignment word (a name of letters, digits and '_' not starting
// with a digit, then '=').
bool is_assignment(std::string_view word);

// Comment lines of the form "#SBATCH ..." with their line numbers, words after "#SBATCH".
std::vector<ShellCommand> sbatch_directives(std::string_view text);

}  // namespace dd::lint
