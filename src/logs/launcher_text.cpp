// Launcher and framework texts around NCCL: Horovod's stall inspector and shutdown status, torch
// elastic's agent and its ChildFailedError table, DeepSpeed's launcher, accelerate launch's
// CalledProcessError and Lightning's process registration. The texts, read from each project's
// source (origins in data/message_catalogue.json):
// - Horovod horovod/common/stall_inspector.cc, common.h (v0.28.1): the stall warning, then
//   "Missing ranks:" and one line per rank "R: [name, name ...]" ("R!: " past the shutdown time);
// - torch torch/distributed/elastic/multiprocessing/api.py, errors/__init__.py;
// - DeepSpeed deepspeed/launcher/launch.py; accelerate src/accelerate/commands/launch.py (the text
//   is CPython's subprocess.CalledProcessError, the last line of any launcher that runs its workers
//   through subprocess.run(check=True)); Lightning src/lightning/fabric/utilities/distributed.py.
#include <charconv>

#include "logs/line_classifier.hpp"
#include "logs/text_scan.hpp"

namespace dd::logs::detail {

namespace {

constexpr auto npos = std::string_view::npos;

bool has(std::string_view s, std::string_view n) { return s.find(n) != npos; }

// The integer (sign allowed) right after the first `key` in s; false when absent.
bool int_after(std::string_view s, std::string_view key, int& out) {
  std::size_t p = s.find(key);
  if (p == npos) return false;
  const char* first = s.data() + p + key.size();
  const char* last = s.data() + s.size();
  if (last - first > 12) last = first + 12;
  auto [end, ec] = std::from_chars(first, last, out);
  return ec == std::errc() && end != first;
}

// The run of characters after `key` up to the first of `stops` (at most 64), empty when absent.
std::string_view token_after(std::string_view s, std::string_view key, std::string_view stops = " )") {
  std::size_t p = s.find(key);
  if (p == npos) return {};
  p += key.size();
  std::size_t e = p;
  while (e < s.size() && stops.find(s[e]) == npos && e - p < 64) ++e;
  return s.substr(p, e - p);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// "R: [a, b]" / "R!: [a ...]", the whole (trimmed) line.
bool classify_missing_rank(std::string_view line, LineEvent& ev) {
  std::string_view s = trim(line);
  std::size_t i = 0;
  int rank = 0;
  while (i < s.size() && is_digit(s[i]) && i < 7) rank = rank * 10 + (s[i++] - '0');
  if (i == 0) return false;
  bool marked = i < s.size() && s[i] == '!';
  if (marked) ++i;
  if (!starts(s.substr(i), ": [") || s.back() != ']' || s.size() < i + 5) return false;
  ev.kind = EventKind::horovod_missing_rank;
  ev.rank = rank;
  ev.marked = marked;
  ev.text = s.substr(i + 3, s.size() - i - 4);
  return true;
}

// One row of torch elastic's ChildFailedError table ("  rank      : 3 (local_rank: 3)").
bool classify_failure_row(std::string_view line, LineEvent& ev) {
  std::string_view s = trim(line);
  if (starts(s, "Root Cause (first observed failure)")) {
    ev.text = "root-cause";
  } else if (starts(s, "host      : ")) {
    ev.text = "host";
    ev.iface = trim(s.substr(12));
  } else if (starts(s, "rank      : ") && has(s, "(local_rank: ")) {
    ev.text = "rank";
    if (!int_after(s, "rank      : ", ev.rank) || !int_after(s, "(local_rank: ", ev.local_rank)) return false;
  } else if (starts(s, "exitcode  : ") && has(s, "(pid: ")) {
    ev.text = "exitcode";
    if (!int_after(s, "exitcode  : ", ev.exit_code)) return false;
    ev.pid = token_after(s, "(pid: ");
  } else if (starts(s, "traceback : Signal ") && has(s, " received by PID ")) {
    ev.text = "signal";
    int sig = 0;
    if (!int_after(s, "traceback : Signal ", sig)) return false;
    ev.exit_code = -sig;
    ev.err_text = token_after(s, "(", ")");
    ev.pid = token_after(s, " received by PID ");
  } else {
    return false;
  }
  ev.kind = EventKind::elastic_failure_row;
  return true;
}

}  // namespace

bool classify_launcher_text(std::string_view line, LineEvent& ev) {
  // Horovod
  if (has(line, "submitted to be reduced, gathered or broadcasted by subset of ranks")) {
    ev.kind = EventKind::horovod_stall;
    return true;
  }
  if (has(line, "Horovod has been shut down") || has(line, "is stalled for longer than")) {
    ev.kind = EventKind::horovod_shutdown;
    return true;
  }
  if (!line.empty() && (is_digit(line[0]) || line[0] == ' ') && classify_missing_rank(line, ev)) return true;
  // torch elastic's agent (api.py) and its ChildFailedError table (errors/__init__.py)
  if (has(line, "failed (exitcode: ") && has(line, ") local_rank: ")) {
    if (!int_after(line, "failed (exitcode: ", ev.exit_code)) return false;
    int_after(line, ") local_rank: ", ev.local_rank);
    ev.pid = token_after(line, "(pid: ");
    ev.kind = EventKind::elastic_child_failed;
    return true;
  }
  if (std::size_t p = line.find("Sending process "); p != npos && has(line, " closing signal ")) {
    ev.kind = EventKind::elastic_closing_signal;
    ev.pid = token_after(line.substr(p), "Sending process ");
    ev.text = token_after(line, " closing signal ");
    return true;
  }
  if (line.size() < 120 && (line[0] == ' ' || line[0] == 'R' || line[0] == 'h' || line[0] == 'r' || line[0] == 'e' ||
                            line[0] == 't') &&
      classify_failure_row(line, ev))
    return true;
  // DeepSpeed's launcher (launch.py sigkill_handler) and accelerate launch (CalledProcessError)
  if (has(line, "exits with return code = ")) {
    if (!int_after(line, "exits with return code = ", ev.exit_code)) return false;
    int_after(line, "--local_rank=", ev.local_rank);
    ev.kind = EventKind::launcher_exit;
    ev.text = "deepspeed";
    return true;
  }
  if (has(line, "CalledProcessError: Command '")) {
    if (!int_after(line, "returned non-zero exit status ", ev.exit_code)) {
      std::string_view name = token_after(line, "died with <Signals.", ":");
      int sig = 0;
      if (name.empty() || !int_after(line.substr(line.find("died with <Signals.")), ": ", sig)) return false;
      ev.exit_code = -sig;
      ev.err_text = name;
    }
    int_after(line, "--local_rank=", ev.local_rank);
    ev.kind = EventKind::launcher_exit;
    ev.text = "subprocess";
    return true;
  }
  // Lightning (fabric/utilities/distributed.py _init_dist_connection)
  if (has(line, "Initializing distributed: GLOBAL_RANK: ")) {
    if (!int_after(line, "GLOBAL_RANK: ", ev.rank)) return false;
    if (std::string_view m = token_after(line, "MEMBER: ", " \r"); !m.empty() && m.find('/') != npos)
      int_after(m, "/", ev.nranks);
    ev.kind = EventKind::rank_registered;
    return true;
  }
  if (has(line, "All distributed processes registered. Starting with ")) {
    int_after(line, "Starting with ", ev.nranks);
    ev.kind = EventKind::all_registered;
    return true;
  }
  return false;
}

}  // namespace dd::logs::detail
