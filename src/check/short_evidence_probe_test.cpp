// The rule audit (docs/rules.md, check): what `check` says about the real NCCL library next to
// the model (check/probe_findings.cpp), each rule fed a report one step short of what it needs
// (no finding) beside the positive case.
#include <gtest/gtest.h>

#include <algorithm>

#include "check/probe_findings.hpp"
#include "check/report.hpp"

namespace dd::check {
namespace {

bool probe_has_id(const std::vector<core::Finding>& fs, const std::string& id) {
  return std::any_of(fs.begin(), fs.end(), [&](const core::Finding& f) { return f.id == id; });
}

// A report whose model bootstraps on eth0 198.18.0.2 and whose library answered the same.
CheckReport agreeing() {
  CheckReport r;
  r.prediction.bootstrap = nccl::Endpoint{"eth0", "198.18.0.2", "eth0"};
  nccl::LibraryProbe p;
  p.path = "/usr/lib/libnccl.so.2";
  p.version = r.model_version.to_string();
  p.ok = true;
  p.status = nccl::ProbeStatus::ok;
  p.observed = nccl::ObservedAddress{"eth0", "198.18.0.2", 40000, "unique-id", ""};
  r.probe = p;
  r.libraries = {{"/usr/lib/libnccl.so.2", nccl::LibrarySource::loader_cache, "/etc/ld.so.cache", ""}};
  return r;
}

TEST(CheckShort, ProbeRulesNeedTheLibrarysOwnAnswerToDifferOrFail) {
  // one step short of every probe rule: the library ran, on the model's version, chose the same
  auto same = agreeing();
  EXPECT_TRUE(probe_findings(same).empty());
  // no probe ran (--no-probe): nothing is claimed about the library
  auto none = agreeing();
  none.probe.reset();
  EXPECT_TRUE(probe_findings(none).empty());
  auto other = agreeing();
  other.probe->observed->iface = "eth1";
  other.probe->observed->addr = "198.18.4.2";
  auto d = probe_findings(other);
  ASSERT_TRUE(probe_has_id(d, "nccl.probe.disagrees-with-prediction"));
  EXPECT_EQ(d.front().severity, core::Severity::warning);  // the model is wrong here, not the job
  // an NCCL_COMM_ID id carries the COMM_ID address, not a local choice: no disagreement
  other.probe->observed->source = "NCCL_COMM_ID";
  EXPECT_FALSE(probe_has_id(probe_findings(other), "nccl.probe.disagrees-with-prediction"));
  auto newer = agreeing();
  newer.probe->version = "9.99.9";
  auto v = probe_findings(newer);
  ASSERT_TRUE(probe_has_id(v, "nccl.probe.version-differs-from-model"));
  EXPECT_EQ(v.front().severity, core::Severity::info);
  auto hung = agreeing();
  hung.probe->ok = false;
  hung.probe->status = nccl::ProbeStatus::timed_out;
  hung.probe->error = "no answer within 10 s";
  auto h = probe_findings(hung);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].id, "nccl.probe.timed-out");
  EXPECT_EQ(h[0].severity, core::Severity::warning);
  auto broken = agreeing();
  broken.probe_error = "cannot start the probe child";
  auto b = probe_findings(broken);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].id, "nccl.probe.could-not-run");
}

TEST(CheckShort, LibraryRulesNeedNoLibraryOrTwoDifferentFiles) {
  auto one = agreeing();
  EXPECT_TRUE(library_findings(one).empty());
  // two paths that resolve to the same file are one library
  auto linked = agreeing();
  linked.libraries = {
      {"/usr/lib/libnccl.so.2", nccl::LibrarySource::loader_cache, "/etc/ld.so.cache", "/usr/lib/libnccl.so.2.28.9"},
      {"/usr/lib/x86_64/libnccl.so.2", nccl::LibrarySource::loader_conf, "/etc/ld.so.conf",
       "/usr/lib/libnccl.so.2.28.9"}};
  EXPECT_TRUE(library_findings(linked).empty());
  auto two = linked;
  two.libraries[1].real_path = "/opt/venv/nvidia/nccl/lib/libnccl.so.2";
  auto s = library_findings(two);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].id, "nccl.library.several");
  EXPECT_EQ(s[0].severity, core::Severity::info);  // which one a process loads is not seen here
  auto empty = agreeing();
  empty.libraries.clear();
  auto n = library_findings(empty);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].id, "nccl.library.not-found");
  EXPECT_EQ(n[0].severity, core::Severity::info);
}

}  // namespace
}  // namespace dd::check
