#include "report/html_sections.hpp"

#include <fmt/format.h>

#include <map>
#include <set>
#include <vector>

#include "core/utf8.hpp"
#include "report/export_formats.hpp"
#include "report/fix_plan.hpp"
#include "report/html_escape.hpp"

namespace dd::report::html {

namespace {

using nlohmann::json;

std::string str(const json& j, const char* key) {
  if (!j.is_object()) return "";
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return "";
  return it->is_string() ? it->get<std::string>() : it->dump(-1, ' ', false, json::error_handler_t::replace);
}

const json& arr(const json& j, const char* key) {
  static const json empty = json::array();
  if (!j.is_object()) return empty;
  auto it = j.find(key);
  return it != j.end() && it->is_array() ? *it : empty;
}

std::string esc(const std::string& s) { return html_escape(s); }

// A table: caption, header row, body rows (cells already escaped HTML).
std::string table(const std::string& caption, const std::vector<std::string>& head,
                  const std::vector<std::vector<std::string>>& rows) {
  std::string out = "<table><caption>" + esc(caption) + "</caption>\n<thead><tr>";
  for (const auto& h : head) out += "<th scope=\"col\">" + esc(h) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& r : rows) {
    out += "<tr>";
    for (const auto& c : r) out += "<td>" + c + "</td>";
    out += "</tr>\n";
  }
  return out + "</tbody></table>\n";
}

std::string level_of_severity(const std::string& sev) { return sev == "warning" ? "warn" : sev; }

std::map<int, std::string> hosts_by_rank(const json& out) {
  std::map<int, std::string> hosts;
  for (const auto& n : arr(out, "nodes")) {
    if (n.is_object() && n.value("rank", json()).is_number_integer()) hosts[n["rank"].get<int>()] = str(n, "host");
  }
  return hosts;
}

std::string yes_no(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_boolean()) return "?";
  return j[key].get<bool>() ? "✔ yes" : "✖ no";
}

std::string interface_rows_table(const std::string& caption, const json& interfaces) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& i : interfaces) {
    if (!i.is_object()) continue;
    std::string addrs;
    for (const auto& a : arr(i, "addresses")) {
      if (!addrs.empty()) addrs += "<br>";
      addrs += esc(str(a, "addr") + "/" + str(a, "prefix") + " (" + str(a, "scope") + ")");
    }
    rows.push_back({"<code>" + esc(str(i, "name")) + "</code>", esc(str(i, "kind")), esc(yes_no(i, "up")),
                    esc(yes_no(i, "carrier")), esc(str(i, "mtu")), esc(str(i, "speed_mbps")), addrs});
  }
  if (rows.empty()) return "";
  return table(caption, {"interface", "kind", "up", "carrier", "MTU", "speed (Mb/s)", "addresses"}, rows);
}

}  // namespace

std::string symbol(const std::string& level) {
  if (level == "ok") return "✔";
  if (level == "warn" || level == "warning") return "▲";
  if (level == "error") return "✖";
  return "ℹ";
}

Verdict verdict_of(const json& out) {
  Verdict v;
  if (out.is_object() && out.contains("verdict") && out["verdict"].is_string()) {
    v.text = out["verdict"].get<std::string>();
    v.reason = str(out, "reason");
    v.level = v.text == "OK" ? "ok" : v.text == "WILL BE SLOW" ? "warn" : "error";
    return v;
  }
  for (const auto& f : arr(out, "findings")) {
    std::string sev = str(f, "severity");
    if (sev != "error" && sev != "warning") continue;
    v.level = level_of_severity(sev);
    v.text = sev == "error" ? "PROBLEM FOUND" : "WARNING";
    v.reason = str(f, "title") + " [" + str(f, "label") + "]";
    return v;
  }
  v.level = "ok";
  v.text = "OK";
  v.reason = str(out, "command") == "logs" ? "no communication problem found in the logs" : "no error found";
  return v;
}

std::string fix_section(const json& out) {
  FixPlan plan = fix_plan_from_json(out);
  std::string body;
  if (plan.env.empty() && plan.per_host.empty() && plan.notes.empty()) {
    body = "<p>Nothing to change.</p>\n";
  } else {
    body = "<p>Paste on every node before the launch command (other forms: <code>--export-format "
           "dockerfile|k8s|slurm|torchrun|tf</code>).</p>\n<pre class=\"fix\">" +
           html_escape_lines(render_export(plan, ExportFormat::sh)) + "</pre>\n";
  }
  return "<section aria-labelledby=\"fix-h\"><h2 id=\"fix-h\">Fix</h2>\n" + body + "</section>\n";
}

