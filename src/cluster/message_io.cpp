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

}  // namespace dd::cluster
