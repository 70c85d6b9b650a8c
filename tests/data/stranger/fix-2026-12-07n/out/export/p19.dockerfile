# distdoctor: nothing to change: no finding has a value to set (the findings below need a change by hand)
# env.node-rank.out-of-range: NODE_RANK=2 is not below NNODES=2: no such rank exists in the job (they count from 0 to NNODES-1); the launcher rejects it, or the rendezvous waits for a rank that never comes
#   ranks count from 0 to NNODES-1; check the launcher's NODE_RANK / NNODES
