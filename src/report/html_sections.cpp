#include "report/html_sections.hpp"

#include <fmt/format.h>

#include <map>
#include <set>
#include <vector>

#include "core/utf8.hpp"
#include "report/export_formats.hpp"
#include "report/html_escape.hpp"

namespace dd::report::html {

namespace {

std::string esc(const std::string& s) { return html_escape(s); }

// A cell's text, escaped, its lines joined with <br>.
std::string cell_html(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  for (;;) {
    std::size_t nl = text.find('\n', start);
    out += esc(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) return out;
    out += "<br>";
    start = nl + 1;
  }
}

// A table: caption, header row, body rows (plain-text cells).
std::string table(const Table& t) {
  std::string out = "<table><caption>" + esc(t.caption) + "</caption>\n<thead><tr>";
  for (const auto& h : t.head) out += "<th scope=\"col\">" + esc(h) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& r : t.rows) {
    out += "<tr>";
    for (const auto& c : r) out += "<td>" + cell_html(c) + "</td>";
    out += "</tr>\n";
  }
  return out + "</tbody></table>\n";
}

std::string level_of(core::Severity s) {
  return s == core::Severity::error ? "error" : s == core::Severity::warning ? "warn" : "info";
}

std::string yes_no(const std::optional<bool>& b) { return !b ? "?" : *b ? "✔ yes" : "✖ no"; }

std::string joined(const std::vector<std::string>& items, const char* sep) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

std::string interface_table(const std::string& caption, const std::vector<InterfaceRow>& interfaces) {
  Table t{caption, {"interface", "kind", "up", "carrier", "MTU", "speed (Mb/s)", "addresses"}, {}};
  for (const auto& i : interfaces)
    t.rows.push_back({i.name, i.kind, yes_no(i.up), yes_no(i.carrier), i.mtu, i.speed_mbps, joined(i.addresses, "\n")});
  return t.rows.empty() ? "" : table(t);
}

}  // namespace

std::string symbol(const std::string& level) {
  if (level == "ok") return "✔";
  if (level == "warn" || level == "warning") return "▲";
  if (level == "error") return "✖";
  return "ℹ";
}

std::string fix_section(const Outcome& out) {
  const FixPlan& plan = out.fix;
  std::string body;
  if (plan.env.empty() && plan.per_host.empty() && plan.notes.empty()) {
    body = "<p>Nothing to change.</p>\n";
  } else {
    body =
        "<p>Paste on every node before the launch command (other forms: <code>--export-format "
        "dockerfile|k8s|slurm|torchrun|tf</code>).</p>\n<pre class=\"fix\">" +
        html_escape_lines(render_export(plan, ExportFormat::sh)) + "</pre>\n";
  }
  return "<section aria-labelledby=\"fix-h\"><h2 id=\"fix-h\">Fix</h2>\n" + body + "</section>\n";
}

std::string findings_section(const Outcome& out) {
  std::string s = "<section aria-labelledby=\"findings-h\"><h2 id=\"findings-h\">Findings (" +
                  std::to_string(out.findings.size()) + ")</h2>\n";
  if (out.findings.empty()) s += "<p>No findings.</p>\n";
  for (const auto& f : out.findings) {
    std::string level = level_of(f.severity);
    s += "<article class=\"finding " + level + "\" data-finding-id=\"" + esc(f.id) + "\">\n";
    s += "<h3><span class=\"sym\" aria-hidden=\"true\">" + symbol(level) + "</span> " + esc(f.title) + "</h3>\n";
    s += "<p class=\"meta\"><span class=\"sev\">" + esc(std::string(core::to_string(f.severity))) + "</span> · <code>" +
         esc(f.id) + "</code> · " + esc(std::string(core::to_string(f.label)));
    if (!f.hosts.empty()) s += " · hosts: " + esc(joined(f.hosts, ", "));
    s += "</p>\n";
    if (!f.evidence.empty()) {
      s += "<ul class=\"evidence\">";
      for (const auto& e : f.evidence) s += "<li><code>" + esc(e) + "</code></li>";
      s += "</ul>\n";
    }
    if (!f.fix.text.empty()) s += "<p class=\"fixtext\"><strong>Fix:</strong> " + esc(f.fix.text) + "</p>\n";
    s += "</article>\n";
  }
  return s + "</section>\n";
}

