#!/bin/bash
# Issue 27: every lint rule whose fix is an edit, applied for real. For each case (rule, example
# file, lint flags) the example is copied, then:
#   - lint --json shows the rule with non-empty edits[];
#   - lint --diff's output, applied with GNU patch -p1, gives the same file as lint --fix;
#   - --fix keeps the file's mode, names the rule on stderr, and the result passes the real parser
#     (/usr/bin/python3 ast, bash -n, PyYAML);
#   - lint run again: the rule is gone from that file and no error appears that was not there.
# Coverage: the rules of docs/lint.md's table minus its "Fixes that are not edits" list must each
# have a case here; the count is printed, and a rule with neither fails the test.
# The lint.here.* cases run in a network namespace of their own with one veth pair (rt0 198.18.77.1/24, its peer rt1 in the same namespace)
# so the interface an edit names is known. Usage: roundtrip.sh DISTDOCTOR SOURCE_DIR
set -u
dd=$(realpath "$1") src=$(realpath "$2")
py=/usr/bin/python3
data=$src/tests/data/lint
tmp=$(mktemp -d /tmp/dd-roundtrip-XXXXXX)
ns=ddrt$$
cleanup() { ip netns del "$ns" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
[[ $(id -u) == 0 ]] || fail "needs root (a network namespace for the --here cases)"
. "$src/tests/system/orphan_netns.sh"
remove_orphan_netns ddrt  # a run killed at ctest's timeout never ran its EXIT trap
command -v patch >/dev/null || fail "needs GNU patch (scripts/install-deps.sh)"

ip netns add "$ns" || fail "ip netns add $ns"
ip -n "$ns" link set lo up
ip -n "$ns" link add rt0 type veth peer name rt1 && ip -n "$ns" addr add 198.18.77.1/24 dev rt0 &&
  ip -n "$ns" link set rt1 up && ip -n "$ns" link set rt0 up ||
  fail "veth pair in $ns"

# rule | file (under tests/data/lint) | lint flags ("here" = --here inside the namespace)
cases=(
  "lint.tf.mirrored-windows-no-cross-device-ops|rules/mirrored_windows.py|--platform windows"
  "lint.tf.mirrored-windows-no-cross-device-ops|rules/mirrored_devices_windows.py|--platform windows"
  "lint.torch.nccl-on-windows|rules/nccl_windows.py|--platform windows"
  "lint.tf.data-pipeline-incomplete|rules/data_pipeline.py|"
  "lint.tf.batch-not-scaled|rules/batch_not_scaled.py|--unsafe-fixes"
  "lint.tf.batch-not-scaled|roundtrip/fit_arrays.py|--unsafe-fixes"
  "lint.tf.num-parallel-calls-not-autotune|rules/parallel_calls.py|"
  "lint.tf.unknown-cardinality-fit|roundtrip/steps_bound.py|"
  "lint.env.ifname-whitespace|roundtrip/ifname_whitespace.sbatch|"
  "lint.env.ifname-whitespace|roundtrip/ifname_blank_list.sbatch|"
  "lint.slurm.variable-not-set|roundtrip/slurm_variables.sbatch|"
  "lint.docker.no-host-network|rules/docker_run.sh|"
  "lint.docker.small-shm|rules/docker_run.sh|"
  "lint.docker.no-infiniband-device|rules/docker_ib.sh|"
  "lint.torch.launch-deprecated|rules/launch_deprecated.sh|"
  "lint.torch.launch-deprecated|roundtrip/Dockerfile.use_env|"
  "lint.torch.launch-deprecated|roundtrip/launch_pod.yaml|"
  "lint.here.ifname-matches-nothing|roundtrip/ifname_here.sh|here"
  "lint.here.ifname-loopback|roundtrip/ifname_loopback.sh|here"
  "lint.env.ifname-loopback|roundtrip/ifname_loopback_nodes.sbatch|"
  "lint.slurm.lightning-devices-tasks|across/lightning_slurm|"
  "env.unknown-name|rules/env_typo.py|"
  "env.unknown-name|roundtrip/env_values.sh|"
  "env.int.trailing-garbage|roundtrip/env_values.py|"
  "env.int.not-a-number|roundtrip/env_values.sh|"
  "env.int.trailing-garbage|roundtrip/env_places.sbatch|"
  "lint.env.ifname-whitespace|roundtrip/env_copy.py|"
  "env.unknown-name|roundtrip/env_copy.py|"
  "env.int.trailing-garbage|roundtrip/env_copy.py|"
  "lint.k8s.env-value-not-string|roundtrip/env_not_string.yaml|"
  "lint.launch.gpus-fewer-than-procs|roundtrip/gpus_fewer.sh|"
  "lint.slurm.task-variable-expanded-once|roundtrip/srun_double_quotes.sbatch|"
  "lint.slurm.torchrun-per-task|roundtrip/torchrun_per_task.sbatch|"
  "lint.torch.static-rendezvous-no-node-rank|roundtrip/static_rendezvous.sh|"
  "lint.python.environ-not-str|roundtrip/environ_not_str.py|"
  "lint.tf.strategy-after-ops|roundtrip/strategy_after_ops.py|"
  "lint.shell.single-quoted-expansion|roundtrip/single_quoted_expansion.sbatch|"
  "lint.shell.single-quoted-expansion|roundtrip/per_task_tf_config.sbatch|"
  "lint.shell.port-out-of-range|roundtrip/port_from_job_id.sbatch|"
  "lint.launch.np-exceeds-slots|roundtrip/np_exceeds_slots.sh|"
  "lint.k8s.nnodes-not-replicas|roundtrip/pytorchjob_nnodes.yaml|"
  "lint.mpi.env-not-forwarded|roundtrip/mpirun_env.sh|"
  "lint.docker.exec-form-variable|roundtrip/Dockerfile.exec_form|"
  "lint.docker.env-legacy-pairs|roundtrip/Dockerfile.env_legacy_pairs|"
  "lint.k8s.shm-medium|roundtrip/k8s_shm_medium.yaml|"
  "lint.slurm.local-id-as-rank|roundtrip/local_id_rank.py|"
  "lint.torch.collective-under-rank-branch|roundtrip/collective_split.py|"
  "lint.launch.master-addr-localhost|roundtrip/deepspeed_localhost.sh|"
  "lint.torch.master-addr-localhost|roundtrip/env_init_spawn.py|"
  "lint.torch.master-addr-localhost|roundtrip/env_init_srun|"
  "lint.torch.master-addr-localhost|roundtrip/env_init_torchrun|"
  "lint.launch.env-init-unset|roundtrip/srun_env_unset|"
  "lint.remote.local-variable-in-single-quotes|roundtrip/ssh_single_quotes.sh|"
  "lint.shell.crlf-line-endings|roundtrip/crlf_batch.sbatch|"
  "lint.shell.crlf-line-endings|roundtrip/crlf_cluster.env|"
  "lint.docker.small-shm|roundtrip/docker_small_shm.sh|"
  "lint.docker.small-shm|roundtrip/docker_ipc_none.sh|"
  "lint.tf.batch-not-scaled|roundtrip/batch_steps.py|--unsafe-fixes"
  "lint.compose.small-shm|roundtrip/compose_gpus_no_shm.yml|"
  "lint.compose.small-shm|roundtrip/compose_ipc_private.yml|"
  "lint.shell.sudo-drops-env|roundtrip/sudo_torchrun.sh|"
  "lint.launch.master-addr-localhost|roundtrip/mpirun_x_master_loopback.sh|"
  "lint.shell.export-blanks|roundtrip/export_blanks.sbatch|"
  "lint.shell.used-before-set|roundtrip/used_before_set.sbatch|"
  "lint.mpi.tcp-exclude-without-lo|roundtrip/mpi_exclude_no_lo.sh|"
  "lint.slurm.batch-export-none|roundtrip/batch_export_none.sbatch|"
  "lint.docker.small-shm|roundtrip/docker_tmpfs_shm.sh|"
  "lint.batch.set-blanks|roundtrip/set_blanks.bat|"
  "lint.slurm.export-none-drops-env|across/srun_export_none|"
  "lint.slurm.assigned-not-exported|across/srun_assigned_not_exported|"
  "lint.torch.timeout-not-timedelta|roundtrip/timeout_int.py|"
  "lint.torch.rdzv-conf-not-seconds|roundtrip/rdzv_conf_minutes.sh|"
  "lint.slurm.gpus-fewer-than-procs|roundtrip/gres_fewer.sbatch|"
  "lint.env.ifname-glob|roundtrip/ifname_glob.env|"
  "lint.k8s.host-network-dns-policy|roundtrip/hostnet_no_dns_policy.yaml|"
  "lint.k8s.host-network-dns-policy|roundtrip/hostnet_dns_cluster_first.yaml|"
  "lint.slurm.nnodes-from-ntasks|roundtrip/nnodes_from_ntasks.sbatch|"
  "lint.slurm.nodes-range-fixed-nnodes|roundtrip/nodes_range_fixed_nnodes.sbatch|"
  "lint.horovod.root-rank-varies|roundtrip/hvd_root_local_rank.py|"
  "lint.accelerate.not-distributed|roundtrip/accelerate_not_distributed.yaml|"
  "lint.k8s.gpus-fewer-than-procs|roundtrip/k8s_gpus_fewer.yaml|"
  "lint.compose.env-list-map|roundtrip/compose_env_list_map.yml|"
  "lint.slurm.one-agent-for-nodes|roundtrip/batch_no_srun.sbatch|"
  "lint.slurm.one-agent-for-nodes|roundtrip/srun_one_node.sbatch|"
  "lint.torch.local-rank-as-rank|roundtrip/local_rank_as_rank.py|"
  "lint.remote.same-node-rank|roundtrip/srun_literal_node_rank.sbatch|"
  "lint.launch.np-exceeds-slots|roundtrip/mpirun_host_no_slots.sh|"
  "lint.torch.collective-under-rank-branch|roundtrip/rank_zero_first.py|"
  "lint.torch.collective-under-rank-branch|roundtrip/lightning_log_sync_rank0.py|"
  "tf-config.invalid-json|roundtrip/tf_config_single_quotes.sh|"
  "tf-config.invalid-json|roundtrip/tf_config_unquoted_word.sh|"
  "lint.batch.set-blanks|roundtrip/set_trailing_blank.bat|"
  "lint.torch.timeout-days|roundtrip/timeout_days.py|"
  "lint.k8s.args-shell-variable|roundtrip/k8s_args_dollar.yaml|"
  "lint.k8s.env-ref-order|roundtrip/k8s_env_ref_order.yaml|"
  "lint.torch.collective-under-rank-branch|roundtrip/early_return_barrier.py|"
  "lint.slurm.task-variable-in-batch-shell|roundtrip/batch_rank_export.sbatch|"
  "lint.launch.master-addr-all-addresses|roundtrip/master_hostname_all.sbatch|"
  "lint.slurm.master-addr-last-node|roundtrip/master_last_node.sbatch|"
  "lint.slurm.master-addr-node-list|roundtrip/master_node_list.sbatch|"
  "lint.slurm.directive-after-command|roundtrip/sbatch_directive_after_module.sbatch|"
  "lint.k8s.job-not-indexed|roundtrip/job_not_indexed.yaml|"
  "lint.torch.static-rendezvous-no-node-rank|roundtrip/static_said_aloud.sh|"
  "lint.shell.port-out-of-range|roundtrip/port_is_job_id.sbatch|"
  "lint.launch.np-exceeds-slots|roundtrip/horovod_hosts_no_slots.sh|"
  "env.nccl.ib-retry-cnt-range|roundtrip/nccl_ib_retry.env|"
  "env.nccl.net-ib-disabled|roundtrip/nccl_net_ib_disabled.env|"
)

# lint_in FLAGS ARGS...: distdoctor lint with the case's flags (--here inside the namespace)
lint_in() {
  local flags=$1; shift
  if [[ $flags == here ]]; then ip netns exec "$ns" "$dd" lint --here --no-config "$@"
  else "$dd" lint --no-config $flags "$@"; fi
}

# ids FILE.json [error]: the rule ids in a lint --json output (only errors with "error"), one per line
ids() {
  $py - "$@" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for f in doc["findings"]:
    if len(sys.argv) < 3 or f["severity"] == "error":
        print(f["id"])
PY
}

parse() {  # parse FILE: the real parser of its kind
  case $1 in
    *.py) $py -c 'import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])' "$1" ;;
    *.sh | *.sbatch | *.env) bash -n "$1" ;;
    *.bat | *.cmd) $py - "$1" <<'PY'
