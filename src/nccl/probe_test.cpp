#include "nccl/probe.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include "os/fake/fake_process_runner.hpp"

namespace dd::nccl {
namespace {

using namespace std::chrono_literals;

const char* k_ok_line =
    R"({"path":"/l/libnccl.so.2","stage":"done","ok":true,"version_code":22809,"version":"2.28.9","rc":0,)"
    R"("error":"","last_error":"","id_hex":"00","observed":{"iface":"eth0","addr":"198.18.0.1","port":4000,)"
    R"("source":"unique-id","note":""}})";

os::ProcessOutcome exited(std::string out, std::string err = "", int code = 0) {
  os::ProcessOutcome o;
  o.exit_code = code;
  o.out = std::move(out);
  o.err = std::move(err);
  return o;
}

TEST(Probe, RunsHiddenCommandWithUserEnvironmentAndDeadline) {
  os::fake::FakeProcessRunner runner;
  runner.answer(exited(std::string(k_ok_line) + "\n", "host:1:1 [0] NCCL INFO Bootstrap: Using eth0:198.18.0.1<0>\n"));
  os::Environment env(std::map<std::string, std::string>{{"NCCL_SOCKET_IFNAME", "eth0"}, {"NCCL_DEBUG", "INFO"}});
  auto r = probe_library("/l/libnccl.so.2", runner, "/bin/distdoctor", env, 3s);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(runner.calls.size(), 1u);
  const auto& spec = runner.calls[0];
  EXPECT_EQ(spec.argv, (std::vector<std::string>{"/bin/distdoctor", "__probe-nccl", "/l/libnccl.so.2"}));
  ASSERT_TRUE(spec.env.has_value());
  EXPECT_EQ(spec.env->at("NCCL_SOCKET_IFNAME"), "eth0");
  EXPECT_EQ(spec.env->at("NCCL_DEBUG"), "INFO");
  EXPECT_EQ(spec.timeout, 3000ms);

  EXPECT_TRUE(r->ok);
  EXPECT_EQ(r->status, ProbeStatus::ok);
  EXPECT_EQ(r->version, "2.28.9");
  EXPECT_EQ(r->version_code, 22809);
  EXPECT_EQ(r->rc, 0);
  ASSERT_TRUE(r->observed.has_value());
  EXPECT_EQ(r->observed->iface, "eth0");
  EXPECT_EQ(r->observed->addr, "198.18.0.1");
  EXPECT_EQ(r->nccl_output, (std::vector<std::string>{"host:1:1 [0] NCCL INFO Bootstrap: Using eth0:198.18.0.1<0>"}));
}

TEST(Probe, ChildThatCannotStartIsAnErrorNamingTheLibrary) {
  os::fake::FakeProcessRunner runner;
  runner.fail(core::make_error(core::ErrorKind::not_found, "cannot run '/nope': No such file or directory"));
  auto r = probe_library("/l/libnccl.so.2", runner, "/nope", os::Environment{});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, core::ErrorKind::not_found);
  EXPECT_NE(r.error().message.find("/l/libnccl.so.2"), std::string::npos);
  EXPECT_NE(r.error().message.find("/nope"), std::string::npos);
}

TEST(Probe, HungLibraryIsReportedAsTimedOut) {
  os::ProcessOutcome o;
  o.timed_out = true;
  o.signal = SIGTERM;
  auto r = read_probe_outcome("/l/libnccl.so.2", o, 10000ms);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->ok);
  EXPECT_EQ(r->status, ProbeStatus::timed_out);
  EXPECT_NE(r->error.find("10000 ms"), std::string::npos);
  EXPECT_NE(r->error.find("hung"), std::string::npos);
}

TEST(Probe, CrashNamesTheSignalAndLastOutputLine) {
  os::ProcessOutcome o;
  o.signal = SIGSEGV;
  o.err = "NCCL WARN something\nlast words\n";
  auto r = read_probe_outcome("/l/libnccl.so.2", o, 10000ms);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->status, ProbeStatus::crashed);
  EXPECT_NE(r->error.find("SIGSEGV"), std::string::npos);
  EXPECT_NE(r->error.find("last words"), std::string::npos);

  auto silent = read_probe_outcome("/l/libnccl.so.2", exited("", "", 3), 10000ms);
  ASSERT_TRUE(silent.ok());
  EXPECT_EQ(silent->status, ProbeStatus::crashed);
  EXPECT_NE(silent->error.find("code 3"), std::string::npos);
}

