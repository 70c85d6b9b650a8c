// NetError: why a socket operation failed, with the evidence a finding needs (syscall, errno,
// peer), and NetResult<T>, a value or a NetError.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace dd::cluster {

enum class NetFailure {
  refused,     // ECONNREFUSED: nothing listens (or a firewall rejects)
  timeout,     // no answer before the deadline (SYN dropped, peer silent)
  no_route,    // ENETUNREACH / EHOSTUNREACH
  unresolved,  // the host name does not resolve
  closed,      // the peer closed or reset the connection
  protocol,    // the peer sent something that is not our protocol
  other,
};
std::string_view to_string(NetFailure f);  // "refused", "timeout", ...

struct NetError {
  NetFailure failure = NetFailure::other;
  std::string syscall;  // "connect", "recv", "getaddrinfo", ...
  int err = 0;          // errno (0 when not from a syscall)
  std::string peer;     // "198.18.0.2:29401"
  std::string detail;   // extra words ("token mismatch")
  // "connect 198.18.0.2:29401: Connection refused (ECONNREFUSED)".
  std::string describe() const;
};

// Builds a NetError from errno of a failed syscall.
NetError errno_error(std::string syscall, int err, std::string peer);

template <class T>
class [[nodiscard]] NetResult {
 public:
  NetResult(T value) : v_(std::move(value)) {}         // NOLINT(google-explicit-constructor)
  NetResult(NetError error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  T* operator->() { return &value(); }
  const NetError& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, NetError> v_;
};

// NetResult<void>: success or a NetError.
struct Done {};
using NetStatus = NetResult<Done>;

}  // namespace dd::cluster
