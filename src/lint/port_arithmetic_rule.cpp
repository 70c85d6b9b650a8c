// lint.shell.port-out-of-range: the job id given as the port (`MASTER_PORT=$SLURM_JOB_ID`), or a port computed from the
// job id, `export MASTER_PORT=$((20000 + SLURM_JOB_ID))`, meant to give each job its own port. Job
// ids grow without bound over a cluster's life, and once 20000 + id passes 65535 the value is no
// TCP port (ports are 16 bits): the rendezvous store cannot listen on it, nor the others dial it.
//
// Read from the file's own lines: an arithmetic expansion $((...)) assigned to a name with PORT in
// it, or given to a --*port option / the port of --rdzv_endpoint. Its terms, added: integer
// literals, a Slurm job id (SLURM_JOB_ID, SLURM_JOBID, SLURM_ARRAY_JOB_ID; unbounded), and
// `NAME % M` (at most M - 1). Any other term (a product, a difference, another variable) is not
// judged. The fix bounds the job-id term with a modulo: `SLURM_JOB_ID % 10000` (a smaller modulo
// when the base leaves less room), so the port stays in [base, 65535].
#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "core/strings.hpp"
#include "lint/rules.hpp"

namespace dd::lint::detail {

namespace {

constexpr long long k_max_port = 65535;

struct Term {
  std::string text;        // as written, trimmed
  std::size_t offset = 0;  // where it starts in the expression
  enum Kind { number, job_id, modulo } kind = number;
  long long value = 0;         // number: the value; modulo: M
  bool of_job_id = false;      // modulo: `SLURM_JOB_ID % M`
  std::size_t modulus_at = 0;  // modulo: where M's digits start in the expression
  std::size_t modulus_len = 0;
};

bool job_id_name(std::string_view w) {
  w = core::trim(w);
  if (core::starts_with(w, "${") && w.size() > 3 && w.back() == '}')
    w = w.substr(2, w.size() - 3);
  else if (core::starts_with(w, "$"))
    w.remove_prefix(1);
  return w == "SLURM_JOB_ID" || w == "SLURM_JOBID" || w == "SLURM_ARRAY_JOB_ID";
}

// The terms of `expr` split at its top-level '+'; nullopt when a term is none of the known kinds.
std::optional<std::vector<Term>> terms_of(std::string_view expr) {
  std::vector<Term> out;
  std::size_t start = 0;
  int depth = 0;
  for (std::size_t i = 0; i <= expr.size(); ++i) {
    char c = i < expr.size() ? expr[i] : '+';
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c != '+' || depth != 0) continue;
    std::string_view raw = expr.substr(start, i - start);
    std::size_t lead = raw.find_first_not_of(" \t");
    if (lead == std::string_view::npos) return std::nullopt;
    std::string_view t = core::trim(raw);
    Term term{std::string(t), start + lead};
    if (t.size() > 2 && t.front() == '(' && t.back() == ')') t = core::trim(t.substr(1, t.size() - 2));
    auto pct = t.find('%');
    if (auto n = core::parse_int(t); n && *n >= 0) {
      term.value = *n;
    } else if (job_id_name(t)) {
      term.kind = Term::job_id;
    } else if (pct != std::string_view::npos) {
      auto mv = core::parse_int(core::trim(t.substr(pct + 1)));
      if (!mv || *mv <= 0) return std::nullopt;
      term.kind = Term::modulo;
      term.value = *mv;
      term.of_job_id = job_id_name(t.substr(0, pct));
      std::size_t at = expr.find('%', term.offset) + 1;
      while (at < expr.size() && (expr[at] == ' ' || expr[at] == '\t')) ++at;
      std::size_t end = at;
      while (end < expr.size() && std::isdigit(static_cast<unsigned char>(expr[end]))) ++end;
      term.modulus_at = at;
      term.modulus_len = end - at;
    } else {
      return std::nullopt;
    }
    out.push_back(std::move(term));
    start = i + 1;
  }
  return out;
}

// Where a port is given: the name or option before the expansion ("" when it is not a port).
std::string port_target(const std::string& before) {
  static const std::regex assign(R"(([A-Za-z0-9_]*PORT[A-Za-z0-9_]*)="?$)");
  static const std::regex option(R"((--[a-z_-]*port)[= ]"?$)");
  static const std::regex endpoint(R"((--rdzv[_-]endpoint)[= ]"?[^ ]*:"?$)");
  std::smatch m;
  std::string tail = before.size() > 200 ? before.substr(before.size() - 200) : before;
  if (std::regex_search(tail, m, assign)) return m.str(1);
  if (std::regex_search(tail, m, option)) return m.str(1);
  if (std::regex_search(tail, m, endpoint)) return m.str(1) + "'s port";
  return "";
}

}  // namespace

