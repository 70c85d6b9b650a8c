#include "report/html_report.hpp"

#include "report/html_escape.hpp"
#include "report/html_sections.hpp"

namespace dd::report {

namespace {

// Inline style: colour always paired with a symbol; A4 print layout.
constexpr const char* k_css = R"(
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:60rem;color:#1b1b1b;background:#fff;line-height:1.4}
h1{font-size:1.5rem}h2{font-size:1.2rem;border-bottom:1px solid #ccc;padding-bottom:.2rem;margin-top:2rem}h3{font-size:1rem;margin:.2rem 0}
.verdict{padding:1rem;border-radius:.4rem;border:2px solid;font-size:1.1rem}
.verdict.ok{background:#e6f4ea;border-color:#1e7e34}.verdict.warn{background:#fff4d6;border-color:#b07d00}.verdict.error{background:#fde7e9;border-color:#b00020}
.verdict .big{font-size:1.6rem;font-weight:bold}
pre{background:#f4f4f4;padding:.6rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
.finding{border-left:.35rem solid #999;padding:.3rem .8rem;margin:.8rem 0;background:#fafafa}
.finding.error{border-color:#b00020}.finding.warn{border-color:#b07d00}.finding.info{border-color:#1a5fb4}
.finding.error .sym{color:#b00020}.finding.warn .sym{color:#b07d00}.finding.info .sym{color:#1a5fb4}
.meta{color:#555;font-size:.9rem;margin:.2rem 0}.evidence{font-size:.85rem;margin:.3rem 0}code{word-break:break-all}
table{border-collapse:collapse;margin:.8rem 0;font-size:.9rem}caption{text-align:left;font-weight:bold;padding:.3rem 0}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}th{background:#eee}
svg.matrix text{font-size:13px;font-family:sans-serif}svg.matrix .cell text{font-size:20px;font-weight:bold}
.cell.ok rect{fill:#2e9e4f}.cell.warn rect{fill:#e0a800}.cell.error rect{fill:#c62828}.cell.self rect{fill:#ddd}.cell.none rect{fill:#f2f2f2;stroke:#bbb}
.cell.ok text,.cell.error text{fill:#fff}.cell.warn text,.cell.self text,.cell.none text{fill:#222}
footer{margin-top:2rem;color:#666;font-size:.8rem}
@media print{@page{size:A4;margin:15mm}body{margin:0;max-width:none;font-size:10pt}pre{white-space:pre-wrap}
 .finding,table,svg{break-inside:avoid}.verdict{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 svg{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
)";

}  // namespace

std::string render_html_report(const Outcome& out) {
  const std::string& command = out.command;
  const std::string& host = out.host;
  auto v = verdict_of(out);
  std::string title = "distdoctor " + command + (host.empty() ? "" : " on " + host);
  std::string doc =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src "
      "data:\">\n"
      "<title>" +
      html_escape(title) + "</title>\n<style>" + k_css + "</style>\n</head>\n<body>\n<main>\n";
  doc += "<h1>" + html_escape(title) + "</h1>\n";
  doc += "<section aria-labelledby=\"verdict-h\"><h2 id=\"verdict-h\">Verdict</h2>\n<div class=\"verdict " + v.level +
         "\" data-verdict=\"" + html_escape(v.text) + "\"><span class=\"big\"><span aria-hidden=\"true\">" +
         html::symbol(v.level) + "</span> " + html_escape(v.text) + "</span><br>" + html_escape(v.reason) +
         "</div>\n</section>\n";
  doc += html::fix_section(out);
  doc += html::findings_section(out);
  doc += html::matrix_section(out);
  doc += html::ranks_section(out);
  doc += html::interfaces_section(out);
  doc += "<footer>Written by distdoctor " + html_escape(command) +
         "; the same data is in <code>--json</code>. Self-contained: no scripts, no network.</footer>\n";
  return doc + "</main>\n</body>\n</html>\n";
}

}  // namespace dd::report
