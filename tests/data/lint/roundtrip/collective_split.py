import torch.distributed as dist

LOG_EVERY = 50


def train(loader, model, optimizer, rank, world_size):
    step = 0
    for images, labels in loader:
        loss = model(images, labels)
        loss.backward()
        optimizer.step()
        step += 1
        if rank == 0 and step % LOG_EVERY == 0:
            # average the loss over all workers for the log line
            avg = loss.detach().clone()
            dist.all_reduce(avg, op=dist.ReduceOp.SUM)
            avg /= world_size
            print(f"step {step} loss={avg.item():.4f}", flush=True)
