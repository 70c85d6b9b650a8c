// One row per Activity: the key a node's report carries (meet.cpp, `watch --json`) and the words a
// finding says. A new Activity is one row here, not a case in each of three switches.
#include <array>
#include <utility>

#include "watch/diagnose.hpp"
#include "watch/merge.hpp"

namespace dd::watch {

namespace {

struct ActivityNames {
  Activity activity;
  std::string_view key;    // in reports and JSON: stable, never reworded
  std::string_view words;  // in findings and evidence
};

constexpr std::array k_activity_names = {
    ActivityNames{Activity::in_collective, "waiting", "waiting for its peers"},
    ActivityNames{Activity::reading_input, "reading_input", "reading input"},
    ActivityNames{Activity::elsewhere, "elsewhere", "outside the collectives"},
    ActivityNames{Activity::computing, "computing", "computing"},
    ActivityNames{Activity::stopped, "stopped",
                  "stopped (process state T or t: SIGSTOP, Ctrl-Z or a debugger holds it)"},
    ActivityNames{Activity::sleeping, "sleeping", "sleeping"},
    ActivityNames{Activity::raised, "raised", "alive after an uncaught exception"},
    ActivityNames{Activity::waiting_child, "waiting_child", "waiting for its own child process"},
    ActivityNames{Activity::at_store, "at_store", "waiting at the torch store"},
    ActivityNames{Activity::store_wait, "store_wait", "blocked in a receive from the torch store"},
    ActivityNames{Activity::file_lock, "file_lock", "blocked taking a file lock"},
    ActivityNames{Activity::pipe_write, "pipe_write", "blocked writing to a pipe"},
    ActivityNames{Activity::stdin_wait, "stdin_wait", "waiting on its standard input"},
    ActivityNames{Activity::throttled, "throttled", "throttled by its cgroup's CPU quota"},
    ActivityNames{Activity::memory_wait, "memory_wait", "waiting for memory in the kernel"},
    ActivityNames{Activity::storage_write, "storage_write", "blocked writing to storage"},
    ActivityNames{Activity::frozen, "frozen", "frozen by a cgroup freezer"},
};

// Every Activity has its row, in the enum's order (frozen is the last enumerator).
constexpr bool rows_in_enum_order() {
  for (std::size_t i = 0; i < k_activity_names.size(); ++i) {
    if (static_cast<std::size_t>(k_activity_names[i].activity) != i) return false;
  }
  return k_activity_names.size() == static_cast<std::size_t>(Activity::frozen) + 1;
}
static_assert(rows_in_enum_order(), "k_activity_names: one row per Activity, in the enum's order");

const ActivityNames& names_of(Activity a) { return k_activity_names.at(static_cast<std::size_t>(a)); }

}  // namespace

std::string_view to_string(Activity a) { return names_of(a).words; }

std::string_view activity_key(Activity a) { return names_of(a).key; }

std::optional<Activity> activity_from_key(std::string_view key) {
  for (const auto& row : k_activity_names) {
    if (row.key == key) return row.activity;
  }
  return std::nullopt;
}

}  // namespace dd::watch