std::string findings_section(const json& out) {
  const json& findings = arr(out, "findings");
  std::string s = "<section aria-labelledby=\"findings-h\"><h2 id=\"findings-h\">Findings (" +
                  std::to_string(findings.size()) + ")</h2>\n";
  if (findings.empty()) s += "<p>No findings.</p>\n";
  for (const auto& f : findings) {
    std::string level = level_of_severity(str(f, "severity"));
    s += "<article class=\"finding " + esc(level) + "\" data-finding-id=\"" + esc(str(f, "id")) + "\">\n";
    s += "<h3><span class=\"sym\" aria-hidden=\"true\">" + symbol(level) + "</span> " + esc(str(f, "title")) + "</h3>\n";
    s += "<p class=\"meta\"><span class=\"sev\">" + esc(str(f, "severity")) + "</span> · <code>" + esc(str(f, "id")) +
         "</code> · " + esc(str(f, "label"));
    std::vector<std::string> hosts;
    for (const auto& h : arr(f, "hosts")) hosts.push_back(h.is_string() ? h.get<std::string>() : h.dump());
    if (!hosts.empty()) {
      std::string joined;
      for (const auto& h : hosts) joined += (joined.empty() ? "" : ", ") + h;
      s += " · hosts: " + esc(joined);
    }
    s += "</p>\n";
    const json& ev = arr(f, "evidence");
    if (!ev.empty()) {
      s += "<ul class=\"evidence\">";
      for (const auto& e : ev) s += "<li><code>" + esc(e.is_string() ? e.get<std::string>() : e.dump()) + "</code></li>";
      s += "</ul>\n";
    }
    json fix = f.is_object() ? f.value("fix", json::object()) : json::object();
    if (!str(fix, "text").empty()) s += "<p class=\"fixtext\"><strong>Fix:</strong> " + esc(str(fix, "text")) + "</p>\n";
    s += "</article>\n";
  }
  return s + "</section>\n";
}

namespace {

// How the HTML draws each state of reachability[] (cluster/analysis/reach_matrix.hpp decides it):
// the cell's colour class and its symbol, one symbol per state.
struct Drawn {
  const char* state;
  const char* cls;
  const char* sym;
};
constexpr Drawn k_drawn[] = {{"ok", "ok", "✔"},          {"partial", "warn", "▲"},   {"slow", "warn", "s"},
                             {"mtu-black-hole", "error", "M"}, {"blocked", "error", "✖"}, {"not-probed", "none", "·"},
                             {"absent", "none", "?"}};

const Drawn& drawn(const std::string& state) {
  for (const auto& d : k_drawn)
    if (state == d.state) return d;
  return k_drawn[std::size(k_drawn) - 1];  // an unknown state is drawn as absent, never as reached
}

// One tooltip line per listed probe of each pair (probes[] may list only the failures).
std::map<std::pair<int, int>, std::string> probe_lines(const json& out) {
  std::map<std::pair<int, int>, std::string> lines;
  for (const auto& p : arr(out, "probes")) {
    if (!p.is_object() || !p.value("from", json()).is_number_integer() || !p.value("to", json()).is_number_integer()) continue;
    if (str(p, "what") != "" && str(p, "what") != "candidate") continue;
    bool echo = p.value("ok", false), data = p.value("carries_data", echo);
    std::string line = str(p, "addr") + ":" + str(p, "port");
    if (!str(p, "iface").empty()) line += " (" + str(p, "iface") + ")";
    line += echo && data ? " ✔ reached"
            : echo       ? " echo answered, bulk transfer lost"
                         : " ✖ " + (str(p, "error").empty() ? std::string("failed") : str(p, "error"));
    if (echo && p.value("rtt_us", std::int64_t{-1}) >= 0) line += fmt::format(", rtt {} µs", p["rtt_us"].get<std::int64_t>());
    lines[{p["from"].get<int>(), p["to"].get<int>()}] += "&#10;" + esc(line);
  }
  return lines;
}

std::string cell_title(const json& c) {
  std::string state = str(c, "state");
  if (state == "not-probed") return "not tested: no address of it was tried (outside the probe plan, or no candidate address)";
  if (state == "absent") return "a rank is absent (never joined, lost, or sent no results)";
  std::string t = fmt::format("{}: {}/{} addresses carried data", state, str(c, "carried"), str(c, "probes"));
  if (c.value("echo_only", 0) > 0) t += fmt::format(", {} with the echo only (bulk lost)", str(c, "echo_only"));
  if (c.value("best_rtt_us", std::int64_t{-1}) >= 0) t += fmt::format(", best rtt {} µs", str(c, "best_rtt_us"));
  return t;
}

}  // namespace

