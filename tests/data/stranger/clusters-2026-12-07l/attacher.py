# cluster13 w3: a hung profiler/debugger attach helper. It ptrace-attaches (PTRACE_SEIZE, then PTRACE_INTERRUPT, the
# way gdb and py-spy stop a process) to every thread of PID and then waits forever without resuming them: every
# thread sits in tracing stop (state "t", TracerPid = this process). Killing this process detaches them; they go on.
import ctypes, os, sys, time
libc = ctypes.CDLL("libc.so.6", use_errno=True)
PTRACE_SEIZE, PTRACE_INTERRUPT = 0x4206, 0x4207
pid = int(sys.argv[1])
for tid in sorted(int(t) for t in os.listdir(f"/proc/{pid}/task")):
    for req in (PTRACE_SEIZE, PTRACE_INTERRUPT):
        if libc.ptrace(req, tid, None, None) != 0:
            print(f"ptrace {req:#x} {tid}: errno {ctypes.get_errno()}", flush=True)
print(f"attached to {pid}", flush=True)
time.sleep(3600)
