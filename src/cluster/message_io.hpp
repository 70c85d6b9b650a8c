// Sending and receiving wire messages on a socket, each with a deadline and a size limit.
#pragma once

#include <string>

#include "cluster/net_error.hpp"
#include "cluster/wire.hpp"
#include "core/deadline.hpp"

namespace dd::cluster {

NetStatus send_message(int fd, const Message& message, const core::Deadline& deadline, const std::string& peer);

// Reads one message; garbage, a foreign version or an oversize length fail with
// NetFailure::protocol (detail says which) without reading the payload.
NetResult<Message> recv_message(int fd, const core::Deadline& deadline, const std::string& peer,
                                std::size_t max_payload = k_max_payload);

}  // namespace dd::cluster
