#include "lint/edits.hpp"

#include <algorithm>
#include <optional>

#include "core/push_unique.hpp"
#include "core/strings.hpp"

namespace dd::lint {

namespace {

// A text as lines without their "\n" (a trailing "\r" kept); `final_newline` when it ends in one.
struct Lines {
  std::vector<std::string> lines;
  bool final_newline = false;
  const std::string& at(int line) const { return lines[static_cast<std::size_t>(line - 1)]; }
};

Lines split_lines(const std::string& text) {
  Lines out;
  std::size_t b = 0;
  while (b < text.size()) {
    std::size_t e = text.find('\n', b);
    if (e == std::string::npos) {
      out.lines.push_back(text.substr(b));
      return out;
    }
    out.lines.push_back(text.substr(b, e - b));
    b = e + 1;
  }
  out.final_newline = !text.empty();
  return out;
}

bool has_cr(const std::string& l) { return !l.empty() && l.back() == '\r'; }
std::string without_cr(const std::string& l) { return has_cr(l) ? l.substr(0, l.size() - 1) : l; }

// The replacement's lines, with the CR of the first replaced line when it had one (unless the
// edit strips them).
std::vector<std::string> new_lines(const Edit& e, bool cr) {
  std::vector<std::string> out;
  if (e.replacement.empty()) return out;
  cr = cr && !e.strip_cr;
  for (auto& l : core::split(e.replacement, '\n', true)) out.push_back(cr ? l + "\r" : l);
  return out;
}

// The one region where `to` differs from `from`: [begin, end) of `from` becomes `with`.
struct Change {
  std::size_t begin = 0, end = 0;
  std::string with;
};

Change change_of(const std::string& from, const std::string& to) {
  std::size_t p = 0;
  while (p < from.size() && p < to.size() && from[p] == to[p]) ++p;
  std::size_t s = 0;
  while (s < from.size() - p && s < to.size() - p && from[from.size() - 1 - s] == to[to.size() - 1 - s]) ++s;
  return {p, from.size() - s, to.substr(p, to.size() - s - p)};
}

// `original` changed as both `a` and `b` change it, when their changes do not touch.
std::optional<std::string> compose_line(const std::string& original, const std::string& a, const std::string& b) {
  if (a == b) return a;
  Change ca = change_of(original, a), cb = change_of(original, b);
  if (ca.begin > cb.begin) std::swap(ca, cb);
  bool insertions = ca.begin == ca.end && cb.begin == cb.end;
  if (insertions && ca.begin == cb.begin) {  // two insertions at one place (two flags after "run"): both, a's first
    std::string out = original;
    return out.insert(ca.begin, ca.with + cb.with);
  }
  if (ca.end > cb.begin || ca.begin == cb.begin) return std::nullopt;  // the changes overlap
  std::string out = original;
  out.replace(cb.begin, cb.end - cb.begin, cb.with);
  out.replace(ca.begin, ca.end - ca.begin, ca.with);
  return out;
}

bool overlap(const Edit& a, const Edit& b) { return a.line <= b.end_line && b.line <= a.end_line; }

// An edit that keeps its lines' count: line i of the range becomes line i of the replacement.
bool line_for_line(const Edit& e) {
  return !e.replacement.empty() &&
         static_cast<int>(std::count(e.replacement.begin(), e.replacement.end(), '\n')) == e.end_line - e.line;
}

// The new text of `line` under `e` (line-for-line), or the original.
std::string version(const Edit& e, int line, const std::string& original) {
  if (line < e.line || line > e.end_line) return original;
  return core::split(e.replacement, '\n', true)[static_cast<std::size_t>(line - e.line)];
}

}  // namespace

void compose_edits(std::vector<LintFinding>& findings, const std::string& text) {
  Lines src = split_lines(text);
  auto original = [&](int line) {
    return line >= 1 && line <= static_cast<int>(src.lines.size()) ? without_cr(src.at(line)) : std::string();
  };
  struct Group {
    Edit edit;
  };
  std::vector<Group> groups;
  std::vector<std::vector<std::size_t>> group_of(findings.size());  // per finding: the group of each edit
  for (std::size_t i = 0; i < findings.size(); ++i) {
    auto trial = groups;
    std::vector<std::size_t> mine;
    bool ok = true;
    for (const auto& e : findings[i].edits) {
      std::size_t joined = trial.size();
      for (std::size_t g = 0; g < trial.size() && ok; ++g) {
        Edit& a = trial[g].edit;
        if (a.file != e.file || !overlap(a, e)) continue;
        if (a.line == e.line && a.end_line == e.end_line && a.replacement == e.replacement) {
          joined = g;
          continue;
        }
        // Two line-for-line edits compose line by line over the lines either covers.
        std::optional<Edit> composed;
        if (line_for_line(a) && line_for_line(e)) {
          Edit u{a.file, std::min(a.line, e.line), std::max(a.end_line, e.end_line), "", a.strip_cr || e.strip_cr};
          for (int l = u.line; l <= u.end_line && (l == u.line || composed); ++l) {
            std::string o = original(l);
            auto line = compose_line(o, version(a, l, o), version(e, l, o));
            if (!line) {
              composed.reset();
              break;
            }
            u.replacement += (l == u.line ? "" : "\n") + *line;
            composed = u;
          }
        }
        if (!composed || joined != trial.size()) {
          ok = false;
          break;
        }
        a = *composed;
        joined = g;
      }
      if (!ok) break;
      if (joined == trial.size()) trial.push_back({e});
      mine.push_back(joined);
    }
    if (!ok) {
      findings[i].edits.clear();
      continue;
    }
    groups = std::move(trial);
    group_of[i] = std::move(mine);
  }
  for (std::size_t i = 0; i < findings.size(); ++i) {
    auto& f = findings[i];
    for (std::size_t k = 0; k < f.edits.size(); ++k) {
      const Edit& now = groups[group_of[i][k]].edit;
      if (now.replacement != f.edits[k].replacement && f.edits.size() == 1 &&
          f.finding.fix.text == core::trim(f.edits[k].replacement)) {
        f.finding.fix.text = std::string(core::trim(now.replacement));
      }
      f.edits[k] = now;
    }
  }
}

std::vector<Edit> edits_of(const std::vector<LintFinding>& findings, const std::string& file) {
  std::vector<Edit> out;
  for (const auto& f : findings) {
    for (const auto& e : f.edits) {
      if (e.file == file) core::push_unique(out, e);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Edit& a, const Edit& b) { return a.line < b.line; });
  return out;
}

core::Result<std::string> apply_edits(const std::string& text, const std::vector<Edit>& edits) {
  Lines src = split_lines(text);
  std::vector<Edit> sorted;
  for (const auto& e : edits) {
    core::push_unique(sorted, e);
  }
  std::sort(sorted.begin(), sorted.end(), [](const Edit& a, const Edit& b) { return a.line < b.line; });
  int n = static_cast<int>(src.lines.size());
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const Edit& e = sorted[i];
    if (e.line < 1 || e.end_line < e.line || e.end_line > n) {
      return core::make_error(core::ErrorKind::usage, e.file + ": an edit of lines " + std::to_string(e.line) + "-" +
                                                          std::to_string(e.end_line) + " lies outside its " +
                                                          std::to_string(n) + " lines");
    }
    if (i > 0 && sorted[i - 1].end_line >= e.line) {
      return core::make_error(core::ErrorKind::usage, e.file + ": two edits overlap at line " + std::to_string(e.line));
    }
  }
  std::vector<std::string> out;
  int next = 1;
  for (const auto& e : sorted) {
    for (; next < e.line; ++next) out.push_back(src.at(next));
    for (auto& l : new_lines(e, has_cr(src.at(e.line)))) out.push_back(std::move(l));
    next = e.end_line + 1;
  }
  for (; next <= n; ++next) out.push_back(src.at(next));
  std::string result = core::join(out, "\n");
  if (src.final_newline && !out.empty()) result += '\n';
  return result;
}

