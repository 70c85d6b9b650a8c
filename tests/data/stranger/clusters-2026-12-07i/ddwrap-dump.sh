#!/bin/bash
# added after the freeze (harness only, cluster10): runs the frozen binary with `watch --on-stall dump` (the printed
# alternative to py-spy in w1's fix); everything else unchanged. Used as DD=... with OUT=out-dump.
if [ "$1" = watch ]; then shift; exec /work/eval-bin20/distdoctor watch --on-stall dump "$@"; fi
exec /work/eval-bin20/distdoctor "$@"
