#include "os/fake/static_interface_source.hpp"

namespace dd::os::fake {

StaticInterfaceSource& StaticInterfaceSource::link(std::string name, int ifindex, bool up, bool running) {
  LinkEntry e;
  e.loopback = name == "lo";
  e.name = std::move(name);
  e.ifindex = ifindex;
  e.up = up;
  e.running = running;
  links_.push_back(std::move(e));
  return *this;
}

StaticInterfaceSource& StaticInterfaceSource::address(std::string name, Family family, std::string addr, int prefix,
                                                      std::uint32_t scope_id) {
  AddressEntry e;
  e.link = name.substr(0, name.find(':'));
  for (const auto& l : links_) {
    if (l.name == e.link) {
      e.up = l.up;
      e.running = l.running;
      e.loopback = l.loopback;
    }
  }
  e.name = std::move(name);
  e.family = family;
  e.addr = std::move(addr);
  e.prefix = prefix;
  e.scope_id = scope_id;
  addresses_.push_back(std::move(e));
  return *this;
}

std::vector<LinkEntry> StaticInterfaceSource::links() const {
  ++links_calls;
  return links_;
}

std::vector<AddressEntry> StaticInterfaceSource::addresses() const {
  ++addresses_calls;
  return addresses_;
}

}  // namespace dd::os::fake
