// LineEvent: what one log line says, as produced by classify_line (line_classifier.hpp).
// Views point into the line passed to the classifier (or its scratch copy) and are valid only
// until the next line is read; the fact builder copies what it keeps.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace dd::logs {

// The kinds of line distdoctor reasons about. Everything else is `none` (or `nccl_info` when it
// is an NCCL INFO line with a header: it still counts as activity of that rank).
enum class EventKind : std::uint8_t {
  none,
  nccl_info,               // any other NCCL INFO line (activity)
  nccl_warn,               // any other NCCL WARN line
  nccl_version,            // "NCCL version 2.7.8+cuda10.2" -> text = "2.7.8+cuda10.2"
  bootstrap_iface,         // "Bootstrap : Using [0]eth0:10.0.0.1<0>" -> iface, addr
  socket_ifaces,           // "NET/Socket : Using [0]eth0:..<0> [1]..." -> text = list; iface, addr = first
  legacy_iface,            // 2.3: "NET : Using interface lo:127.0.0.1<0>" -> iface, addr
  no_socket_iface,         // "Bootstrap : no socket interface found", "NET/Socket : no interface found",
                           // "NET/IB : No IP interface found", "Socket creation failed : Address family ..."
  ib_devices,              // "NET/IB : Using [0]mlx5_0:1/RoCE ..." -> text = list
  ib_none,                 // "NET/IB : No device found."
  using_network,           // "Using network IB|Socket|<plugin>" -> text
  net_channel,             // "Channel 00/0 : 1[1] -> 2[0] [send] via NET/IB/0" -> text = the message
                           // (channel_transport(text) = "IB"), marked = "via NET/IB/0/GDRDMA"
  ifname_env,              // "NCCL_SOCKET_IFNAME set by environment to X" -> text = X
  ib_hca_env,              // "NCCL_IB_HCA set to X" (net_ib) / "... set by environment to X" -> text = X
  comm_rank,               // "comm 0x.. rank R nranks N ..." (rank, nranks; init_complete when the line says so)
  init_complete,           // "Init COMPLETE" without a parsable rank
  rings_connected,         // "Connected all rings"
  nccl_tests_rank,         // nccl-tests "#  Rank  0 Pid 15833 on host device 0 [0x02] ..." -> rank, host (iface), dev
  libibverbs_missing,      // "Failed to open libibverbs.so"
  connect_failed,          // a failed connect/recv: addr, port, err
  ib_error,                // ibv_* calls failing, IB completion errors
  ib_open_failed,          // an RDMA device exists but NCCL could not open it: "NET/IB : Unable to open device
                           // mlx5_0", "Call to ibv_open_device failed" (containers without /dev/infiniband)
  shm_error,               // shared-memory segment creation failures, bus errors blamed on shm
  p2p_error,               // CUDA peer access / IPC failures
  collective_mismatch,     // "Mismatched collective detected", torch's collective mismatch check
  message_truncated,       // NET "Message truncated : received X bytes instead of Y"
  watchdog_timeout,        // torch "Watchdog caught collective operation timeout" -> seq, text = OpType, rank
  hostname_error,          // "host not found", "Name or service not known", DNS failures
  loopback_alias,          // 127.0.1.1 appears as an address (Debian hostname alias)
  gloo_iface_missing,      // Gloo "Unable to find address for: X" -> text = X
  gloo_host_unusable,      // Gloo's hostname lookup found no bindable address for the host's name -> text = name
  tf_config_error,         // TF_CONFIG parse/validation errors
  tf_config_printed,       // RunConfig's "TF_CONFIG environment variable: {...}" -> text = the dict
  grpc_unavailable,        // gRPC "failed to connect to all addresses", UNAVAILABLE
  windows_no_nccl,         // "Distributed package doesn't have NCCL built in" (Windows)
  data_stall,              // data-loading frames, DataLoader worker trouble, tf.data shuffle-buffer fill
  progress,                // a tqdm-style progress bar line
  resource_limit,          // "Too many open files", memlock
  driver_version,          // CUDA driver older than the runtime, NVML driver/library mismatch
  driver_error,            // cuInit failures, GPU Direct RDMA failures
  gdr_disabled,            // "NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'" (no peer-memory module)
  ib_length_error,         // IB "local access violation work queue error" / IBV_WC_LOC_LEN_ERR (MTU differs)
  subnet_mismatch,         // "No interface found in the same subnet as remote address" (NCCL_COMM_ID)
  bad_socket_family,       // "connecting to address .. with family N is neither AF_INET .. nor AF_INET6"
  socket_type_mismatch,    // "socketFinalizeAccept: wrong type 4 != 3" -> text = the message (socket_type_pair)
  bootstrap_failed,        // NCCL's error trace through the bootstrap: "bootstrap.cc:270 -> 2" (code != 0)
  iface_list_entry,        // one "[1]br-x:172.19.0.1<0>" entry of a list pasted one per line -> iface, addr
  p2p_workaround,          // prose: NCCL_P2P_DISABLE=1 made it work
  endpoint_invalid,        // an endpoint torch rejected before connecting: elastic's "The port number of the
                           // rendezvous endpoint 'None:None' must be an integer ...", pybind's TCPStore
                           // "Invoked with: 'localhost', 80000, ..." -> text = the endpoint as printed
  gpu_arch_unsupported,    // CUDA code without kernels for this GPU: "Cuda failure 'invalid device function'",
                           // "'named symbol not found'", "no kernel image is available for execution on the device"
  net_plugin,              // which NCCL net plugin a process runs: "NET/Plugin: Loaded net plugin X (vN)", the HPC-X
                           // plugin's "Plugin Path : .../libnccl-net.so" / "P2P plugin v8 IBext_v8" -> text = its name
                           // or path; "NET/Plugin : No plugin found ...", "... Using internal network plugin." ->
                           // text = "internal"
  nvls_error,              // a CUDA call of NVLS (NVLink SHARP multicast) setup failed: WARN from transport/nvls.cc
                           // "Cuda failure 'invalid argument'" -> text = the message
  verbs_provider_missing,  // rdma-core's "libibverbs: Warning: no userspace device-specific driver found for
                           // /sys/class/infiniband_verbs/uverbs0": an RDMA device without its verbs provider
  coll_call,               // NCCL_DEBUG_SUBSYS=COLL: "AllReduce: opCount 1a sendbuff .. count 1024 datatype 7 op 0
                           // root 0 comm 0x.. [nranks=2] stream .." (enqueue.cc) -> text = the op, seq = opCount,
                           // count, datatype, op, root, nranks, comm
  // Launchers and frameworks around NCCL (catalogue entries horovod.*, elastic.*,
  // deepspeed.*, accelerate.*, lightning.*):
  horovod_stall,         // Horovod's stall inspector: "One or more tensors were submitted to be reduced, gathered or
                         // broadcasted by subset of ranks and are waiting for remainder of ranks ..." (its first line)
  horovod_missing_rank,  // a line of its "Missing ranks:" list, "2: [tensor_a, tensor_b]" / "2!: [...]" -> rank,
                         // text = the names between the brackets, marked = the "!" (stalled past the shutdown time)
  horovod_shutdown,      // "Horovod has been shut down. This was caused by an exception on one of the ranks ...",
                         // the stall inspector's "... is stalled for longer than N seconds. Will shutdown."
  elastic_child_failed,  // torch elastic's agent: "failed (exitcode: -9) local_rank: 3 (pid: 812) of binary: ..."
                         // -> local_rank, exit_code, pid
  rendezvous_timeout,    // torch elastic's RendezvousTimeoutError: the rendezvous did not complete within its join
                         // timeout
  elastic_failure_row,   // a row of ChildFailedError's table -> text = "root-cause" ("Root Cause (first observed
                         // failure):"), "host" (iface = the host), "rank" (rank, local_rank), "exitcode" (exit_code,
                         // pid) or "signal" ("Signal 9 (SIGKILL) received by PID 812": exit_code = -9, err_text =
                         // "SIGKILL", pid)
  elastic_closing_signal,  // torch elastic's agent: "Sending process 813 closing signal SIGTERM" -> pid, text = signal
  launcher_exit,           // a launcher saw a worker fail: DeepSpeed's "[...] exits with return code = -9" (local_rank
                  // from "--local_rank=N" in the command), accelerate launch's CalledProcessError "... returned
                  // non-zero exit status 1." / "... died with <Signals.SIGKILL: 9>." -> exit_code, local_rank,
                  // err_text = the signal's name, text = "deepspeed" | "subprocess"
  rank_registered,  // Lightning: "Initializing distributed: GLOBAL_RANK: 1, MEMBER: 2/4" -> rank, nranks
  all_registered,   // Lightning: "All distributed processes registered. Starting with 4 processes" -> nranks
  opaque_error,     // "unhandled system error", "NCCL failure ..." without a cause
  // ROCm's BLAS libraries (catalogue entries rocm.*):
  blas_library_unreadable,  // hipBLASLt "rocblaslt error: Cannot read PATH: ERRNO-TEXT" -> text = path and error
  blas_library_unloadable,  // hipBLASLt "rocblaslt error: Could not load PATH" -> text = path
  // Ray (catalogue entries ray.*):
  bus_error,   // a fatal SIGBUS report: UCX's "Caught signal 7 (Bus error: nonexistent physical address)"
  nccl_frame,  // a backtrace frame in NCCL's code: " 2 0x..68d6c ncclGroupEnd()  ???:0", "... libnccl.so.2:0"
  graph_capture_unsupported,  // NCCL WARN "NCCL cannot be captured in a graph if either it wasn't built with CUDA
                              // runtime >= 11.3 or if the installed CUDA driver < R465."
  cuda_not_ready,             // CUDA's text of cudaErrorSystemNotReady (802): "system not yet initialized"
  cuda_not_supported,  // NCCL's CUDACHECK text of cudaErrorNotSupported (801): "Cuda failure 'operation not supported'"
  duplicate_gpu,       // NCCL WARN "Duplicate GPU detected : rank 2 and rank 0 both on CUDA device 1000"
                       // -> text = "rank 2 and rank 0 both on CUDA device 1000" (the device is the PCI bus id, hex)
  unique_id_timeout,   // torch: "[7] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d
                       // key-value store by key '0', but store->get('0') got error: Socket Timeout" (a timeout only)
  ray_trials_failed,   // Tune's "Trials did not complete: [TorchTrainer_96bfe_00000]" -> text = the list
  // The dynamic loader (catalogue entries loader.*):
  nccl_symbol_missing,  // "ImportError: .../libtorch_cuda.so: undefined symbol: ncclCommRegister" (also ld.so's
                        // "symbol lookup error: ...") -> text = the symbol: the libnccl loaded lacks a function
                        // the library named in the line was built to call
  // TensorFlow's session (catalogue entries tf.session.*):
  tf_session_ready,  // session_manager.py's "Done running local_init_op.": the session exists, the first step
                     // (and a Horovod job's broadcast of the initial variables) comes next
  // Open MPI's TCP BTL and MPICH's hydra (catalogue entries ompi.btl-tcp.*, mpich.hydra.*):
  mpi_unexpected_peer,     // "received unexpected process identifier [[j,1],7]", or the help text's "Source IP of
                           // socket: A" after "it is from an IP address that is unexpected": a connection came
                           // from another process or address than the one Open MPI knows there
  mpi_incoming_unmatched,  // "btl: tcp: Match incoming connection from [[j,1],1] A with locally known IP B failed
                           // (iface i/N)!" -> text = the process, addr = A, iface = B, rank = i, nranks = N
  mpi_host_lookup,         // hydra's "unable to get host address for NAME" -> text = NAME
  mpi_connect_server,      // hydra's proxy: "unable to connect to server S at port P (check for firewalls!)" ->
                           // addr = S, port = P
  mpi_connect_error,       // hydra's "unable to connect from \"A\" to \"B\" (E)" -> text = A, addr = B, err_text = E
  mpi_tcp_connect_failed,  // Open MPI's TCP BTL "connect() to A failed: E (n)" (before 3.1) or its help text's
                           // "Message: connect() to A:P failed" -> addr = A, port = P, err_text = E when given
  // torch's rendezvous and store, Gloo's device, TensorFlow's NCCL ops (catalogue entries torch.rendezvous.*,
  // torch.store.*, accelerate.port-in-use, gloo.tcp.iface-for-address, tf.*):
  env_var_unset,       // env:// rendezvous: "environment variable MASTER_ADDR expected, but not set" -> text = the name
  tf_nccl_op_missing,  // TF "No OpKernel was registered to support Op 'NcclAllReduce'": no NCCL kernels in this
                       // TensorFlow build -> text = the op
  tf_strategy,         // TF's INFO line naming the strategy: "Using MirroredStrategy with devices (...)",
                       // "MultiWorkerMirroredStrategy with cluster_spec = ..." (the entry id tells which)
  port_in_use,         // the store's listening port is taken: TCPStore "The server socket has failed to listen on any
                       // local network address ... (errno: 98 - Address already in use)", accelerate's "Tried to
                       // launch distributed communication on port `29500`, but another process is utilizing it"
                       // -> text = the port when printed
  gloo_addr_not_local,  // Gloo "Unable to find interface for: [0.0.0.189]": its device address is on no interface
                        // of this node -> text = the address
  store_listen_failed,  // c10d's "[E socket.cpp:472] ... failed to listen on any local network address." without the
                        // errno on its line (the bind warnings before it carry it)
  store_libuv_missing,  // TCPStore "use_libuv was requested but PyTorch was build without libuv support"
  // Devices and world size (catalogue entries cuda.error.invalid-device-ordinal, lightning.gpus.*, llama.*,
  // deepspeed.runner.*, horovod.controller.*, nccl.shm.attach-missing / open-missing):
  gpu_ordinal_invalid,           // CUDA's "invalid device ordinal" (torch's and THC's wrappers, not NCCL's CUDACHECK)
  gpus_requested_absent,         // Lightning "You requested gpu: [0, 1]" (then " But your machine only has: [0]")
                                 // -> text = the list requested
  checkpoint_parallel_mismatch,  // llama "Loading a checkpoint for MP=8 but world size is 1" -> text = "MP=8 but world
                                 // size is 1"
  hostfile_missing,              // DeepSpeed's runner "Unable to find hostfile, will proceed with training with local
                                 // resources only."
  horovod_device_mismatch,       // Horovod "Mismatched ALLREDUCE CPU/GPU device selection: One rank specified device
                                 // CPU, but another rank specified device GPU." -> text = the collective
  shm_segment_missing,  // NCCL "Error while attaching to shared memory segment /dev/shm/nccl-X (size N), error:
                        // No such file or directory (2)", shmutils' "Call to open failed: No such file ..."
  nccl_shm_frame,       // a backtrace frame in the function that opens and maps NCCL's /dev/shm segments, as gdb
                        // prints it: "#0 0x00007f6b59544f3b in ncclShmOpen(char*, unsigned long, ...) () from ..."
  topo_attr_missing,    // NCCL "Attribute arch of node cpu not found" (graph/xml.h) -> text = the attribute
  ofi_no_provider,      // aws-ofi-nccl "OFI fi_getinfo() call failed: No data available": no libfabric provider
  pslite_bind_failed,   // ps-lite van.cc "Check failed: (my_node_.port) != (-1) bind failed"
  fatal_exit,           // a line that says the process died or was stopped: "terminate called ...", "(core dumped)",
                        // "Traceback (most recent call last):", "Check failed: ...", "Killed by signal 2." -> text
  error_line,           // a line that reports an error in the form most programs use, named by no other entry: a Python
                        // exception's last line ("RuntimeError: ...", "[rank0]: ValueError: ..."), an error-level tag
                        // ("[ERROR]", "|CCL_ERROR|", "ERROR:") -> text = the line; read only when no rule names a cause
};

