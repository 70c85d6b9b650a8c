# distdoctor: nothing to change: no finding has a value to set
# rc=0