namespace {

// How the HTML draws each state of the matrix (cluster/analysis/reach_matrix.hpp decides it):
// the cell's colour class and its symbol, one symbol per state.
struct Drawn {
  const char* state;
  const char* cls;
  const char* sym;
};
constexpr Drawn k_drawn[] = {
    {"ok", "ok", "✔"},         {"partial", "warn", "▲"},    {"slow", "warn", "s"},  {"mtu-black-hole", "error", "M"},
    {"blocked", "error", "✖"}, {"not-probed", "none", "·"}, {"absent", "none", "?"}};

const Drawn& drawn(const std::string& state) {
  for (const auto& d : k_drawn)
    if (state == d.state) return d;
  return k_drawn[std::size(k_drawn) - 1];  // an unknown state is drawn as absent, never as reached
}

}  // namespace

std::string matrix_section(const Outcome& out) {
  if (!out.sections.matrix || out.sections.matrix->cells.empty()) return "";
  const Matrix& m = *out.sections.matrix;
  auto hosts = m.hosts;
  std::map<std::pair<int, int>, const MatrixCell*> cells;
  std::set<int> rank_set;
  for (const auto& c : m.cells) {
    rank_set.insert(c.from), rank_set.insert(c.to);
    cells[{c.from, c.to}] = &c;
  }
  for (int r : rank_set) hosts.emplace(r, "rank " + std::to_string(r));
  std::vector<int> ranks(rank_set.begin(), rank_set.end());
  const int n = static_cast<int>(ranks.size()), cell = 56, margin = 140, top = 100;
  const int width = margin + n * cell + 10, height = top + n * cell + 10;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"matrix\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "role=\"img\" aria-labelledby=\"matrix-t\" data-matrix-size=\"{2}\">\n<title id=\"matrix-t\">Reachability: "
      "rows probe from, columns probed; {2} nodes</title>\n",
      width, height, n);
  for (int i = 0; i < n; ++i) {
    std::string label = esc(core::shorten_utf8(hosts[ranks[static_cast<std::size_t>(i)]], 18));
    svg += fmt::format("<text class=\"lab\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", margin - 6,
                       top + i * cell + cell / 2 + 4, label);
    svg += fmt::format(
        "<text class=\"lab\" x=\"{0}\" y=\"{1}\" text-anchor=\"start\" transform=\"rotate(-45 {0} {1})\">{2}</text>\n",
        margin + i * cell + cell / 2, top - 6, label);
  }
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      int from = ranks[static_cast<std::size_t>(i)], to = ranks[static_cast<std::size_t>(j)];
      int x = margin + j * cell, y = top + i * cell;
      std::string state = "self", cls = "self", sym = "—", title = hosts[from] + " → " + hosts[to] + ": ", detail;
      if (from == to) {
        title += "same node";
      } else {
        auto it = cells.find({from, to});
        state = it == cells.end() ? "absent" : it->second->state;
        const Drawn& d = drawn(state);
        cls = d.cls, sym = d.sym;
        title += it == cells.end() ? "not decided" : it->second->title;
        if (it != cells.end())
          for (const auto& line : it->second->probes) detail += "&#10;" + esc(line);
      }
      svg += fmt::format(
          "<g class=\"cell {}\" data-state=\"{}\"><title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" "
          "height=\"{}\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text></g>\n",
          cls, esc(state), esc(title) + detail, x + 1, y + 1, cell - 2, cell - 2, x + cell / 2, y + cell / 2 + 7, sym);
    }
  }
  svg += "</svg>\n";
  std::string slow_ms = m.slow_rtt_us >= 0 ? fmt::format("{}", m.slow_rtt_us / 1000) : "?";
  return "<section aria-labelledby=\"matrix-h\"><h2 id=\"matrix-h\">Reachability matrix</h2>\n<p>Row: the node that "
         "probed; column: the node probed. ✔ every address reached, ▲ some, ✖ none, M small packets pass and the bulk "
         "transfer is lost (MTU black hole), s slow (best round trip above " +
         slow_ms + " ms), · not probed, ? rank absent. Hover a cell for its addresses.</p>\n" + svg + "</section>\n";
}

std::string ranks_section(const Outcome& out) {
  if (!out.sections.ranks || out.sections.ranks->rows.empty()) return "";
  return "<section aria-labelledby=\"ranks-h\"><h2 id=\"ranks-h\">Per rank</h2>\n" + table(*out.sections.ranks) +
         "</section>\n";
}

std::string interfaces_section(const Outcome& out) {
  std::string body;
  for (const auto& [caption, rows] : out.sections.interfaces) body += interface_table(caption, rows);
  if (body.empty()) return "";
  return "<section aria-labelledby=\"if-h\"><h2 id=\"if-h\">Interface inventory</h2>\n" + body + "</section>\n";
}

}  // namespace dd::report::html
