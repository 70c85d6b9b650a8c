# shared by the w* run.sh: after the merged verdict, apply fix.sh (the printed fix, written by the evaluator)
# if present; if the job has not finished 45 s later, apply the manifest fix (function truefix) and say so.
on_verdict() {
  local d=$1
  c6_on_verdict_default "$d"
  if c6_wait_log "$d/job.rank0.txt" 'rank 0 done' 45; then echo "job finished after the printed fix"; return; fi
  echo "job not finished 45 s after the printed fix (or none): applying the manifest fix"; truefix
  c6_wait_log "$d/job.rank0.txt" 'rank 0 done' 90 && echo "job finished after the manifest fix" || echo "job still not finished 90 s after the manifest fix"
}
