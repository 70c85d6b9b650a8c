// `distdoctor __bench-nccl REQUEST-JSON` (internal): the child of `bench --backend nccl`
// (bench/nccl_backend.hpp). It loads libnccl and libcudart (never in distdoctor's own process),
// checks for a GPU or runs the sweep, prints one JSON line and exits without running destructors
// (a half-initialised library could hang in them). NCCL logs to stdout by default, so stdout is
// pointed at stderr while the libraries run and the answer goes to the saved descriptor.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "bench/nccl_backend.hpp"
#include "cli/command.hpp"
#include "core/exit_code.hpp"

namespace dd::cli {

namespace {

[[noreturn]] void run_bench_nccl_child(const std::string& request_text) {
  int answer_fd = ::dup(1);
  if (answer_fd < 0 || ::dup2(2, 1) < 0) {
    std::fprintf(stderr, "distdoctor: error: __bench-nccl: cannot redirect stdout: %s\n", std::strerror(errno));
    ::_exit(core::k_exit_internal);
  }
  auto j = nlohmann::json::parse(request_text, nullptr, false);
  auto request = j.is_discarded() ? core::Result<bench::NcclChildRequest>(
                                        core::Error{core::ErrorKind::usage, "__bench-nccl: the request is not JSON"})
                                  : bench::request_from_json(j);
  if (!request) {
    std::fprintf(stderr, "distdoctor: error: __bench-nccl: %s\n", request.error().message.c_str());
    ::_exit(core::k_exit_usage);
  }
  auto api = bench::load_nccl_api(request->libs.nccl, request->libs.cudart);
  auto answer = bench::serve_nccl_request(*request, api);
  std::fflush(nullptr);
  std::string line = bench::answer_json(answer).dump() + "\n";
  std::size_t done = 0;
  while (done < line.size()) {
    ssize_t n = ::write(answer_fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::_exit(core::k_exit_ok);
}

}  // namespace

void setup_bench_nccl_child(CLI::App& sub, const GlobalOptions& /*global*/, int& /*exit_code*/) {
  auto request = std::make_shared<std::string>();
  sub.add_option("request", *request, "the request as JSON (bench/nccl_backend.hpp)")->required();
  sub.callback([request] { run_bench_nccl_child(*request); });
}

}  // namespace dd::cli
