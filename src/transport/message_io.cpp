#include "transport/message_io.hpp"

#include <array>

#include "transport/socket.hpp"
#include "transport/wire_schema.hpp"

namespace dd::cluster {

NetStatus send_message(int fd, const Message& message, const core::Deadline& deadline, const std::string& peer) {
  auto bytes = encode(message);
  return write_all(fd, bytes, deadline, peer);
}

NetResult<Message> recv_message(int fd, const core::Deadline& deadline, const std::string& peer,
                                std::size_t max_payload) {
  MessageReader reader(max_payload);
  for (;;) {
    auto got = reader.read_available(fd, peer);
    if (!got) return got.error();
    if (got->has_value()) return std::move(**got);
    if (!wait_readable(fd, deadline))
      return NetError{NetFailure::timeout, "recv", 0, peer, "no complete message before the deadline"};
  }
}

NetResult<std::optional<Message>> MessageReader::read_available(int fd, const std::string& peer) {
  std::array<std::byte, 16 * 1024> chunk{};
  for (;;) {
    std::size_t want = header_ ? header_->length : k_header_size;
    if (buf_.size() == want) {
      if (!header_) {
        auto header = decode_header(buf_, max_payload_);
        if (!header) return NetError{NetFailure::protocol, "recv", 0, peer, header.error().message};
        header_ = *header;
        buf_.clear();
        continue;  // an empty payload is complete at once
      }
      auto message = decode_payload(*header_, buf_);
      if (!message) return NetError{NetFailure::protocol, "recv", 0, peer, message.error().message};
      if (auto problem = schema_problem(*message); !problem.empty())
        return NetError{NetFailure::protocol, "recv", 0, peer, "preflight message: " + problem};
      return std::optional<Message>(std::move(message.value()));
    }
    auto n = read_some(fd, std::span(chunk).first(std::min(chunk.size(), want - buf_.size())), peer);
    if (!n) return n.error();
    if (*n == 0) return std::optional<Message>();  // nothing more for now
    buf_.insert(buf_.end(), chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(*n));
  }
}

}  // namespace dd::cluster