namespace {

// The job id given as the port itself (`MASTER_PORT=$SLURM_JOB_ID`, `--master_port ${SLURM_JOBID}`,
// `--rdzv_endpoint=node0:$SLURM_JOB_ID`; stranger fix-2026-12-07n p03): a port only while the id is
// at most 65535. One finding per line, one edit for every such port on it: each gets 10000-59999
// from the job id. SLURM_ARRAY_JOB_ID is the same for every task of an array, so its edit uses
// SLURM_JOB_ID, which each array task has of its own.
void bare_job_id_port(FileContext& ctx, int n, const std::string& line) {
  static const std::regex id(R"(\$(\{)?(SLURM_JOB_ID|SLURM_JOBID|SLURM_ARRAY_JOB_ID)(\})?(?![A-Za-z0-9_]))");
  struct Hit {
    std::size_t at, len;
    std::string said, name;
  };
  std::vector<Hit> hits;
  for (auto it = std::sregex_iterator(line.begin(), line.end(), id); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    if (m[1].matched != m[3].matched) continue;  // `${SLURM_JOB_ID:-0}` and the like: not judged
    const auto at = static_cast<std::size_t>(m.position(0));
    std::string target = port_target(line.substr(0, at));
    if (target.empty()) continue;
    hits.push_back({at, static_cast<std::size_t>(m.length(0)), target + " " + m.str(0), m.str(2)});
  }
  if (hits.empty()) return;
  std::string fixed = line, said;
  bool array = false;
  for (auto h = hits.rbegin(); h != hits.rend(); ++h) {
    array = array || h->name == "SLURM_ARRAY_JOB_ID";
    const std::string name = h->name == "SLURM_ARRAY_JOB_ID" ? "SLURM_JOB_ID" : h->name;
    fixed.replace(h->at, h->len, "$((10000 + " + name + " % 50000))");
  }
  for (const auto& h : hits) said += (said.empty() ? "" : ", ") + h.said;
  auto& f = ctx.add("lint.shell.port-out-of-range", core::Label::config_typo, core::Severity::warning,
                    "the job id is given as a port (" + said +
                        "): a port only while the id is at most 65535, the largest TCP port; job ids grow over a "
                        "cluster's life (millions are common), and above that the rendezvous cannot listen on it, "
                        "nor the other nodes dial it",
                    n, LineEdit{n, n, fixed});
  f.evidence.push_back("after the fix: 10000-59999 (the job id modulo 50000, above 10000)");
  if (array)
    f.evidence.push_back(
        "SLURM_ARRAY_JOB_ID is the same for every task of a job array: the fix uses SLURM_JOB_ID, "
        "which each array task has of its own");
}

}  // namespace

void port_arithmetic_rule(FileContext& ctx) {
  for (int n = 1; n <= ctx.line_count(); ++n) {
    std::string line(ctx.line_text(n));
    if (core::starts_with(core::trim(line), "#") || line.size() > 4096) continue;
    bare_job_id_port(ctx, n, line);
    for (std::size_t open = line.find("$(("); open != std::string::npos; open = line.find("$((", open + 3)) {
      auto close = line.find("))", open + 3);
      if (close == std::string::npos) break;
      std::string target = port_target(line.substr(0, open));
      if (target.empty()) continue;
      std::string expr = line.substr(open + 3, close - open - 3);
      auto terms = terms_of(expr);
      if (!terms) continue;
      long long base = 0, bounded = 0;
      int jobs = 0;
      const Term* job = nullptr;   // the unbounded job-id term
      const Term* wide = nullptr;  // SLURM_JOB_ID % M with an M that leaves the port range
      for (const auto& t : *terms) {
        if (t.kind == Term::number) base += t.value;
        if (t.kind == Term::modulo) bounded += t.value - 1;
        if (t.kind == Term::job_id) job = &t, ++jobs;
        if (t.kind == Term::modulo && t.of_job_id) wide = &t, ++jobs;
      }
      if (jobs != 1) continue;  // no job id, or two: not judged
      bool unbounded = job != nullptr;
      if (!unbounded && base + bounded <= k_max_port) continue;
      long long others = wide ? bounded - (wide->value - 1) : bounded;  // the other modulo terms' largest sum
      long long modulus = std::min<long long>(10000, k_max_port + 1 - base - others);
      std::string expansion = line.substr(open, close + 2 - open);
      std::string title = target + "=" + expansion + " can be above 65535, the largest TCP port: " +
                          (unbounded ? "it is for every job id above " + std::to_string(k_max_port - base - bounded)
                                     : "it reaches " + std::to_string(base + bounded)) +
                          "; the rendezvous then cannot listen on it, nor the other nodes dial it";
      if (modulus < 1 || base < 1) {
        ctx.add("lint.shell.port-out-of-range", core::Label::config_typo, core::Severity::warning, std::move(title), n,
                "keep the computed port within 1024-65535, e.g. a job-id term modulo the room left above the base");
        continue;
      }
      std::string fixed_expr = expr;
      if (job) {
        fixed_expr.insert(job->offset + job->text.size(), " % " + std::to_string(modulus));
      } else {
        fixed_expr.replace(wide->modulus_at, wide->modulus_len, std::to_string(modulus));
      }
      std::string fixed = line.substr(0, open + 3) + fixed_expr + line.substr(close);
      auto& f = ctx.add("lint.shell.port-out-of-range", core::Label::config_typo, core::Severity::warning,
                        std::move(title), n, LineEdit{n, n, fixed});
      f.evidence.push_back("after the fix: " + std::to_string(base) + "-" +
                           std::to_string(base + others + modulus - 1) + " (the job id modulo " +
                           std::to_string(modulus) + ")");
    }
  }
}

}  // namespace dd::lint::detail
