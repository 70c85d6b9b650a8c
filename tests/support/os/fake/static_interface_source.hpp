// StaticInterfaceSource: an InterfaceSource built from vectors, for unit tests. It returns what
// it was given, in the given order, and counts the calls.
#pragma once

#include "os/interface_source.hpp"

namespace dd::os::fake {

class StaticInterfaceSource final : public InterfaceSource {
 public:
  StaticInterfaceSource() = default;
  StaticInterfaceSource(std::vector<LinkEntry> links, std::vector<AddressEntry> addresses)
      : links_(std::move(links)), addresses_(std::move(addresses)) {}

  // Builders: a link, and an address whose flags are copied from the link `name` (or from the
  // part of `name` before ':' for a label) when that link was added first.
  StaticInterfaceSource& link(std::string name, int ifindex, bool up = true, bool running = true);
  StaticInterfaceSource& address(std::string name, Family family, std::string addr, int prefix,
                                 std::uint32_t scope_id = 0);

  std::vector<LinkEntry> links() const override;
  std::vector<AddressEntry> addresses() const override;

  mutable int links_calls = 0;
  mutable int addresses_calls = 0;

 private:
  std::vector<LinkEntry> links_;
  std::vector<AddressEntry> addresses_;
};

}  // namespace dd::os::fake
