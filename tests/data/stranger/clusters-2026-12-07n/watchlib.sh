# cluster15 (clusters-2026-12-07n): copied from clusters-2026-12-07m with sed c14 -> c15, 198.19.128. -> 198.19.136., eval-bin24 -> eval-bin25 over the WHOLE file (older comment lines below are changed too).
# cluster14 (clusters-2026-12-07m): copied from clusters-2026-12-07l (c13 -> c15, 198.19.124 -> 198.19.128, eval-bin23 -> eval-bin25, also in comments).
# cluster13 (clusters-2026-12-07l): copied from clusters-2026-12-07k (c12 -> c15, 198.19.120 -> 198.19.128, eval-bin22 -> eval-bin25 in code lines).
# cluster12: copied from clusters-2026-12-07j/watchlib.sh (c11 -> c12 in code lines).
# cluster11: copied from clusters-2026-12-07i/watchlib.sh (c10 -> c11).
# cluster10: copied from clusters-2026-12-06g/watchlib.sh unchanged (the ATTACH block is not used in this batch)
# shared by the w* run.sh: after the merged verdict, apply fix.sh (the printed fix, written by the evaluator)
# if present; if the job has not finished 45 s later, apply the manifest fix (function truefix) and say so.
on_verdict() {
  local d=$1
  c6_on_verdict_default "$d"
  if c6_wait_log "$d/job.rank0.txt" 'rank 0 done' 45; then echo "job finished after the printed fix"; return; fi
  echo "job not finished 45 s after the printed fix (or none): applying the manifest fix"; truefix
  c6_wait_log "$d/job.rank0.txt" 'rank 0 done' 90 && echo "job finished after the manifest fix" || echo "job still not finished 90 s after the manifest fix"
}

# added after the freeze (harness only): ATTACH=1 applies node 0's printed step "`distdoctor watch --pid PID`
# there" on node1 (rank 1's python3 pid) during the hang, into $d/attach-node1.txt, then the manifest fix.
if [ "${ATTACH:-}" = 1 ]; then
on_verdict() {
  local d=$1 pid; pid=$(c6_rank_pids 1 | head -n 1); echo "attaching on node1 to rank 1 pid $pid"
  c6_on 1 timeout 150 "$DD" watch --no-color --stall 20 --pid "$pid" > "$d/attach-node1.txt" 2>&1; echo "attach rc=$?"
  truefix; c6_wait_log "$d/job.rank0.txt" 'rank 0 done' 90 && echo "job finished after the manifest fix" || echo "job still not finished"
}
fi
