# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# env.rank.out-of-range: RANK=8 is not below WORLD_SIZE=8: no such rank exists in the job (they count from 0 to WORLD_SIZE-1); the launcher rejects it, or the rendezvous waits for a rank that never comes
#   ranks count from 0 to WORLD_SIZE-1; check the launcher's RANK / WORLD_SIZE
