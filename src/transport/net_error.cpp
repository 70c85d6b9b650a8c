#include "transport/net_error.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

namespace dd::cluster {

std::string_view to_string(NetFailure f) {
  switch (f) {
    case NetFailure::refused:
      return "refused";
    case NetFailure::timeout:
      return "timeout";
    case NetFailure::no_route:
      return "no-route";
    case NetFailure::unresolved:
      return "unresolved";
    case NetFailure::closed:
      return "closed";
    case NetFailure::protocol:
      return "protocol";
    case NetFailure::other:
      return "other";
  }
  return "other";
}

namespace {

const char* errno_name(int err) {
  switch (err) {
    case ECONNREFUSED:
      return "ECONNREFUSED";
    case ETIMEDOUT:
      return "ETIMEDOUT";
    case ENETUNREACH:
      return "ENETUNREACH";
    case EHOSTUNREACH:
      return "EHOSTUNREACH";
    case ECONNRESET:
      return "ECONNRESET";
    case EPIPE:
      return "EPIPE";
    case EADDRINUSE:
      return "EADDRINUSE";
    case EADDRNOTAVAIL:
      return "EADDRNOTAVAIL";
    case EACCES:
      return "EACCES";
    case EPERM:
      return "EPERM";
    case EINVAL:
      return "EINVAL";
    default:
      return nullptr;
  }
}

}  // namespace

std::string NetError::describe() const {
  std::string out = syscall;
  if (!peer.empty()) out += " " + peer;
  out += ": ";
  if (err != 0) {
    const char* name = errno_name(err);
    out += std::strerror(err);
    if (name) out += fmt::format(" ({})", name);
  } else {
    out += std::string(to_string(failure));
  }
  if (!detail.empty()) out += " - " + detail;
  return out;
}

NetError errno_error(std::string syscall, int err, std::string peer) {
  NetFailure f = NetFailure::other;
  if (err == ECONNREFUSED)
    f = NetFailure::refused;
  else if (err == ETIMEDOUT)
    f = NetFailure::timeout;
  else if (err == ENETUNREACH || err == EHOSTUNREACH)
    f = NetFailure::no_route;
  else if (err == ECONNRESET || err == EPIPE)
    f = NetFailure::closed;
  return NetError{f, std::move(syscall), err, std::move(peer), {}};
}

}  // namespace dd::cluster
