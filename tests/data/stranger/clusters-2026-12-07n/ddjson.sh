#!/bin/bash
# evaluator helper (after the freeze): the harness preflight command with --json --all-probes added
exec /work/eval-bin25/distdoctor "$@" --json --all-probes
