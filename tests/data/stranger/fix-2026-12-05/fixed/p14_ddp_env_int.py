import os

import torch.distributed as dist

os.environ['NCCL_BUFFSIZE'] = '8388608'
os.environ['NCCL_DEBUG'] = 'WARN'


def setup():
    dist.init_process_group(backend='nccl')
    return dist.get_rank()


if __name__ == '__main__':
    print(setup())
