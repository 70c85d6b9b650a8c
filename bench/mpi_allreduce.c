/* Open MPI's MPI_Allreduce timed as nccl-tests times it (the baseline beside `distdoctor bench` in
 * bench/collective_bench.sh): for each size (bytes, float32, out of place, MPI_SUM), WARMUP
 * untimed calls, then ITERS timed calls after a barrier; the mean time is averaged over ranks.
 * Rank 0 prints one JSON line {"bytes": {"time_us", "busbw_gbps"}, ...}, the shape
 * bench/gloo_allreduce.py prints. Usage: mpi_allreduce ITERS WARMUP SIZE... */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, world = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  if (argc < 4) {
    if (rank == 0) fprintf(stderr, "usage: mpi_allreduce ITERS WARMUP SIZE...\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int iters = atoi(argv[1]), warmup = atoi(argv[2]);
  if (rank == 0) printf("{");
  for (int a = 3; a < argc; ++a) {
    long long bytes = atoll(argv[a]);
    int count = (int)(bytes / 4);
    float* in = malloc((size_t)count * sizeof(float));
    float* out = malloc((size_t)count * sizeof(float));
    if (!in || !out) MPI_Abort(MPI_COMM_WORLD, 3);
    for (int i = 0; i < count; ++i) in[i] = 1.0f;
    for (int i = 0; i < warmup; ++i) MPI_Allreduce(in, out, count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; ++i) MPI_Allreduce(in, out, count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    double mine = (MPI_Wtime() - t0) / iters, sum = 0;
    MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double sec = sum / world;
    if (out[0] != (float)world || out[count - 1] != (float)world) {
      fprintf(stderr, "mpi_allreduce: wrong sum at %lld bytes: %g (expected %d)\n", bytes, out[0], world);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0)
      printf("%s\"%lld\": {\"time_us\": %.1f, \"busbw_gbps\": %.4f}", a > 3 ? ", " : "", bytes, sec * 1e6,
             (double)bytes / sec / 1e9 * 2.0 * (world - 1) / world);
    free(in);
    free(out);
  }
  if (rank == 0) printf("}\n");
  MPI_Finalize();
  return 0;
}
