# distdoctor fix: source this file (or paste it) on every node before the launch command
# env.local-rank.out-of-range: LOCAL_RANK=4 is not below LOCAL_WORLD_SIZE=4: no such rank exists in the job (they count from 0 to LOCAL_WORLD_SIZE-1); the launcher rejects it, or the rendezvous waits for a rank that never comes
#   ranks count from 0 to LOCAL_WORLD_SIZE-1; check the launcher's LOCAL_RANK / LOCAL_WORLD_SIZE
