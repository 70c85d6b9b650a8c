# Emulates Kubernetes' $(VAR) expansion (kubelet expansion.go semantics, written from the API docs:
# env values see only entries defined earlier in the list; args see the whole env; an unresolved
# reference is left as written). Prints the torchrun argv each pod would get.
import re, sys, yaml
for doc in yaml.safe_load_all(open(sys.argv[1])):
    if not doc or doc.get("kind") not in ("Job", "StatefulSet"):
        continue
    c = doc["spec"]["template"]["spec"]["containers"][0]
    env = {}
    def exp(s, m):
        return re.sub(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)", lambda g: m.get(g.group(1), g.group(0)), s)
    for e in c.get("env", []):
        env[e["name"]] = exp(str(e.get("value", "")), env)
    env.setdefault("JOB_COMPLETION_INDEX", "0") if doc["spec"].get("completionMode") == "Indexed" else None
    print("env:", env)
    print("argv:", c["command"] + [exp(a, env) for a in c.get("args", [])])
