#!/bin/bash
# usage: run_all.sh /path/to/distdoctor
DD=$1
B=/work/stranger-lint3
OUT=$B/out
mkdir -p $OUT
cd $B/cases
for f in *; do
  n=${f%.*}; [ -d "$f" ] && n=$f
  if [ -d "$f" ]; then
    ( cd $B/cases; timeout 60 $DD lint "$f" > $OUT/$n.txt 2>$OUT/$n.err; echo "rc=$?" >> $OUT/$n.err )
    ( cd $B/cases; timeout 60 $DD lint --json "$f" > $OUT/$n.json 2>/dev/null )
    for g in "$f"/*; do gn=$(basename "$g"); timeout 60 $DD lint "$g" > $OUT/$n.__$gn.txt 2>&1; echo "rc=$?" >> $OUT/$n.__$gn.txt; done
  else
    timeout 60 $DD lint "$f" > $OUT/$n.txt 2>$OUT/$n.err; echo "rc=$?" >> $OUT/$n.err
    timeout 60 $DD lint --json "$f" > $OUT/$n.json 2>/dev/null
  fi
  timeout 60 $DD lint --diff "$f" > $OUT/$n.diff 2>$OUT/$n.diff.err; echo "rc=$?" >> $OUT/$n.diff.err
done
# whole folder
timeout 120 $DD lint . > $OUT/_ALL.txt 2>&1; echo "rc=$?" >> $OUT/_ALL.txt
timeout 120 $DD lint --format text . > $OUT/_ALL.format-text.txt 2>&1
# fix on a copy
rm -rf $B/fixed; cp -r $B/cases $B/fixed; chmod -R u+w $B/fixed
cd $B/fixed
timeout 120 $DD lint --fix . > $OUT/_FIX.txt 2>$OUT/_FIX.err; echo "rc=$?" >> $OUT/_FIX.err
diff -ru $B/cases $B/fixed > $OUT/_FIX.applied.diff
