#include "logs/fact_builder.hpp"

#include "core/utf8.hpp"
#include "logs/address_text.hpp"
#include "logs/line_classifier.hpp"
#include "logs/message_catalogue.hpp"
#include "logs/tf_config_text.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>

namespace dd::logs {

namespace {

constexpr std::size_t k_max_ranks_per_signal = 4096;
constexpr std::size_t k_max_hosts_per_signal = 64;
constexpr std::size_t k_max_watchdogs = 100000;
constexpr std::size_t k_max_tf_config = 65536;  // bytes of a printed TF_CONFIG kept
constexpr std::size_t k_max_mpi_unmatched = 8, k_max_mpi_connects = 8;
constexpr std::size_t k_max_stalls = 4, k_max_stall_ranks = 64, k_max_failures = 64;

// Evidence text: at most k_max_text bytes, never cutting a UTF-8 character in half.
std::string clip(std::string_view s) { return core::shorten_utf8(s, k_max_text); }

// What precedes the message the catalogue recognised: `body` up to the first literal of the
// entry's "has" (the message's own text stays in the catalogue), or nothing when the entry has none.
std::string_view before_message(std::string_view body, const LineEvent& ev) {
  if (ev.catalogue_entry < 0) return {};
  const auto& has = message_catalogue()[static_cast<std::size_t>(ev.catalogue_entry)].match.has;
  if (has.empty() || has.front().empty()) return {};
  std::size_t at = body.find(has.front().front());
  return at == std::string_view::npos ? std::string_view{} : body.substr(0, at);
}

// Kinds that are worth keeping as signals: not plain activity, and not the per-process state
// lines (kept in ProcessState instead).
bool is_signal(EventKind k) {
  switch (k) {
    case EventKind::none:
    case EventKind::nccl_info:
    case EventKind::net_channel:
    case EventKind::progress:
    case EventKind::comm_rank:
    case EventKind::init_complete:
    case EventKind::rings_connected:
    case EventKind::bootstrap_iface:
    case EventKind::socket_ifaces:
    case EventKind::legacy_iface:
    case EventKind::ib_devices:
    case EventKind::iface_list_entry:
    case EventKind::net_plugin:
    case EventKind::coll_call:
    case EventKind::horovod_missing_rank:
    case EventKind::elastic_failure_row:
    case EventKind::using_network:
      return false;
    default:
      return true;
  }
}

// NCCL lines that describe a process's setup (kept in ProcessState).
bool is_state_kind(EventKind k) {
  switch (k) {
    case EventKind::bootstrap_iface:
    case EventKind::socket_ifaces:
    case EventKind::legacy_iface:
    case EventKind::iface_list_entry:
    case EventKind::ib_devices:
    case EventKind::ib_none:
    case EventKind::using_network:
    case EventKind::net_plugin:
    case EventKind::ifname_env:
    case EventKind::ib_hca_env:
      return true;
    default:
      return false;
  }
}

bool is_error_kind(EventKind k) {
  switch (k) {
    case EventKind::no_socket_iface:
    case EventKind::ib_length_error:
    case EventKind::subnet_mismatch:
    case EventKind::bad_socket_family:
    case EventKind::ib_error:
    case EventKind::shm_error:
    case EventKind::p2p_error:
    case EventKind::collective_mismatch:
    case EventKind::message_truncated:
    case EventKind::hostname_error:
    case EventKind::gloo_iface_missing:
    case EventKind::gloo_host_unusable:
    case EventKind::socket_type_mismatch:
    case EventKind::tf_config_error:
    case EventKind::grpc_unavailable:
    case EventKind::windows_no_nccl:
    case EventKind::resource_limit:
    case EventKind::driver_version:
    case EventKind::driver_error:
    case EventKind::nvls_error:
    case EventKind::endpoint_invalid:
    case EventKind::gpu_arch_unsupported:
    case EventKind::opaque_error:
    case EventKind::blas_library_unreadable:
    case EventKind::blas_library_unloadable:
    case EventKind::bus_error:
    case EventKind::graph_capture_unsupported:
    case EventKind::cuda_not_ready:
    case EventKind::cuda_not_supported:
    case EventKind::duplicate_gpu:
    case EventKind::unique_id_timeout:
    case EventKind::ray_trials_failed:
    case EventKind::nccl_symbol_missing:
    case EventKind::mpi_unexpected_peer:
    case EventKind::mpi_host_lookup:
    case EventKind::mpi_connect_server:
    case EventKind::mpi_connect_error:
    case EventKind::mpi_tcp_connect_failed:
    case EventKind::tf_session_ready:
    case EventKind::horovod_stall:
    case EventKind::elastic_child_failed:
    case EventKind::rendezvous_timeout:
    case EventKind::launcher_exit:
    case EventKind::watchdog_timeout:
    case EventKind::env_var_unset:
    case EventKind::tf_nccl_op_missing:
    case EventKind::port_in_use:
    case EventKind::gloo_addr_not_local:
    case EventKind::store_listen_failed:
    case EventKind::store_libuv_missing:
    case EventKind::gpu_ordinal_invalid:
    case EventKind::gpus_requested_absent:
    case EventKind::checkpoint_parallel_mismatch:
    case EventKind::horovod_device_mismatch:
    case EventKind::shm_segment_missing:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string Evidence::where() const { return file + ":" + std::to_string(line) + ": " + text; }

// ncclDataType_t and ncclRedOp_t values as nccl.h numbers them (2.28.9; 0-8 since 2.0).
std::string CollCall::describe() const {
  static constexpr std::array<std::string_view, 12> k_types = {"int8",    "uint8",    "int32",      "uint32",
                                                               "int64",   "uint64",   "float16",    "float32",
                                                               "float64", "bfloat16", "float8e4m3", "float8e5m2"};
  static constexpr std::array<std::string_view, 5> k_ops = {"sum", "prod", "max", "min", "avg"};
  std::string s = name + " count " + std::to_string(count) + " datatype " + std::to_string(datatype);
  if (datatype >= 0 && static_cast<std::size_t>(datatype) < k_types.size())
    s += " (" + std::string(k_types[static_cast<std::size_t>(datatype)]) + ")";
  s += " op " + std::to_string(op);
  if (op >= 0 && static_cast<std::size_t>(op) < k_ops.size())
    s += " (" + std::string(k_ops[static_cast<std::size_t>(op)]) + ")";
  return s + " root " + std::to_string(root);
}

void FactBuilder::begin_file(const std::string& name) {
  file_ = name;
  facts_.files.push_back(name);
  file_index_ = static_cast<int>(facts_.files.size()) - 1;
  horovod_stall_line_ = 0;
  failure_root_next_ = false;
  failure_host_.clear();
  line_no_ = 0;
  current_ = nullptr;
}

Evidence FactBuilder::evidence(std::string_view text) const { return Evidence{file_, line_no_, clip(text)}; }

namespace {

// Word-at-a-time multiplicative hash of a short key (never 0: 0 marks an empty slot).
std::uint64_t key_hash(std::string_view key) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ key.size();
  std::size_t i = 0;
  for (; i + 8 <= key.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, key.data() + i, 8);
    h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  }
  std::uint64_t w = 0;  // the tail, assembled bytewise (a short memcpy stalls store forwarding)
  for (std::size_t k = 0; i + k < key.size(); ++k)
    w |= static_cast<std::uint64_t>(static_cast<unsigned char>(key[i + k])) << (8 * k);
  h ^= w;
  // Murmur3's finaliser: every input bit reaches the low bits used as the slot index.
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ull;
  h ^= h >> 33;
  return h | 1;
}

}  // namespace

ProcessState* FactBuilder::find_or_add(std::string_view key, std::string_view host, std::string_view pid) {
  std::uint64_t h = key_hash(key);
  std::size_t mask = slots_.size() - 1;
  std::size_t i = static_cast<std::size_t>(h) & mask;
  while (slots_[i].hash != 0) {
    const Slot& s = slots_[i];
    if (s.hash == h && s.len == key.size()) {
      if (key.size() <= k_inline_key ? std::memcmp(s.key, key.data(), key.size()) == 0
                                     : (s.process->pid == pid && s.process->host == host))
        return s.process;
    }
    i = (i + 1) & mask;
  }
  if (facts_.processes.size() >= k_max_processes) {
    ++facts_.dropped_processes;
    return nullptr;
  }
  auto p = std::make_unique<ProcessState>();
  p->host.assign(host);
  p->pid.assign(pid);
  p->first_seen = evidence({});
  ProcessState* raw = p.get();
  facts_.processes.push_back(std::move(p));
  Slot slot;
  slot.hash = h;
  slot.process = raw;
  slot.len = static_cast<std::uint32_t>(key.size());
  std::memcpy(slot.key, key.data(), std::min(key.size(), k_inline_key));
  slots_[i] = slot;
  if (!raw->host.empty() && facts_.hosts.size() < k_max_processes) facts_.hosts.insert(raw->host);
  if (facts_.processes.size() * 2 > slots_.size()) {
    // Grow to keep the load under one half.
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    std::size_t m = slots_.size() - 1;
    for (const auto& o : old) {
      if (o.hash == 0) continue;
      std::size_t j = static_cast<std::size_t>(o.hash) & m;
      while (slots_[j].hash != 0) j = (j + 1) & m;
      slots_[j] = o;
    }
  }
  return raw;
}

ProcessState* FactBuilder::process_for(const LineEvent& ev) {
  // host and pid are adjacent in the header ("host:pid"), so their span is the key.
  std::string_view key(ev.host.data(), static_cast<std::size_t>(ev.pid.data() + ev.pid.size() - ev.host.data()));
  if (last_process_ != nullptr && key == last_key_) return last_process_;
  ProcessState* p = find_or_add(key, ev.host, ev.pid);
  if (p != nullptr) {
    last_key_.assign(key);
    last_process_ = p;
  }
  return p;
}

void FactBuilder::finalize() {
  // The last activity's file is kept as an index on the hot path; name it now.
  for (auto& p : facts_.processes) {
    if (p->last_activity.line != 0 && p->last_file >= 0 && static_cast<std::size_t>(p->last_file) < facts_.files.size())
      p->last_activity.file = facts_.files[static_cast<std::size_t>(p->last_file)];
  }
}

const LogFacts& FactBuilder::facts() {
  release_views();
  finalize();
  return facts_;
}

LogFacts FactBuilder::take() {
  release_views();
  finalize();
  return std::move(facts_);
}

void FactBuilder::add_buffered_line(std::string_view raw, bool cut, bool may_have_escape) {
  buffered_ = true;
  raw_ = raw;
  add_line(raw, cut, may_have_escape);
  buffered_ = false;
}

void FactBuilder::release_views() {
  if (pending_process_ != nullptr) pending_process_->last_activity.text.assign(pending_text_);
  pending_process_ = nullptr;
  pending_text_ = {};
}

// The process's last-activity text: a view while the line is the caller's buffered one (a later line
// of the same process replaces it without a copy), a copy otherwise (scratch_, a glued record).
void FactBuilder::set_last_text(ProcessState& p, std::string_view body) {
  std::string_view text = core::utf8_prefix(body, k_max_text);
  std::less_equal<const char*> le;
  bool in_raw = buffered_ && le(raw_.data(), text.data()) && le(text.data() + text.size(), raw_.data() + raw_.size());
  if (pending_process_ != nullptr && pending_process_ != &p) release_views();
  if (in_raw) {
    pending_process_ = &p;
    pending_text_ = text;
    return;
  }
  pending_process_ = nullptr;  // superseded by this line
  p.last_activity.text.assign(text);
}

void FactBuilder::add_line(std::string_view raw, bool cut, bool may_have_escape) {
  ++line_no_;
  ++facts_.lines;
  facts_.bytes += raw.size() + 1;
  if (cut) ++facts_.cut_lines;
  ParsedLine parsed = parse_line(raw, scratch_, may_have_escape);
  if (parsed.event.kind == EventKind::none && horovod_stall_line_ != 0) missing_rank_line(parsed);
  if (parsed.event.kind == EventKind::none) return;
  // Pasted records are headerless ("[0] NCCL INFO ...") or long; NCCL's own headed lines are
  // looked at only past k_glued_min bytes, which keeps the scan off the hot path of machine logs.
  constexpr std::size_t k_glued_min = 256;
  if (!parsed.event.has_header || parsed.stripped.body.size() > k_glued_min) {
    if (std::size_t next = glued_record_start(parsed.stripped.body); next != std::string_view::npos) {
      add_glued(parsed.stripped.body, next, parsed.stripped.launcher_rank);
      return;
    }
  }
  add_parsed(parsed);
}

// Records whose line breaks a paste lost: each is read as its own line (same line number), up to
// k_max_glued of them; the rest stays with the last one.
void FactBuilder::add_glued(std::string_view body, std::size_t next, int launcher_rank) {
  constexpr int k_max_glued = 64;
  std::string copy(body);  // `body` may live in scratch_, which each parse reuses
  std::string_view rest = copy;
  for (int i = 0; i < k_max_glued && next != std::string_view::npos; ++i) {
    std::string_view record = rest.substr(0, next);
    while (!record.empty() && record.back() == ' ') record.remove_suffix(1);
    ParsedLine parsed = parse_line(record, scratch_, false);
    if (parsed.stripped.launcher_rank < 0) parsed.stripped.launcher_rank = launcher_rank;
    if (parsed.event.kind != EventKind::none) add_parsed(parsed);
    rest.remove_prefix(next);
    next = glued_record_start(rest);
  }
  ParsedLine parsed = parse_line(rest, scratch_, false);
  if (parsed.stripped.launcher_rank < 0) parsed.stripped.launcher_rank = launcher_rank;
  if (parsed.event.kind != EventKind::none) add_parsed(parsed);
}

void FactBuilder::add_parsed(const ParsedLine& parsed) {
  const LineEvent& ev = parsed.event;
  ProcessState* p = nullptr;
  // NCCL's lines: headed ones, and those quoted without the header that keep the level tag
  // ("graph/xml.h:77 NCCL WARN ...", "[1] NCCL INFO group.cc:242 -> 1") or a state NCCL prints.
  if (ev.has_header || ev.tagged || is_state_kind(ev.kind)) ++facts_.nccl_lines;
  if (ev.has_header) {
    p = process_for(ev);
    if (p != nullptr) {
      current_ = p;
      ++p->lines;
      p->last_activity.line = line_no_;
      p->last_file = file_index_;
      set_last_text(*p, parsed.stripped.body);
      if (ev.dev >= 0 && std::find(p->devices.begin(), p->devices.end(), ev.dev) == p->devices.end() &&
          p->devices.size() < 64)
        p->devices.push_back(ev.dev);
    }
  } else if (ev.kind == EventKind::nccl_version) {
    p = current_;  // old NCCL prints the version line without a header, right after rank 0's lines
  } else if (is_state_kind(ev.kind)) {
    // A quoted NCCL line without its header ("NCCL INFO Bootstrap: Using lo:127.0.0.1<0>"), or a list
    // pasted one entry per line: the current process, else one whose host is unknown.
    p = current_ != nullptr ? current_ : find_or_add(std::string_view(""), std::string_view(""), std::string_view(""));
  }
  int rank = ev.rank;
  if (rank < 0) rank = parsed.stripped.launcher_rank;
  if (rank < 0 && p != nullptr && p->ranks.size() == 1) rank = p->ranks[0].rank;
  // A line without NCCL's header whose collector named its host (pdsh, journald, kubectl, ...):
  // its signals and failed peers say which host it came from.
  line_host_ = parsed.stripped.host;
  apply(ev, p, rank, parsed.stripped.body);
}

void FactBuilder::record_signal(const LineEvent& ev, int rank, std::string_view body) {
  Signal& s = facts_.signal(ev.kind);
  ++s.count;
  if (s.evidence.size() < k_max_evidence) s.evidence.push_back(evidence(body));
  if (s.count == 1) s.text = clip(ev.text);
  if (ev.catalogue_entry >= 0) s.entries.insert(message_catalogue()[static_cast<std::size_t>(ev.catalogue_entry)].id);
  std::string_view host = ev.host.empty() ? line_host_ : ev.host;
  if (!host.empty() && s.hosts.size() < k_max_hosts_per_signal) s.hosts.emplace(host);
  if (rank >= 0 && s.ranks.size() < k_max_ranks_per_signal) s.ranks.insert(rank);
}

void FactBuilder::record_peer(const LineEvent& ev, ProcessState* p, std::string_view body) {
  std::string_view host = ev.host.empty() ? line_host_ : ev.host;
  bool final = ev.catalogue_entry < 0 || !message_catalogue()[static_cast<std::size_t>(ev.catalogue_entry)].retried;
  auto add = [&](std::vector<PeerFailure>& list, std::size_t cap) {
    for (auto& f : list) {
      if (f.addr == ev.addr && f.port == ev.port && f.err == ev.err) {
        ++f.count;
        f.final_seen = f.final_seen || final;
        if (!host.empty() && f.hosts.size() < k_max_hosts_per_signal) f.hosts.emplace(host);
        return;
      }
    }
    if (list.size() >= cap) return;
    PeerFailure f;
    f.addr.assign(ev.addr);
    f.port = ev.port;
    f.err = ev.err;
    f.err_text.assign(ev.err_text);
    f.count = 1;
    f.final_seen = final;
    if (!host.empty()) f.hosts.emplace(host);
    f.first = evidence(body);
    list.push_back(std::move(f));
  };
  add(facts_.peers, k_max_peers);
  if (p != nullptr) add(p->failed_peers, 8);
}

void FactBuilder::record_coll(const LineEvent& ev, ProcessState& p, std::string_view body) {
  constexpr std::size_t k_max_comms = 8, k_max_positions = 65536, k_max_mismatches = 4;
  ++facts_.coll_calls;
  std::size_t ordinal = 0;
  while (ordinal < p.comms.size() && p.comms[ordinal].comm != ev.comm) ++ordinal;
  if (ordinal == p.comms.size()) {
    if (p.comms.size() >= k_max_comms) return;
    p.comms.push_back(CommTrace{});
    p.comms.back().comm.assign(ev.comm);
    p.comms.back().nranks = ev.nranks;
  }
  CommTrace& c = p.comms[ordinal];
  ++c.calls;
  c.calls_in_op = ev.seq == c.op ? c.calls_in_op + 1 : 0;
  c.op = ev.seq;
  if (ev.seq >= c.last_op) {
    c.last_op = ev.seq;
    c.last_line = evidence(body);
  }
  // Point-to-point calls differ between ranks by design (Send on one, Recv on the other).
  if (ev.text == "Send" || ev.text == "Recv") return;
  CollCall call{std::string(ev.text), ev.count, ev.datatype, ev.op, ev.root};
  auto key = std::make_tuple(static_cast<int>(ordinal), c.nranks, ev.seq, c.calls_in_op);
  auto it = facts_.coll_first.find(key);
  if (it == facts_.coll_first.end()) {
    if (facts_.coll_first.size() < k_max_positions)
      facts_.coll_first.emplace(key, CollSeen{&p, std::move(call), evidence(body)});
    return;
  }
  if (it->second.process == &p || it->second.call.same(call) || facts_.coll_mismatches.size() >= k_max_mismatches)
    return;
  for (const auto& m : facts_.coll_mismatches)
    if (m.ordinal == std::get<0>(key) && m.nranks == c.nranks && m.op_count == ev.seq) return;
  facts_.coll_mismatches.push_back(
      {std::get<0>(key), c.nranks, ev.seq, it->second, CollSeen{&p, std::move(call), evidence(body)}});
}

// A line of Horovod's "Missing ranks" list whose "R: " the prefix stripper read as an srun label
// (the body is then "[names]" with launcher_rank R): only right after a stall warning.
void FactBuilder::missing_rank_line(ParsedLine& parsed) const {
  std::string_view body = parsed.stripped.body;
  while (!body.empty() && (body.back() == '\r' || body.back() == ' ')) body.remove_suffix(1);
  if (line_no_ > horovod_stall_line_ + 3 || parsed.stripped.launcher_rank < 0 || body.size() < 3 ||
      body.front() != '[' || body.back() != ']')
    return;
  parsed.event.kind = EventKind::horovod_missing_rank;
  parsed.event.rank = parsed.stripped.launcher_rank;
  parsed.event.text = body.substr(1, body.size() - 2);
}

LauncherFailure* FactBuilder::add_launcher_failure(std::string source, const LineEvent& ev, std::string_view body) {
  if (facts_.launcher_failures.size() >= k_max_failures) return nullptr;
  LauncherFailure f;
  f.source = std::move(source);
  f.rank = ev.rank;
  f.local_rank = ev.local_rank;
  f.exit_code = ev.exit_code;
  f.signal.assign(ev.err_text);
  f.pid.assign(ev.pid);
  f.evidence = evidence(body);
  facts_.launcher_failures.push_back(std::move(f));
  return &facts_.launcher_failures.back();
}

void FactBuilder::record_missing_rank(const LineEvent& ev, std::string_view body) {
  // Only the list that follows a stall header (a line or two of other output may interleave).
  if (horovod_stall_line_ == 0 || line_no_ > horovod_stall_line_ + 3) return;
  horovod_stall_line_ = line_no_;
  if (facts_.horovod_stall_reports > facts_.horovod_stalls.size()) return;  // a report past the cap
  HorovodStall& st = facts_.horovod_stalls.back();
  if (st.missing.size() >= k_max_stall_ranks && st.missing.count(ev.rank) == 0) return;
  std::vector<std::string>& names = st.missing[ev.rank];
  std::string_view list = ev.text;
  while (!list.empty() && names.size() < 8) {
    std::size_t comma = list.find(", ");
    std::string_view name = list.substr(0, comma);
    if (name.size() >= 4 && name.substr(name.size() - 4) == " ...") {
      st.truncated = true;
      name.remove_suffix(4);
    }
    if (!name.empty()) names.push_back(clip(name));
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 2);
  }
  if (ev.marked) st.marked.insert(ev.rank);
  if (st.lines.size() < k_max_evidence) st.lines.push_back(evidence(body));
}

void FactBuilder::record_failure_row(const LineEvent& ev, std::string_view body) {
  if (ev.text == "root-cause") {
    failure_root_next_ = true;
  } else if (ev.text == "host") {
    failure_host_.assign(ev.iface);
  } else if (ev.text == "rank") {
    if (LauncherFailure* f = add_launcher_failure("torch elastic", ev, body)) {
      f->host = failure_host_;
      f->root_cause = failure_root_next_;
    }
    failure_root_next_ = false;
    failure_host_.clear();
  } else if (!facts_.launcher_failures.empty() && facts_.launcher_failures.back().rank >= 0) {
    // exitcode / signal rows fill the entry their rank row opened.
    LauncherFailure& f = facts_.launcher_failures.back();
    if (ev.text == "exitcode") {
      f.exit_code = ev.exit_code;
      f.pid.assign(ev.pid);
    } else if (ev.text == "signal") {
      f.signal.assign(ev.err_text);
      if (f.exit_code == k_no_exit_code) f.exit_code = ev.exit_code;
    }
  }
}

void FactBuilder::record_mpi_unmatched(const LineEvent& ev, std::string_view body) {
  if (ev.nranks <= 0 || ev.rank < 0 || ev.rank >= ev.nranks || ev.addr.empty()) return;
  auto& all = facts_.mpi_unmatched;
  auto it = std::find_if(all.begin(), all.end(), [&](const MpiUnmatched& u) {
    return u.process == ev.text && u.source == ev.addr && u.of == ev.nranks;
  });
  if (it == all.end()) {
    if (all.size() >= k_max_mpi_unmatched) return;
    it = all.insert(all.end(),
                    MpiUnmatched{std::string(ev.text), std::string(ev.addr), {}, ev.nranks, {}, evidence(body)});
  }
  it->failed.insert(ev.rank);
  if (!ev.iface.empty()) it->known.emplace(ev.iface);
}

void FactBuilder::record_mpi_connect(const LineEvent& ev, std::string_view body) {
  if (ev.addr.empty()) return;
  auto& all = facts_.mpi_connects;
  auto same = [&](const MpiConnectFailure& c) { return c.kind == ev.kind && c.addr == ev.addr && c.port == ev.port; };
  if (std::find_if(all.begin(), all.end(), same) != all.end() || all.size() >= k_max_mpi_connects) return;
  all.push_back(MpiConnectFailure{ev.kind, std::string(ev.addr), ev.port, std::string(ev.err_text), evidence(body)});
}

void FactBuilder::record_launcher(const LineEvent& ev, std::string_view body) {
  switch (ev.kind) {
    case EventKind::horovod_stall:
      ++facts_.horovod_stall_reports;
      horovod_stall_line_ = line_no_;
      if (facts_.horovod_stalls.size() < k_max_stalls)
        facts_.horovod_stalls.push_back(HorovodStall{evidence(body), {}, {}, false, {}});
      break;
    case EventKind::horovod_missing_rank:
      record_missing_rank(ev, body);
      break;
    case EventKind::horovod_shutdown:
      if (horovod_stall_line_ != 0 && line_no_ <= horovod_stall_line_ + 3 && !facts_.horovod_stalls.empty() &&
          facts_.horovod_stall_reports == facts_.horovod_stalls.size() &&
          facts_.horovod_stalls.back().lines.size() < k_max_evidence)
        facts_.horovod_stalls.back().lines.push_back(evidence(body));
      break;
    case EventKind::elastic_child_failed:
      add_launcher_failure("torch elastic", ev, body);
      break;
    case EventKind::launcher_exit:
      add_launcher_failure(std::string(ev.text), ev, body);
      break;
    case EventKind::elastic_closing_signal:
      ++facts_.closed_processes;
      break;
    case EventKind::elastic_failure_row:
      record_failure_row(ev, body);
      break;
    case EventKind::rank_registered:
      if (ev.rank >= 0 && facts_.registered_ranks.size() < k_max_processes) facts_.registered_ranks.insert(ev.rank);
      if (ev.nranks > facts_.registered_world) facts_.registered_world = ev.nranks;
      break;
    case EventKind::all_registered:
      if (ev.nranks > facts_.registered_world) facts_.registered_world = ev.nranks;
      break;
    default:
      break;
  }
}

namespace {

// Adds (iface, addr) to the process's NET/Socket list unless it is there already.
void add_socket_iface(ProcessState& p, std::string_view iface, std::string_view addr) {
  bool dup = false;
  for (const auto& e : p.socket_ifaces) dup = dup || e.first == iface;
  if (!dup) p.socket_ifaces.emplace_back(std::string(iface), std::string(addr));
}

// NCCL's list of NET/Socket interfaces: 2.3 prints one interface per line, 2.4+ one line with the
// whole list (which replaces what an earlier line said).
void record_socket_ifaces(const LineEvent& ev, ProcessState& p) {
  if (ev.kind == EventKind::socket_ifaces) p.socket_ifaces.clear();
  std::string_view list = ev.text;
  while (!list.empty() && p.socket_ifaces.size() < 16) {
    std::size_t sp = list.find(' ');
    std::string_view iface, addr;
    if (parse_iface_entry(list.substr(0, sp), iface, addr)) add_socket_iface(p, iface, addr);
    if (sp == std::string_view::npos) break;
    list.remove_prefix(sp + 1);
  }
  if (ev.kind == EventKind::legacy_iface && p.bootstrap_iface.empty() && !p.socket_ifaces.empty()) {
    // NCCL 2.3 bootstraps on the first interface of its list.
    p.bootstrap_iface = p.socket_ifaces.front().first;
    p.bootstrap_addr = p.socket_ifaces.front().second;
  }
}

// A communicator's rank line (or its init-complete line): merged into the rank with the same rank
// and device, or (rank unknown) the same device; a new entry otherwise.
void record_comm_rank(const LineEvent& ev, ProcessState& p) {
  if (ev.init_complete) p.init_complete = true;
  if (ev.rank < 0 && ev.nranks < 0) return;
  bool found = false;
  for (auto& r : p.ranks) {
    if (r.rank == ev.rank && r.dev == ev.dev) {
      found = true;
      if (ev.nranks > r.nranks) r.nranks = ev.nranks;
    }
  }
  if (!found && ev.rank < 0) {
    for (auto& r : p.ranks)
      if (r.dev == ev.dev && ev.nranks > r.nranks) r.nranks = ev.nranks, found = true;
  }
  if (!found && p.ranks.size() < 16) p.ranks.push_back(CommRank{ev.rank, ev.nranks, ev.dev});
}

}  // namespace

void FactBuilder::record_process_event(const LineEvent& ev, ProcessState& p, std::string_view body) {
  if (ev.warn && p.first_warning.empty()) p.first_warning = evidence(body);
  if ((is_error_kind(ev.kind) || (ev.kind == EventKind::connect_failed && ev.warn)) && p.first_error.empty())
    p.first_error = evidence(body);
  if (p.iface_lines.size() < 4 && (ev.kind == EventKind::bootstrap_iface || ev.kind == EventKind::socket_ifaces ||
                                   ev.kind == EventKind::legacy_iface || ev.kind == EventKind::iface_list_entry))
    p.iface_lines.push_back(evidence(body));
  switch (ev.kind) {
    case EventKind::coll_call:
      record_coll(ev, p, body);
      break;
    case EventKind::bootstrap_iface:
      if (p.bootstrap_iface.empty()) {
        p.bootstrap_iface.assign(ev.iface);
        p.bootstrap_addr.assign(ev.addr);
      }
      break;
    case EventKind::socket_ifaces:
    case EventKind::legacy_iface:
      record_socket_ifaces(ev, p);
      break;
    case EventKind::iface_list_entry:
      if (p.socket_ifaces.size() < 16) add_socket_iface(p, ev.iface, ev.addr);
      break;
    case EventKind::ib_devices:
      p.ib_devices.assign(ev.text);
      p.ib_line = evidence(body);
      if (!ev.iface.empty()) p.oob_iface.assign(ev.iface), p.oob_addr.assign(ev.addr);
      break;
    case EventKind::ib_none:
      p.ib_none = true;
      break;
    case EventKind::libibverbs_missing:
      p.libibverbs_missing = true;
      break;
    case EventKind::using_network:
      if (p.transport.empty()) p.transport.assign(ev.text);
      break;
    case EventKind::net_plugin:
      // An external plugin the process loaded outranks the "No plugin found" tries before it (2.21
      // tries several names).
      if (p.net_plugin.empty() || (p.net_plugin == "internal" && ev.text != "internal")) {
        p.net_plugin.assign(ev.text);
        p.plugin_line = evidence(body);
      }
      break;
    case EventKind::ifname_env:
      p.ifname_env.assign(ev.text);
      break;
    case EventKind::ib_hca_env:
      p.ib_hca_env.assign(ev.text);
      break;
    case EventKind::comm_rank:
    case EventKind::init_complete:
      record_comm_rank(ev, p);
      break;
    case EventKind::rings_connected:
      p.rings_connected = true;
      break;
    default:
      break;
  }
}

void FactBuilder::record_watchdog(const LineEvent& ev, int rank, std::string_view body) {
  // A progress bar interleaved before the watchdog text: this rank was still preprocessing.
  if (detail::is_unfinished_preprocessing(before_message(body, ev))) {
    LineEvent stall;
    stall.kind = EventKind::data_stall;
    stall.host = ev.host;
    record_signal(stall, rank, body);
  }
  int key = rank >= 0 ? rank : -1 - file_index_;
  if (facts_.watchdogs.size() < k_max_watchdogs && facts_.watchdogs.count(key) == 0)
    facts_.watchdogs[key] =
        WatchdogHit{ev.seq, std::string(ev.text), evidence(body), std::string(ev.host.empty() ? line_host_ : ev.host)};
}

void FactBuilder::apply(const LineEvent& ev, ProcessState* p, int rank, std::string_view body) {
  if (is_signal(ev.kind)) record_signal(ev, rank, body);
  if (p != nullptr) record_process_event(ev, *p, body);
  switch (ev.kind) {
    case EventKind::nccl_version: {
      if (p != nullptr && p->nccl_version.empty()) p->nccl_version.assign(ev.text);
      std::string_view release = ev.text.substr(0, ev.text.find_first_of("+ "));
      if (!release.empty() && facts_.nccl_versions.size() < 16 && !facts_.nccl_versions.contains(release))
        facts_.nccl_versions.emplace(std::string(release), evidence(body));
      break;
    }
    case EventKind::net_channel: {
      std::string_view transport = channel_transport(ev.text);
      if (p != nullptr && p->transport.empty()) p->transport.assign(transport);
      if (transport == "IB") {
        bool gdr = ev.marked;  // the catalogue's "mark": the channel line says GPUDirect RDMA
        std::uint64_t& n = gdr ? facts_.ib_channels_gdr : facts_.ib_channels_plain;
        Evidence& first = gdr ? facts_.first_gdr_channel : facts_.first_plain_channel;
        if (n++ == 0) first = evidence(body);
      }
      break;
    }
    case EventKind::connect_failed:
      record_peer(ev, p, body);
      break;
    case EventKind::mpi_incoming_unmatched:
      record_mpi_unmatched(ev, body);
      break;
    case EventKind::mpi_connect_server:
    case EventKind::mpi_connect_error:
    case EventKind::mpi_tcp_connect_failed:
      record_mpi_connect(ev, body);
      break;
    case EventKind::watchdog_timeout:
      record_watchdog(ev, rank, body);
      break;
    case EventKind::tf_config_printed:
      if (facts_.tf_config_line.empty()) {
        if (auto json = python_repr_to_json(ev.text); json && json->size() <= k_max_tf_config) {
          facts_.tf_config_json = std::move(*json);
          facts_.tf_config_line = evidence(body);
        }
      }
      break;
    case EventKind::nccl_tests_rank:
      if (ev.rank >= 0 && facts_.tests_ranks.size() < k_max_watchdogs) {
        facts_.tests_ranks[ev.rank] = TestsRank{std::string(ev.host), std::string(ev.pid), ev.dev};
        if (facts_.hosts.size() < k_max_processes) facts_.hosts.emplace(ev.host);
      }
      break;
    case EventKind::horovod_stall:
    case EventKind::horovod_missing_rank:
    case EventKind::horovod_shutdown:
    case EventKind::elastic_child_failed:
    case EventKind::elastic_failure_row:
    case EventKind::elastic_closing_signal:
    case EventKind::launcher_exit:
    case EventKind::rank_registered:
    case EventKind::all_registered:
      record_launcher(ev, body);
      break;
    default:
      break;
  }
}

}  // namespace dd::logs
