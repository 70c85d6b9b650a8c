#include "logs/rank_json_text.hpp"

#include <algorithm>
#include <string_view>

#include "core/json_limits.hpp"

namespace dd::logs {

namespace {

// A JSON string as nlohmann's dump writes it; printable ASCII (the usual case) is copied as it is,
// anything else goes through nlohmann's own escaping (control characters, invalid UTF-8 replaced).
void put_string(std::string& out, std::string_view s) {
  bool plain = std::all_of(s.begin(), s.end(), [](char c) {
    auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u < 0x7f && c != '"' && c != '\\';
  });
  if (!plain) {
    out += core::dump_json(nlohmann::json(std::string(s)));
    return;
  }
  out += '"';
  out.append(s);
  out += '"';
}

void put_string_or_null(std::string& out, const std::string& s) {
  if (s.empty())
    out += "null";
  else
    put_string(out, s);
}

// An object or array being written: members on their own lines, indented as dump(2) does.
class Block {
 public:
  Block(std::string& out, int depth, char open, char close) : out_(out), depth_(depth), close_(close) { out_ += open; }
  std::string& item() {
    out_ += first_ ? "\n" : ",\n";
    first_ = false;
    out_.append(static_cast<std::size_t>(2 * (depth_ + 1)), ' ');
    return out_;
  }
  std::string& key(std::string_view k) {
    item() += '"';
    out_.append(k);
    out_ += "\": ";
    return out_;
  }
  void end() {
    if (!first_) {
      out_ += '\n';
      out_.append(static_cast<std::size_t>(2 * depth_), ' ');
    }
    out_ += close_;
  }

 private:
  std::string& out_;
  int depth_;
  char close_;
  bool first_ = true;
};

void put_evidence(std::string& out, const ProcessState* p, const Evidence ProcessState::*field, int depth) {
  if (p == nullptr || (p->*field).empty()) {
    out += "null";
    return;
  }
  const Evidence& e = p->*field;
  Block o(out, depth, '{', '}');
  put_string(o.key("file"), e.file);
  o.key("line") += std::to_string(e.line);
  put_string(o.key("text"), e.text);
  o.end();
}

void put_rank(std::string& out, const RankRow& row, int depth) {
  const ProcessState* p = row.process;
  Block o(out, depth, '{', '}');
  if (p != nullptr && !p->bootstrap_iface.empty()) {
    Block b(o.key("bootstrap"), depth + 1, '{', '}');
    put_string(b.key("addr"), p->bootstrap_addr);
    put_string(b.key("iface"), p->bootstrap_iface);
    b.end();
  } else {
    o.key("bootstrap") += "null";
  }
  o.key("device") += row.dev >= 0 ? std::to_string(row.dev) : "null";
  Block peers(o.key("failed_peers"), depth + 1, '[', ']');
  if (p != nullptr) {
    for (const auto& f : p->failed_peers) {
      Block fo(peers.item(), depth + 2, '{', '}');
      put_string_or_null(fo.key("addr"), f.addr);
      fo.key("count") += std::to_string(f.count);
      put_string(fo.key("error"), f.err_text);
      fo.key("port") += f.port >= 0 ? std::to_string(f.port) : "null";
      fo.end();
    }
  }
  peers.end();
  put_evidence(o.key("first_error"), p, &ProcessState::first_error, depth + 1);
  put_evidence(o.key("first_warning"), p, &ProcessState::first_warning, depth + 1);
  put_string(o.key("host"), row.host);
  o.key("init_complete") += p != nullptr && p->init_complete ? "true" : "false";
  put_evidence(o.key("last_activity"), p, &ProcessState::last_activity, depth + 1);
  put_string_or_null(o.key("nccl_version"), row.nccl_version);
  Block net(o.key("net"), depth + 1, '{', '}');
  if (p != nullptr && !p->ib_devices.empty())
    put_string(net.key("ib_devices"), p->ib_devices);
  else
    net.key("ib_devices") += "null";
  Block socket(net.key("socket"), depth + 2, '[', ']');
  if (p != nullptr) {
    for (const auto& [iface, addr] : p->socket_ifaces) {
      Block s(socket.item(), depth + 3, '{', '}');
      put_string(s.key("addr"), addr);
      put_string(s.key("iface"), iface);
      s.end();
    }
  }
  socket.end();
  put_string_or_null(net.key("transport"), row.transport);
  net.end();
  put_string(o.key("pid"), row.pid);
  o.key("rank") += row.rank >= 0 ? std::to_string(row.rank) : "null";
  if (p != nullptr)
    put_string_or_null(o.key("socket_ifname"), p->ifname_env);
  else
    o.key("socket_ifname") += "null";
  put_string(o.key("state"), row.state);
  o.end();
}

}  // namespace

void append_ranks_json(std::string& out, const std::vector<RankRow>& rows, int depth) {
  append_ranks_json(out, rows, depth, nullptr);
}

void append_ranks_json(std::string& out, const std::vector<RankRow>& rows, int depth,
                       const std::function<void(std::string_view)>& flush) {
  Block a(out, depth, '[', ']');
  for (const auto& row : rows) {
    put_rank(a.item(), row, depth + 1);
    if (flush && out.size() >= k_ranks_chunk) {
      flush(out);
      out.clear();
    }
  }
  a.end();
}

}  // namespace dd::logs
