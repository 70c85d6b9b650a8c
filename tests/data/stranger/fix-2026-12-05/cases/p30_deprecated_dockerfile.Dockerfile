FROM pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime
COPY train.py /workspace/train.py
CMD python -m torch.distributed.launch --use_env --nproc_per_node=4 /workspace/train.py
