# NOT a fix: observation only. The same preflight with --json on both nodes (rank 0's object to pf-json.rank0.json), then stop.
for i in 0 1; do
  ( nx $i env MASTER_ADDR=c2node0 MASTER_PORT=29500 RANK=$i WORLD_SIZE=2 timeout -k 5 70 "$DD" preflight --token c2tok --timeout 40 --json > "$OUT/pf-json.rank$i.json" 2>"$OUT/pf-json.rank$i.err" ) & 
done; wait; exit 0
