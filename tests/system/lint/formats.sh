#!/usr/bin/env bash
# `distdoctor lint` for tools (issue 31): --format sarif validated against the published SARIF
# 2.1.0 schema (tests/data/sarif, Debian's python3-jsonschema; a broken log must fail the same
# check), --format text and github line shapes (one per --json finding, same file and line),
# the rule id in the text for people, --fail-on, --select / --ignore, and the inline
# `# distdoctor: ignore[rule-id]` comment, and the config file (.distdoctor.toml, pyproject.toml).
# Usage: formats.sh DISTDOCTOR DATA_DIR SCHEMA
set -u
dd=$(readlink -f "$1") data=$2 schema=$3
py=/usr/bin/python3
. "$(dirname "${BASH_SOURCE[0]}")/../scratch_dir.sh"
make_scratch dd-lint-formats
fail=0 cases=0
ok() { cases=$((cases + 1)); echo "ok   $1"; }
bad() { cases=$((cases + 1)); echo "FAIL $1" >&2; fail=1; }
run() { "$dd" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

rules="$data/rules"
run lint --json "$rules"; cp "$tmp/out" "$tmp/findings.json"
[[ $rc == 1 ]] && ok "--json over the rule fixtures: exit 1" || bad "--json: exit $rc"

# SARIF: valid against the schema; a log with a wrong level or no version is not.
run lint --format sarif "$rules"
[[ $rc == 1 && ! -s "$tmp/err" ]] && ok "--format sarif: exit 1, stderr empty" || bad "--format sarif: exit $rc: $(head -c 300 "$tmp/err")"
$py - "$schema" "$tmp/out" "$tmp/findings.json" <<'PY' && ok "SARIF validates against sarif-schema-2.1.0.json; broken logs do not" || bad "SARIF schema check"
import copy, json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
found = json.load(open(sys.argv[3]))["findings"]
v = jsonschema.Draft4Validator(schema)
errors = sorted(v.iter_errors(log), key=str)
assert not errors, "\n".join(e.message for e in errors[:5])
results = log["runs"][0]["results"]
assert len(results) == len(found) > 0, (len(results), len(found))
rule_ids = {r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]}
for r, f in zip(results, found):
    assert r["ruleId"] == f["id"] and r["ruleId"] in rule_ids, (r, f)
    assert r["level"] == {"error": "error", "warning": "warning", "info": "note"}[f["severity"]]
    assert r["locations"][0]["physicalLocation"]["region"]["startLine"] == f["location"]["line"]
for breakage in ("level", "version"):
    broken = copy.deepcopy(log)
    if breakage == "level":
        broken["runs"][0]["results"][0]["level"] = "fatal"
    else:
        del broken["version"]
    assert not v.is_valid(broken), breakage
PY

# text: FILE:LINE:COL: SEVERITY: MESSAGE [RULE-ID], one per finding, in the same order as --json
run lint --format text "$rules"
$py - "$tmp/out" "$tmp/findings.json" <<'PY' && ok "--format text: file:line:col: severity: message [rule-id]" || bad "--format text: $(head -3 "$tmp/out")"
import json, re, sys
lines = open(sys.argv[1]).read().splitlines()
found = json.load(open(sys.argv[2]))["findings"]
assert len(lines) == len(found), (len(lines), len(found))
pat = re.compile(r"^(.+):(\d+):(\d+): (error|warning|note): (.+) \[([a-z0-9._-]+)\]$")
for line, f in zip(lines, found):
    m = pat.match(line)
    assert m, line
    assert m.group(1) == f["location"]["file"] and int(m.group(2)) == f["location"]["line"], (line, f["location"])
    assert m.group(4) == {"error": "error", "warning": "warning", "info": "note"}[f["severity"]]
    assert m.group(6) == f["id"], (line, f["id"])
PY

# github: ::error|warning|notice file=F,line=L,col=C,title=RULE-ID::MESSAGE
run lint --format github "$rules"
$py - "$tmp/out" "$tmp/findings.json" <<'PY' && ok "--format github: workflow annotations" || bad "--format github: $(head -3 "$tmp/out")"
import json, re, sys
lines = open(sys.argv[1]).read().splitlines()
found = json.load(open(sys.argv[2]))["findings"]
assert len(lines) == len(found), (len(lines), len(found))
pat = re.compile(r"^::(error|warning|notice) file=([^,]+),line=(\d+),col=(\d+),title=([a-z0-9._-]+)::(.+)$")
for line, f in zip(lines, found):
    m = pat.match(line)
    assert m, line
    assert m.group(1) == {"error": "error", "warning": "warning", "info": "notice"}[f["severity"]]
    assert int(m.group(3)) == f["location"]["line"] and m.group(5) == f["id"], line
PY

# the text for people shows the rule id, not the label
run lint --no-color "$rules/launch_deprecated.sh"
grep -qF "[lint.torch.launch-deprecated]" "$tmp/out" && ! grep -qF "[config-typo]" "$tmp/out" &&
  ok "text shows the rule id" || bad "text: $(cat "$tmp/out")"

# --fail-on: a file with warnings only
run lint "$rules/launch_deprecated.sh"
r1=$rc; run lint --fail-on warning "$rules/launch_deprecated.sh"
[[ $r1 == 0 && $rc == 1 ]] && ok "--fail-on warning: exit 1 (default: 0)" || bad "--fail-on: default $r1, warning $rc"

