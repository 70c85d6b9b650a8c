1	sed -i 's/\r$//' "$RUN/env.1"; od -c "$RUN/env.1" | head -3
