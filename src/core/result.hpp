// Result<T>: a value or an Error naming the input and the problem (expected-like, no exceptions).
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace dd::core {

enum class ErrorKind {
  usage,       // bad flag or argument value (exit 2)
  unreadable,  // an input file/stream could not be read or parsed (exit 2)
  not_found,   // something looked up does not exist (caller decides)
  timeout,     // a deadline passed
  system,      // a system call failed (errno in the message)
  internal,    // the tool itself failed (exit 3)
};

struct Error {
  ErrorKind kind = ErrorKind::internal;
  std::string message;  // names the input and the problem: "TF_CONFIG: not valid JSON at byte 12"
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Result(Error error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

inline Error make_error(ErrorKind kind, std::string message) { return Error{kind, std::move(message)}; }

}  // namespace dd::core
