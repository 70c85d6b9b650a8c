WARNING:torch.distributed.run:
*****************************************
Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. 
*****************************************
INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:
  entrypoint       : train.py
  min_nodes        : 2
  max_nodes        : 2
  nproc_per_node   : 4
  run_id           : none
  rdzv_backend     : c10d
  rdzv_endpoint    : 127.0.0.1:29644
  rdzv_configs     : {'timeout': 900}
  max_restarts     : 0
  monitor_interval : 5
  log_dir          : None
  metrics_cfg      : {}

WARNING: Logging before InitGoogleLogging() is written to STDERR
W20261205 14:24:26.497558  2494 socket.cpp:426] [c10d] The server socket has failed to bind to [::]:29644 (errno: 98 - Address already in use).
W20261205 14:24:26.498661  2494 socket.cpp:426] [c10d] The server socket has failed to bind to 0.0.0.0:29644 (errno: 98 - Address already in use).
E20261205 14:24:26.498682  2494 socket.cpp:462] [c10d] The server socket has failed to listen on any local network address.
I20261205 14:24:26.500581  2494 socket.cpp:787] [c10d] The client socket has connected to [::ffff:127.0.0.1]:29644 on [::ffff:127.0.0.1]:44596.
I20261205 14:24:26.521584  2494 socket.cpp:787] [c10d] The client socket has connected to [::ffff:127.0.0.1]:29644 on [::ffff:127.0.0.1]:44600.
INFO:torch.distributed.elastic.agent.server.local_elastic_agent:log directory set to: /tmp/torchelastic_8i4a35lf/none_690ys_2p
INFO:torch.distributed.elastic.agent.server.api:[default] starting workers for entrypoint: python3
INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group
INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for workers. Result:
  restart_count=0
  master_addr=localhost
  master_port=56255
  group_rank=1
  group_world_size=2
  local_ranks=[0, 1, 2, 3]
  role_ranks=[4, 5, 6, 7]
  global_ranks=[4, 5, 6, 7]
  role_world_sizes=[8, 8, 8, 8]
  global_world_sizes=[8, 8, 8, 8]

INFO:torch.distributed.elastic.agent.server.api:[default] Starting worker group
INFO:torch.distributed.elastic.agent.server.local_elastic_agent:Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer.
INFO:torch.distributed.elastic.multiprocessing:Setting worker0 reply file to: /tmp/torchelastic_8i4a35lf/none_690ys_2p/attempt_0/0/error.json
INFO:torch.distributed.elastic.multiprocessing:Setting worker1 reply file to: /tmp/torchelastic_8i4a35lf/none_690ys_2p/attempt_0/1/error.json
INFO:torch.distributed.elastic.multiprocessing:Setting worker2 reply file to: /tmp/torchelastic_8i4a35lf/none_690ys_2p/attempt_0/2/error.json
INFO:torch.distributed.elastic.multiprocessing:Setting worker3 reply file to: /tmp/torchelastic_8i4a35lf/none_690ys_2p/attempt_0/3/error.json
WARNING:torch.distributed.elastic.agent.server.api:Received 15 death signal, shutting down workers
WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 2810 closing signal SIGTERM
WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 2811 closing signal SIGTERM
WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 2812 closing signal SIGTERM
WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 2817 closing signal SIGTERM
Traceback (most recent call last):
  File "/tmp/s8run/bin/torchrun", line 8, in <module>
    sys.exit(main())
             ^^^^^^
  File "/usr/lib/python3/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper
    return f(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3/dist-packages/torch/distributed/run.py", line 762, in main
    run(args)
  File "/usr/lib/python3/dist-packages/torch/distributed/run.py", line 753, in run
    elastic_launch(
  File "/usr/lib/python3/dist-packages/torch/distributed/launcher/api.py", line 132, in __call__
    return launch_agent(self._config, self._entrypoint, list(args))
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3/dist-packages/torch/distributed/launcher/api.py", line 237, in launch_agent
    result = agent.run()
             ^^^^^^^^^^^
  File "/usr/lib/python3/dist-packages/torch/distributed/elastic/metrics/api.py", line 129, in wrapper
    result = f(*args, **kwargs)
             ^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3/dist-packages/torch/distributed/elastic/agent/server/api.py", line 709, in run
    result = self._invoke_run(role)
             ^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3/dist-packages/torch/distributed/elastic/agent/server/api.py", line 850, in _invoke_run
    time.sleep(monitor_interval)
  File "/usr/lib/python3/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 62, in _terminate_process_handler
    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)
torch.distributed.elastic.multiprocessing.api.SignalException: Process 2494 got signal: 15
