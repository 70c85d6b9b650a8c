#!/usr/bin/python3
# test shim: Debian's torch 1.13 Std.from_str returns None on Python 3.11; patch it, then run torchrun unchanged
import sys
from torch.distributed.elastic.multiprocessing import api
_orig = api.Std.from_str
api.Std.from_str = classmethod(lambda cls, vm: _orig(vm) if _orig(vm) is not None else api.Std.NONE)
from torch.distributed.run import main
sys.exit(main())
