# remove_orphan_netns PREFIX: deletes the network namespaces named PREFIX<pid>... whose creating
# test process <pid> is gone. A test killed by SIGKILL (ctest's timeout) never runs its EXIT trap,
# so its namespaces would stay forever; the next test with the same prefix removes them. A
# namespace whose pid is still alive belongs to a running test and is left alone.
remove_orphan_netns() {
  local prefix=$1 ns pid
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}'); do
    [[ "$ns" =~ ^${prefix}([0-9]+) ]] || continue
    pid=${BASH_REMATCH[1]}
    [ "$pid" = "$$" ] && continue
    kill -0 "$pid" 2>/dev/null && continue
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -KILL 2>/dev/null
    ip netns del "$ns" 2>/dev/null && echo "--- removed $ns, left by test process $pid (gone)" >&2
    rm -rf "/etc/netns/$ns"
  done
}