import re, sys
# no cmd.exe here: every `set` line must be NAME=value with no blank around '=' (cmd keeps such
# blanks in the name and the value)
for n, line in enumerate(open(sys.argv[1], newline=""), 1):
    m = re.match(r'\s*set\s+"?([^=]*)=', line, re.I)
    if m and (m.group(1) != m.group(1).strip() or line[m.end():m.end() + 1] in (" ", "\t")):
        sys.exit("line %d: %r" % (n, line))
    # nor after the value (cmd keeps them in it), unless the assignment is quoted
    if m and not re.match(r'\s*set\s+"', line, re.I) and line.rstrip("\r\n") != line.rstrip("\r\n").rstrip(" \t"):
        sys.exit("line %d: blank after the value: %r" % (n, line))
PY
    ;;
    *.yaml | *.yml) $py - "$1" <<'PY'
import sys, yaml
# loads, and every container env value is a string (EnvVar.value: the API server rejects others)
def walk(n):
    if isinstance(n, dict):
        env = n.get("env")
        for e in env if isinstance(env, list) else []:
            if isinstance(e, dict) and "value" in e and e["value"] is not None and not isinstance(e["value"], str):
                sys.exit("env %s: value %r is not a string" % (e.get("name"), e["value"]))
        for v in n.values():
            walk(v)
    elif isinstance(n, list):
        for v in n:
            walk(v)
