import torch
import torch.distributed as dist


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    # every rank must call new_group, also those not in it
    eval_group = dist.new_group(ranks=[0])
    t = torch.tensor([float(rank)])
    dist.all_reduce(t, group=eval_group)
    dist.barrier()
    print(f"rank {rank}: {t.item()}", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
