import os
import math

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler
from transformers import AutoModelForSequenceClassification, AutoTokenizer

from data import load_glue


def is_main_process():
    return dist.get_rank() == 0


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = torch.zeros(1, device="cuda")
    total = torch.zeros(1, device="cuda")
    for batch in loader:
        batch = {k: v.cuda() for k, v in batch.items()}
        logits = model(**{k: v for k, v in batch.items() if k != "labels"}).logits
        correct += (logits.argmax(-1) == batch["labels"]).sum()
        total += batch["labels"].numel()
    # combine the counts of every rank
    dist.all_reduce(correct)
    dist.all_reduce(total)
    model.train()
    return (correct / total).item()


def main():
    dist.init_process_group(backend="nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)

    tok = AutoTokenizer.from_pretrained("roberta-large")
    train_ds, val_ds = load_glue("mnli", tok)
    train_sampler = DistributedSampler(train_ds)
    val_sampler = DistributedSampler(val_ds, shuffle=False)
    train_loader = DataLoader(train_ds, batch_size=32, sampler=train_sampler, num_workers=4)
    val_loader = DataLoader(val_ds, batch_size=64, sampler=val_sampler, num_workers=4)

    model = AutoModelForSequenceClassification.from_pretrained("roberta-large", num_labels=3)
    model = DDP(model.cuda(), device_ids=[local_rank])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5)

    best = 0.0
    for epoch in range(3):
        train_sampler.set_epoch(epoch)
        for batch in train_loader:
            batch = {k: v.cuda() for k, v in batch.items()}
            out = model(**batch)
            out.loss.backward()
            opt.step()
            opt.zero_grad()

        if is_main_process():
            acc = evaluate(model, val_loader)
            print(f"epoch {epoch}: val acc {acc:.4f}")
            if acc > best:
                best = acc
                torch.save(model.module.state_dict(), "best.pt")

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