# --select / --ignore (prefixes), and a pattern that is no rule id
run lint --json --select lint.docker "$rules"
$py -c 'import json,sys; ids={f["id"] for f in json.load(open(sys.argv[1]))["findings"]}; assert ids and all(i.startswith("lint.docker.") for i in ids), ids' "$tmp/out" &&
  ok "--select lint.docker" || bad "--select: $(head -c 300 "$tmp/out")"
run lint --json --ignore lint.torch,env "$rules"
$py -c 'import json,sys; ids={f["id"] for f in json.load(open(sys.argv[1]))["findings"]}; assert ids and not [i for i in ids if i.startswith(("lint.torch.", "env."))], ids' "$tmp/out" &&
  ok "--ignore lint.torch,env" || bad "--ignore: $(head -c 300 "$tmp/out")"
run lint --ignore 'Lint Torch' "$rules/launch_deprecated.sh"
[[ $rc == 2 && ! -s "$tmp/out" ]] && grep -q "^distdoctor lint: --ignore: 'Lint Torch' is not a rule id" "$tmp/err" &&
  ok "--ignore with a bad pattern: exit 2" || bad "--ignore 'Lint Torch': exit $rc: $(cat "$tmp/err")"
run lint --json --format sarif "$rules/launch_deprecated.sh"
[[ $rc == 2 && ! -s "$tmp/out" ]] && ok "--json with --format sarif: exit 2" || bad "--json --format sarif: exit $rc"

# inline suppression on the finding's line: that rule goes, the others stay
cp "$rules/launch_deprecated.sh" "$tmp/run.sh"
run lint --json "$tmp/run.sh"; cp "$tmp/out" "$tmp/before.json"
line=$($py -c 'import json,sys; print([f["location"]["line"] for f in json.load(open(sys.argv[1]))["findings"] if f["id"]=="lint.torch.launch-deprecated"][0])' "$tmp/before.json")
sed -i "${line}s/\$/  # distdoctor: ignore[lint.torch.launch-deprecated]/" "$tmp/run.sh"
bash -n "$tmp/run.sh" || bad "the suppressed script is no longer valid bash"
run lint --json "$tmp/run.sh"
$py - "$tmp/before.json" "$tmp/out" <<'PY' && ok "inline ignore[lint.torch.launch-deprecated] on line $line" || bad "inline suppression: $(cat "$tmp/out")"
import json, sys
before = [f["id"] for f in json.load(open(sys.argv[1]))["findings"]]
after = [f["id"] for f in json.load(open(sys.argv[2]))["findings"]]
assert "lint.torch.launch-deprecated" in before and "lint.torch.launch-deprecated" not in after, (before, after)
assert sorted(after) == sorted(i for i in before if i != "lint.torch.launch-deprecated"), (before, after)
PY

# the config file: .distdoctor.toml and [tool.distdoctor] in pyproject.toml, found from the working
# directory upward; --select replaces its select, --ignore adds; --no-config skips it; a broken
# file is exit 2 naming it
mkdir -p "$tmp/proj/sub"
cp "$rules/launch_deprecated.sh" "$rules/docker_run.sh" "$tmp/proj/sub/"
ids() { $py -c 'import json,sys; print(",".join(sorted({f["id"] for f in json.load(open(sys.argv[1]))["findings"]})))' "$tmp/out"; }
printf 'ignore = ["lint.torch"]\n' >"$tmp/proj/.distdoctor.toml"
(cd "$tmp/proj/sub" && "$dd" lint --json . >"$tmp/out" 2>"$tmp/err"); got=$(ids)
[[ -n "$got" && ",$got," != *",lint.torch.launch-deprecated,"* ]] && ok ".distdoctor.toml ignore (from a subfolder): $got" || bad ".distdoctor.toml: [$got] $(cat "$tmp/err")"
(cd "$tmp/proj/sub" && "$dd" lint --json --no-config . >"$tmp/out" 2>"$tmp/err"); got=$(ids)
[[ ",$got," == *",lint.torch.launch-deprecated,"* ]] && ok "--no-config" || bad "--no-config: [$got]"
rm "$tmp/proj/.distdoctor.toml"
printf '[project]\nname = "demo"\n\n[tool.distdoctor]\nselect = ["lint.docker"]\n' >"$tmp/proj/pyproject.toml"
(cd "$tmp/proj" && "$dd" lint --json sub >"$tmp/out" 2>"$tmp/err"); got=$(ids)
[[ -n "$got" && "$got" =~ ^(lint\.docker\.[a-z-]+,?)+$ ]] && ok "pyproject.toml [tool.distdoctor] select: $got" || bad "pyproject select: [$got] $(cat "$tmp/err")"
(cd "$tmp/proj" && "$dd" lint --json --select lint.torch --ignore lint.docker sub >"$tmp/out" 2>"$tmp/err"); got=$(ids)
[[ "$got" == "lint.torch.launch-deprecated" ]] && ok "--select replaces the file's select" || bad "--select over the config: [$got]"
printf '[tool.distdoctor]\nselect = ["lint.docker"\n' >"$tmp/proj/pyproject.toml"
(cd "$tmp/proj" && "$dd" lint --json sub >"$tmp/out" 2>"$tmp/err"); rc=$?
[[ $rc == 2 && ! -s "$tmp/out" ]] && grep -q "^distdoctor lint: $tmp/proj/pyproject.toml: not valid TOML" "$tmp/err" &&
  ok "broken pyproject.toml: exit 2 naming it" || bad "broken pyproject.toml: exit $rc: $(cat "$tmp/err")"

echo "$cases cases, $([[ $fail == 0 ]] && echo all passed || echo FAILURES)"
exit $fail
