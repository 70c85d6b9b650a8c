"""Run a training script with torch/horovod/tensorflow/lightning replaced by inert stand-ins.

usage: RANK=r /usr/bin/python3 tools/pystub.py SCRIPT [ARGS]; prints on stderr how many collectives
this rank called (all_reduce/allreduce/broadcast/barrier), so ranks can be compared. Name errors,
TypeErrors and the like surface as they would in the real run.
"""
import atexit
import importlib.abc
import importlib.machinery
import os
import runpy
import sys

CALLS = []


class Any:
    def __init__(self, name="x"):
        self._n = name

    def __getattr__(self, a):
        if a.startswith("__"):
            raise AttributeError(a)
        if a in ("get_rank", "rank", "local_rank"):
            return lambda *k, **kw: int(os.environ.get("RANK", "0"))
        if a in ("get_world_size", "size", "num_replicas_in_sync"):
            return (lambda *k, **kw: 2) if a != "num_replicas_in_sync" else 2
        if a in ("all_reduce", "allreduce", "broadcast", "barrier", "all_gather", "broadcast_parameters"):
            def coll(*k, **kw):
                CALLS.append(a)
                return Any(a)
            return coll
        return Any(self._n + "." + a)

    def __call__(self, *k, **kw):
        return Any(self._n + "()")

    def __iter__(self):
        return iter([])

    def __enter__(self):
        return self

    def __exit__(self, *e):
        return False

    def __mro_entries__(self, bases):
        return (object,)

    def __format__(self, spec):
        return "<%s>" % self._n

    def __float__(self):
        return 0.0

    def __bool__(self):
        return True

    def __eq__(self, o):
        return False

    def __hash__(self):
        return id(self)


for op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul"):
    for pre in ("__", "__r", "__i"):
        setattr(Any, pre + op + "__", lambda self, o: self)


class Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    ROOTS = ("torch", "horovod", "tensorflow", "lightning", "pytorch_lightning")

    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in self.ROOTS:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        m = Any(spec.name)
        return m

    def exec_module(self, module):
        pass


sys.meta_path.insert(0, Finder())
atexit.register(lambda: print("COLLECTIVES rank=%s %d %s" % (os.environ.get("RANK", "0"), len(CALLS), CALLS[:5]), file=sys.stderr))
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
