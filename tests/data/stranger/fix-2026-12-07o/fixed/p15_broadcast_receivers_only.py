import torch
import torch.distributed as dist


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()

    # rank 0 builds the vocabulary ids, the other ranks receive them
    vocab = torch.zeros(8, dtype=torch.int64)
    vocab = torch.arange(8, dtype=torch.int64) * 3
    dist.broadcast(vocab, src=0)

    total = torch.tensor([int(vocab.sum())], dtype=torch.int64)
    dist.all_reduce(total)
    if rank == 0:
        print("vocab checksum", int(total), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
