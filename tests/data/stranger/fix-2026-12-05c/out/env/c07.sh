# distdoctor fix: source this file (or paste it) on every node before the launch command
