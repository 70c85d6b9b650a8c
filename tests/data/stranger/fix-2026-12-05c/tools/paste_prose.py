#!/usr/bin/python3
"""Applies the prose fixes distdoctor printed (out/lint/ID.txt) to copies of the cases, as a user
would paste them, writing pasted/. Placeholders (RANK0_HOST) are replaced by a real name; the rest of
the printed text is kept as printed. Variants named ...b keep only the change (no trailing comment)."""
import os, re, shutil, subprocess

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
os.makedirs("pasted", exist_ok=True)


def fix_of(case_id, n=0):
    """the n-th `fix:` text of out/lint/ID.txt (first line only)"""
    fixes = re.findall(r"^        fix: (.*)$", open(f"out/lint/{case_id}.txt").read(), re.M)
    return fixes[n]


def write(name, text):
    open(f"pasted/{name}", "w").write(text)


def src(name):
    return open(f"cases/{name}").read()


# r01: line 18 replaced by the printed line, RANK0_HOST -> node001  (done by hand in the shell first; repeated here)
f = fix_of("r01").replace("RANK0_HOST:29500", "node001:29500")
lines = src("r01_rdzv_localhost.sbatch").split("\n")
lines[17] = "    " + f
write("r01_rdzv_localhost.sbatch", "\n".join(lines))
lines[17] = "    --rdzv-endpoint=node001:29500 \\"
write("r01b_rdzv_localhost.sbatch", "\n".join(lines))

# r03: "remove the setting"
write("r03_prefix_lo.sh", src("r03_prefix_lo.sh").replace("NCCL_SOCKET_IFNAME=lo ", ""))
# r04: "remove the setting" inside the pdsh quotes
write("r04_pdsh_docker0.sh", src("r04_pdsh_docker0.sh").replace("NCCL_SOCKET_IFNAME=docker0 ", ""))
# r07: "remove the setting"
write("Dockerfile.r07", src("Dockerfile.r07").replace("ENV NCCL_SOCKET_IFNAME=docker0\n", ""))
# r09: the error's own prose fix, N -> 3 (the edit --fix applies is env.int.trailing-garbage's "3")
f = fix_of("r09").replace('"N"', '"3"')
write("r09_pytorchjob_float.yaml", src("r09_pytorchjob_float.yaml").replace("value: 3.0", f))
# r11: the printed item text, RANK0_HOST -> ddp-0.ddp-svc
f = fix_of("r11").replace("RANK0_HOST ", "ddp-0.ddp-svc ", 1).replace("=RANK0_HOST", "=ddp-0.ddp-svc")
write("r11_indexed_job_localhost.yaml", src("r11_indexed_job_localhost.yaml").replace("--master_addr=localhost", f))
# r12: move line 11 above line 10
lines = src("r12_deepspeed_env_after.py").split("\n")
lines[9], lines[10] = lines[10], lines[9]
write("r12_deepspeed_env_after.py", "\n".join(lines))
# r14: the barrier "outside the rank branch, at the indentation of line 17" (placed after the branch)
t = src("r14_lightning_barrier.py")
t = t.replace("            self.trainer.strategy.barrier()\n", "").replace(
    '            self.trainer.save_checkpoint(f"ckpt/epoch{self.current_epoch}.ckpt")\n',
    '            self.trainer.save_checkpoint(f"ckpt/epoch{self.current_epoch}.ckpt")\n        self.trainer.strategy.barrier()\n')
write("r14_lightning_barrier.py", t)
# r16: "use an index from 0 to 1"
write("r16_tfconfig_worker_index.py", src("r16_tfconfig_worker_index.py").replace('"index": 2', '"index": 1'))
# r19: the printed text in place of "--main_process_ip 127.0.0.1", RANK0_HOST -> node001
f = fix_of("r19").replace("RANK0_HOST ", "node001 ", 1)
t = src("r19_accelerate_srun_loopback.sbatch")
write("r19_accelerate_srun_loopback.sbatch", t.replace("--main_process_ip 127.0.0.1", f))
write("r19b_accelerate_srun_loopback.sbatch", t.replace("--main_process_ip 127.0.0.1", "--main_process_ip node001"))
# r21: second way printed: ENTRYPOINT ["/bin/sh", "-c", "exec ... \"$@\"", "--"], "..." = the old entrypoint
t = src("Dockerfile.r21")
write("Dockerfile.r21", t.replace('ENTRYPOINT ["/usr/bin/tini", "--"]',
                                  'ENTRYPOINT ["/bin/sh", "-c", "exec /usr/bin/tini -- \\"$@\\"", "--"]'))
# r22: printed "docker run --ipc=host ...": --ipc=host added, the rest of the command kept
write("r22_docker_small_shm.sh", src("r22_docker_small_shm.sh").replace("docker run --rm", "docker run --ipc=host --rm"))
# r26: the printed line in place of the init_method line
f = fix_of("r26")
write("r26_init_method_loopback.py", src("r26_init_method_loopback.py").replace('    init_method="tcp://127.0.0.1:23456",', f))
# r27: broadcast "outside the rank branch, at the indentation of line 9" (after the branch)
t = src("r27_hvd_broadcast_branch.py")
t = t.replace("    hvd.broadcast_parameters(model.state_dict(), root_rank=0)\n    print(\"loaded initial weights\")\n",
              "    print(\"loaded initial weights\")\nhvd.broadcast_parameters(model.state_dict(), root_rank=0)\n")
write("r27_hvd_broadcast_branch.py", t)
# r31: "--ntasks-per-node=8 (...; divide --cpus-per-task and other per-task amounts by 8 ...)": 12/8 = 1.5
os.makedirs("pasted/r31_lightning_pair", exist_ok=True)
shutil.copy("cases/r31_lightning_pair/train.py", "pasted/r31_lightning_pair/train.py")
write("r31_lightning_pair/submit.sbatch", src("r31_lightning_pair/submit.sbatch").replace(
    "--ntasks-per-node=4", "--ntasks-per-node=8").replace("--cpus-per-task=12", "--cpus-per-task=1.5"))
# c08: the two printed env items appended to each container's env list
t = src("c08_pytorchjob_hostnet_ok.yaml")
t = t.replace('                  value: "3"\n', '                  value: "3"\n                - name: NCCL_SOCKET_NTHREADS\n                  value: "1"\n')
write("c08_pytorchjob_hostnet_ok.yaml", t)
print("written:", sorted(os.listdir("pasted")))
