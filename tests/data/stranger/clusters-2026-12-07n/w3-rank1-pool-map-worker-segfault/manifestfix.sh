host	printf "good record\n" > "$RUN/records/rec3"
