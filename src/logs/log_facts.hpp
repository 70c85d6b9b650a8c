// LogFacts: everything distdoctor keeps from a set of logs, built line by line (fact_builder.hpp)
// and read by the rules (rules.hpp). Its size depends on the number of ranks and distinct
// problems, never on the number of lines: evidence lists, peers and processes are capped.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/finding.hpp"
#include "logs/line_event.hpp"

namespace dd::logs {

inline constexpr std::size_t k_max_evidence = 5;       // lines kept per signal
inline constexpr std::size_t k_max_processes = 65536;  // distinct host:pid kept
inline constexpr std::size_t k_max_peers = 64;         // distinct failed peers kept
inline constexpr std::size_t k_max_text = 200;         // characters kept per evidence line

// One line that proves something: "train.log:42: <text>".
struct Evidence {
  std::string file;
  std::uint64_t line = 0;
  std::string text;
  std::string where() const;  // "file:line: text"
  bool empty() const { return line == 0; }
};

// A connect/recv that failed, grouped by (addr, port, error).
struct PeerFailure {
  std::string addr;  // empty when the line named none
  int port = -1;
  ConnError err = ConnError::none;
  std::string err_text;
  std::uint64_t count = 0;
  std::set<std::string> hosts;  // who failed to reach it
  Evidence first;
  bool final_seen = false;  // a line of it was a final failure, not only a catalogue entry marked "retried"
};

// A communicator rank hosted by a process.
struct CommRank {
  int rank = -1;
  int nranks = -1;
  int dev = -1;
};

// One NCCL collective call as NCCL_DEBUG_SUBSYS=COLL logs it.
struct CollCall {
  std::string name;  // "AllReduce"
  std::int64_t count = -1;
  int datatype = -1, op = -1, root = -1;
  bool same(const CollCall& o) const {
    return name == o.name && count == o.count && datatype == o.datatype && op == o.op && root == o.root;
  }
  std::string describe() const;  // "AllReduce count 1024 datatype 7 op 0 root 0"
};

// One communicator of a process, as its COLL lines show it.
struct CommTrace {
  std::string comm;  // the address as printed (differs between processes)
  int nranks = -1;
  std::int64_t last_op = -1;  // highest opCount logged
  std::int64_t op = -1;       // the opCount of the previous line, and how many calls it had (a group
  int calls_in_op = 0;        // launches several calls under one opCount)
  std::uint64_t calls = 0;
  Evidence last_line;
};

struct ProcessState;

// A call one process logged at a position: (communicator ordinal, nranks, opCount, index in it).
struct CollSeen {
  const ProcessState* process = nullptr;
  CollCall call;
  Evidence evidence;
};

// Two processes that logged different collectives at the same position.
struct CollMismatch {
  int ordinal = 0, nranks = -1;
  std::int64_t op_count = -1;
  CollSeen first, other;
};

// One process (host:pid) as its NCCL lines describe it.
struct ProcessState {
  std::string host, pid;
  std::vector<int> devices;
  std::vector<CommRank> ranks;  // capped at 16
  std::string nccl_version;     // "2.7.8+cuda10.2"
  std::string bootstrap_iface, bootstrap_addr;
  std::vector<std::pair<std::string, std::string>> socket_ifaces;  // NET/Socket list (or 2.3 NET list)
  std::vector<Evidence> iface_lines;                               // the lines that named the interfaces (capped at 4)
  std::string transport;                                           // "IB", "Socket", a plugin name, or empty
  std::string net_plugin;           // "internal", the external net plugin's name or path, or empty (not printed)
  Evidence plugin_line;             // the line that said so
  std::string ib_devices;           // "[0]mlx5_0:1/RoCE ..."
  std::string oob_iface, oob_addr;  // NET/IB's "; OOB ibp75s0:192.168.0.103<0>": its socket interface
  Evidence ib_line;                 // the NET/IB : Using line
  bool ib_none = false;
  bool libibverbs_missing = false;
  std::string ifname_env;  // NCCL_SOCKET_IFNAME as NCCL reported it
  std::string ib_hca_env;  // NCCL_IB_HCA as NCCL reported it
  bool init_complete = false;
  bool rings_connected = false;
  std::uint64_t lines = 0;
  int last_file = -1;  // index into LogFacts::files of last_activity (its name is filled at the end)
  Evidence first_seen, last_activity, first_warning, first_error;
  std::vector<PeerFailure> failed_peers;  // capped at 8
  std::vector<CommTrace> comms;           // communicators seen in COLL lines, in order of first call (capped at 8)
};

// A torch watchdog timeout of one rank.
struct WatchdogHit {
  std::int64_t seq = -1;
  std::string op;
  Evidence evidence;
  std::string host;  // the host its line named (NCCL header or a collector prefix), empty when none
};

// Every line of one kind: how many, the first few, and where.
struct Signal {
  std::uint64_t count = 0;
  std::vector<Evidence> evidence;
  std::set<std::string> hosts;
  std::set<int> ranks;
  std::string text;                    // the first line's payload (kind-specific)
  std::set<std::string_view> entries;  // ids of the catalogue entries that recognised its lines (static data)
};

// A rank named by an nccl-tests "# Rank N Pid P on HOST device D" line.
struct TestsRank {
  std::string host, pid;
  int dev = -1;
};

// One report of Horovod's stall inspector: the ranks that had not submitted tensors other ranks
// submitted, each with the names Horovod listed (it lists at most six and then " ...").
struct HorovodStall {
  Evidence header;
  std::map<int, std::vector<std::string>> missing;  // rank -> tensor names (capped at 64 ranks)
  std::set<int> marked;                             // ranks with "!": stalled past the shutdown time
  bool truncated = false;                           // a list ended in "...": not every name is known
  std::vector<Evidence> lines;                      // the "Missing ranks" lines (capped at k_max_evidence)
};

// A worker a launcher reported failed: torch elastic's agent line or a row group of its
// ChildFailedError table, DeepSpeed's launcher, a launcher's CalledProcessError.
struct LauncherFailure {
  std::string source;  // "torch elastic", "deepspeed", "subprocess"
  int rank = -1, local_rank = -1;
  int exit_code = k_no_exit_code;
  std::string signal;  // "SIGKILL" when the table or the error named it
  std::string host, pid;
  bool root_cause = false;  // the table's "Root Cause (first observed failure)"
  Evidence evidence;        // the first line that named it
};

// Open MPI's verbose match lines for one (process, source address): the interface indices whose
// known address it did not match, of how many, the known addresses named, the first line.
struct MpiUnmatched {
  std::string process, source;
  std::set<int> failed;
  int of = 0;
  std::set<std::string> known;
  Evidence evidence;
};

// A connection an MPI launcher or transport could not make (hydra's proxy to mpiexec, hydra's own
// socket error, Open MPI's TCP BTL to a peer's address): the kind, the target, the error as printed.
struct MpiConnectFailure {
  EventKind kind = EventKind::none;
  std::string addr;
  int port = -1;
  std::string err;
  Evidence evidence;
};

inline constexpr std::size_t k_event_kinds = static_cast<std::size_t>(EventKind::error_line) + 1;

struct LogFacts {
  std::vector<std::string> files;
  std::uint64_t lines = 0, bytes = 0, nccl_lines = 0, cut_lines = 0;
  std::uint64_t dropped_processes = 0;
  std::vector<std::unique_ptr<ProcessState>> processes;  // in order of first appearance
  std::array<Signal, k_event_kinds> signals;
  std::vector<PeerFailure> peers;        // all processes and free text, capped at k_max_peers
  std::map<int, WatchdogHit> watchdogs;  // by rank (-1 - file index when no rank is known)
  std::map<int, TestsRank> tests_ranks;
  std::set<std::string> hosts;
  // Every NCCL release printed ("NCCL version 2.7.8+cuda10.2" -> "2.7.8"), with the first line that
  // printed it, also where no process is known (a file per node without headers); capped at 16.
  std::map<std::string, Evidence, std::less<>> nccl_versions;
  // NET/IB channel lines with and without GPUDirect RDMA ("via NET/IB/0/GDRDMA" vs "via NET/IB/1").
  std::uint64_t ib_channels_gdr = 0, ib_channels_plain = 0;
  Evidence first_gdr_channel, first_plain_channel;
  // The first TF_CONFIG TensorFlow printed, as JSON (empty when none or not plain data), its line,
  // and what the TF_CONFIG check given to the analyzer (analyzer.hpp) found wrong in it.
  std::string tf_config_json;
  Evidence tf_config_line;
  std::vector<core::Finding> tf_config_findings;
  // NCCL_DEBUG_SUBSYS=COLL across processes: the first call logged at each position
  // (communicator ordinal, nranks, opCount, index within the opCount; capped), and the positions
  // where another process logged a different collective (capped at 4). Send/Recv are not compared.
  std::map<std::tuple<int, int, std::int64_t, int>, CollSeen> coll_first;
  std::vector<CollMismatch> coll_mismatches;
  std::uint64_t coll_calls = 0;
  // Launchers and frameworks: Horovod stall reports (the first 4), failed workers (capped at 64),
  // the processes torch elastic's agent closed, Lightning's registered ranks and world size.
  std::vector<HorovodStall> horovod_stalls;
  // Open MPI's "Match incoming connection ... failed (iface i/N)" lines, by process and source (the first 8).
  std::vector<MpiUnmatched> mpi_unmatched;
  // hydra's and Open MPI's failed connects, one per (kind, target) (the first 8).
  std::vector<MpiConnectFailure> mpi_connects;
  std::uint64_t horovod_stall_reports = 0;
  std::vector<LauncherFailure> launcher_failures;
  std::uint64_t closed_processes = 0;
  std::set<int> registered_ranks;
  int registered_world = -1;

  const Signal& signal(EventKind k) const { return signals[static_cast<std::size_t>(k)]; }
  Signal& signal(EventKind k) { return signals[static_cast<std::size_t>(k)]; }
};

}  // namespace dd::logs