# a key given twice in one mapping: the API server and docker compose refuse it, PyYAML keeps the later
class Strict(yaml.SafeLoader):
    pass
def no_twice(loader, node, deep=False):
    keys = [loader.construct_object(k, deep=True) for k, _ in node.value]
    twice = sorted({str(k) for k in keys if keys.count(k) > 1})
    if twice:
        sys.exit("line %d: key given twice: %s" % (node.start_mark.line + 1, ", ".join(twice)))
    return loader.construct_mapping(node, deep)
Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, no_twice)
for doc in yaml.load_all(open(sys.argv[1]), Loader=Strict):
    walk(doc)
# exec-form command/args (no sh -c): no $NAME / ${NAME}, which Kubernetes leaves as written
import re
def args(n):
    if isinstance(n, dict):
        words = [w for k in ("command", "args") if isinstance(n.get(k), list) for w in n[k] if isinstance(w, str)]
        if words and "-c" not in words and "-lc" not in words:
            for w in words:
                if re.search(r"\$(\{\w+\}|[A-Za-z_]\w*)", w):
                    sys.exit("exec-form item %r: Kubernetes expands only $(NAME)" % w)
        for v in n.values():
            args(v)
    elif isinstance(n, list):
        for v in n:
            args(v)
for doc in yaml.safe_load_all(open(sys.argv[1])):
    args(doc)
