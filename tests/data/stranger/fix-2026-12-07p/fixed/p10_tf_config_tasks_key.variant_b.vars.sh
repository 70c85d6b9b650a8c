# p10 with TF_CONFIG = --export-format tf's worker[1] 192.0.2.2:12345 value
export TF_CONFIG='{"cluster":{"worker":["10.0.0.11:12345","192.0.2.2:12345"]},"task":{"index":1,"type":"worker"}}'
export TF_CPP_MIN_LOG_LEVEL=1
