// distdoctor lint: training-script and launch-file pitfalls that make distributed jobs hang.
// Python through tree-sitter (python_tree.hpp), shell / Dockerfile / #SBATCH through a small
// tokenizer (shell_lexer.hpp), Kubernetes / Kubeflow YAML through yaml-cpp. Every environment value
// found goes through env::audit; with --here NCCL_SOCKET_IFNAME values are also run through the
// NCCL model (nccl::predict) against this machine's address entries. docs/lint.md lists the rules.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/export_line.hpp"
#include "core/finding.hpp"
#include "core/result.hpp"
#include "env/audit.hpp"
#include "lint/rule_selection.hpp"
#include "os/file_tree.hpp"
#include "os/interface_source.hpp"
#include "report/style.hpp"

namespace dd::lint {

// env_file: `NAME=value` lines (`.env`, `cluster.env`, `.env.local`), read as shell by a script that
// sources them, by `docker run --env-file`, compose and python-dotenv; its fixes are written as
// plain `NAME=value` lines with any comment above (none of those readers takes both `export` and a
// trailing comment).
// batch: a Windows .bat / .cmd file, read only for its `set NAME=value` lines and the job's shape.
// powershell: a .ps1, read for its `$env:NAME = "value"` lines and its command lines.
enum class FileKind { none, python, shell, dockerfile, yaml, env_file, batch, powershell };

// "train.py" -> python, "run.sbatch" -> shell, "Dockerfile.gpu", "x_Dockerfile" -> dockerfile,
// "job.yaml" -> yaml, ".env", "cluster.env" -> env_file.
FileKind kind_of(const std::string& path);

// What kind_of reads, for messages: ".py, .sh, ...".
std::string kinds_read();

struct Location {
  std::string file;
  int line = 0;    // 1-based: the line of the call or assignment at fault
  int column = 1;  // 1-based: that line's first non-blank character (lint places lines, not columns)
};

// A machine-applicable change to a file (DESIGN.md, lint --json `edits[]`): lines
// [line, end_line] (1-based, whole lines) become `replacement` (several lines joined by "\n";
// empty removes them). Several findings on one line carry the same composed edit (lint/edits.hpp).
struct Edit {
  std::string file;
  int line = 0;
  int end_line = 0;
  std::string replacement;
  // The replaced lines lose their "\r" (lint.shell.crlf-line-endings); otherwise a CRLF line keeps
  // its CR. Not in the JSON: `replacement` is already the text without it.
  bool strip_cr = false;
  bool operator==(const Edit&) const = default;
};

// lint.torch.master-addr-localhost's env:// fix as data, while it is still prose: what the file that
// starts the script needs to turn it into edits (env_init_across.cpp). Not in the output.
struct EnvInitFix {
  int line = 0;                    // the line holding init_method
  std::string text;                // that line with init_method="env://"
  std::vector<std::string> unset;  // what env:// reads that the Python file does not set
  std::string port;                // the tcp:// URL's port (its digits) when MASTER_PORT is in `unset`
};

struct LintFinding {
  core::Finding finding;
  Location location;
  std::vector<Edit> edits;  // empty when the fix is not a change to the file (docs/lint.md says which)
  std::optional<EnvInitFix> env_init = std::nullopt;
  // The form a variable of the fix is written in, where the file's kind does not say (a Docker
  // Compose list item or map entry); nullopt: by the file's kind.
  std::optional<core::EnvSyntax> syntax = std::nullopt;
};

struct LintOptions {
  env::Platform platform = env::Platform::linux_os;
  bool here = false;                      // also check values against this machine
  std::vector<os::AddressEntry> entries;  // this machine's getifaddrs entries (--here)
  bool ib_present = false;                // /sys/class/infiniband has a device (--here)
  RuleSelection rules;                    // --select / --ignore (rule_selection.hpp)
  // --unsafe-fixes: also offer as edits the fixes that change a hyperparameter (lint.tf.batch-not-
  // scaled multiplies the batch, so the global batch grows with the replicas); otherwise they are
  // printed as suggestions and --fix leaves them alone.
  bool unsafe_fixes = false;
  // --stdin-kind: what `lint -` reads standard input as; nullopt: sniff_kind, refusing a text that
  // does not say.
  std::optional<FileKind> stdin_kind = std::nullopt;
};

struct LintReport {
  std::vector<std::string> files;  // every file linted, in order
  // Files found in the folders given that lint does not read (kind_of none), the first 1000 of
  // `skipped_count`; a file named explicitly is never skipped (exit 2 instead).
  std::vector<std::string> skipped;
  long skipped_count = 0;
  long lines = 0;                            // lines read in all
  std::vector<LintFinding> findings;         // most important first, then by file and line
  std::map<std::string, std::string> texts;  // the text linted, for each file with an edit (lint --fix/--diff)
};

// The kind of a text without a name (`lint -`): a shebang, #SBATCH, a Dockerfile's FROM/ARG, a
// Kubernetes apiVersion/kind, a shell command, a batch file's @echo / REM / ::, Python's import / def /
// class; none when the text does not say (LintOptions::stdin_kind then names it).
FileKind sniff_kind(std::string_view text);

// "py", "sh", "dockerfile", "yaml", "env", "bat", "ps1" (`lint --stdin-kind`); none for another word.
FileKind kind_named(std::string_view word);

// Lints one file's text (pure: no file system); findings in file order.
std::vector<LintFinding> lint_text(const std::string& path, FileKind kind, const std::string& text,
                                   const LintOptions& options);

// Lints files and folders (recursively: .py, .sh, .bash, .sbatch, Dockerfile*, .yaml, .yml); "-"
// is standard input (named "<stdin>" in findings, its kind from sniff_kind).
// An unreadable path, or a file named explicitly whose kind is unknown, is an error (exit 2).
core::Result<LintReport> lint_paths(const std::vector<std::string>& paths, const LintOptions& options);

// A file's text as lint reads it (at most 16 MiB); an error naming the path otherwise. --fix reads
// it again to refuse rewriting a file that changed since.
core::Result<std::string> read_file(const std::string& path);

// --json: {"command": "lint", "files": [...], "lines": N, "findings": [... each with "location"]}.
nlohmann::json to_json(const LintReport& report);

// Text: the findings (report::render_findings, location first in the evidence) and the summary.
std::string render_text(const LintReport& report, const report::Style& style);

}  // namespace dd::lint