std::string matrix_section(const json& out) {
  const json& reach = arr(out, "reachability");
  if (reach.empty()) return "";
  auto hosts = hosts_by_rank(out);
  std::map<std::pair<int, int>, const json*> cells;
  std::set<int> rank_set;
  for (const auto& c : reach) {
    if (!c.is_object() || !c.value("from", json()).is_number_integer() || !c.value("to", json()).is_number_integer()) continue;
    int from = c["from"].get<int>(), to = c["to"].get<int>();
    rank_set.insert(from), rank_set.insert(to);
    cells[{from, to}] = &c;
  }
  for (int r : rank_set) hosts.emplace(r, "rank " + std::to_string(r));
  auto lines = probe_lines(out);
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
    svg += fmt::format("<text class=\"lab\" x=\"{0}\" y=\"{1}\" text-anchor=\"start\" transform=\"rotate(-45 {0} {1})\">{2}</text>\n",
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
        state = it == cells.end() ? "absent" : str(*it->second, "state");
        const Drawn& d = drawn(state);
        cls = d.cls, sym = d.sym;
        title += it == cells.end() ? "not in the JSON" : cell_title(*it->second);
        if (auto l = lines.find({from, to}); l != lines.end()) detail = l->second;
      }
      svg += fmt::format("<g class=\"cell {}\" data-state=\"{}\"><title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" "
                         "height=\"{}\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text></g>\n",
                         cls, esc(state), esc(title) + detail, x + 1, y + 1, cell - 2, cell - 2, x + cell / 2,
                         y + cell / 2 + 7, sym);
    }
  }
  svg += "</svg>\n";
  std::string slow_ms = out.is_object() && out.value("reachability_slow_rtt_us", json()).is_number_integer()
                            ? fmt::format("{}", out["reachability_slow_rtt_us"].get<std::int64_t>() / 1000)
                            : "?";
  return "<section aria-labelledby=\"matrix-h\"><h2 id=\"matrix-h\">Reachability matrix</h2>\n<p>Row: the node that "
         "probed; column: the node probed. ✔ every address reached, ▲ some, ✖ none, M small packets pass and the bulk "
         "transfer is lost (MTU black hole), s slow (best round trip above " + slow_ms +
         " ms), · not probed, ? rank absent. Hover a cell for its addresses.</p>\n" +
         svg + "</section>\n";
}

std::string ranks_section(const json& out) {
  std::vector<std::vector<std::string>> rows;
  std::string caption;
  std::vector<std::string> head;
  if (!arr(out, "ranks").empty()) {  // logs
    caption = "Ranks seen in the logs";
    head = {"rank", "host", "pid", "NCCL", "bootstrap", "transport", "state"};
    for (const auto& r : arr(out, "ranks")) {
      json boot = r.is_object() ? r.value("bootstrap", json()) : json();
      json net = r.is_object() ? r.value("net", json()) : json();
      rows.push_back({esc(str(r, "rank")), esc(str(r, "host")), esc(str(r, "pid")), esc(str(r, "nccl_version")),
                      boot.is_object() ? esc(str(boot, "iface") + " " + str(boot, "addr")) : "",
                      esc(str(net, "transport")), esc(str(r, "state"))});
    }
  } else if (!arr(out, "nodes").empty()) {  // preflight
    caption = "Nodes";
    head = {"rank", "host", "NCCL would use", "recommended interface"};
    json chosen = out.value("recommendation", json::object()).value("chosen", json::object());
    for (const auto& n : arr(out, "nodes")) {
      json boot = n.is_object() ? n.value("nccl", json::object()).value("prediction", json::object()).value("bootstrap", json())
                                : json();
      std::string host = str(n, "host");
      rows.push_back({esc(str(n, "rank")), esc(host), boot.is_object() ? esc(str(boot, "iface") + " " + str(boot, "addr")) : "none",
                      esc(str(chosen, host.c_str()))});
    }
  }
  if (rows.empty()) return "";
  return "<section aria-labelledby=\"ranks-h\"><h2 id=\"ranks-h\">Per rank</h2>\n" + table(caption, head, rows) + "</section>\n";
}

std::string interfaces_section(const json& out) {
  std::string body = interface_rows_table("Interfaces of " + str(out, "host"), arr(out, "interfaces"));
  for (const auto& n : arr(out, "nodes")) {
    body += interface_rows_table("Interfaces of " + str(n, "host") + " (rank " + str(n, "rank") + ")", arr(n, "interfaces"));
  }
  if (body.empty()) return "";
  return "<section aria-labelledby=\"if-h\"><h2 id=\"if-h\">Interface inventory</h2>\n" + body + "</section>\n";
}

}  // namespace dd::report::html
