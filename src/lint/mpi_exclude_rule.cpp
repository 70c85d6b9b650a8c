// lint.mpi.tcp-exclude-without-lo (fix-2026-12-07q p21): `mpirun -mca btl_tcp_if_exclude docker0 ...`.
// The parameter replaces Open MPI's default exclude list (which holds the loopback device), so lo
// becomes one of the TCP BTL's interfaces; Open MPI's run-time notes (docs.open-mpi.org, "General
// Run-Time Support Notes", v5.0): "If specified, the btl_tcp_if_exclude parameter must include the
// loopback device (lo on many Linux platforms), or Open MPI will not be able to route MPI messages
// using the TCP BTL", with the example `--mca btl_tcp_if_exclude lo,eth1`. Read from an mpirun /
// mpiexec word pair (-mca, --mca, -gmca, --gmca) and from OMPI_MCA_btl_tcp_if_exclude in the file's
// environment; a list that names lo (or a 127.x address or subnet) is quiet. The edit puts `lo,` in
// front of the list where the value is a plain word on the command's own line.
#include "lint/mpi_exclude_rule.hpp"

#include <string>
#include <vector>

#include "core/strings.hpp"
#include "lint/shell_lexer.hpp"

namespace dd::lint::detail {

namespace {

constexpr const char* k_exclude_param = "btl_tcp_if_exclude";

bool names_loopback(const std::string& list) {
  for (const auto& item : core::split(list, ',')) {
    std::string i(core::trim(item));
    if (i == "lo" || core::starts_with(i, "lo0") || core::starts_with(i, "127.")) return true;
  }
  return false;
}

void report_exclude(FileContext& ctx, int line, const std::string& value, const std::string& where) {
  std::string title = where + " excludes " + value +
                      " but not the loopback device lo: the list replaces Open MPI's default one (which holds lo), "
                      "so the TCP BTL uses lo too and cannot route MPI messages between the hosts";
  std::string text(ctx.line_text(line));
  std::string from = k_exclude_param + std::string(" ") + value, to = k_exclude_param + std::string(" lo,") + value;
  auto at = text.find(from);
  if (at == std::string::npos) {
    from = k_exclude_param + std::string("=") + value, to = k_exclude_param + std::string("=lo,") + value;
    at = text.find(from);
  }
  core::Finding* f = nullptr;
  if (at != std::string::npos && value.find_first_of("\"'$") == std::string::npos) {
    text.replace(at, from.size(), to);
    f = &ctx.add("lint.mpi.tcp-exclude-without-lo", core::Label::loopback_interface, core::Severity::error, title, line,
                 LineEdit{line, line, text});
  } else {
    f = &ctx.add("lint.mpi.tcp-exclude-without-lo", core::Label::loopback_interface, core::Severity::error, title, line,
                 "add lo to the list: " + std::string(k_exclude_param) + " lo," + value);
  }
  f->evidence.push_back(
      "Open MPI's run-time notes: \"If specified, the btl_tcp_if_exclude parameter must include the loopback device "
      "(lo on many Linux platforms)\" (`--mca btl_tcp_if_exclude lo,eth1`)");
}

// The file names btl_tcp_if_include too (Open MPI: mutually exclusive with the exclude list), or a
// btl list without tcp (`--mca btl ^tcp`, `--mca btl self,vader`): the exclude list is another case.
bool exclude_list_moot(FileContext& ctx) {
  const std::string& t = ctx.text();
  if (t.find("btl_tcp_if_include") != std::string::npos) return true;
  for (const auto& c : split_commands(t)) {
    for (std::size_t k = 0; k + 2 < c.words.size(); ++k) {
      const auto& w = c.words;
      bool mca = w[k] == "-mca" || w[k] == "--mca" || w[k] == "-gmca" || w[k] == "--gmca";
      if (!mca || w[k + 1] != "btl") continue;
      const std::string& v = w[k + 2];
      if (v.front() == '^' ? v.find("tcp") != std::string::npos : v.find("tcp") == std::string::npos) return true;
    }
  }
  for (const auto& v : ctx.env()) {
    if (v.name != "OMPI_MCA_btl" || v.value.empty()) continue;
    if (v.value.front() == '^' ? v.value.find("tcp") != std::string::npos : v.value.find("tcp") == std::string::npos)
      return true;
  }
  return false;
}

// A value the shell expands when the line runs: what it holds is not in the text.
bool computed(const std::string& value) { return value.find_first_of("$`") != std::string::npos; }

}  // namespace

void mpi_exclude_rule(FileContext& ctx) {
  if (ctx.text().find(k_exclude_param) == std::string::npos || exclude_list_moot(ctx)) return;
  for (const auto& c : split_commands(ctx.text())) {
    const auto& w = c.words;
    std::size_t j = 0;
    while (j < w.size() && program_name(w[j]) != "mpirun" && program_name(w[j]) != "mpiexec") ++j;
    for (std::size_t k = j + 1; k + 2 < w.size(); ++k) {
      const std::string& a = w[k];
      if (a != "-mca" && a != "--mca" && a != "-gmca" && a != "--gmca") continue;
      if (w[k + 1] != k_exclude_param) continue;
      const std::string& value = w[k + 2];
      if (names_loopback(value) || computed(value)) continue;
      int line = c.line;  // the word pair's own line when a continuation holds it
      for (int l = c.line; l <= ctx.line_count(); ++l) {
        if (ctx.line_text(l).find(k_exclude_param) != std::string_view::npos) {
          line = l;
          break;
        }
        std::string_view t = core::trim(ctx.line_text(l));
        if (t.empty() || t.back() != '\\') break;
      }
      report_exclude(ctx, line, value, "`" + program_name(w[j]) + " " + a + " " + k_exclude_param + " " + value + "`");
    }
  }
  for (const auto& v : ctx.env()) {
    if (v.name != "OMPI_MCA_btl_tcp_if_exclude" || v.value.empty() || names_loopback(v.value) || computed(v.value))
      continue;
    report_exclude(ctx, v.line, v.value, "OMPI_MCA_btl_tcp_if_exclude=" + v.value);
  }
}

}  // namespace dd::lint::detail