TEST(Probe, CrashSignalNamesAreGlibcs) {
  // The names glibc's sigabbrev_np gives (the portable build cannot call it: glibc 2.32).
  const std::pair<int, std::string> cases[] = {{SIGABRT, "died of SIGABRT"},
                                               {SIGKILL, "died of SIGKILL"},
                                               {SIGIO, "died of SIGPOLL"},
                                               {SIGSYS, "died of SIGSYS"},
                                               {SIGRTMIN + 1, "died of signal " + std::to_string(SIGRTMIN + 1)}};
  for (const auto& [sig, want] : cases) {
    os::ProcessOutcome o;
    o.signal = sig;
    auto r = read_probe_outcome("/l/libnccl.so.2", o, 10000ms);
    ASSERT_TRUE(r.ok());
    EXPECT_NE(r->error.find(want), std::string::npos) << r->error;
  }
}

TEST(Probe, LoadFailureAndNcclErrorComeFromTheAnswer) {
  auto load = read_probe_outcome(
      "/l/x.so",
      exited(
          R"({"path":"/l/x.so","stage":"dlopen","ok":false,"version_code":null,"version":"","rc":null,)"
          R"("error":"libcudart.so.12: cannot open shared object file","last_error":"","id_hex":"","observed":null})"),
      1000ms);
  ASSERT_TRUE(load.ok()) << load.error().message;
  EXPECT_EQ(load->status, ProbeStatus::load_failed);
  EXPECT_FALSE(load->rc.has_value());
  EXPECT_NE(load->error.find("libcudart"), std::string::npos);

  auto nccl = read_probe_outcome(
      "/l/x.so",
      exited(
          R"J({"path":"/l/x.so","stage":"unique-id","ok":false,"version_code":22809,"version":"2.28.9","rc":5,)J"
          R"J("error":"ncclGetUniqueId returned 5 (invalid usage)","last_error":"Bootstrap : no socket interface found",)J"
          R"J("id_hex":"","observed":null})J"),
      1000ms);
  ASSERT_TRUE(nccl.ok()) << nccl.error().message;
  EXPECT_EQ(nccl->status, ProbeStatus::nccl_error);
  EXPECT_EQ(nccl->rc, 5);
  EXPECT_EQ(nccl->error, "ncclGetUniqueId returned 5 (invalid usage): Bootstrap : no socket interface found");
}

TEST(Probe, GarbageOrIncompleteAnswersAreClearErrors) {
  auto garbage = read_probe_outcome("/l/libnccl.so.2", exited("hello\n"), 1000ms);
  ASSERT_FALSE(garbage.ok());
  EXPECT_NE(garbage.error().message.find("/l/libnccl.so.2"), std::string::npos);
  EXPECT_NE(garbage.error().message.find("not JSON"), std::string::npos);

  auto missing = read_probe_outcome("/l/libnccl.so.2", exited(R"({"stage":"done"})"), 1000ms);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("missing or mistyped"), std::string::npos);

  auto empty = read_probe_outcome("/l/libnccl.so.2", exited(""), 1000ms);
  ASSERT_FALSE(empty.ok());
}

TEST(Probe, JsonShapeForNicsAndCheck) {
  os::fake::FakeProcessRunner runner;
  runner.answer(exited(k_ok_line));
  auto r = probe_library("/l/libnccl.so.2", runner, "/bin/distdoctor", os::Environment{});
  ASSERT_TRUE(r.ok());
  auto j = to_json(*r);
  EXPECT_EQ(j["path"], "/l/libnccl.so.2");
  EXPECT_EQ(j["version"], "2.28.9");
  EXPECT_EQ(j["observed"]["iface"], "eth0");
  EXPECT_EQ(j["observed"]["addr"], "198.18.0.1");
  EXPECT_EQ(j["status"], "ok");

  LibraryProbe failed;
  failed.path = "/x";
  failed.status = ProbeStatus::timed_out;
  auto jf = to_json(failed);
  EXPECT_TRUE(jf["observed"].is_null());
  EXPECT_TRUE(jf["version"].is_null());
  EXPECT_EQ(jf["status"], "timed-out");
}

}  // namespace
}  // namespace dd::nccl
