# Helpers of the strangers' fix cases (stranger3_cases.sh, stranger5_cases.sh), sourced after they set
# dd (the binary), case, py (/usr/bin/python3) and tmp (their mktemp -d folder):
#   run ARGS (distdoctor, output in $tmp/out and $tmp/err, status in rc), has ID, errors, fix_text ID,
#   roundtrip FILE ID, relint FILE ID BEFORE, names FILE (python3: every name bound before it is read),
#   stubs (srun/torchrun/mpirun/deepspeed/scontrol in $tmp/bin), batch FILE (bash with Slurm's variables).
run() { "$dd" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

has() {
  $py - "$tmp/out" "$1" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
sys.exit(0 if any(f["id"] == sys.argv[2] for f in doc["findings"]) else 1)
PY
}

errors() {
  $py - "$tmp/out" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
print("\n".join(sorted(f["id"] for f in doc["findings"] if f["severity"] == "error")))
PY
}

# fix_text ID: the printed fix of finding ID in $tmp/out
fix_text() {
  $py - "$tmp/out" "$1" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
print(next(f for f in doc["findings"] if f["id"] == sys.argv[2])["fix"]["text"])
PY
}

# roundtrip FILE ID: ID found, --fix applied, ID gone and no error that was not there before
roundtrip() {
  run lint --json "$1"
  has "$2" || fail "no $2 before the fix: $(cat "$tmp/out")"
  local before
  before=$(errors | grep -vx -- "$2")
  run lint --fix "$1"
  grep -q "\[$2\]" "$tmp/err" "$tmp/out" || fail "--fix did not apply $2: $(cat "$tmp/out" "$tmp/err")"
  relint "$1" "$2" "$before"
}

# relint FILE ID BEFORE: ID gone, the errors other than ID as BEFORE
relint() {
  run lint --json "$1"
  has "$2" && fail "$2 still found after the fix: $(cat "$1")"
  local after
  after=$(errors | grep -vx -- "$2")
  [ "$after" = "$3" ] || fail "errors after the fix [$after], before [$3]: $(cat "$1")"
}

# names FILE: python3 parses FILE, and every name a function reads is bound (argument, assignment,
# import, def, builtin) on an earlier line or the same one
names() {
  $py - "$1" <<'PY' || fail "python: $(cat "$1")"
import ast, builtins, sys
tree = ast.parse(open(sys.argv[1]).read())
module = set(dir(builtins))
for node in ast.walk(tree):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        module.update((a.asname or a.name).split(".")[0] for a in node.names)
    elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        module.add(node.name)
    elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.col_offset == 0:
        module.add(node.id)
def walk(scope):
    """The nodes of one scope: a function's body, or the module without its functions."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
for fn in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)] + [tree]:
    bound = {}
    if isinstance(fn, ast.FunctionDef):
        for a in fn.args.args + fn.args.kwonlyargs:
            bound[a.arg] = 0
    for node in walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.setdefault(node.id, node.lineno)
            bound[node.id] = min(bound[node.id], node.lineno)
    for node in walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id in module and node.id not in bound:
                continue
            line = bound.get(node.id)
            assert line is not None and line <= node.lineno, f"{node.id} read on line {node.lineno} before it is bound"
PY
}

stubs() {
  mkdir -p "$tmp/bin"
  cat >"$tmp/bin/srun" <<'EOF'
#!/bin/bash
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
for task in 0 1; do SLURM_PROCID=$task SLURM_NODEID=$task SLURM_LOCALID=0 "$@"; done
EOF
  for p in torchrun mpirun deepspeed; do
    printf '#!/bin/bash\nprintf "argv:%%s\\n" "$@"\n' >"$tmp/bin/$p"
  done
  printf '#!/bin/bash\necho node01\n' >"$tmp/bin/scontrol"
  chmod +x "$tmp/bin/"*
}

batch() {
  env -i PATH="$tmp/bin:/usr/bin:/bin" SLURM_PROCID=0 SLURM_NODEID=0 SLURM_JOB_NODELIST=node[01-02] SLURM_NNODES=2 \
    SLURM_JOB_NUM_NODES=2 SLURM_JOB_ID=4242 bash "$1"
}

