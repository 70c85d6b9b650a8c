# launched with: deepspeed --hostfile hostfile --num_nodes 2 --num_gpus 8 p16_deepspeed_save_rank0.py --deepspeed_config ds_zero3.json
import argparse

import deepspeed
import torch
import torch.distributed as dist
from transformers import AutoModelForCausalLM

from data import build_loader

parser = argparse.ArgumentParser()
parser.add_argument("--local_rank", type=int, default=-1)
parser.add_argument("--save_dir", default="/shared/ckpt/llama-7b-sft")
parser.add_argument("--save_every", type=int, default=1000)
parser = deepspeed.add_config_arguments(parser)
args = parser.parse_args()

deepspeed.init_distributed()
model = AutoModelForCausalLM.from_pretrained("/shared/models/llama-7b")
engine, optimizer, _, _ = deepspeed.initialize(args=args, model=model, model_parameters=model.parameters())
loader = build_loader(engine.train_micro_batch_size_per_gpu())

for step, batch in enumerate(loader, start=1):
    batch = {k: v.to(engine.device) for k, v in batch.items()}
    loss = engine(**batch).loss
    engine.backward(loss)
    engine.step()
    if step % args.save_every == 0:
        if dist.get_rank() == 0:
            print(f"step {step}: loss {loss.item():.4f}, saving", flush=True)
            engine.save_checkpoint(args.save_dir, tag=f"step{step}")