PY
    ;;
    *Dockerfile*) $py - "$1" <<'PY'
import json, re, sys
# exec-form instructions must stay JSON arrays
for line in open(sys.argv[1]):
    m = re.match(r"\s*(CMD|ENTRYPOINT|RUN)\s+(\[.*)", line)
    if m:
        json.loads(m.group(2))
PY
    ;;
    *) return 1 ;;
  esac
}

declare -A covered=()
n=0
for c in "${cases[@]}"; do
  IFS='|' read -r rule file flags <<<"$c"
  n=$((n + 1))
  name=$(basename "$file")
  work=$tmp/$n
  mkdir -p "$work/fix" "$work/diff"
  # a folder case (a rule that reads several files) is copied, compared and parsed file by file
  cp -r "$data/$file" "$work/fix/$name"
  cp -r "$data/$file" "$work/diff/$name"
  if [[ -d $work/fix/$name ]]; then find "$work/fix/$name" -type f -exec chmod 754 {} +; else chmod 754 "$work/fix/$name"; fi
  (cd "$work/fix" && lint_in "$flags" --json "$name" >"$work/before.json")
  [[ $? -le 1 ]] || fail "[$rule $file] lint --json failed"
  $py - "$work/before.json" "$rule" <<'PY' || fail "[$rule $file] no finding with edits[]: $(cat "$work/before.json")"
