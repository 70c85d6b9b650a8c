// env.master-addr.not-a-host (stranger14's fix-2026-12-06k p03/p04): MASTER_ADDR=tcp://10.0.0.5 or
// MASTER_ADDR=10.0.0.5:29500. torch's env:// rendezvous hands MASTER_ADDR to its TCPStore as a host
// name and takes the port from MASTER_PORT alone, so a scheme or a port inside the value is part of
// the "name" it resolves (stranger14 runs/p03.before: torch dialled "(tcp://127.0.0.1, 29631)" until
// its timeout; the bare address worked). The audit used to call such a value a name that "does not
// resolve" and offer DNS or /etc/hosts: the cause is the value's form, and the fix is the bare host
// (plus MASTER_PORT=<port> where the value carried one and MASTER_PORT does not say otherwise).
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "core/strings.hpp"
#include "env/rules.hpp"

namespace dd::env::detail {

namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && s.size() <= 5 &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

struct HostForm {
  std::string scheme;  // "tcp" for tcp://..., "" when none
  std::string host;    // what MASTER_ADDR should be
  std::string port;    // the port written after the host, "" when none
};

// The parts of `value` (trimmed) when it is a URL or host:port; nullopt for a bare host or address
// (an IPv6 address has several colons and no port unless bracketed: [fd00::1]:29500).
std::optional<HostForm> split_host(std::string_view value) {
  HostForm form;
  auto scheme_end = value.find("://");
  if (scheme_end != std::string_view::npos) {
    form.scheme = std::string(value.substr(0, scheme_end));
    value.remove_prefix(scheme_end + 3);
    auto slash = value.find('/');
    if (slash != std::string_view::npos) value = value.substr(0, slash);
  }
  if (!value.empty() && value.front() == '[') {
    auto close = value.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    std::string_view rest = value.substr(close + 1);
    form.host = std::string(value.substr(1, close - 1));
    if (!rest.empty() && rest.front() == ':' && all_digits(rest.substr(1))) form.port = std::string(rest.substr(1));
  } else {
    auto colon = value.rfind(':');
    bool one_colon = colon != std::string_view::npos && value.find(':') == colon;
    if (one_colon && all_digits(value.substr(colon + 1))) {
      form.port = std::string(value.substr(colon + 1));
      value = value.substr(0, colon);
    }
    form.host = std::string(value);
  }
  if (form.host.empty() || (form.scheme.empty() && form.port.empty())) return std::nullopt;
  return form;
}

}  // namespace

bool master_addr_not_a_host(const Context& ctx, const Setting& s, std::vector<core::Finding>& out) {
  auto form = split_host(core::trim(s.value));
  if (!form) return false;
  std::string holds = !form->scheme.empty() && !form->port.empty() ? "a URL scheme (" + form->scheme + "://) and a port"
                      : !form->scheme.empty()                      ? "a URL scheme (" + form->scheme + "://)"
                                                                   : "a port (:" + form->port + ")";
  auto f = make_finding("env.master-addr.not-a-host", core::Label::config_typo, core::Severity::error,
                        "MASTER_ADDR=" + std::string(core::trim(s.value)) + " holds " + holds + ", not only a host: " +
                            "torch's env:// rendezvous resolves the whole value as a host name and takes the port "
                            "from MASTER_PORT, so the ranks look up that whole text as a host name, not " +
                            form->host,
                        &s);
  f.fix.env["MASTER_ADDR"] = form->host;
  const Setting* port = ctx.find("MASTER_PORT");
  std::string port_value = port ? std::string(core::trim(port->value)) : "";
  if (!form->port.empty() && port_value.empty()) f.fix.env["MASTER_PORT"] = form->port;
  if (!form->port.empty() && !port_value.empty() && port_value != form->port) {
    f.evidence.push_back(evidence(*port) + ": the port torch uses; the " + form->port +
                         " written in MASTER_ADDR is not used");
  }
  f.fix.text = "MASTER_ADDR takes the host alone" +
               std::string(form->port.empty() ? "" : "; the port goes in MASTER_PORT") +
               (form->scheme.empty() ? "" : " (a tcp:// URL belongs in init_method, not MASTER_ADDR)");
  out.push_back(std::move(f));
  return true;
}

}  // namespace dd::env::detail
