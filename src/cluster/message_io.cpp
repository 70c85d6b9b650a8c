#include "cluster/message_io.hpp"

#include <array>

#include "cluster/socket.hpp"

namespace dd::cluster {

NetStatus send_message(int fd, const Message& message, const core::Deadline& deadline, const std::string& peer) {
  auto bytes = encode(message);
  return write_all(fd, bytes, deadline, peer);
}

NetResult<Message> recv_message(int fd, const core::Deadline& deadline, const std::string& peer, std::size_t max_payload) {
  std::array<std::byte, k_header_size> head{};
  auto got = read_exact(fd, head, deadline, peer);
  if (!got) return got.error();
  auto header = decode_header(head, max_payload);
  if (!header) return NetError{NetFailure::protocol, "recv", 0, peer, header.error().message};
  std::vector<std::byte> payload(header->length);
  auto body = read_exact(fd, payload, deadline, peer);
  if (!body) return body.error();
  auto message = decode_payload(*header, payload);
  if (!message) return NetError{NetFailure::protocol, "recv", 0, peer, message.error().message};
  return std::move(message.value());
}

NetResult<std::optional<Message>> MessageReader::read_available(int fd, const std::string& peer) {
  for (;;) {
    if (have_ == buf_.size()) {
      if (!header_) {
        auto header = decode_header(buf_, max_payload_);
        if (!header) return NetError{NetFailure::protocol, "recv", 0, peer, header.error().message};
        header_ = *header;
        buf_.assign(header_->length, std::byte{0});
        have_ = 0;
        continue;  // an empty payload is complete at once
      }
      auto message = decode_payload(*header_, buf_);
      if (!message) return NetError{NetFailure::protocol, "recv", 0, peer, message.error().message};
      return std::optional<Message>(std::move(message.value()));
    }
    auto n = read_some(fd, std::span(buf_).subspan(have_), peer);
    if (!n) return n.error();
    if (*n == 0) return std::optional<Message>();  // nothing more for now
    have_ += *n;
  }
}

}  // namespace dd::cluster
