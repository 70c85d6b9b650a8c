#!/usr/bin/env bash
# Installs everything distdoctor needs to build, test and benchmark on Debian 12 (run as root).
# Idempotent: skips apt entirely when every package is already installed.
set -euo pipefail
pkgs=(
  build-essential g++ cmake ninja-build pkg-config     # compiler and build
  libcli11-dev            # command-line parsing
  nlohmann-json3-dev      # --json output and wire messages
  libfmt-dev              # text formatting
  zlib1g-dev              # reading gzip logs (distdoctor logs)
  nettle-dev              # Nettle: HMAC-SHA256 challenge-response in preflight
  libgtest-dev libgmock-dev libbenchmark-dev           # unit tests, micro-benchmarks
  clang libclang-rt-14-dev                             # libFuzzer target for the log parser
  clang-format-14         # system.style.format: the C++ layout of .clang-format (scripts/check-format.sh)
  clang-tidy-14           # system.style.function-size: .clang-tidy's function-size limit (scripts/check-function-size.sh)
  iproute2 nftables iptables ethtool util-linux        # network namespaces in system tests
  iputils-ping            # system.preflight.held-out-second-nic-same-subnet runs the `ping -I` check a fix prints
  tcpdump                 # the cluster held-out harness tests/data/stranger/clusters-2026-12-07i runs the printed tcpdump steps
  libnftables1            # preflight names the nftables rule that drops a port (libnftables' JSON API, loaded at run time)
  libtree-sitter-dev      # distdoctor lint: in-process Python parser (grammar vendored in third_party/)
  libyaml-cpp-dev         # distdoctor lint: Kubernetes / Kubeflow manifests
  libtoml11-dev           # distdoctor lint: its config file (.distdoctor.toml, [tool.distdoctor] in pyproject.toml)
  python3-torch           # real torch.distributed (Gloo) jobs in system tests, /usr/bin/python3
  netcat-openbsd hyperfine procps                      # benchmark baselines (nc -zv loop, timing)
  iperf3                  # bench/collective_bench.sh: the link's ceiling next to distdoctor bench
  openmpi-bin libopenmpi-dev  # bench/collective_bench.sh: Open MPI MPI_Allreduce (TCP BTL) beside distdoctor bench
  jq                      # JSON checks in system tests (absent on a debootstrap minbase root)
  bc time                 # bench scripts: arithmetic on timings, /usr/bin/time peak RSS (bench, hardening and watch tests)
  ccache                  # fuzz tests: the modules every libFuzzer target shares compile once per run (DD_FUZZ_CCACHE)
  binutils                # readelf: portable-binary test (NEEDED, GLIBC_ versions)
  libunwind-14-dev        # release build: LLVM's static unwinder (libgcc_eh needs glibc 2.35's _dl_find_object)
  curl xz-utils gpgv debian-archive-keyring  # release build: scripts/glibc-sysroot.sh fetches Debian 11's glibc
  debootstrap             # system.release.oldroot: a Debian 11 (glibc 2.31) minbase root to run the release binary in
  openssh-client openssh-server  # preflight --ssh (ssh, scp) and its system test (sshd per namespace node)
  chromium python3-pil    # system.report.browser: headless Chromium renders the HTML reports; PIL reads its PNGs
  python3-yaml            # system.report.export-formats: a real YAML parser for --export-format k8s
  patch                   # system.lint.roundtrip: applies `lint --diff` output with GNU patch (must equal `lint --fix`)
  python3-jsonschema      # system.lint.formats: lint --format sarif validated against the SARIF 2.1.0 schema
  pre-commit git          # system.lint.pre-commit: .pre-commit-hooks.yaml run by pre-commit itself (try-repo needs a git repository)
  fish                    # system.release.install: the generated fish completion completes in a real fish
  zsh                     # system.release.install: the generated zsh completion is parsed by a real zsh (zsh -n)
  g++-mingw-w64-x86-64-posix  # the Windows build (scripts/build-windows.sh): distdoctor.exe, static, POSIX threads
  libz-mingw-w64-dev      # the Windows build: zlib for gzip logs, linked into distdoctor.exe
  wine64                  # system.windows.wine: runs distdoctor.exe headless
  sudo                    # system.fix.fix56-p02-sudo-env: the printed --preserve-env run through a real sudo (env_reset)
)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