// LineEvent::exit_code when the line names none.
inline constexpr int k_no_exit_code = -1000000;

enum class ConnError : std::uint8_t { none, refused, timed_out, unreachable, reset, other };

struct LineEvent {
  EventKind kind = EventKind::none;
  bool has_header = false;       // the line carried NCCL's "host:pid:tid [dev]" header
  bool tagged = false;           // the line carried NCCL's level tag ("NCCL INFO", "NCCL WARN", "src WARN")
  bool warn = false;             // NCCL WARN level
  std::string_view host, pid;    // from the header
  int dev = -1;                  // CUDA device from the header, or nccl-tests' device
  std::string_view text;         // payload; see EventKind
  std::string_view iface, addr;  // interface and address (or connect target)
  int port = -1;
  ConnError err = ConnError::none;
  std::string_view err_text;  // "Connection refused"
  int rank = -1, nranks = -1;
  std::int64_t seq = -1;
  bool init_complete = false;
  std::int64_t count = -1;                // coll_call: element count
  int datatype = -1, op = -1, root = -1;  // coll_call: ncclDataType_t, ncclRedOp_t, root (peer for Send/Recv)
  std::string_view comm;                  // coll_call: the communicator's address as printed
  int exit_code = k_no_exit_code;         // launcher kinds: the worker's exit code (-N: killed by signal N)
  int local_rank = -1;                    // launcher kinds: the worker's local rank
  bool marked = false;                    // horovod_missing_rank: the rank carries Horovod's "!"; net_channel: the
                                          // channel uses GPUDirect RDMA (the entry's "mark", "/GDRDMA", is there)
  int catalogue_entry = -1;               // the message_catalogue() entry that recognised the line, -1 if none
};

std::string_view to_string(ConnError e);

// The kind's name as spelled in the enum ("bootstrap_iface"), and back; nullopt for an unknown name.
std::string_view to_string(EventKind kind);
std::optional<EventKind> event_kind_named(std::string_view name);

}  // namespace dd::logs
