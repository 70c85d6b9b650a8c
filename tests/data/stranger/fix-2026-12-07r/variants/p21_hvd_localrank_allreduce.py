import collections

import horovod.torch as hvd
import torch

hvd.init()
torch.cuda.set_device(hvd.local_rank())


def build_vocab(path="/shared/corpus/train.txt"):
    counts = collections.Counter()
    with open(path) as f:
        for line in f:
            counts.update(line.split())
    return {w: i for i, (w, _) in enumerate(counts.most_common(50000))}


vocab = None
if hvd.local_rank() == 0:
    # one process per node reads the corpus; then everyone gets rank 0's copy
    vocab = build_vocab()
    vocab = hvd.allreduce(torch.ones(1))

model = torch.nn.EmbeddingBag(50000, 256).cuda()
opt = hvd.DistributedOptimizer(torch.optim.Adam(model.parameters()), named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
print(f"rank {hvd.rank()}: vocab size {len(vocab) if vocab else 0}")
