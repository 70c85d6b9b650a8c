#!/bin/bash
# check-layers.sh [SRC]: the one-way dependencies of docs/ARCHITECTURE.md, read from #include lines.
#   cluster/transport/ (bytes between nodes) never includes cluster/analysis/ or cluster/preflight;
#   cluster/analysis/ never includes cluster/preflight, ssh_launch or render_text (the orchestrator
#   and its text output, above both rooms).
# Prints each offending line and exits 1; exits 0 when every include points the allowed way.
SRC=${1:-$(cd "$(dirname "$0")/.." && pwd)/src}
[ -d "$SRC/cluster/transport" ] && [ -d "$SRC/cluster/analysis" ] || { echo "no cluster rooms under $SRC" >&2; exit 2; }
bad=0
check() {  # ROOM PATTERN WHY
  local hits
  hits=$(grep -rnE "^#include \"($2)" "$SRC/cluster/$1" --include='*.cpp' --include='*.hpp' || true)
  if [ -n "$hits" ]; then
    echo "cluster/$1 must not include $3:" >&2
    echo "$hits" >&2
    bad=1
  fi
}
check transport 'cluster/analysis/|cluster/preflight\.hpp|cluster/ssh_launch\.hpp|cluster/render_text\.hpp' "the analysis room or the orchestrator"
check analysis 'cluster/preflight\.hpp|cluster/ssh_launch\.hpp|cluster/render_text\.hpp' "the orchestrator"
exit $bad