import json, sys
doc = json.load(open(sys.argv[1]))
sys.exit(0 if any(f["id"] == sys.argv[2] and f["edits"] for f in doc["findings"]) else 1)
PY
  ids "$work/before.json" error | sort -u >"$work/errors.before"
  (cd "$work/diff" && lint_in "$flags" --diff "$name" >"$work/edits.diff" 2>"$work/diff.err")
  [[ $? -le 1 ]] || fail "[$rule $file] lint --diff failed: $(cat "$work/diff.err")"
  (cd "$work/diff" && patch -p1 --quiet --no-backup-if-mismatch <"$work/edits.diff") ||
    fail "[$rule $file] patch rejected lint --diff's output:"$'\n'"$(cat "$work/edits.diff")"
  (cd "$work/fix" && lint_in "$flags" --fix "$name" >/dev/null 2>"$work/fix.err")
  [[ $? -le 1 ]] || fail "[$rule $file] lint --fix failed: $(cat "$work/fix.err")"
  grep -q "^fixed $name[/a-zA-Z0-9_.-]*:[0-9-]* \[.*$rule" "$work/fix.err" || fail "[$rule $file] --fix did not name the change: $(cat "$work/fix.err")"
  diff -r "$work/fix/$name" "$work/diff/$name" >/dev/null ||
    fail "[$rule $file] --fix and --diff|patch differ:"$'\n'"$(diff -r "$work/fix/$name" "$work/diff/$name")"
  diff -r "$work/fix/$name" "$data/$file" >/dev/null && fail "[$rule $file] --fix changed nothing"
  while IFS= read -r f; do
    [[ $(stat -c %a "$f") == 754 ]] || fail "[$rule $file] --fix changed the mode of $f to $(stat -c %a "$f")"
    parse "$f" 2>"$work/parse.err" || fail "[$rule $file] the fixed file does not parse: $(cat "$work/parse.err")"$'\n'"$(cat "$f")"
  done < <(find "$work/fix/$name" -type f)
  (cd "$work/fix" && lint_in "$flags" --json "$name" >"$work/after.json")
  ids "$work/after.json" | grep -qx "$rule" && fail "[$rule $file] still reported after the fix:"$'\n'"$(cat "$work/fix/$name")"
  new=$(ids "$work/after.json" error | sort -u | comm -13 "$work/errors.before" -)
  [[ -z $new ]] || fail "[$rule $file] a new error after the fix: $new"$'\n'"$(cat "$work/fix/$name")"
  ls -A "$work/fix" | grep -qv "^$name\$" && fail "[$rule $file] --fix left files behind: $(ls -A "$work/fix")"
  if [[ -d $data/$file ]]; then
    [[ $(cd "$data/$file" && find . | sort) == $(cd "$work/fix/$name" && find . | sort) ]] ||
      fail "[$rule $file] --fix left files behind in the folder: $(cd "$work/fix/$name" && find . | sort)"
  fi
  covered[$rule]=1
done

# Every rule of the table: covered above, or listed as not an edit.
table=$(grep -o '^| `lint\.[a-z0-9.-]*`' "$src/docs/lint.md" | tr -d '|` ' | sort -u)
not_edits=$(sed -n '/^### Fixes that are not edits/,/^## /p' "$src/docs/lint.md" | grep -o '^- `lint\.[a-z0-9.-]*`' | sed 's/^- `//; s/`$//' | sort -u)
[[ -n $table && -n $not_edits ]] || fail "cannot read the rules table or the not-edits list of docs/lint.md"
missing=() documented=0 edit_rules=0
for r in $table; do
  if grep -qx "$r" <<<"$not_edits"; then documented=$((documented + 1)); continue; fi
  edit_rules=$((edit_rules + 1))
  [[ -n ${covered[$r]:-} ]] || missing+=("$r")
done
for r in $not_edits; do grep -qx "$r" <<<"$table" || fail "docs/lint.md lists $r as not an edit but has no such rule"; done
env_rules=$(printf '%s\n' "${!covered[@]}" | grep -c '^env\.')
echo "round trip: $n cases; $((edit_rules - ${#missing[@]})) of $edit_rules lint rules whose fix is an edit covered," \
  "$documented documented as not an edit; $env_rules env audit rules applied in files"
((${#missing[@]} == 0)) || fail "rules whose fix is an edit but have no round-trip case: ${missing[*]}"

# The CLI's refusals.
"$dd" lint --fix --diff "$data/rules/docker_run.sh" >/dev/null 2>&1; [[ $? == 2 ]] || fail "--fix with --diff is not exit 2"
printf 'export NCCL_SOCKET_IFNAMES=eth0\n' | "$dd" lint --fix - >/dev/null 2>"$tmp/stdin.err"
[[ $? == 2 ]] && grep -q "standard input" "$tmp/stdin.err" || fail "lint --fix - is not refused: $(cat "$tmp/stdin.err")"
# Through a symbolic link: the file it names is fixed, the link stays a link; a file named three
# times is read and fixed once (no "changed after lint read it").
mkdir -p "$tmp/ln/sub"
printf 'export NCCL_BUFFSIZE=4MB\n' >"$tmp/ln/sub/real.sh"
ln -s sub/real.sh "$tmp/ln/link.sh"
(cd "$tmp/ln" && "$dd" lint --no-config --fix link.sh ./link.sh sub/real.sh >/dev/null 2>"$tmp/ln.err")
[[ $? -le 1 ]] || fail "--fix through a link / a file named twice failed: $(cat "$tmp/ln.err")"
[[ -L $tmp/ln/link.sh ]] || fail "--fix replaced the symbolic link with a file"
grep -qx 'export NCCL_BUFFSIZE=4194304' "$tmp/ln/sub/real.sh" || fail "the link's target was not fixed: $(cat "$tmp/ln/sub/real.sh")"
echo "PASS"