std::string unified_diff(const std::string& path, const std::string& text, const std::vector<Edit>& edits) {
  constexpr int k_context = 3;
  Lines src = split_lines(text);
  int n = static_cast<int>(src.lines.size());
  std::vector<Edit> sorted = edits;
  std::sort(sorted.begin(), sorted.end(), [](const Edit& a, const Edit& b) { return a.line < b.line; });
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  if (sorted.empty()) return "";
  std::string out = "--- a/" + path + "\n+++ b/" + path + "\n";
  // The new file's line count so far, to number the new side: lines before the hunk map 1:1 plus
  // the growth of every earlier edit.
  int growth = 0;
  auto emit_line = [&](std::string& body, char tag, const std::string& line, bool last_of_file) {
    body += tag;
    body += line;
    body += '\n';
    if (last_of_file && !src.final_newline) body += "\\ No newline at end of file\n";
  };
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;  // edits [i, j] share one hunk: at most 2 x context lines between them
    while (j + 1 < sorted.size() && sorted[j + 1].line - sorted[j].end_line - 1 <= 2 * k_context) ++j;
    int from = std::max(1, sorted[i].line - k_context), to = std::min(n, sorted[j].end_line + k_context);
    std::string body;
    int old_count = 0, new_count = 0, growth_in = 0;
    int at = from;
    for (std::size_t k = i; k <= j; ++k) {
      const Edit& e = sorted[k];
      for (; at < e.line; ++at, ++old_count, ++new_count) emit_line(body, ' ', src.at(at), at == n);
      auto added = new_lines(e, has_cr(src.at(e.line)));
      for (; at <= e.end_line; ++at, ++old_count) emit_line(body, '-', src.at(at), at == n);
      for (std::size_t a = 0; a < added.size(); ++a, ++new_count) {
        emit_line(body, '+', added[a], e.end_line == n && a + 1 == added.size());
      }
      growth_in += static_cast<int>(added.size()) - (e.end_line - e.line + 1);
    }
    for (; at <= to; ++at, ++old_count, ++new_count) emit_line(body, ' ', src.at(at), at == n);
    int new_from = from + growth;
    out += "@@ -" + std::to_string(old_count ? from : from - 1) +
           (old_count == 1 ? "" : "," + std::to_string(old_count)) + " +" +
           std::to_string(new_count ? new_from : new_from - 1) +
           (new_count == 1 ? "" : "," + std::to_string(new_count)) + " @@\n" + body;
    growth += growth_in;
    i = j + 1;
  }
  return out;
}

}  // namespace dd::lint
