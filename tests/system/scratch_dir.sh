# make_scratch NAME: sets $tmp to a new folder /tmp/NAME.<pid>.XXXXXX that is removed on exit, Ctrl-C or
# TERM. A test killed by SIGKILL (ctest's timeout) never runs its traps, so the folders of NAME whose
# test process <pid> is gone are removed first (as orphan_netns.sh does for namespaces); a folder whose
# pid is alive belongs to a running test and is left alone.
make_scratch() {
  local name=$1 d pid
  for d in /tmp/"$name".*; do
    [[ "$d" =~ ^/tmp/${name}\.([0-9]+)\. ]] || continue
    pid=${BASH_REMATCH[1]}
    [ "$pid" = "$$" ] && continue
    [ -d "/proc/$pid" ] && continue  # alive (kill -0 fails for another user's process too)
    rm -rf "$d" && echo "--- removed $d, left by test process $pid (gone)" >&2
  done
  tmp=$(mktemp -d "/tmp/$name.$$.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}
