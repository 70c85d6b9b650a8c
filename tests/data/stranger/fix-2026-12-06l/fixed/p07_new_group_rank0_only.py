import torch
import torch.distributed as dist


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    t = torch.tensor([float(rank)])
    dist.all_reduce(t)
    # a group of one for the evaluation writer
    eval_group = dist.new_group(ranks=[0])
    if rank == 0:
        print("rank 0: eval group ready", flush=True)
    dist.barrier()
    print(f"rank {rank}: sum {t.item()}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
