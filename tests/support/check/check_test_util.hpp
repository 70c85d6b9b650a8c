// Test-only: one fake machine behind check's seams (files, interfaces, resolver, processes).
// Node "node1" resolves to 198.18.0.2; each test adds the links, addresses and files it needs.
#pragma once

#include <chrono>
#include <string>
#include <utility>

#include "check/context.hpp"
#include "os/fake/fake_process_runner.hpp"
#include "os/fake/fake_resolver.hpp"
#include "os/fake/memory_file_tree.hpp"
#include "os/fake/static_interface_source.hpp"

namespace dd::check::testing {

struct FakeMachine {
  os::fake::MemoryFileTree files;
  os::fake::StaticInterfaceSource interfaces;
  os::fake::FakeResolver resolver{"node1"};
  os::fake::FakeProcessRunner runner;

  FakeMachine() { resolver.add("node1", "198.18.0.2").bindable("198.18.0.2"); }
  Context context(os::Environment env, bool probe) {
    return Context{files,          interfaces, nullptr,           resolver, runner,
                   std::move(env), "/root",    "/bin/distdoctor", probe,    std::chrono::milliseconds(1000),
                   std::nullopt};
  }
};

}  // namespace dd::check::testing
