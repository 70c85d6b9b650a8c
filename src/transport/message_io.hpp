// Sending and receiving wire messages on a socket, each with a deadline and a size limit.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/deadline.hpp"
#include "transport/net_error.hpp"
#include "transport/wire.hpp"

namespace dd::cluster {

NetStatus send_message(int fd, const Message& message, const core::Deadline& deadline, const std::string& peer);

// Reads one message; garbage, a foreign version or an oversize length fail with
// NetFailure::protocol (detail says which) without reading the payload; a message that does not
// match its type's schema (wire_schema.hpp) fails the same way, with the field and the problem.
NetResult<Message> recv_message(int fd, const core::Deadline& deadline, const std::string& peer,
                                std::size_t max_payload = k_max_payload);

// One message read piecewise from a non-blocking socket, as bytes arrive, so a server that
// polls many peers is never held up by one that sends slowly or stops halfway. The same checks
// as recv_message (garbage, version, oversize length before its payload is read). Memory follows
// the bytes that arrived, not the length a header announces.
class MessageReader {
 public:
  explicit MessageReader(std::size_t max_payload = k_max_payload) : max_payload_(max_payload) {}

  // Reads what the socket holds now. nullopt: the message is not complete yet (poll again);
  // a Message: complete; an error: garbage, oversize, closed or a socket error.
  NetResult<std::optional<Message>> read_available(int fd, const std::string& peer);

  std::size_t bytes_read() const { return buf_.size() + (header_ ? k_header_size : 0); }
  // Bytes held for the message so far (tests: memory follows what arrived).
  std::size_t capacity() const { return buf_.capacity(); }

 private:
  std::size_t max_payload_;
  std::optional<Header> header_;
  std::vector<std::byte> buf_;  // what arrived of the header, then of the payload
};

}  // namespace dd::cluster
