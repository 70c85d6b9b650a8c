#!/bin/bash
# usage: tools/byhand.sh BIN OUTDIR — applies, by hand, the fixes that lint prints as prose (no edit), exactly
# as printed, to a copy of the --fix result (OUTDIR/CASE/byhand/CASE), checks it with its parser, and lints it again.
# Placeholders the text asks to fill (RANK0_HOST) get an address; every other word is the printed text.
set -u
B=$1; O=$(realpath "$2"); HERE=$(cd "$(dirname "$0")/.." && pwd)
prep() { rm -rf "$O/$1/byhand"; mkdir -p "$O/$1/byhand"; cp -a "$O/$1/fixed/$1" "$O/$1/byhand/"; F=$O/$1/byhand/$1; }
after() {
  local n=$1; ( cd "$O/$n/byhand" && diff -ru "$HERE/cases/$n" "$n" > ../byhand.diff; timeout 120 nice "$B" lint --no-color "$n" > ../byhand.relint.txt 2>&1; echo "rc=$?" >> ../byhand.relint.txt )
  case "$n" in
    *.py) /usr/bin/python3 -c 'import ast,sys; ast.parse(open(sys.argv[1]).read()); print("ast ok")' "$F" ;;
    *.yml|*.yaml) python3 -c 'import yaml,sys; list(yaml.safe_load_all(open(sys.argv[1]))); print("yaml ok")' "$F" ;;
    *Dockerfile*) echo "no parser (Dockerfile)" ;;
    *) bash -n "$F" && echo "bash -n ok" ;;
  esac > "$O/$n/byhand.check" 2>&1
  echo "$n: $(cat "$O/$n/byhand.check") / relint $(grep -cE '^(ERROR|WARNING)' "$O/$n/byhand.relint.txt") errors+warnings, $(tail -1 "$O/$n/byhand.relint.txt")"
}
# p05: the printed line, RANK0_HOST filled with node 0's address
n=p05_torchrun_rdzv_localhost.sh; prep $n; sed -i 's/--rdzv-endpoint=localhost:29400/--rdzv-endpoint=10.0.0.1:29400/' "$F"; after $n
# p08: the printed map entry in node1
n=p08_compose_map_localhost.yml; prep $n; sed -i 's/MASTER_ADDR: localhost/MASTER_ADDR: 10.1.0.11/' "$F"; after $n
# p10: the printed list items appended to the pod's volumes: and the container's volumeMounts:
n=p10_job_pod_no_shm.yaml; prep $n
python3 - "$F" <<'PY'
import sys
p=sys.argv[1]; L=open(p).read().split('\n'); out=[]
for i,l in enumerate(L):
    out.append(l)
    if l.strip()=='mountPath: /code': out.append('            - {name: dshm, mountPath: /dev/shm}')
    if l.strip()=='name: train-code': out.append('        - {name: dshm, emptyDir: {medium: Memory}}')
open(p,'w').write('\n'.join(out))
PY
after $n
# p13: the printed statement moved above line 7 (the strategy), and line 9 with it, above it, in that order (as printed)
n=p13_tf_config_after_strategy.py; prep $n
python3 - "$F" <<'PY'
import sys
p=sys.argv[1]; L=open(p).read().split('\n')
s=next(i for i,l in enumerate(L) if l.startswith('os.environ["TF_CONFIG"]')); e=next(i for i in range(s,len(L)) if L[i]=='})')
stmt=L[s:e+1]; del L[s:e+1]
w=next(i for i,l in enumerate(L) if l.startswith('worker_index =')); line9=[L[w]]; del L[w]
k=next(i for i,l in enumerate(L) if 'MultiWorkerMirroredStrategy()' in l)
L[k:k]=line9+stmt; open(p,'w').write('\n'.join(L))
PY
after $n
( cd "$O/$n/byhand" && timeout 60 /usr/bin/python3 -c 'import os,sys,unittest.mock as m; tf=m.MagicMock(); tf.distribute.MultiWorkerMirroredStrategy.side_effect=lambda *a,**k: print("strategy built; TF_CONFIG then:", os.environ.get("TF_CONFIG")) or m.MagicMock(); tf.keras.datasets.mnist.load_data.return_value=((m.MagicMock(),m.MagicMock()),None); sys.modules["tensorflow"]=tf; sys.argv=["train.py","1"]; exec(compile(open("'$n'").read(), "'$n'", "exec")); print("ran to the end (tensorflow stubbed)")' ) > "$O/$n/byhand.run.log" 2>&1; echo "rc=$?" >> "$O/$n/byhand.run.log"; echo "  run with tensorflow stubbed (worker 1): $(tail -3 "$O/$n/byhand.run.log" | tr '\n' ' ')"
# p20: "remove the setting"
n=p20_bridge.env; prep $n; sed -i '/^NCCL_SOCKET_IFNAME=docker0$/d' "$F"; after $n
# p22: the container gets its TF_CONFIG at run time; the image keeps its ENV as the text allows ("keep the cluster in the image if you like")
n=p22_tfworker.Dockerfile; prep $n; after $n
# p32: drop --local_rank 0 from the command (the script is not among the files)
n=p32_local_rank_flag.sh; prep $n; sed -i '/^    --local_rank 0 \\$/d' "$F"; after $n
# env cases whose fix is prose: the printed instruction applied to the variables, then env again
envcase() {  # $1 case, $2 sed expression applied to the case's lines
  local n=$1 d=$O/$1; mkdir -p "$d/byhand"; sed -e "$2" "$HERE/cases/$n" | grep -v '^#' | grep -v '^$' > "$d/byhand/$n"
  mapfile -t V < "$d/byhand/$n"
  timeout 120 env -i PATH=/usr/bin:/bin HOME=/root "${V[@]}" "$B" env --no-color > "$d/byhand.env.txt" 2>&1; echo "rc=$?" >> "$d/byhand.env.txt"
  echo "$n: by hand ($2): $(grep -E '^(ERROR|WARNING)' "$d/byhand.env.txt" | cut -c1-120 | tr '\n' ';') $(tail -1 "$d/byhand.env.txt")"
}
envcase p29_tfconfig_localhost.vars 's/localhost:2222/10.4.0.11:2222/'
envcase p31_tfconfig_index_range.vars 's/"index": 2/"index": 1/'
envcase p34_rank_one_based.vars 's/^RANK=8$/RANK=7/'
