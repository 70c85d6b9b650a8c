// Launcher prefixes: what a launcher writes before each line of a rank's output.
// - Open MPI 4 (ORTE) --tag-output: "[1,0]<stdout>:"; with --timestamp-output the ctime() stamp
//   comes first, unbracketed ("Fri Dec  4 12:00:00 2026[1,0]<stdout>:").
// - Open MPI 5 (PMIx pmix_iof.c): --output tag "[1,0]<stdout>: ", tag-fullname
//   "[prterun-host-123@1,0]<stdout>: ", tag-detailed "[1,0][host:pid]<stdout>: ", rank
//   "[0]<stdout>: "; timestamp "[Fri Dec  4 12:00:00 2026]" before the tag.
// - Horovod (runner/common/util/safe_shell_exec.py): "[1]<stderr>:", after an asctime() stamp
//   with --prefix-output-with-timestamp.
// - MPICH / Intel MPI -prepend-rank "[3] "; srun --label "%*d: " (right-aligned) and "P0 3: " for
//   a heterogeneous job's component; torchrun --tee "[default0]:", torch "[rank3]:", other
//   "[name]:" tags; kubectl logs --prefix "[pod/NAME/CONTAINER] "; Ray "(Worker pid=1, ip=..) ".
#include "logs/prefix_forms.hpp"

namespace dd::logs::prefix {

namespace {

constexpr std::string_view k_streams[] = {"<stdout>:", "<stderr>:", "<stddiag>:"};

// "<stdout>:" (and one space after it) at pos: its length, 0 when absent.
std::size_t stream_tag_len(std::string_view s, std::size_t pos) {
  std::string_view rest = s.substr(pos);
  for (std::string_view tag : k_streams) {
    if (starts(rest, tag)) return tag.size() + (rest.size() > tag.size() && rest[tag.size()] == ' ' ? 1 : 0);
  }
  return 0;
}

}  // namespace

std::size_t mpi_tag_len(std::string_view s, Stripped& out) {
  std::size_t i = 0;
  if (s.size() > 26 && s[0] == '[' && ctime_len(s.substr(1, 24)) == 24 && s[25] == ']') i = 26;  // PMIx timestamp
  if (i < s.size() && s[i] == '<') {
    std::size_t t = stream_tag_len(s, i);
    return t == 0 ? 0 : i + t;
  }
  if (i >= s.size() || s[i] != '[') return 0;
  std::size_t close = s.find(']', i);
  if (close == std::string_view::npos || close > i + 256) return 0;
  std::string_view inner = s.substr(i + 1, close - i - 1);
  std::size_t comma = inner.rfind(',');
  std::string_view job = comma == std::string_view::npos ? std::string_view{} : inner.substr(0, comma);
  std::string_view rank = comma == std::string_view::npos ? inner : inner.substr(comma + 1);
  int r = 0;
  if (rank.empty() || read_digits(rank, 0, r) != rank.size()) return 0;
  if (comma != std::string_view::npos && (job.empty() || job.find(' ') != std::string_view::npos)) return 0;
  std::size_t j = close + 1;
  std::string_view host;
  if (j < s.size() && s[j] == '[') {  // tag-detailed: [host:pid]
    std::size_t close2 = s.find(']', j);
    if (close2 == std::string_view::npos || close2 > j + 160) return 0;
    std::string_view detail = s.substr(j + 1, close2 - j - 1);
    std::size_t colon = detail.rfind(':');
    if (colon == std::string_view::npos || colon == 0 || detail.find(' ') != std::string_view::npos) return 0;
    host = detail.substr(0, colon);
    j = close2 + 1;
  }
  std::size_t t = stream_tag_len(s, j);
  if (t == 0) return 0;
  out.launcher_rank = r;
  if (!host.empty() && host != "unknown") out.host = host;
  return j + t;
}

std::size_t mpich_rank_len(std::string_view s, Stripped& out) {
  int r = 0;
  std::size_t n = read_digits(s, 1, r);
  if (n == 0 || n > 6 || 2 + n >= s.size() || s[1 + n] != ']' || s[2 + n] != ' ') return 0;
  out.launcher_rank = r;
  return 3 + n;
}

std::size_t srun_label_len(std::string_view s, Stripped& out) {
  std::size_t i = 0;
  if (s.size() > 3 && s[0] == 'P' && is_digit(s[1])) {  // heterogeneous job: "P0 3: "
    int comp = 0;
    std::size_t n = read_digits(s, 1, comp);
    if (n == 0 || 1 + n >= s.size() || s[1 + n] != ' ') return 0;
    i = 2 + n;
    while (i < s.size() && s[i] == ' ') ++i;
  }
  int v = 0;
  std::size_t n = read_digits(s, i, v);
  if (n == 0 || n > 6 || i + n + 1 >= s.size() || s[i + n] != ':' || s[i + n + 1] != ' ') return 0;
  out.launcher_rank = v;
  return i + n + 2;
}

std::size_t bracket_tag_len(std::string_view s, Stripped& out) {
  // torchrun --tee: [default0]:  torch: [rank3]:
  std::size_t close = s.find("]:");
  if (close != std::string_view::npos && close < 24 && close > 1 && is_digit(s[close - 1])) {
    std::size_t d = close;
    while (d > 1 && is_digit(s[d - 1])) --d;
    std::string_view name = s.substr(1, d - 1);
    if (name == "default" || name == "rank" || name == "Rank") {
      int v = 0;
      read_digits(s, d, v);
      out.launcher_rank = v;
      return close + 2;
    }
  }
  // Other launcher tags without spaces: [trainer0|0]: [worker-1]:
  if (close != std::string_view::npos && close > 1 && close < 48) {
    std::string_view name = s.substr(1, close - 1);
    bool ok = true;
    for (char c : name) ok = ok && (is_name_char(c) || c == '|' || c == '/');
    if (ok) return close + 2;
  }
  // kubectl logs --prefix: [pod/NAME/CONTAINER] (kubectl's logs.go addPrefixIfNeeded)
  std::size_t end = s.find("] ");
  if (end != std::string_view::npos && end > 4 && end < 160 && s.substr(1, 4) == "pod/" &&
      s.substr(1, end - 1).find(' ') == std::string_view::npos) {
    std::string_view ref = s.substr(5, end - 5);
    std::size_t slash = ref.find('/');
    if (slash != std::string_view::npos && slash > 0) out.host = ref.substr(0, slash);  // a pod's hostname is its name
    return end + 2;
  }
  return 0;
}

std::size_t ray_len(std::string_view s) {
  // Ray: (RayTrainWorker pid=11904, ip=10.0.0.1)
  std::size_t close = s.find(") ");
  if (close != std::string_view::npos && close < 160 && s.substr(0, close).find("pid=") != std::string_view::npos)
    return close + 2;
  return 0;
}

}  // namespace dd::logs::prefix
